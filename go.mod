module github.com/fabric-bbs/fabric-bbs

go 1.26.3

require (
	github.com/IBM/mathlib v0.3.1
	github.com/consensys/gnark-crypto v0.20.1
	github.com/stretchr/testify v1.11.1
	golang.org/x/crypto v0.52.0
)

require (
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/hyperledger/fabric-contract-api-go/v2 v2.2.1 // indirect
	github.com/hyperledger/fabric-protos-go-apiv2 v0.3.7 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	golang.org/x/sys v0.45.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

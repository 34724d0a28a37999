module github.com/fabric-bbs/fabric-bbs/examples/client/go

go 1.26.3

require (
	github.com/hyperledger/fabric-gateway v1.11.0
	github.com/hyperledger/fabric-protos-go-apiv2 v0.3.7
	google.golang.org/grpc v1.80.0
)

require (
	github.com/fabric-bbs/fabric-bbs/contract/codes v0.0.0
	github.com/miekg/pkcs11 v1.1.2 // indirect
	golang.org/x/net v0.49.0 // indirect
	golang.org/x/sys v0.40.0 // indirect
	golang.org/x/text v0.33.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260120221211-b8f7ae30c516 // indirect
	google.golang.org/protobuf v1.36.11 // indirect
)

replace github.com/fabric-bbs/fabric-bbs/contract/codes => ../../../contract/codes

module github.com/fabric-bbs/fabric-bbs/examples/client/go

go 1.24.0

require (
	github.com/hyperledger/fabric-gateway v1.10.1
	github.com/hyperledger/fabric-protos-go-apiv2 v0.3.7
	google.golang.org/grpc v1.78.0
)

require (
	github.com/miekg/pkcs11 v1.1.2 // indirect
	golang.org/x/net v0.47.0 // indirect
	golang.org/x/sys v0.38.0 // indirect
	golang.org/x/text v0.31.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20251029180050-ab9386a59fda // indirect
	google.golang.org/protobuf v1.36.11 // indirect
)

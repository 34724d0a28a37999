// SPDX-License-Identifier: Apache-2.0

package inline_test

import (
	"crypto/rand"
	"crypto/x509/pkix"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/examples/inline"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// Example runs Gate on the in-memory peer: the issuer signs a credential,
// the holder derives a proof bound to her Fabric identity and submits it.
func Example() {
	t := &testing.T{}
	scheme, _ := bbs.SchemeByName(inline.SchemeName)
	sk, _ := scheme.GenerateKey(rand.Reader)
	messages := [][]byte{[]byte("name=Alice"), []byte("country=BE"), []byte("birthdate=1990-01-01")}
	sig, _ := scheme.Sign(sk, nil, messages)

	ca := fakeid.NewCA(t, "Org1MSP", pkix.Name{CommonName: "ca.org1"})
	alice := ca.Enroll(t, pkix.Name{CommonName: "alice"}, nil)
	ledger := fakestub.NewLedger("mychannel")
	ledger.Put(inline.IssuerKeyState, sk.PublicKey().Bytes())

	// The holder binds the proof to the identity that will submit it.
	salt := []byte("a fresh salt 0123456789")
	nonce := request.BoundNonce("mychannel", alice.MSPID, request.SubmitterID(alice.Cert), salt)
	proof, _ := scheme.DeriveProof(rand.Reader, sk.PublicKey(), sig, nil, nonce, messages, []int{1})
	req := (&request.Decoded{Issuer: "national-id", Proof: proof.Bytes(), Nonce: nonce,
		Disclosed: []request.Message{{Index: 1, Message: messages[1]}}, BindSubmitter: true, Salt: salt}).Encode()
	body, _ := json.Marshal(req)

	cc, _ := contractapi.NewChaincode(&inline.Gate{})
	r := ledger.Submit(cc, alice.Creator, "Enter", string(body))
	fmt.Println(r.Response.Status, string(r.Response.Payload))

	bob := ca.Enroll(t, pkix.Name{CommonName: "bob"}, nil)
	r = ledger.Submit(cc, bob.Creator, "Enter", string(body))
	fmt.Println(r.Response.Status, r.Response.Message)
	// Output:
	// 200 country=BE
	// 500 the nonce must be bound to the submitter
}

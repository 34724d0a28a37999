// SPDX-License-Identifier: Apache-2.0

package registration_test

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/registration"
)

// An issuer makes the registration document of its key for one channel
// and submitter; the chaincode parses it and checks the proof of
// possession against the statement it rebuilds from the transaction.
func Example() {
	s := bbs.BLS12381SHA256()
	sk, err := s.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	st := &registration.Statement{
		Purpose: registration.PurposeRegister, Channel: "mychannel", IssuerID: "dmv",
		KeyVersion: 1, Scheme: s.Name(), MSPID: "Org1MSP",
		SubmitterID: "x509::CN=issuer,OU=client::CN=ca.org1.example.com",
	}
	pop, err := registration.Prove(rand.Reader, sk, st)
	if err != nil {
		panic(err)
	}
	doc, err := json.Marshal(registration.Registration{
		ID: "dmv", Scheme: s.Name(), PublicKey: base64.StdEncoding.EncodeToString(sk.PublicKey().Bytes()),
		ProofOfPossession: base64.StdEncoding.EncodeToString(pop),
	})
	if err != nil {
		panic(err)
	}

	// Chaincode side: strict parsing, then the proof for its own statement.
	r, err := registration.ParseRegistration(string(doc))
	if err != nil {
		panic(err)
	}
	keyBytes, _ := base64.StdEncoding.DecodeString(r.PublicKey)
	pk, err := s.ParsePublicKey(keyBytes)
	if err != nil {
		panic(err)
	}
	proof, _ := base64.StdEncoding.DecodeString(r.ProofOfPossession)
	fmt.Println(r.ID, r.Scheme, "possession:", registration.Verify(pk, st, proof) == nil)

	// The same document submitted on another channel does not verify.
	other := *st
	other.Channel = "otherchannel"
	err = registration.Verify(pk, &other, proof)
	fmt.Println("on another channel:", errors.Is(err, registration.ErrNoPossession))

	// A field the format does not have is refused.
	_, err = registration.ParseRegistration(`{"id": "dmv", "scheme": "bbs-bls12381-sha256", "publicKey": "AA==", "proofOfPossession": "AA==", "owner": "me"}`)
	fmt.Println(err)
	// Output:
	// dmv bbs-bls12381-sha256 possession: true
	// on another channel: true
	// invalid registration document: registration: unknown field "owner"
}

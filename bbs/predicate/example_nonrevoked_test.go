// SPDX-License-Identifier: Apache-2.0

package predicate_test

import (
	"crypto/rand"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// A holder proves that a hidden integer lies in a range and that the
// credential is not revoked, in one presentation; after the revocation of
// its handle the same presentation no longer verifies against the new
// accumulator value.
func ExampleProveNonRevoked() {
	s := bbs.BLS12381SHA256()
	issuer, err := s.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	accSK, v0, err := revocation.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	// Message 1 is an integer (a birth year); message 2 is the handle.
	mm, err := bbs.NewMessageMap([]int{1})
	if err != nil {
		panic(err)
	}
	header := []byte("membership card v1")
	messages := [][]byte{[]byte("alice"), bbs.IntegerMessage(1990), []byte("handle 0001")}
	sig, err := bbs.SignMapped(s, issuer, header, messages, mm)
	if err != nil {
		panic(err)
	}
	y, err := revocation.HandleScalar(s, messages[2])
	if err != nil {
		panic(err)
	}
	witness, err := accSK.Witness(v0, y)
	if err != nil {
		panic(err)
	}
	cred := &revocation.Credential{Scheme: s, PublicKey: issuer.PublicKey(), Signature: sig, Header: header,
		Messages: messages, HandleIndex: 2, Version: 0, Witness: witness}

	// Holder: disclose message 0, prove 1900 ≤ birth year ≤ 2007.
	preds := []predicate.Predicate{{Kind: predicate.Range, Index: 1, Min: 1900, Max: 2007}}
	ph := []byte("verifier nonce 42")
	pres, predProof, err := predicate.ProveNonRevoked(rand.Reader, cred, accSK.PublicKey(), v0, ph, []int{0}, mm, preds)
	if err != nil {
		panic(err)
	}

	// Verifier: parse the bytes and check both, at the issuer's handle index.
	p, err := revocation.ParsePresentation(s, pres.Bytes())
	if err != nil {
		panic(err)
	}
	disclosed := []bbs.DisclosedMessage{{Index: 0, Message: messages[0]}}
	err = predicate.VerifyNonRevoked(issuer.PublicKey(), p, 2, header, ph, disclosed, mm, accSK.PublicKey(), v0, preds, predProof)
	fmt.Println("verifies:", err == nil)

	rem, err := accSK.Remove(0, v0, y)
	if err != nil {
		panic(err)
	}
	err = predicate.VerifyNonRevoked(issuer.PublicKey(), p, 2, header, ph, disclosed, mm, accSK.PublicKey(), rem.Value(), preds, predProof)
	fmt.Println("after revocation:", err != nil)
	// Output:
	// verifies: true
	// after revocation: true
}

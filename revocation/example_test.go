// SPDX-License-Identifier: Apache-2.0

package revocation_test

import (
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// An issuer accumulates the handle of a credential, the holder presents
// the credential with a proof that its handle is still accumulated, the
// verifier checks it, and after a revocation the holder's update fails.
func Example() {
	s := bbs.BLS12381SHA256()

	// Issuer: a BBS key, and an accumulator key with the value of version 0.
	issuerSK, err := s.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	accSK, v0, err := revocation.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	accPK := accSK.PublicKey()

	// Issue: one message is the revocation handle, fresh random bytes.
	handle := make([]byte, 32)
	if _, err := rand.Read(handle); err != nil {
		panic(err)
	}
	header := []byte("driving licence v1")
	messages := [][]byte{[]byte("class C"), []byte("valid until 2030"), handle}
	sig, err := s.Sign(issuerSK, header, messages)
	if err != nil {
		panic(err)
	}
	y, err := revocation.HandleScalar(s, handle)
	if err != nil {
		panic(err)
	}
	witness, err := accSK.Witness(v0, y)
	if err != nil {
		panic(err)
	}

	// Holder: disclose message 0, never the handle, bound to the nonce.
	cred := &revocation.Credential{Scheme: s, PublicKey: issuerSK.PublicKey(), Signature: sig, Header: header,
		Messages: messages, HandleIndex: 2, Version: 0, Witness: witness}
	nonce := []byte("verifier nonce 42")
	pres, err := revocation.Present(rand.Reader, cred, accPK, v0, nonce, []int{0})
	if err != nil {
		panic(err)
	}

	// Verifier: parse the bytes, look up the value of the version named,
	// and check the handle sits where the issuer put it (index 2).
	p, err := revocation.ParsePresentation(s, pres.Bytes())
	if err != nil {
		panic(err)
	}
	disclosed := []bbs.DisclosedMessage{{Index: 0, Message: messages[0]}}
	err = revocation.VerifyPresentationAt(issuerSK.PublicKey(), p, 2, header, nonce, disclosed, accPK, v0)
	fmt.Println("version", p.Version, "verifies:", err == nil)

	// Revoke: the issuer publishes the removal record of version 1.
	rem, err := accSK.Remove(0, v0, y)
	if err != nil {
		panic(err)
	}
	r, err := revocation.ParseRemoval(rem.Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println("removal verifies:", revocation.VerifyRemoval(accPK, v0, r) == nil)
	err = cred.Update([]*revocation.Removal{r})
	fmt.Println("holder update revoked:", errors.Is(err, revocation.ErrRevoked))
	// Output:
	// version 0 verifies: true
	// removal verifies: true
	// holder update revoked: true
}

// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// TestVerifyPresentationAt: a presentation whose committed "handle" is
// another hidden message (index 1, with a witness for that message's
// scalar) verifies under VerifyPresentation, which proves whatever index
// the prover chose, and is ErrHandleIndex under VerifyPresentationAt with
// the issuer's index (2); the issuer's own index verifies.
func TestVerifyPresentationAt(t *testing.T) {
	is := newIssuer(t, bbs.BLS12381SHA256())
	c := is.issue(t, "alice", 4)
	other := *c
	other.HandleIndex = 1
	y, err := other.Handle()
	if err != nil {
		t.Fatal(err)
	}
	if other.Witness, err = is.ask.Witness(is.v[0], y); err != nil {
		t.Fatal(err)
	}
	nonce := []byte("index nonce")
	d := disclosed(c, 0)
	pk, acc := is.bsk.PublicKey(), is.ask.PublicKey()
	p, err := Present(nil, &other, acc, is.v[0], nonce, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyPresentation(pk, p, []byte("hdr"), nonce, d, acc, is.v[0]); err != nil {
		t.Fatalf("VerifyPresentation: %v", err)
	}
	if err := VerifyPresentationAt(pk, p, 2, []byte("hdr"), nonce, d, acc, is.v[0]); !errors.Is(err, ErrHandleIndex) {
		t.Fatalf("VerifyPresentationAt another index: %v, want ErrHandleIndex", err)
	}
	q, err := Present(nil, c, acc, is.v[0], nonce, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyPresentationAt(pk, q, 2, []byte("hdr"), nonce, d, acc, is.v[0]); err != nil {
		t.Fatalf("VerifyPresentationAt the issuer's index: %v", err)
	}
	if err := VerifyPresentationAt(pk, nil, 2, nil, nil, nil, acc, is.v[0]); !errors.Is(err, ErrMalformed) {
		t.Fatalf("nil presentation: %v", err)
	}
}

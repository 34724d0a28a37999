// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/revpred"
)

// TestPresentMapped: a credential signed over integer messages presents
// with its message map (an integer disclosed) and verifies with it, not
// without; Present cannot present it (its messages map by hash); the hooks
// refuse arguments of the wrong types.
func TestPresentMapped(t *testing.T) {
	s := bbs.BLS12381SHA256()
	sk, err := s.NewKeyFromSeed([]byte("mapped presentation test key seed"))
	if err != nil {
		t.Fatal(err)
	}
	accSK, v0, err := GenerateKey(&detRand{seed: []byte("mapped")})
	if err != nil {
		t.Fatal(err)
	}
	acc := accSK.PublicKey()
	mm, err := bbs.NewMessageMap([]int{1})
	if err != nil {
		t.Fatal(err)
	}
	msgs := [][]byte{[]byte("a"), bbs.IntegerMessage(1990), []byte("handle")}
	sig, err := bbs.SignMapped(s, sk, nil, msgs, mm)
	if err != nil {
		t.Fatal(err)
	}
	w, err := accSK.Witness(v0, handle(t, s, "handle"))
	if err != nil {
		t.Fatal(err)
	}
	c := &Credential{Scheme: s, PublicKey: sk.PublicKey(), Signature: sig, Messages: msgs, HandleIndex: 2, Witness: w}
	if _, err := Present(nil, c, acc, v0, []byte("n"), []int{1}); !errors.Is(err, bbs.ErrInvalidSignature) {
		t.Fatalf("Present of an integer credential: %v", err)
	}
	anyP, err := revpred.Present(nil, c, acc, v0, []byte("n"), []int{1}, mm, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParsePresentation(s, anyP.(*Presentation).Bytes())
	if err != nil {
		t.Fatal(err)
	}
	d := []bbs.DisclosedMessage{{Index: 1, Message: msgs[1]}}
	if err := revpred.VerifyAt(sk.PublicKey(), p, 2, nil, []byte("n"), d, mm, acc, v0); err != nil {
		t.Fatal(err)
	}
	if err := VerifyPresentationAt(sk.PublicKey(), p, 2, nil, []byte("n"), d, acc, v0); !errors.Is(err, ErrInvalid) {
		t.Fatalf("verified without the message map: %v", err)
	}
	for name, err := range map[string]error{
		"present: message map": func() error { _, err := revpred.Present(nil, c, acc, v0, nil, nil, 7, nil, nil); return err }(),
		"present: key":         func() error { _, err := revpred.Present(nil, c, "key", v0, nil, nil, nil, nil, nil); return err }(),
		"present: credential":  func() error { _, err := revpred.Present(nil, 1, acc, v0, nil, nil, nil, nil, nil); return err }(),
		"proof: presentation":  func() error { _, _, err := revpred.Proof("p"); return err }(),
		"verify: disclosed":    revpred.VerifyAt(sk.PublicKey(), p, 2, nil, nil, 1, mm, acc, v0),
		"verify: message map":  revpred.VerifyAt(sk.PublicKey(), p, 2, nil, nil, d, "mm", acc, v0),
		"verify: key":          revpred.VerifyAt(nil, p, 2, nil, nil, d, mm, acc, v0),
		"verify: presentation": revpred.VerifyAt(sk.PublicKey(), nil, 2, nil, nil, d, mm, acc, v0),
		"verify: accumulator":  revpred.VerifyAt(sk.PublicKey(), p, 2, nil, nil, d, mm, nil, v0),
		"present: handle ints ": func() error {
			m, _ := bbs.NewMessageMap([]int{2})
			_, err := revpred.Present(nil, c, acc, v0, nil, nil, m, nil, nil)
			return err
		}(),
	} {
		if !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v, want ErrMalformed", name, err)
		}
	}
}

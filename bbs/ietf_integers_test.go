// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"path/filepath"
	"testing"
	"time"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// A MessageMap without integer positions among the messages is the draft
// byte for byte: the IETF fixtures' signatures and proofs are reproduced
// through the mapped functions with a nil map, an empty one, and one whose
// integer positions are all beyond the messages.
func TestMappedIETFFixtures(t *testing.T) {
	empty, err := NewMessageMap(nil)
	if err != nil {
		t.Fatal(err)
	}
	beyond, err := NewMessageMap([]int{50, 51})
	if err != nil {
		t.Fatal(err)
	}
	maps := map[string]*MessageMap{"nil": nil, "empty": empty, "beyond": beyond}
	for _, suite := range ietfSuites {
		s := suite.s
		for _, file := range ietfFixtureFiles(t, suite.dir, "signature") {
			var f ietfSignatureFixture
			readIETFFixture(t, file, &f)
			if !f.Result.Valid {
				continue
			}
			sk, err := s.ParseSecretKey(f.SignerKeyPair.SecretKey)
			if err != nil {
				t.Fatal(err)
			}
			for name, mm := range maps {
				got, err := SignMapped(s, sk, f.Header, ietfMessages(f.Messages), mm)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), f.Signature) {
					t.Errorf("%s %s map %s: SignMapped differs from the fixture", suite.dir, filepath.Base(file), name)
				}
				if err := VerifyMapped(s, sk.PublicKey(), got, f.Header, ietfMessages(f.Messages), mm); err != nil {
					t.Errorf("%s map %s: VerifyMapped: %v", filepath.Base(file), name, err)
				}
			}
		}
		for _, file := range ietfFixtureFiles(t, suite.dir, "proof") {
			var f ietfProofFixture
			readIETFFixture(t, file, &f)
			if !f.Result.Valid {
				continue
			}
			msgs := ietfMessages(f.Messages)
			pk, err := s.ParsePublicKey(f.SignerPublicKey)
			if err != nil {
				t.Fatal(err)
			}
			sig, err := s.ParseSignature(f.Signature)
			if err != nil {
				t.Fatal(err)
			}
			u := len(msgs) - len(f.DisclosedIndexes)
			for name, mm := range maps {
				got, err := DeriveProofMapped(ietfSeededRandom(t, s, 5+u), s, pk, sig, f.Header, f.PresentationHeader, msgs, f.DisclosedIndexes, mm)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), f.Proof) {
					t.Errorf("%s %s map %s: DeriveProofMapped differs from the fixture", suite.dir, filepath.Base(file), name)
				}
				var disclosed []DisclosedMessage
				for _, i := range f.DisclosedIndexes {
					disclosed = append(disclosed, DisclosedMessage{Index: i, Message: msgs[i]})
				}
				if len(f.DisclosedIndexes) > 1 && !ietfAscendingUnique(f.DisclosedIndexes) {
					continue
				}
				if err := VerifyProofMapped(s, pk, got, f.Header, f.PresentationHeader, disclosed, mm); err != nil {
					t.Errorf("%s map %s: VerifyProofMapped: %v", filepath.Base(file), name, err)
				}
			}
		}
	}
}

// The integer map is v mod r: r + v for a negative v.
func TestIntegerScalar(t *testing.T) {
	r := fr.Modulus()
	for _, v := range []int64{0, 1, -1, 17, -17, 1 << 40, math.MaxInt64, math.MinInt64, math.MinInt64 + 1} {
		z, err := integerScalar(IntegerMessage(v))
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int).Mod(big.NewInt(v), r)
		var got big.Int
		z.BigInt(&got)
		if got.Cmp(want) != 0 {
			t.Errorf("integerScalar(%d) = %s, want %s", v, got.String(), want.String())
		}
		if back, err := ParseIntegerMessage(IntegerMessage(v)); err != nil || back != v {
			t.Errorf("ParseIntegerMessage(IntegerMessage(%d)) = %d, %v", v, back, err)
		}
	}
	for _, n := range []int{0, 7, 9} {
		if _, err := integerScalar(make([]byte, n)); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("integer message of %d bytes: %v, want ErrInvalidArgument", n, err)
		}
	}
}

func TestDays(t *testing.T) {
	for _, c := range []struct {
		t    time.Time
		want int64
	}{
		{time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), 0},
		{time.Date(1970, 1, 1, 23, 59, 59, 0, time.UTC), 0},
		{time.Date(1970, 1, 2, 0, 0, 0, 0, time.UTC), 1},
		{time.Date(1969, 12, 31, 23, 59, 59, 0, time.UTC), -1},
		{time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC), -1},
		{time.Date(1969, 12, 30, 23, 0, 0, 0, time.UTC), -2},
		{time.Date(2000, 3, 1, 12, 0, 0, 0, time.UTC), 11017},
		{time.Date(2000, 3, 1, 23, 0, 0, 0, time.FixedZone("UTC-2", -2*3600)), 11018}, // 01:00 UTC next day
	} {
		if got := Days(c.t); got != c.want {
			t.Errorf("Days(%v) = %d, want %d", c.t, got, c.want)
		}
	}
}

// Integer positions sign the integer's scalar: the signature verifies with
// the map, not without it, and a proof hides or discloses the integer.
func TestMappedSignAndProve(t *testing.T) {
	for _, s := range []Scheme{BLS12381SHA256(), BLS12381SHAKE256()} {
		sk, err := s.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))
		if err != nil {
			t.Fatal(err)
		}
		mm, err := NewMessageMap([]int{1, 2})
		if err != nil {
			t.Fatal(err)
		}
		msgs := [][]byte{[]byte("name"), IntegerMessage(-5), DateMessage(time.Date(1990, 5, 17, 0, 0, 0, 0, time.UTC))}
		sig, err := SignMapped(s, sk, []byte("h"), msgs, mm)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyMapped(s, sk.PublicKey(), sig, []byte("h"), msgs, mm); err != nil {
			t.Fatal(err)
		}
		if err := s.Verify(sk.PublicKey(), sig, []byte("h"), msgs); !errors.Is(err, ErrInvalidSignature) {
			t.Fatalf("hashed verify of an integer-mapped signature: %v", err)
		}
		p, err := DeriveProofMapped(nil, s, sk.PublicKey(), sig, []byte("h"), []byte("ph"), msgs, []int{1}, mm)
		if err != nil {
			t.Fatal(err)
		}
		d := []DisclosedMessage{{Index: 1, Message: msgs[1]}}
		if err := VerifyProofMapped(s, sk.PublicKey(), p, []byte("h"), []byte("ph"), d, mm); err != nil {
			t.Fatal(err)
		}
		if err := s.VerifyProof(sk.PublicKey(), p, []byte("h"), []byte("ph"), d); !errors.Is(err, ErrInvalidProof) {
			t.Fatalf("hashed verify of a disclosed integer: %v", err)
		}
		d[0].Message = IntegerMessage(-4)
		if err := VerifyProofMapped(s, sk.PublicKey(), p, []byte("h"), []byte("ph"), d, mm); !errors.Is(err, ErrInvalidProof) {
			t.Fatalf("another integer disclosed: %v", err)
		}
		bad := [][]byte{msgs[0], []byte("not8"), msgs[2]}
		if _, err := SignMapped(s, sk, nil, bad, mm); !errors.Is(err, ErrInvalidArgument) {
			t.Fatalf("sign with a malformed integer: %v", err)
		}
	}
	if _, err := SignMapped(BBSPlus2020(), nil, nil, nil, nil); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("bbs+2020: %v", err)
	}
	for _, bad := range [][]int{{-1}, {MaxMessages}, {3, 3}} {
		if _, err := NewMessageMap(bad); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("NewMessageMap(%v) = %v", bad, err)
		}
	}
}

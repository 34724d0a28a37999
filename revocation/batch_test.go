// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// TestBatchMatchesSequential: for batches of 1 to 6 handles, the batch's
// value is the value of the same removals one by one; a holder of another
// handle updates from the batch record's bytes alone to the witness it
// gets from the per-handle records and to the one the issuer computes
// directly; every removed holder gets ErrRevoked; the record has
// BatchRemovalSize(m) bytes and verifies.
func TestBatchMatchesSequential(t *testing.T) {
	s := bbs.BLS12381SHA256()
	sk, v0, err := GenerateKey(&detRand{seed: []byte("batch")})
	if err != nil {
		t.Fatal(err)
	}
	pk := sk.PublicKey()
	keep := [][]byte{handle(t, s, "keep-1"), handle(t, s, "keep-2")}
	for m := 1; m <= 6; m++ {
		t.Run(fmt.Sprint(m), func(t *testing.T) {
			var rm [][]byte
			for i := range m {
				rm = append(rm, handle(t, s, fmt.Sprintf("rm-%d-%d", m, i)))
			}
			b, err := sk.RemoveBatch(7, v0, rm)
			if err != nil {
				t.Fatal(err)
			}
			enc := b.Bytes()
			if len(enc) != BatchRemovalSize(m) || b.Version != 8 || b.Len() != m {
				t.Fatalf("batch of %d bytes, version %d, %d handles", len(enc), b.Version, b.Len())
			}
			led, err := ParseBatchRemoval(enc)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(led.Bytes(), enc) {
				t.Fatal("encoding does not round-trip")
			}
			if err := VerifyBatchRemoval(pk, v0, led); err != nil {
				t.Fatalf("honest batch refused: %v", err)
			}
			// The same removals one by one.
			v := v0
			var seq []*Removal
			for i, h := range rm {
				r, err := sk.Remove(uint64(7+i), v, h)
				if err != nil {
					t.Fatal(err)
				}
				seq = append(seq, r)
				v = r.Value()
			}
			if !bytes.Equal(v, led.Value()) {
				t.Fatal("batch value differs from the sequential removals'")
			}
			for _, x := range keep {
				w0, _ := sk.Witness(v0, x)
				wb, err := UpdateWitnessBatch(x, w0, led)
				if err != nil {
					t.Fatal(err)
				}
				ws := w0
				for _, r := range seq {
					if ws, err = UpdateWitness(x, ws, r); err != nil {
						t.Fatal(err)
					}
				}
				direct, _ := sk.Witness(led.Value(), x)
				if !bytes.Equal(wb, ws) || !bytes.Equal(wb, direct) {
					t.Fatal("batch update differs from per-handle updates or the issuer's witness")
				}
				if err := VerifyWitness(pk, led.Value(), x, wb); err != nil {
					t.Fatal(err)
				}
			}
			for i, h := range rm {
				w0, _ := sk.Witness(v0, h)
				if _, err := UpdateWitnessBatch(h, w0, led); !errors.Is(err, ErrRevoked) {
					t.Fatalf("removed handle %d: %v", i, err)
				}
			}
		})
	}
}

// TestBatchPresentation: after a batch revokes two of three holders, the
// third updates its credential from the record and presents against the
// new version; the revoked cannot update, and a presentation made with a
// revoked holder's stale witness (prover's checks bypassed) is refused.
func TestBatchPresentation(t *testing.T) {
	is := newIssuer(t, bbs.BLS12381SHA256())
	alice, bob, carol := is.issue(t, "alice", 4), is.issue(t, "bob", 4), is.issue(t, "carol", 4)
	hb, _ := bob.Handle()
	hc, _ := carol.Handle()
	b, err := is.ask.RemoveBatch(0, is.v[0], [][]byte{hb, hc})
	if err != nil {
		t.Fatal(err)
	}
	led, err := ParseBatchRemoval(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyBatchRemoval(is.ask.PublicKey(), is.v[0], led); err != nil {
		t.Fatal(err)
	}
	is.v = append(is.v, led.Value())
	if err := alice.UpdateBatch(led); err != nil || alice.Version != 1 {
		t.Fatalf("update: %v, version %d", err, alice.Version)
	}
	if err := alice.UpdateBatch(led); !errors.Is(err, ErrVersion) {
		t.Fatalf("batch applied twice: %v", err)
	}
	nonce := []byte("after batch")
	p, err := Present(nil, alice, is.ask.PublicKey(), is.v[1], nonce, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	if err := is.verify(p.Bytes(), nonce, disclosed(alice, 0)); err != nil {
		t.Fatalf("updated holder refused: %v", err)
	}
	for _, c := range []*Credential{bob, carol} {
		if err := c.UpdateBatch(led); !errors.Is(err, ErrRevoked) {
			t.Fatalf("revoked holder updated: %v", err)
		}
		c.Version = 1 // stale witness, claimed for version 1
		if err := is.verify(presentUnchecked(t, c, is.ask.PublicKey(), is.v[1], nonce), nonce, nil); !errors.Is(err, ErrInvalid) {
			t.Fatalf("revoked holder's proof: %v", err)
		}
	}
}

// TestBatchRefused: hostile batch data is refused with a clear error.
func TestBatchRefused(t *testing.T) {
	s := bbs.BLS12381SHA256()
	sk, v0, _ := GenerateKey(&detRand{seed: []byte("batch refused")})
	other, v0other, _ := GenerateKey(&detRand{seed: []byte("other")})
	pk := sk.PublicKey()
	hs := [][]byte{handle(t, s, "a"), handle(t, s, "b"), handle(t, s, "c")}
	b, err := sk.RemoveBatch(0, v0, hs)
	if err != nil {
		t.Fatal(err)
	}
	good := b.Bytes()
	if _, err := sk.RemoveBatch(0, v0, [][]byte{hs[0], hs[1], hs[0]}); !errors.Is(err, ErrMalformed) {
		t.Errorf("repeated handle: %v", err)
	}
	// The error names the first repeat's positions, whatever the order.
	for _, c := range []struct {
		hs   [][]byte
		want string
	}{
		{[][]byte{hs[0], hs[1], hs[0]}, "handles 0 and 2 of"},
		{[][]byte{hs[2], hs[1], hs[1], hs[2], hs[2]}, "handles 0 and 3 of"},
		{[][]byte{hs[1], hs[2], hs[0], hs[0], hs[2]}, "handles 1 and 4 of"},
	} {
		if _, err := sk.RemoveBatch(0, v0, c.hs); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("repeated handles: %v, want %q", err, c.want)
		}
	}
	if _, err := sk.RemoveBatch(0, v0, nil); !errors.Is(err, ErrMalformed) {
		t.Errorf("empty batch: %v", err)
	}
	if _, err := sk.RemoveBatch(^uint64(0), v0, hs); !errors.Is(err, ErrVersion) {
		t.Errorf("last version: %v", err)
	}
	big := make([][]byte, MaxBatch+1)
	if _, err := sk.RemoveBatch(0, v0, big); !errors.Is(err, ErrMalformed) {
		t.Errorf("oversized batch: %v", err)
	}

	mod := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	yOff, vOff := 12, 12+3*ScalarSize
	oOff := vOff + PointSize
	hOther := handle(t, s, "d")
	w, _ := sk.Witness(v0, hOther)
	parseRefused := map[string][]byte{
		"empty":           nil,
		"short":           good[:11],
		"truncated":       good[:len(good)-1],
		"trailing":        append(bytes.Clone(good), 0),
		"count 0":         mod(func(b []byte) []byte { binary.BigEndian.PutUint32(b[8:], 0); return b[:12] }),
		"count too large": mod(func(b []byte) []byte { binary.BigEndian.PutUint32(b[8:], MaxBatch+1); return b }),
		"count 2^32-1":    mod(func(b []byte) []byte { binary.BigEndian.PutUint32(b[8:], ^uint32(0)); return b }),
		"version 0":       mod(func(b []byte) []byte { clear(b[:8]); return b }),
		"repeated handle": mod(func(b []byte) []byte { copy(b[yOff+ScalarSize:], b[yOff:yOff+ScalarSize]); return b }),
		"handle ≥ r":      mod(func(b []byte) []byte { copy(b[yOff:], bytes.Repeat([]byte{0xff}, ScalarSize)); return b }),
		"value identity":  mod(func(b []byte) []byte { clear(b[vOff : vOff+PointSize]); b[vOff] = 0xc0; return b }),
		"Ω off curve":     mod(func(b []byte) []byte { b[oOff+PointSize-1] ^= 1; return b }),
	}
	for name, b := range parseRefused {
		if _, err := ParseBatchRemoval(b); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}

	// Well-formed but not the batch it claims: refused by VerifyBatchRemoval.
	v1single, _ := sk.Remove(0, v0, hs[0])
	otherB, _ := other.RemoveBatch(0, v0other, hs)
	verifyRefused := map[string][]byte{
		"Ω_0 replaced": mod(func(b []byte) []byte { copy(b[oOff:], v1single.Value()); return b }),
		"Ω swapped": mod(func(b []byte) []byte {
			o := bytes.Clone(b[oOff : oOff+PointSize])
			copy(b[oOff:], b[oOff+PointSize:])
			copy(b[oOff+PointSize:], o)
			return b
		}),
		"value replaced":      mod(func(b []byte) []byte { copy(b[vOff:], v1single.Value()); return b }),
		"handle replaced":     mod(func(b []byte) []byte { copy(b[yOff:], hOther); return b }),
		"another issuer's":    otherB.Bytes(),
		"Ω_1 = Ω_0":           mod(func(b []byte) []byte { copy(b[oOff+PointSize:], b[oOff:oOff+PointSize]); return b }),
		"one handle left out": mod(func(b []byte) []byte { return nil }),
	}
	// A batch of two of the three handles with the three-handle value.
	two, _ := sk.RemoveBatch(0, v0, hs[:2])
	tb := two.Bytes()
	copy(tb[12+2*ScalarSize:], b.Value())
	verifyRefused["one handle left out"] = tb
	for name, enc := range verifyRefused {
		r, err := ParseBatchRemoval(enc)
		if err != nil {
			t.Errorf("%s: should parse: %v", name, err)
			continue
		}
		if err := VerifyBatchRemoval(pk, v0, r); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v", name, err)
		}
		// A holder applying it anyway gets a witness that does not verify.
		if nw, err := UpdateWitnessBatch(hOther, w, r); err == nil {
			if VerifyWitness(pk, r.Value(), hOther, nw) == nil {
				t.Errorf("%s: bad batch gave a valid witness", name)
			}
		}
	}
	r, _ := ParseBatchRemoval(good)
	if err := VerifyBatchRemoval(pk, v0other, r); !errors.Is(err, ErrInvalid) {
		t.Errorf("wrong previous value: %v", err)
	}
	if err := VerifyBatchRemoval(nil, v0, r); !errors.Is(err, ErrMalformed) {
		t.Errorf("nil key: %v", err)
	}
	if _, err := UpdateWitnessBatch(hOther, w, nil); !errors.Is(err, ErrMalformed) {
		t.Errorf("nil batch: %v", err)
	}
	if _, err := UpdateWitnessBatch(hOther, w, &BatchRemoval{}); !errors.Is(err, ErrMalformed) {
		t.Errorf("zero batch: %v", err)
	}
}

func FuzzParseBatchRemoval(f *testing.F) {
	s := bbs.BLS12381SHA256()
	sk, v0, _ := GenerateKey(&detRand{seed: []byte("fuzz batch")})
	for m := 1; m <= 3; m++ {
		var hs [][]byte
		for i := range m {
			hs = append(hs, handle(f, s, fmt.Sprint(i)))
		}
		b, _ := sk.RemoveBatch(0, v0, hs)
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) >= 12+ScalarSize {
			_ = RecordRemoves(b, binary.BigEndian.Uint64(b), b[12:12+ScalarSize]) // must not panic
		}
		version, value, verr := BatchRemovalValue(b)
		if verr != nil && !errors.Is(verr, ErrMalformed) {
			t.Fatalf("BatchRemovalValue: error without ErrMalformed: %v", verr)
		}
		r, err := ParseBatchRemoval(b)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error without ErrMalformed: %v", err)
			}
			return
		}
		// What parses in full gives the same version and value from the
		// accessor the contract uses for past versions.
		if verr != nil || version != r.Version || !bytes.Equal(value, r.Value()) {
			t.Fatalf("BatchRemovalValue = %d, %x, %v; ParseBatchRemoval: %d, %x", version, value, verr, r.Version, r.Value())
		}
		if !bytes.Equal(r.Bytes(), b) {
			t.Fatal("parsed record does not re-encode to its bytes")
		}
		// Every handle of a record that parses is one RecordRemoves finds.
		for i, h := range r.Handles() {
			if !RecordRemoves(b, r.Version, h) {
				t.Fatalf("RecordRemoves misses handle %d of a record that parses", i)
			}
		}
		_ = VerifyBatchRemoval(sk.PublicKey(), v0, r) // must not panic
	})
}

// TestBatchRemovalValue: the value accessor agrees with the full parser
// and refuses what it refuses in the framing and the value.
func TestBatchRemovalValue(t *testing.T) {
	s := bbs.BLS12381SHA256()
	sk, v0, err := GenerateKey(&detRand{seed: []byte("batch value")})
	if err != nil {
		t.Fatal(err)
	}
	ys := [][]byte{handle(t, s, "a"), handle(t, s, "b"), handle(t, s, "c")}
	b, err := sk.RemoveBatch(0, v0, ys)
	if err != nil {
		t.Fatal(err)
	}
	enc := b.Bytes()
	version, value, err := BatchRemovalValue(enc)
	if err != nil || version != b.Version || !bytes.Equal(value, b.Value()) {
		t.Fatalf("BatchRemovalValue = %d, %x, %v; want %d, %x", version, value, err, b.Version, b.Value())
	}
	off := 12 + len(ys)*ScalarSize
	identity := append([]byte(nil), enc...)
	copy(identity[off:off+PointSize], make([]byte, PointSize))
	identity[off] = 0xc0 // the compressed identity
	offCurve := append([]byte(nil), enc...)
	offCurve[off+PointSize-1] ^= 1
	for name, bad := range map[string][]byte{
		"short":     enc[:11],
		"truncated": enc[:len(enc)-1],
		"count 0":   append(append([]byte(nil), enc[:8]...), append([]byte{0, 0, 0, 0}, enc[12:]...)...),
		"version 0": append(make([]byte, 8), enc[8:]...),
		"identity":  identity,
		"value":     offCurve,
	} {
		if _, _, err := BatchRemovalValue(bad); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: BatchRemovalValue: %v, want ErrMalformed", name, err)
		}
		if _, err := ParseBatchRemoval(bad); err == nil {
			t.Errorf("%s: ParseBatchRemoval accepted it", name)
		}
	}
}

// TestRecordRemoves: RecordRemoves reads single and batch records'
// handles and versions, and nothing else removes anything.
func TestRecordRemoves(t *testing.T) {
	sk, v0, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	h := func(i byte) []byte { b := make([]byte, ScalarSize); b[len(b)-1] = i; return b }
	rem, err := sk.Remove(0, v0, h(1))
	if err != nil {
		t.Fatal(err)
	}
	batch, err := sk.RemoveBatch(1, rem.Value(), [][]byte{h(2), h(3)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		b       []byte
		version uint64
		handle  []byte
		want    bool
	}{
		{"single", rem.Bytes(), 1, h(1), true},
		{"single, other handle", rem.Bytes(), 1, h(2), false},
		{"single, other version", rem.Bytes(), 2, h(1), false},
		{"batch, first", batch.Bytes(), 2, h(2), true},
		{"batch, last", batch.Bytes(), 2, h(3), true},
		{"batch, other handle", batch.Bytes(), 2, h(1), false},
		{"batch, other version", batch.Bytes(), 1, h(2), false},
		{"batch, truncated", batch.Bytes()[:len(batch.Bytes())-1], 2, h(2), false},
		{"short handle", rem.Bytes(), 1, h(1)[1:], false},
		{"empty", nil, 1, h(1), false},
	} {
		if got := RecordRemoves(c.b, c.version, c.handle); got != c.want {
			t.Errorf("%s: RecordRemoves = %v, want %v", c.name, got, c.want)
		}
	}
}

// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Committed disclosure of draft-irtf-cfrg-bbs-blind-signatures-03. The
// draft ships no fixtures for it: these tests recompute each intermediate
// value from the draft's text with plain gnark-crypto arithmetic (not the
// package's multi-scalar multiplication or challenge code) and compare.

type commitCase struct {
	s         *ietfScheme
	sk        *SecretKey
	sig       *Signature
	header    []byte
	messages  [][]byte
	revealed  []int
	committed []int
}

func newCommitCase(t testing.TB, s *ietfScheme) *commitCase {
	t.Helper()
	sk, err := s.NewKeyFromSeed([]byte("committed disclosure test key seed"))
	if err != nil {
		t.Fatal(err)
	}
	c := &commitCase{s: s, sk: sk, header: []byte("header"),
		messages: [][]byte{[]byte("m0"), []byte("m1"), []byte("handle"), []byte("m3"), []byte("m4"), {}},
		revealed: []int{0, 3}, committed: []int{4, 2}}
	if c.sig, err = s.Sign(sk, c.header, c.messages); err != nil {
		t.Fatal(err)
	}
	return c
}

func (c *commitCase) derive(t testing.TB, nonce []byte) (*committedProof, []commitmentOpening) {
	t.Helper()
	p, op, err := deriveCommittedProof(nil, c.s, c.sk.PublicKey(), c.sig, c.header, nonce, c.messages, c.revealed, c.committed)
	if err != nil {
		t.Fatal(err)
	}
	return p, op
}

func (c *commitCase) disclosed() []DisclosedMessage {
	return []DisclosedMessage{{0, c.messages[0]}, {3, c.messages[3]}}
}

// TestCommitGeneratorsFromText: (Y_0, Y_1) = BBS.create_generators(2,
// "COM_DIS_" || api_id), computed step by step from the core draft's
// create_generators text with the suite's expand_message and hash_to_curve.
func TestCommitGeneratorsFromText(t *testing.T) {
	for _, s := range []*ietfScheme{bbsSHA256, bbsSHAKE256} {
		api := "COM_DIS_" + s.suiteID + "H2G_HM2S_"
		seedDST := []byte(api + "SIG_GENERATOR_SEED_")
		v, err := s.expand([]byte(api+"MESSAGE_GENERATOR_SEED"), seedDST, 48)
		if err != nil {
			t.Fatal(err)
		}
		var want [][]byte
		for i := 1; i <= 2; i++ {
			if v, err = s.expand(binary.BigEndian.AppendUint64(append([]byte(nil), v...), uint64(i)), seedDST, 48); err != nil {
				t.Fatal(err)
			}
			pt, err := s.hashToCurve(v, []byte(api+"SIG_GENERATOR_DST_"))
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, group.AppendG1(nil, &pt))
		}
		y0, y1, err := commitmentGenerators(s)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(y0, want[0]) || !bytes.Equal(y1, want[1]) || bytes.Equal(y0, y1) {
			t.Fatalf("%s: Y_0, Y_1 differ from create_generators(2, COM_DIS_ || api_id)", s.name)
		}
	}
}

func scalarMul(p *bls12381.G1Affine, z *fr.Element) bls12381.G1Affine {
	var out bls12381.G1Affine
	var k big.Int
	z.BigInt(&k)
	out.ScalarMultiplication(p, &k)
	return out
}

// TestCommittedProofFromText derives a proof, then checks from the text:
// C_i = Y_0·s_i + Y_1·msg_idx with the returned opening; the wire layout of
// proof_to_octets; C^_i = Y_0·s^_i + Y_1·m^_idx − C_i·cp and the challenge
// calculate_blind_challenge assembled here by hand equal to cp.
func TestCommittedProofFromText(t *testing.T) {
	for _, s := range []*ietfScheme{bbsSHA256, bbsSHAKE256} {
		c := newCommitCase(t, s)
		nonce := []byte("nonce")
		p, op := c.derive(t, nonce)
		if err := verifyCommittedProof(c.sk.PublicKey(), p, c.header, nonce, c.disclosed()); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		cg, _ := s.commitGenerators()
		y0, y1 := cg.y[0], cg.y[1]
		coms := p.Commitments()
		if len(coms) != 2 || coms[0].Index != 2 || coms[1].Index != 4 || len(op) != 2 || op[0].Index != 2 || op[1].Index != 4 {
			t.Fatalf("%s: commitments %v, openings %v", s.name, coms, op)
		}
		for k, cm := range coms {
			ms, err := messageScalar(s, c.messages[cm.Index])
			if err != nil {
				t.Fatal(err)
			}
			var sc, mc fr.Element
			sc.SetBytes(op[k].Blind)
			mc.SetBytes(ms)
			a, b := scalarMul(&y0, &sc), scalarMul(&y1, &mc)
			var want bls12381.G1Affine
			want.Add(&a, &b)
			if !bytes.Equal(group.AppendG1(nil, &want), cm.Point) {
				t.Fatalf("%s: commitment %d is not Y_0·s + Y_1·msg", s.name, k)
			}
		}

		// proof_to_octets layout.
		enc := p.Bytes()
		bp := p.bbs.encode()
		off := 0
		u64 := func() uint64 { v := binary.BigEndian.Uint64(enc[off:]); off += 8; return v }
		if u64() != uint64(len(bp)) || !bytes.Equal(enc[off:off+len(bp)], bp) {
			t.Fatal("bbs_proof_len ‖ bbs_proof")
		}
		off += len(bp)
		if u64() != 2 || u64() != 0 || u64() != 3 || u64() != 2 {
			t.Fatal("disclosed_indexes or commit count")
		}
		for k := range coms {
			if !bytes.Equal(enc[off:off+48], coms[k].Point) {
				t.Fatal("commitments")
			}
			off += 48
		}
		for k := range p.sHat {
			if !bytes.Equal(enc[off:off+32], group.AppendScalar(nil, &p.sHat[k])) {
				t.Fatal("s^")
			}
			off += 32
		}
		if u64() != 2 || u64() != 2 || u64() != 4 || off != len(enc) {
			t.Fatal("commits_indexes")
		}

		// The challenge from the text. ProofVerifyInit (Ā, B̄, D, T1, T2,
		// domain) is the core draft's, checked by its fixtures.
		dm, _ := s.messagesToScalars([][]byte{c.messages[0], c.messages[3]})
		gens, _ := s.generators(len(c.messages) + 1)
		init, err := s.proofVerifyInit(c.sk.PublicKey(), p.bbs, &gens, c.header, []int{0, 3}, dm)
		if err != nil {
			t.Fatal(err)
		}
		var in []byte
		in = binary.BigEndian.AppendUint64(in, 2)
		for k, i := range []int{0, 3} {
			in = binary.BigEndian.AppendUint64(in, uint64(i))
			in = group.AppendScalar(in, &dm[k])
		}
		for _, pt := range []*bls12381.G1Affine{&init.abar, &init.bbar, &init.d, &init.t1, &init.t2} {
			in = group.AppendG1(in, pt)
		}
		in = group.AppendScalar(in, &init.domain)
		in = binary.BigEndian.AppendUint64(in, 2)
		// hidden messages are 1, 2, 4, 5: m^ of index 2 is hats[1], of 4 hats[2].
		for k, hat := range []int{1, 2} {
			a := scalarMul(&y0, &p.sHat[k])
			b := scalarMul(&y1, &p.bbs.mHat[hat])
			cc := scalarMul(&p.commits[k], &p.bbs.c)
			var chat bls12381.G1Affine
			chat.Add(&a, &b)
			chat.Sub(&chat, &cc)
			in = binary.BigEndian.AppendUint64(in, uint64(coms[k].Index))
			in = group.AppendG1(in, &p.commits[k])
			in = group.AppendG1(in, &chat)
		}
		in = binary.BigEndian.AppendUint64(in, uint64(len(nonce)))
		in = append(in, nonce...)
		u, err := s.expand(in, []byte(s.suiteID+"H2G_HM2S_H2S_"), 48)
		if err != nil {
			t.Fatal(err)
		}
		var want fr.Element
		want.SetBytes(u)
		if !want.Equal(&p.bbs.c) {
			t.Fatalf("%s: challenge differs from calculate_blind_challenge", s.name)
		}

		// The inner BBS proof is not a core proof: the common challenge
		// hashes the commitments (and I2OSP(N, 8)), so it is domain
		// separated from ProofGen's.
		inner := &Proof{scheme: s, enc: bp, body: p.bbs}
		if err := s.VerifyProof(c.sk.PublicKey(), inner, c.header, nonce, c.disclosed()); !errors.Is(err, ErrInvalidProof) {
			t.Fatalf("%s: inner proof verified as a core proof: %v", s.name, err)
		}
	}
}

// TestCommittedProofNoCommitment: with no committed index the proof is
// still -03's (N = 0) and verifies; parsing round-trips.
func TestCommittedProofNoCommitment(t *testing.T) {
	c := newCommitCase(t, bbsSHA256)
	c.committed = nil
	p, op := c.derive(t, nil)
	if len(op) != 0 || len(p.Commitments()) != 0 {
		t.Fatal("commitments without committed indexes")
	}
	q, err := parseCommittedProof(bbsSHA256, p.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := verifyCommittedProof(c.sk.PublicKey(), q, c.header, nil, c.disclosed()); err != nil {
		t.Fatal(err)
	}
}

// TestCommittedProofRefused: wrong statements and tampered proofs are
// refused with ErrInvalidProof, malformed bytes with
// ErrMalformedCommittedProof, bad arguments with ErrInvalidArgument.
func TestCommittedProofRefused(t *testing.T) {
	c := newCommitCase(t, bbsSHA256)
	pk := c.sk.PublicKey()
	nonce := []byte("n")
	p, _ := c.derive(t, nonce)
	q, err := parseCommittedProof(bbsSHA256, p.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := verifyCommittedProof(pk, q, c.header, nonce, c.disclosed()); err != nil {
		t.Fatal(err)
	}
	bad := func(name string, err error) {
		t.Helper()
		if !errors.Is(err, ErrInvalidProof) {
			t.Errorf("%s: %v, want ErrInvalidProof", name, err)
		}
	}
	bad("nonce", verifyCommittedProof(pk, q, c.header, []byte("m"), c.disclosed()))
	bad("header", verifyCommittedProof(pk, q, nil, nonce, c.disclosed()))
	d := c.disclosed()
	d[1].Message = []byte("other")
	bad("message", verifyCommittedProof(pk, q, c.header, nonce, d))
	bad("indexes", verifyCommittedProof(pk, q, c.header, nonce, []DisclosedMessage{{0, c.messages[0]}, {1, c.messages[1]}}))
	bad("fewer", verifyCommittedProof(pk, q, c.header, nonce, d[:1]))
	other, _ := bbsSHA256.NewKeyFromSeed([]byte("another key seed, 32 bytes at least"))
	bad("key", verifyCommittedProof(other.PublicKey(), q, c.header, nonce, c.disclosed()))

	// Another proof's commitment (to the same message, other blinding).
	p2, _ := c.derive(t, nonce)
	swapped := *q
	swapped.commits = []bls12381.G1Affine{p2.commits[0], q.commits[1]}
	bad("swapped commitment", verifyCommittedProof(pk, &swapped, c.header, nonce, c.disclosed()))
	// A commitment moved to another index.
	moved := *q
	moved.commitIdx = []int{1, 4}
	bad("moved index", verifyCommittedProof(pk, &moved, c.header, nonce, c.disclosed()))

	// Every single-byte change is either malformed or invalid.
	enc := p.Bytes()
	for i := 0; i < len(enc); i += 7 {
		b := bytes.Clone(enc)
		b[i] ^= 0x01
		r, err := parseCommittedProof(bbsSHA256, b)
		if err != nil {
			if !errors.Is(err, errMalformedCommittedProof) {
				t.Fatalf("byte %d: %v", i, err)
			}
			continue
		}
		if err := verifyCommittedProof(pk, r, c.header, nonce, c.disclosed()); err == nil {
			t.Fatalf("byte %d: a changed proof verifies", i)
		}
	}
	for _, n := range []int{0, 7, len(enc) - 1} {
		if _, err := parseCommittedProof(bbsSHA256, enc[:n]); !errors.Is(err, errMalformedCommittedProof) {
			t.Fatalf("truncated to %d: %v", n, err)
		}
	}
	if _, err := parseCommittedProof(bbsSHA256, append(bytes.Clone(enc), 0)); !errors.Is(err, errMalformedCommittedProof) {
		t.Fatalf("trailing byte: %v", err)
	}
	if _, err := parseCommittedProof(bbsSHAKE256, enc); err != nil {
		t.Fatalf("the encoding is scheme-independent: %v", err)
	}

	arg := func(name string, revealed, committed []int) {
		t.Helper()
		if _, _, err := deriveCommittedProof(nil, bbsSHA256, pk, c.sig, c.header, nonce, c.messages, revealed, committed); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%s: %v, want ErrInvalidArgument", name, err)
		}
	}
	arg("disclosed and committed", []int{0, 3}, []int{3})
	arg("repeated", []int{0}, []int{2, 2})
	arg("out of range", []int{0}, []int{6})
	arg("negative", []int{0}, []int{-1})
	if _, _, err := commitmentGenerators(BBSPlus2020()); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("BBS+ 2020: %v", err)
	}
	if _, err := parseCommittedProof(NymBLS12381SHA256(), enc); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("pseudonym scheme: %v", err)
	}
}

// TestCommittedProofCountsBounded: a length field claiming more than the
// bytes hold is refused before any allocation of that size.
func TestCommittedProofCountsBounded(t *testing.T) {
	for _, b := range [][]byte{
		binary.BigEndian.AppendUint64(nil, 1<<63),
		append(binary.BigEndian.AppendUint64(nil, 0), binary.BigEndian.AppendUint64(nil, 1<<62)...),
	} {
		if _, err := parseCommittedProof(bbsSHA256, b); !errors.Is(err, errMalformedCommittedProof) {
			t.Fatal(err)
		}
	}
}

func FuzzParseCommittedProof(f *testing.F) {
	c := newCommitCase(f, bbsSHA256)
	p, _ := c.derive(f, []byte("n"))
	f.Add(p.Bytes())
	c.committed = nil
	p0, _ := c.derive(f, nil)
	f.Add(p0.Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		q, err := parseCommittedProof(bbsSHA256, b)
		if err != nil {
			if !errors.Is(err, errMalformedCommittedProof) || q != nil {
				t.Fatal(err)
			}
			return
		}
		if !bytes.Equal(q.encode(), b) || !bytes.Equal(q.Bytes(), b) {
			t.Fatal("re-encoding differs")
		}
		_ = verifyCommittedProof(c.sk.PublicKey(), q, c.header, nil, c.disclosed())
	})
}

// TestPublicLinearCombinationBound: more than MaxLinearTerms terms and
// mismatched lengths are an ErrInvalidArgument, never the identity.
func TestPublicLinearCombinationBound(t *testing.T) {
	_, _, g1, _ := bls12381.Generators()
	for _, c := range []struct{ points, scalars int }{{maxLinearTerms + 1, maxLinearTerms + 1}, {3, 2}} {
		pts := make([]bls12381.G1Affine, c.points)
		for i := range pts {
			pts[i] = g1
		}
		if _, err := publicLinearCombination(pts, make([]fr.Element, c.scalars)); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%d points, %d scalars: %v, want ErrInvalidArgument", c.points, c.scalars, err)
		}
	}
}

// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/curvetest"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// BBS+ 2020 proof layout (bbs/bbsplus2020_proof.go, encode): a u16
// message count L and a bit vector of L/8+1 bytes; A', Ā, D (compressed
// G1, 48 bytes each); u32 VC1 length; C1; u32 2 and the two VC1
// responses; C2; u32 hidden+2 and the VC2 responses (32 bytes each).
const (
	plusG1Size     = 48
	plusScalarSize = 32
	plusVC1Size    = plusG1Size + 4 + 2*plusScalarSize
)

// plusCommitmentOffsets returns the offsets of C1 and C2 in the BBS+ 2020
// proof b, after checking that the length fields around them are where the
// layout puts them.
func plusCommitmentOffsets(t *testing.T, b []byte, hidden int) (c1, c2 int) {
	t.Helper()
	count := int(binary.BigEndian.Uint16(b))
	c1 = 2 + count/8 + 1 + 3*plusG1Size + 4
	c2 = c1 + plusG1Size + 4 + 2*plusScalarSize
	require.Equal(t, uint32(plusVC1Size), binary.BigEndian.Uint32(b[c1-4:]), "VC1 length before C1")
	require.Equal(t, uint32(2), binary.BigEndian.Uint32(b[c1+plusG1Size:]), "VC1 response count after C1")
	require.Equal(t, uint32(hidden+2), binary.BigEndian.Uint32(b[c2+plusG1Size:]), "VC2 response count after C2")
	require.Len(t, b, c2+plusG1Size+4+(hidden+2)*plusScalarSize)
	return c1, c2
}

// pointOutsideG1 returns a point of E(Fp): y² = x³ + 4 that is not in the
// prime-order subgroup G1: the first x = 1, 2, … with x³ + 4 a square
// (no cofactor clearing), checked with IsInSubGroup.
func pointOutsideG1(t *testing.T) bls12381.G1Affine {
	t.Helper()
	p := curvetest.PointOutsideG1()
	require.True(t, p.IsOnCurve() && !p.IsInSubGroup())
	return p
}

// torsionPoint returns r·P for P outside G1: a point of order dividing the
// cofactor, neither the identity nor in G1. Added to a point of G1 it gives
// a point outside G1 whose G1 component is unchanged.
func torsionPoint(t *testing.T) bls12381.G1Affine {
	t.Helper()
	p := pointOutsideG1(t)
	// By double-and-add: gnark-crypto's GLV multiplication is r·P only in G1.
	q, ok := curvetest.Torsion(&p)
	require.True(t, ok, "r·P is not a torsion point")
	return q
}

// withCommitmentOutsideG1 returns a copy of the request r whose BBS+ 2020
// proof has its commitment C1 or C2 (which) replaced by a point on the
// curve outside G1: the point of pointOutsideG1 (kind "outside G1") or the
// commitment plus a torsion point (kind "plus torsion"). The proof still
// parses (ParseProof checks the commitments on the curve only), so it is
// refused by verification, not parsing.
func withCommitmentOutsideG1(t *testing.T, r *request.Request, hidden int, which, kind string) *request.Request {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(r.Proof)
	require.NoError(t, err)
	off1, off2 := plusCommitmentOffsets(t, b, hidden)
	off := map[string]int{"C1": off1, "C2": off2}[which]
	var c bls12381.G1Affine
	_, err = c.SetBytes(b[off : off+plusG1Size]) // with its subgroup check
	require.NoError(t, err, "%s of the valid proof", which)
	var bad bls12381.G1Affine
	switch kind {
	case "outside G1":
		bad = pointOutsideG1(t)
	case "plus torsion":
		tor := torsionPoint(t)
		bad.Add(&c, &tor)
	default:
		t.Fatalf("unknown kind %q", kind)
	}
	require.True(t, bad.IsOnCurve())
	require.False(t, bad.IsInSubGroup())
	enc := bad.Bytes()
	out := bytes.Clone(b)
	copy(out[off:], enc[:])

	// The bytes decode, without the subgroup check, to that point; with
	// it, they fail; and the scheme's strict parser accepts the proof.
	var got bls12381.G1Affine
	require.NoError(t, bls12381.NewDecoder(bytes.NewReader(out[off:off+plusG1Size]), bls12381.NoSubgroupChecks()).Decode(&got))
	require.True(t, got.Equal(&bad))
	_, err = new(bls12381.G1Affine).SetBytes(out[off : off+plusG1Size])
	require.Error(t, err, "a point outside G1 decodes with the subgroup check")
	_, err = bbs.BBSPlus2020().ParseProof(out)
	require.NoError(t, err, "the spliced proof must parse, to reach verification")

	spliced := *r
	spliced.Proof = base64.StdEncoding.EncodeToString(out)
	return &spliced
}

// TestCommitmentOutsideG1Refused: a BBS+ 2020 proof whose commitment C1 or
// C2 is on the curve but outside the prime-order subgroup (a point outside
// G1, or the valid commitment plus a torsion point) is refused by every
// entry point, with the invalid-proof reason: VerifyProof answers valid
// false, VerifyProofs the same reason (alone, and between two valid items,
// where the batch checks the commitments' subgroup before folding them);
// SubmitProof fails and writes nothing; SubmitProofs refuses the item with
// SubmitProof's error, records the valid items around it and writes
// nothing for it. The nonce stays fresh: a valid proof with it is then
// accepted, also right after the bad one in the same batch.
func TestCommitmentOutsideG1Refused(t *testing.T) {
	const reason = "proof of knowledge of the signature and hidden messages failed"
	revealed := []int{0, 2}
	hidden := len(testMessages) - len(revealed)
	for _, which := range []string{"C1", "C2"} {
		for _, kind := range []string{"outside G1", "plus torsion"} {
			t.Run(which+" "+kind, func(t *testing.T) {
				e := newEnv(t)
				k := newKeyPair(t, bbs.BBSPlus2020(), 81)
				require.True(t, e.register(e.alice, "plus", k, "").Committed)
				cred := sign(t, k, nil)
				nonce := func(n int) []byte { return []byte(fmt.Sprintf("commitment subgroup nonce %04d", n)) }
				good := func(n int) *request.Request { return cred.present(t, "plus", nonce(n), revealed...) }
				badNonce := 2
				bad := withCommitmentOutsideG1(t, good(badNonce), hidden, which, kind)
				arg := func(rs ...*request.Request) string {
					parts := make([]string, len(rs))
					for i, r := range rs {
						parts[i] = jsonArg(t, r)
					}
					return "[" + strings.Join(parts, ",") + "]"
				}

				// VerifyProof: valid false, the invalid-proof reason.
				r := e.evaluate(e.bob, "VerifyProof", jsonArg(t, bad))
				single := decode[proofs.VerificationResult](t, r)
				require.False(t, single.Valid)
				require.Contains(t, single.Reason, `does not verify under key version 1 of issuer "plus"`)
				require.Contains(t, single.Reason, reason)
				require.NotContains(t, single.Reason, "well-formed")
				require.False(t, single.NonceConsumed)
				require.Zero(t, r.Writes)

				// VerifyProofs: alone (VerifyProof's path) and between two
				// valid items (the folded path): the same reason.
				for _, batch := range [][]*request.Request{{bad}, {good(1), bad, good(3)}} {
					r := e.evaluate(e.bob, "VerifyProofs", arg(batch...))
					res := decode[proofs.BatchResults](t, r)
					require.Zero(t, r.Writes)
					require.Len(t, res.Results, len(batch))
					require.Equal(t, len(batch)-1, res.ValidCount)
					for i, got := range res.Results {
						if batch[i] != bad {
							require.True(t, got.Valid, "item %d: %s", i, got.Reason)
							continue
						}
						require.False(t, got.Valid, "item %d", i)
						require.False(t, got.Refused, "VerifyProof answers rather than fails")
						require.Equal(t, single.Reason, got.Reason)
						require.NotNil(t, got.Verification)
						require.Equal(t, single, *got.Verification)
					}
				}

				// SubmitProof: fails, writes nothing.
				sub := e.submit(e.bob, "SubmitProof", jsonArg(t, bad))
				requireFailure(t, sub, "proof rejected", `does not verify under key version 1 of issuer "plus"`, reason)

				// SubmitProofs [good, bad, good]: the two valid ones are
				// recorded, the bad one refused with SubmitProof's error;
				// the writes are those of the two records alone.
				ref := e.submit(e.bob, "SubmitProofs", arg(good(10), good(11)))
				require.Equal(t, 2, decode[proofs.BatchResults](t, ref).ValidCount)
				r = e.submit(e.bob, "SubmitProofs", arg(good(1), bad, good(3)))
				require.True(t, r.Committed)
				res := decode[proofs.BatchResults](t, r)
				require.Equal(t, 3, res.Count)
				require.Equal(t, 2, res.ValidCount)
				require.Equal(t, []string{proofs.BatchRecordID(r.TxID, 0), proofs.BatchRecordID(r.TxID, 2)}, res.RecordIDs)
				for _, i := range []int{0, 2} {
					require.True(t, res.Results[i].Valid, "item %d: %s", i, res.Results[i].Reason)
					rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", proofs.BatchRecordID(r.TxID, i)))
					require.Equal(t, nonce(i+1), rec.Nonce, "item %d", i)
				}
				got := res.Results[1]
				require.False(t, got.Valid)
				require.True(t, got.Refused)
				require.Equal(t, sub.Response.GetMessage(), got.Code+": "+got.Reason)
				require.Empty(t, got.RecordID)
				require.Nil(t, got.Receipt)
				require.Equal(t, ref.Writes, r.Writes, "SubmitProofs wrote for the refused item")
				requireFailure(t, e.evaluate(e.bob, "GetVerification", proofs.BatchRecordID(r.TxID, 1)), "not found")

				// The bad proof's nonce is not consumed: VerifyProof says
				// so, and a valid proof with it is then accepted.
				require.False(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, good(badNonce)))).NonceConsumed)
				require.True(t, e.submit(e.bob, "SubmitProof", jsonArg(t, good(badNonce))).Committed)

				// Within one batch: the bad proof first, a valid one with
				// the same nonce next; the valid one takes the nonce.
				badNonce = 20
				bad = withCommitmentOutsideG1(t, good(badNonce), hidden, which, kind)
				res = decode[proofs.BatchResults](t, e.submit(e.bob, "SubmitProofs", arg(bad, good(badNonce))))
				require.True(t, res.Results[0].Refused)
				require.Contains(t, res.Results[0].Reason, reason)
				require.True(t, res.Results[1].Valid, res.Results[1].Reason)
				requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, good(badNonce))), "replay")
			})
		}
	}
}

// SPDX-License-Identifier: Apache-2.0

package bulletproofs

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/expand"
	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Statement kinds, absorbed after the generators' DST.
const (
	kindCommitments = 0x00 // Prove / Verify: V_1..V_m as given
	kindRange       = 0x01 // ProveRange / VerifyRange: V, min, max
)

// transcript is the Fiat–Shamir transcript: a running SHA-256 over every
// message (see the package comment).
type transcript struct{ h hash.Hash }

// newTranscript absorbs the tag, the statement and the context. A range
// statement's commitments V_j are not absorbed: its bytes (V, min, max)
// determine them.
func newTranscript(n, m int, g, h *bls12381.G1Affine, kind byte, kindBytes []byte, vs []bls12381.G1Affine, context []byte) *transcript {
	t := &transcript{h: sha256.New()}
	t.h.Write([]byte{byte(len(transcriptDST))})
	t.h.Write([]byte(transcriptDST))
	t.h.Write([]byte{byte(n >> 8), byte(n), byte(m >> 8), byte(m)})
	t.point(g)
	t.point(h)
	t.h.Write([]byte{byte(len(GeneratorDST))})
	t.h.Write([]byte(GeneratorDST))
	t.h.Write([]byte{kind})
	t.h.Write(kindBytes)
	if kind == kindRange {
		vs = nil
	}
	for i := range vs {
		t.point(&vs[i])
	}
	t.h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(context))))
	t.h.Write(context)
	return t
}

func (t *transcript) point(p *bls12381.G1Affine) {
	b := p.Bytes()
	t.h.Write(b[:])
}

func (t *transcript) scalar(z *fr.Element) {
	b := z.Bytes()
	t.h.Write(b[:])
}

// challenge returns the next challenge, labelled, and absorbs it. A zero
// challenge (probability 2^-254) is an error: some are inverted.
func (t *transcript) challenge(label byte) (fr.Element, error) {
	var z fr.Element
	d := t.h.Sum(nil) // does not change the running state
	u, err := expand.XMD(sha256.New, append(d, label), []byte(challengeDST), 48)
	if err != nil {
		return z, fmt.Errorf("bulletproofs: challenge: %w", err)
	}
	z.SetBytes(u) // reduces modulo r
	if z.IsZero() {
		return z, fmt.Errorf("%w: zero challenge", ErrInvalidProof)
	}
	t.h.Write([]byte{label})
	t.scalar(&z)
	return z, nil
}

// rangeKindBytes encodes a range statement: V ‖ I2OSP(min) ‖ I2OSP(max),
// min and max as 8-byte two's complement.
func rangeKindBytes(v *bls12381.G1Affine, lo, hi int64) []byte {
	b := group.AppendG1(nil, v)
	b = binary.BigEndian.AppendUint64(b, uint64(lo))
	return binary.BigEndian.AppendUint64(b, uint64(hi))
}

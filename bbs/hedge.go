// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"golang.org/x/crypto/blake2b"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Hedged proof randomness. A proof's random scalars are not read from the
// caller's rand directly: reusing them across two proofs of one signature
// with different nonces would reveal every hidden message and e
// (m = (m̂¹ − m̂²)/(c¹ − c²)), and callers may pass a seeded or weak reader.
// Instead hedgedProofScalars hashes a domain tag, hedgeFreshSize fresh
// bytes read from rand, the secret inputs (signature, messages), the key
// and the rest of the statement (header, nonce or presentation header,
// revealed indices) into the scalars. With good randomness they are as
// random as before; with repeated or weak randomness, distinct statements
// still get unrelated scalars, and the same statement the same proof.
//
// Each scheme family draws its scalars through one function,
// bbsPlusProofRandomScalars and ietfProofRandomScalars. For the IETF
// fixtures, which fix the scalars themselves (the draft's mocked
// calculate_random_scalars), tests pass a reader implementing
// unhedgedForTesting, whose bytes are then read as the scalars, 48 bytes
// each, unhedged. Only test code implements it.

// hedgeFreshSize is the number of fresh bytes read from rand per proof.
const hedgeFreshSize = 32

// unhedgedForTesting is the test-only seam for fixed proof scalars: a
// reader with this method gives the scalars directly. No type outside
// the package's tests implements it.
type unhedgedForTesting interface {
	io.Reader
	unhedgedProofScalarsForTesting()
}

// hedgeInput accumulates the length-prefixed inputs of the hedge.
type hedgeInput struct{ b []byte }

func (h *hedgeInput) bytes(b []byte) {
	h.b = binary.BigEndian.AppendUint64(h.b, uint64(len(b)))
	h.b = append(h.b, b...)
}

func (h *hedgeInput) number(v int) { h.b = binary.BigEndian.AppendUint64(h.b, uint64(v)) }

func (h *hedgeInput) list(l [][]byte) {
	h.number(len(l))
	for _, b := range l {
		h.bytes(b)
	}
}

// hedgedProofScalars returns count scalars: BLAKE2b-XOF(tag ‖ fresh ‖ in)
// in 48-byte blocks, each reduced modulo r, where fresh is hedgeFreshSize
// bytes read from rand (crypto/rand when nil). A reader implementing
// unhedgedForTesting is read as the scalars themselves instead.
func hedgedProofScalars(rand io.Reader, tag string, count int, in *hedgeInput) ([]fr.Element, error) {
	if count < 1 || count > 8*MaxMessages {
		return nil, fmt.Errorf("%w: %d random scalars", ErrInvalidArgument, count)
	}
	out := make([]fr.Element, count)
	if u, ok := rand.(unhedgedForTesting); ok {
		for i := range out {
			var err error
			if out[i], err = group.RandomScalar(u); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	var fresh [hedgeFreshSize]byte
	if _, err := io.ReadFull(group.RandOrDefault(rand), fresh[:]); err != nil {
		return nil, fmt.Errorf("read randomness: %w", err)
	}
	xof, err := blake2b.NewXOF(uint32(48*count), nil)
	if err != nil {
		return nil, fmt.Errorf("hedge: %w", err)
	}
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(tag)))
	xof.Write(n[:])
	xof.Write([]byte(tag))
	xof.Write(fresh[:])
	xof.Write(in.b)
	var buf [48]byte
	for i := range out {
		if _, err := io.ReadFull(xof, buf[:]); err != nil {
			return nil, fmt.Errorf("hedge: %w", err)
		}
		out[i].SetBytes(buf[:]) // reduced modulo r: bias below 2^-128
	}
	return out, nil
}

// bbsPlusProofRandomScalars returns the count random scalars of a BBS+
// 2020 proof (r1, r2, the VC1 then the VC2 blindings), hedged over the
// signature, the messages, the key, the nonce and the reveal set.
func bbsPlusProofRandomScalars(rand io.Reader, count int, pk *PublicKey, sig *Signature, nonce []byte, messages [][]byte, isRevealed []bool) ([]fr.Element, error) {
	var in hedgeInput
	in.bytes(sig.enc)
	in.list(messages)
	in.bytes(pk.enc[:])
	in.bytes(nonce)
	for i, rev := range isRevealed {
		if rev {
			in.number(i)
		}
	}
	return hedgedProofScalars(rand, "fabric-bbs/bbs+2020/proof-scalars/v1", count, &in)
}

// ietfProofRandomScalars returns the count random scalars of an IETF
// proof (the draft's calculate_random_scalars: r1, r2, ẽ, r̃1, r̃3, then
// m̃ of each hidden message), hedged over the signature, the messages,
// the key, the header, the presentation header ph and the disclosed
// indices. extra takes further inputs of a caller's proof (secrets and
// statement of a proof built on this one), hashed in the order given.
// Every IETF proof's scalars come from here.
func ietfProofRandomScalars(rand io.Reader, s *ietfScheme, count int, pk *PublicKey, sig *Signature, header, ph []byte, messages [][]byte, disclosed []int, extra ...[]byte) ([]fr.Element, error) {
	var in hedgeInput
	in.bytes(sig.enc)
	in.list(messages)
	in.bytes(pk.enc[:])
	in.bytes(header)
	in.bytes(ph)
	in.number(len(disclosed))
	for _, i := range disclosed {
		in.number(i)
	}
	in.list(extra)
	return hedgedProofScalars(rand, "fabric-bbs/"+s.suiteID+"/proof-scalars/v1", count, &in)
}

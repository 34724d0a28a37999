// SPDX-License-Identifier: Apache-2.0

package bbs

import "fmt"

// proofStatement checks the arguments of a BBS+ 2020 proof verification, as
// VerifyProof and VerifyProofs both do before any group operation: key and
// proof of this scheme, no header, disclosed indices strictly ascending and
// exactly those the proof's header reveals. It returns the parsed proof and
// the membership vector of the revealed indices.
func (s *bbsPlus2020) proofStatement(pk *PublicKey, proof *Proof, header []byte, disclosed []DisclosedMessage) (*bbsPlusProof, []bool, error) {
	if err := checkScheme(s, "public key", pk.Scheme()); err != nil {
		return nil, nil, err
	}
	if err := checkScheme(s, "proof", proof.Scheme()); err != nil {
		return nil, nil, err
	}
	p, ok := proof.body.(*bbsPlusProof)
	if !ok {
		return nil, nil, fmt.Errorf("%w: proof has no parsed body", ErrInvalidArgument)
	}
	if err := s.checkArgs(header, p.count); err != nil {
		return nil, nil, fmt.Errorf("verify proof: %w", err)
	}
	if err := checkDisclosedOrder(disclosed); err != nil {
		return nil, nil, fmt.Errorf("verify proof: %w", err)
	}
	if len(disclosed) != len(p.revealed) {
		return nil, nil, fmt.Errorf("%w: proof reveals %d messages, %d given", ErrInvalidProof, len(p.revealed), len(disclosed))
	}
	isRevealed := make([]bool, p.count)
	for i, d := range disclosed {
		if d.Index != p.revealed[i] {
			return nil, nil, fmt.Errorf("%w: proof reveals index %d, message given for index %d", ErrInvalidProof, p.revealed[i], d.Index)
		}
		isRevealed[d.Index] = true
	}
	return p, isRevealed, nil
}

// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/internal/bbspred"
)

// init gives package bbs/predicate, through internal/bbspred, a proof with
// caller-chosen m̃ scalars and the suite's hashing, without exporting them.
func init() {
	bbspred.DeriveProof = func(rnd io.Reader, s, pk, sig any, header, nonce []byte, messages [][]byte, revealed []int, mm any, fixedAt []int, fixed []fr.Element) (any, error) {
		is, err := ietfOf(anyScheme(s))
		if err != nil {
			return nil, err
		}
		k, _ := pk.(*PublicKey)
		g, _ := sig.(*Signature)
		m, _ := mm.(*MessageMap)
		if len(fixedAt) == 0 {
			return nil, fmt.Errorf("%w: no fixed positions", ErrInvalidArgument)
		}
		return is.deriveProof(rnd, k, g, header, nonce, messages, revealed, m, fixedAt, fixed)
	}
	bbspred.VerifyProofPairing = func(s, pk, proof any, header, nonce []byte, disclosed, mm any, p2 *bls12381.G1Affine, g1 []bls12381.G1Affine, lines []*bbspred.Lines) error {
		is, err := ietfOf(anyScheme(s))
		if err != nil {
			return err
		}
		k, _ := pk.(*PublicKey)
		pr, _ := proof.(*Proof)
		d, _ := disclosed.([]DisclosedMessage)
		m, _ := mm.(*MessageMap)
		if p2 == nil || len(g1) != len(lines) {
			return fmt.Errorf("%w: %d G1 points for %d G2 lines", ErrInvalidArgument, len(g1), len(lines))
		}
		p, err := is.verifyProofChallengeMapped(k, pr, header, nonce, d, m)
		if err != nil {
			return err
		}
		return proofPairingWith(k, &p.abar, &p.bbar, &extraPairing{p2: p2, g1: g1, lines: lines})
	}
	bbspred.VerifyProofWithPseudonymPairing = func(s, pk, proof, pseudonym any, header, nonce, context []byte, signerMessages, nymCount int, disclosed, disclosedCommitted, mm any, p2 *bls12381.G1Affine, g1 []bls12381.G1Affine, lines []*bbspred.Lines) error {
		sc, _ := s.(Scheme)
		ns, err := nymOf(sc)
		if err != nil {
			return err
		}
		k, _ := pk.(*PublicKey)
		pr, _ := proof.(*Proof)
		nym, _ := pseudonym.(*Pseudonym)
		d, _ := disclosed.([]DisclosedMessage)
		dc, _ := disclosedCommitted.([]DisclosedMessage)
		m, _ := mm.(*MessageMap)
		if p2 == nil || len(g1) != len(lines) {
			return fmt.Errorf("%w: %d G1 points for %d G2 lines", ErrInvalidArgument, len(g1), len(lines))
		}
		return ns.verifyProofWithPseudonym(k, pr, nym, header, nonce, context, signerMessages, nymCount, d, dc, m, &extraPairing{p2: p2, g1: g1, lines: lines})
	}
	bbspred.MessageScalar = func(s any, message []byte, integer bool) (fr.Element, error) {
		is, err := predicateSuite(anyScheme(s))
		if err != nil {
			return fr.Element{}, err
		}
		if integer {
			return integerScalar(message)
		}
		return is.hashToScalar(message, is.mapDST)
	}
	bbspred.HashToScalar = func(s any, msg, dst []byte) (fr.Element, error) {
		is, err := predicateSuite(anyScheme(s))
		if err != nil {
			return fr.Element{}, err
		}
		return is.hashToScalar(msg, dst)
	}
	bbspred.RandomScalars = func(rnd io.Reader, tag string, count int, inputs [][]byte) ([]fr.Element, error) {
		var in hedgeInput
		in.list(inputs)
		return hedgedProofScalars(rnd, tag, count, &in)
	}
}

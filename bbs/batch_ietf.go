// SPDX-License-Identifier: Apache-2.0

package bbs

import bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"

// Batch verification of IETF BBS proofs (see VerifyProofs). The challenge
// of an IETF proof is a hash of the commitments T1 and T2, which the proof
// does not carry: the verifier recomputes them from the responses, so each
// proof's commitments and challenge are checked on their own, exactly as
// VerifyProof checks them, and only the pairing equations
// e(Āi, Wi)·e(−B̄i, P2) = 1 fold, into
//
//	Π_keys e(Σ γi·Āi, W) · e(−Σ γi·B̄i, P2) = 1,
//
// one Miller loop per distinct key plus one and a single final
// exponentiation for the whole batch.

// ietfBatchEntry is an IETF proof with its key.
type ietfBatchEntry struct {
	pk *PublicKey
	p  *ietfProof
}

// batchPrepare checks the key and proof arguments only, so that the folded
// pairing check, which needs nothing else, can run beside the challenges
// (batchSpeculate).
func (s *ietfScheme) batchPrepare(it *BatchItem) (*ietfBatchEntry, error) {
	p, err := s.proofArguments(it.PublicKey, it.Proof)
	if err != nil {
		return nil, err
	}
	return &ietfBatchEntry{pk: it.PublicKey, p: p}, nil
}

// batchSingle finishes VerifyProof for one item: its own pairing check.
func (s *ietfScheme) batchSingle(_ *BatchItem, e *ietfBatchEntry) error {
	return proofPairing(e.pk, e.p)
}

// batchStages is 1: the pairing equations.
func (s *ietfScheme) batchStages() int { return 1 }

// batchStep checks the rest of the item's arguments and its challenge, as
// VerifyProof does before its pairing check.
func (s *ietfScheme) batchStep(_ int, it *BatchItem, _ *ietfBatchEntry) error {
	_, err := s.verifyProofChallenge(it.PublicKey, it.Proof, it.Header, it.Nonce, it.Disclosed)
	return err
}

// batchSpeculate is true: the pairing equations use only the key and the
// proof's Ā and B̄, known after batchPrepare.
func (s *ietfScheme) batchSpeculate(int) bool { return true }

func (s *ietfScheme) batchHolds(_ int, entries []*ietfBatchEntry, w []batchWeights, workers int) bool {
	return batchPairingHolds(len(entries), func(i int) (*PublicKey, *bls12381.G1Affine, *bls12381.G1Affine) {
		return entries[i].pk, &entries[i].p.abar, &entries[i].p.bbar
	}, firstWeightsOne(w), workers)
}

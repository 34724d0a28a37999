// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"io"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Hedged randomness of the pseudonym schemes (hedge.go explains the
// construction). Two kinds of random scalars are drawn here:
//
//   - the blinding of a proof or commitment with proof (the proof's r1, r2,
//     ẽ, r̃1, r̃3, m̃…; the commitment's secret_prover_blind, s̃, m̃…): reused
//     across two statements it reveals the secrets, m = (m̂¹ − m̂²)/(c¹ − c²),
//     so it is hedged over the secrets and the statement;
//   - fresh secrets (prover_nyms, signer_nym_entropy; nymRandomScalars):
//     they are the secrets themselves, not the blinding of a proof, read
//     from rand as they are. There is nothing to hash them from (a weak
//     rand gives weak secrets whatever is done), and drawing a secret is
//     a one-off: no second proof reuses it against a different challenge.
//
// A reader implementing unhedgedForTesting (the tests' mockedProofScalars)
// gives every scalar unhedged, so the draft's fixtures reproduce.

// nymProofRandomScalars returns the count random scalars of a proof with a
// pseudonym: ietfProofRandomScalars over the signer messages and statement,
// with the context identifier, the prover blind, the nym secrets and the
// committed messages as further inputs.
func (s *nymScheme) nymProofRandomScalars(rand io.Reader, count int, pk *PublicKey, sig *Signature, header, ph, context []byte, messages, committed [][]byte, disclosed []int, nyms []fr.Element, blind *fr.Element) ([]fr.Element, error) {
	var com hedgeInput
	com.list(committed)
	return ietfProofRandomScalars(rand, s.nym, count, pk, sig, header, ph, messages, disclosed,
		context, group.AppendScalar(nil, blind), appendScalars(nyms), com.b)
}

// nymCommitRandomScalars returns the count random scalars of a commitment
// with proof (secret_prover_blind, s̃, m̃_1..m̃_M), hedged over the committed
// messages and the prover nyms, under its own domain tag.
func (s *nymScheme) nymCommitRandomScalars(rand io.Reader, count int, committed [][]byte, nyms []fr.Element) ([]fr.Element, error) {
	var in hedgeInput
	in.list(committed)
	in.bytes(appendScalars(nyms))
	return hedgedProofScalars(rand, "fabric-bbs/"+s.nym.suiteID+"/nym-commit-scalars/v1", count, &in)
}

// appendScalars returns the concatenated 32-byte encodings of zs.
func appendScalars(zs []fr.Element) []byte {
	out := make([]byte, 0, len(zs)*scalarSize)
	for i := range zs {
		out = group.AppendScalar(out, &zs[i])
	}
	return out
}

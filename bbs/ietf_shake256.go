// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"golang.org/x/crypto/sha3"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/expand"
)

// BLS12381SHAKE256Name is the name of the IETF BBS scheme with the
// BLS12-381-SHAKE-256 ciphersuite.
const BLS12381SHAKE256Name = "bbs-bls12381-shake256"

// bbsSHAKE256 is the BLS12-381-SHAKE-256 ciphersuite: ciphersuite_id
// "BBS_BLS12381G1_XOF:SHAKE-256_SSWU_RO_", expand_message_xof with SHAKE256
// and hash_to_curve suite BLS12381G1_XOF:SHAKE-256_SSWU_RO_.
var bbsSHAKE256 = newIETFScheme(BLS12381SHAKE256Name, "BBS_BLS12381G1_XOF:SHAKE-256_SSWU_RO_", expandSHAKE256,
	"8929dfbc7e6642c4ed9cba0856e493f8b9d7d5fcb0c31ef8fdcd34d50648a56c795e106e9eada6e0bda386b414150755")

func init() { register(bbsSHAKE256) }

// BLS12381SHAKE256 returns the IETF BBS scheme of
// draft-irtf-cfrg-bbs-signatures with the BLS12-381-SHAKE-256 ciphersuite
// ("bbs-bls12381-shake256").
//
// Signatures are A‖e (80 bytes), proofs 272 + 32·U bytes for U hidden
// messages. Sign is deterministic. See [KeyGen] for the draft's key
// derivation with key_info and key_dst.
func BLS12381SHAKE256() Scheme { return bbsSHAKE256 }

// expandSHAKE256 is expand_message_xof with SHAKE256.
func expandSHAKE256(msg, dst []byte, n int) ([]byte, error) {
	return expand.XOF(sha3.NewShake256, msg, dst, n)
}

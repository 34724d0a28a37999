// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/sha256"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/expand"
)

// BLS12381SHA256Name is the name of the IETF BBS scheme with the
// BLS12-381-SHA-256 ciphersuite.
const BLS12381SHA256Name = "bbs-bls12381-sha256"

// bbsSHA256 is the BLS12-381-SHA-256 ciphersuite: ciphersuite_id
// "BBS_BLS12381G1_XMD:SHA-256_SSWU_RO_", expand_message_xmd with SHA-256 and
// hash_to_curve suite BLS12381G1_XMD:SHA-256_SSWU_RO_.
var bbsSHA256 = newIETFScheme(BLS12381SHA256Name, "BBS_BLS12381G1_XMD:SHA-256_SSWU_RO_", expandSHA256,
	"a8ce256102840821a3e94ea9025e4662b205762f9776b3a766c872b948f1fd225e7c59698588e70d11406d161b4e28c9")

func init() { register(bbsSHA256) }

// BLS12381SHA256 returns the IETF BBS scheme of draft-irtf-cfrg-bbs-signatures
// with the BLS12-381-SHA-256 ciphersuite ("bbs-bls12381-sha256").
//
// Signatures are A‖e (80 bytes), proofs 272 + 32·U bytes for U hidden
// messages. Sign is deterministic. See [KeyGen] for the draft's key
// derivation with key_info and key_dst.
func BLS12381SHA256() Scheme { return bbsSHA256 }

// expandSHA256 is expand_message_xmd with SHA-256.
func expandSHA256(msg, dst []byte, n int) ([]byte, error) {
	return expand.XMD(sha256.New, msg, dst, n)
}

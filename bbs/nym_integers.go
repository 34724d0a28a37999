// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"io"
)

// Integer messages for the pseudonym schemes. A pseudonym credential signs
// the issuer's messages, the prover blind, the holder's committed messages
// and the nym secrets; a [MessageMap] names integer positions among the
// issuer's messages (0-based, as messages is indexed), and maps them as
// for the IETF schemes (ietf_integers.go). The holder's committed
// messages are always hashed. A nil or empty MessageMap is
// draft-irtf-cfrg-bbs-per-verifier-linkability exactly: the functions
// below then give what BlindSignWithNym, FinalizeWithNym,
// DeriveProofWithPseudonym and VerifyProofWithPseudonym give.

// nymOf returns s as a pseudonym scheme.
func nymOf(s Scheme) (*nymScheme, error) {
	ns, ok := s.(*nymScheme)
	if !ok || (ns != nymSHA256 && ns != nymSHAKE256) {
		name := "nil"
		if s != nil {
			name = s.Name()
		}
		return nil, fmt.Errorf("%w: scheme %s is not a pseudonym scheme", ErrInvalidArgument, name)
	}
	return ns, nil
}

// BlindSignWithNymMapped is s.BlindSignWithNym with the issuer's messages
// mapped to scalars by mm. s must be a pseudonym scheme.
func BlindSignWithNymMapped(rand io.Reader, s Scheme, sk *SecretKey, com *NymCommitment, header []byte, messages [][]byte, mm *MessageMap) (*Signature, *NymEntropy, error) {
	ns, err := nymOf(s)
	if err != nil {
		return nil, nil, err
	}
	return ns.blindSignWithNymEntropy(rand, sk, com, header, messages, mm)
}

// FinalizeWithNymMapped is s.FinalizeWithNym with the issuer's messages
// mapped to scalars by mm.
func FinalizeWithNymMapped(s Scheme, pk *PublicKey, sig *Signature, header []byte, messages, committed [][]byte, secret *NymSecret, entropy *NymEntropy, mm *MessageMap) (*NymSecret, error) {
	ns, err := nymOf(s)
	if err != nil {
		return nil, err
	}
	return ns.finalizeWithNym(pk, sig, header, messages, committed, secret, entropy, mm)
}

// DeriveProofWithPseudonymMapped is s.DeriveProofWithPseudonym with the
// issuer's messages mapped to scalars by mm. The proof is a standard proof
// with a pseudonym.
func DeriveProofWithPseudonymMapped(rand io.Reader, s Scheme, pk *PublicKey, sig *Signature, header, nonce, context []byte, messages, committed [][]byte, revealed, revealedCommitted []int, secret *NymSecret, mm *MessageMap) (*Proof, *Pseudonym, error) {
	ns, err := nymOf(s)
	if err != nil {
		return nil, nil, err
	}
	return ns.deriveProofWithPseudonym(rand, pk, sig, header, nonce, context, messages, committed, revealed, revealedCommitted, secret, mm, nil, nil)
}

// VerifyProofWithPseudonymMapped is s.VerifyProofWithPseudonym with the
// issuer's disclosed messages mapped to scalars by mm.
func VerifyProofWithPseudonymMapped(s Scheme, pk *PublicKey, proof *Proof, pseudonym *Pseudonym, header, nonce, context []byte, signerMessages, nymCount int, disclosed, disclosedCommitted []DisclosedMessage, mm *MessageMap) error {
	ns, err := nymOf(s)
	if err != nil {
		return err
	}
	return ns.verifyProofWithPseudonym(pk, proof, pseudonym, header, nonce, context, signerMessages, nymCount, disclosed, disclosedCommitted, mm, nil)
}

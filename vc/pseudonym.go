// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"errors"
	"fmt"
	"io"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// The bbs-2023 pseudonym feature ("Credential-Bound Pseudonyms"): the
// holder commits to a secret prover_nym, the issuer blind-signs the
// credential over the commitment and adds its signer_nym_entropy, and each
// derived credential shows the holder's pseudonym in a verifier's context
// (nym_domain): the same pseudonym for one credential in one context,
// unlinkable across contexts. The cryptography is package bbs's
// bbs-nym-bls12381-sha256 scheme (draft-irtf-cfrg-bbs-per-verifier-
// linkability-03, one nym secret); the proofValue layouts and headers are
// the specification's.

// nymScheme is the pseudonym scheme of the feature.
func nymScheme() bbs.PseudonymScheme { return bbs.NymBLS12381SHA256() }

// NewPseudonymCommitment is the holder's first step: a commitment with
// proof to a fresh prover_nym (read from rand; nil means crypto/rand), to
// send to the issuer, and the secret to keep for DeriveWithPseudonym.
func NewPseudonymCommitment(rand io.Reader) (commitment []byte, secret []byte, err error) {
	com, sec, err := nymScheme().CommitWithNym(rand, nil, bbs.DefaultNymCount)
	if err != nil {
		return nil, nil, fmt.Errorf("vc: pseudonym commitment: %w", err)
	}
	return com.Bytes(), sec.Bytes(), nil
}

// IssueWithPseudonym is Issue for the pseudonym feature: the base proof
// (header 0xd95d06) is a blind signature over the credential's statements
// and the holder's commitment (from NewPseudonymCommitment), which it
// checks, with a fresh signer_nym_entropy from opts.Rand. The key may be
// of scheme bbs-bls12381-sha256 or bbs-nym-bls12381-sha256 (the same key).
func (l *Loader) IssueWithPseudonym(doc map[string]any, opts IssueOptions, commitment []byte, lim Limits) (map[string]any, error) {
	if opts.SecretKey == nil {
		return nil, fmt.Errorf("%w: no issuer key", ErrKey)
	}
	if n := opts.SecretKey.Scheme().Name(); n != bbs.BLS12381SHA256Name && n != bbs.NymBLS12381SHA256Name {
		return nil, fmt.Errorf("%w: the issuer key must be of scheme %s", ErrKey, bbs.BLS12381SHA256Name)
	}
	ps := nymScheme()
	sk, err := ps.ParseSecretKey(opts.SecretKey.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	com, err := ps.ParseNymCommitment(commitment, bbs.DefaultNymCount)
	if err != nil {
		return nil, fmt.Errorf("vc: pseudonym commitment: %w", err)
	}
	b, err := l.baseStatements(doc, opts, lim)
	if err != nil {
		return nil, err
	}
	sig, entropy, err := ps.BlindSignWithNym(opts.Rand, sk, com, b.header, b.messages)
	if err != nil {
		return nil, fmt.Errorf("vc: blind sign: %w", err)
	}
	pv, err := (&PseudonymBaseProofValue{
		BaseProofValue:   BaseProofValue{Signature: sig.Bytes(), Header: b.header, PublicKey: b.publicKey, HMACKey: b.hmacKey, MandatoryPointers: b.pointers},
		SignerNymEntropy: entropy.Bytes(),
	}).Encode()
	if err != nil {
		return nil, err
	}
	return b.secured(doc, pv), nil
}

// PseudonymDeriveOptions are the holder's inputs to a derived proof with a
// pseudonym.
type PseudonymDeriveOptions struct {
	DeriveOptions
	// NymSecret is the holder's secret from NewPseudonymCommitment (or its
	// finalised form, PseudonymSecret's result).
	NymSecret []byte
	// NymDomain is the verifier's context: the derived credential shows
	// the holder's pseudonym in it.
	NymDomain []byte
}

// PseudonymSecret returns the holder's final nym secret for signed (a
// credential with a pseudonym base proof) from the secret of
// NewPseudonymCommitment: it checks the issuer's signature over the
// statements, the commitment and signer_nym_entropy. A final secret is
// returned as it is.
func (l *Loader) PseudonymSecret(signed map[string]any, secret []byte, lim Limits) ([]byte, error) {
	final, _, _, err := l.pseudonymBase(signed, secret, nil, false, lim)
	if err != nil {
		return nil, err
	}
	return final.Bytes(), nil
}

// pseudonymBase parses signed's pseudonym base proof and the holder's
// secret (finalising it against the signature when it is not final); with
// derive, it also derives the statements of the selective pointers.
func (l *Loader) pseudonymBase(signed map[string]any, secret []byte, selective []string, derive bool, lim Limits) (*bbs.NymSecret, *PseudonymBaseProofValue, *derivedStatements, error) {
	proof, doc, err := splitSigned(signed)
	if err != nil {
		return nil, nil, nil, err
	}
	pv, _ := proof["proofValue"].(string)
	base, err := ParsePseudonymBaseProofValue(pv)
	if err != nil {
		return nil, nil, nil, err
	}
	ps := nymScheme()
	pk, err := ps.ParsePublicKey(base.PublicKey)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%w: base proof public key: %v", ErrKey, err)
	}
	sig, err := ps.ParseSignature(base.Signature)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%w: bbsSignature: %v", ErrProofValue, err)
	}
	sec, err := ps.ParseNymSecret(secret)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("vc: nym secret: %w", err)
	}
	var d *derivedStatements
	if derive {
		if d, err = l.deriveStatements(doc, base.HMACKey, base.MandatoryPointers, selective, lim); err != nil {
			return nil, nil, nil, err
		}
	} else if !sec.Final() {
		g, err := l.canonicalizeAndGroup(doc, base.HMACKey, map[string][]string{"mandatory": base.MandatoryPointers}, lim)
		if err != nil {
			return nil, nil, nil, err
		}
		d = &derivedStatements{messages: toMessages(g.groups["mandatory"].nonMatchingLines(g.lines))}
	}
	if !sec.Final() {
		entropy, err := ps.ParseNymEntropy(base.SignerNymEntropy)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%w: signer_nym_entropy: %v", ErrProofValue, err)
		}
		if sec, err = ps.FinalizeWithNym(pk, sig, base.Header, d.messages, nil, sec, entropy); err != nil {
			return nil, nil, nil, fmt.Errorf("vc: finalize nym secret: %w", err)
		}
	}
	return sec, base, d, nil
}

// DeriveWithPseudonym is Derive for the pseudonym feature: the reveal
// document with a derived proof (header 0xd95d07) that shows the holder's
// pseudonym in opts.NymDomain and proves it is the one of the signed
// credential's nym secret.
func (l *Loader) DeriveWithPseudonym(signed map[string]any, opts PseudonymDeriveOptions, lim Limits) (map[string]any, error) {
	sec, base, d, err := l.pseudonymBase(signed, opts.NymSecret, opts.SelectivePointers, true, lim)
	if err != nil {
		return nil, err
	}
	ps := nymScheme()
	pk, err := ps.ParsePublicKey(base.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("%w: base proof public key: %v", ErrKey, err)
	}
	sig, err := ps.ParseSignature(base.Signature)
	if err != nil {
		return nil, fmt.Errorf("%w: bbsSignature: %v", ErrProofValue, err)
	}
	ph := opts.PresentationHeader
	if ph == nil {
		ph = []byte{}
	}
	domain := opts.NymDomain
	if domain == nil {
		domain = []byte{}
	}
	bp, nym, err := ps.DerivePseudonymProof(opts.Rand, pk, sig, sec, bbs.PseudonymProofOptions{
		Header: base.Header, Nonce: ph, Context: domain,
		Messages: d.messages, Revealed: d.selectiveIndexes,
	})
	if err != nil {
		return nil, fmt.Errorf("vc: derive: %w", err)
	}
	dpv, err := (&PseudonymDerivedProofValue{
		DerivedProofValue: DerivedProofValue{Proof: bp.Bytes(), LabelMap: d.labelMap, MandatoryIndexes: d.mandatoryIndexes,
			SelectiveIndexes: d.selectiveIndexes, PresentationHeader: ph},
		NymDomain: domain, Pseudonym: nym.Bytes(), LengthBBSMessages: len(d.messages),
	}).Encode()
	if err != nil {
		return nil, err
	}
	proof, _, _ := splitSigned(signed)
	return d.withProof(proof, dpv), nil
}

// PreparedPseudonym is a derived credential of the pseudonym feature
// taken through every step of Verify but the BBS pseudonym proof check, as
// Prepared is for the baseline feature.
type PreparedPseudonym struct {
	// Verified holds what the verifier will have established once the
	// proof verifies (Pseudonym and NymDomain set); it is not
	// established before.
	Verified
	// PublicKey is the issuer key, Proof the parsed proof, Nym the parsed
	// pseudonym.
	PublicKey *bbs.PublicKey
	Proof     *bbs.Proof
	Nym       *bbs.Pseudonym
	// Options are the verify options: the header, the presentation header
	// as nonce, the nym domain as context, lengthBBSMessages as the
	// signer's message count, the disclosed statements.
	Options bbs.PseudonymVerifyOptions
	// Scheme is the pseudonym scheme of the feature.
	Scheme bbs.PseudonymScheme
}

// PreparePseudonym runs Verify on doc, a derived credential of the
// pseudonym feature, up to the BBS proof check (which it never makes). It
// returns an error for a malformed or unsafe document or proof (and
// ErrProofValue for a proof of another feature), ErrInvalidProof (wrapped)
// when the proof's indexes or label map do not fit the document.
func (v *Verifier) PreparePseudonym(doc map[string]any) (*PreparedPseudonym, error) {
	if v.Loader == nil {
		return nil, errors.New("vc: Verifier has no Loader")
	}
	proof, unsecured, err := splitProof(doc)
	if err != nil {
		return nil, err
	}
	pv, _ := proof["proofValue"].(string)
	if !isPseudonymDerived(pv) {
		return nil, fmt.Errorf("%w: not a derived proof of the pseudonym feature", ErrProofValue)
	}
	return v.preparePseudonym(proof, unsecured, pv)
}

// IsPseudonymDerived reports whether doc's proof has a proofValue with the
// header of a derived proof of the pseudonym feature (0xd95d07); it checks
// nothing else.
func IsPseudonymDerived(doc map[string]any) bool {
	proof, _ := doc["proof"].(map[string]any)
	pv, _ := proof["proofValue"].(string)
	return isPseudonymDerived(pv)
}

func (v *Verifier) preparePseudonym(proof, unsecured map[string]any, pv string) (*PreparedPseudonym, error) {
	dp, err := ParsePseudonymDerivedProofValue(pv)
	if err != nil {
		return nil, err
	}
	vm, pkBytes, err := v.resolveKey(proof)
	if err != nil {
		return nil, err
	}
	ps := nymScheme()
	pk, err := ps.ParsePublicKey(pkBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	bp, err := ps.ParseProof(dp.Proof)
	if err != nil {
		return nil, fmt.Errorf("%w: bbsProof: %v", ErrProofValue, err)
	}
	nym, err := ps.ParsePseudonym(dp.Pseudonym)
	if err != nil {
		return nil, fmt.Errorf("%w: pseudonym: %v", ErrProofValue, err)
	}
	out, header, disclosed, err := v.statements(proof, unsecured, &dp.DerivedProofValue)
	if err != nil {
		return nil, err
	}
	out.VerificationMethod, out.PublicKey, out.Feature = vm, pkBytes, FeaturePseudonym
	out.Pseudonym, out.NymDomain = nym.Bytes(), dp.NymDomain
	return &PreparedPseudonym{Verified: *out, PublicKey: pk, Proof: bp, Nym: nym, Scheme: ps,
		Options: bbs.PseudonymVerifyOptions{
			Header: header, Nonce: dp.PresentationHeader, Context: dp.NymDomain,
			SignerMessages: dp.LengthBBSMessages, Disclosed: disclosed,
		}}, nil
}

// ProofVerify runs the BBS pseudonym proof check of the prepared
// statement; an error wraps ErrInvalidProof.
func (p *PreparedPseudonym) ProofVerify() error {
	if err := p.Scheme.VerifyPseudonymProof(p.PublicKey, p.Proof, p.Nym, p.Options); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidProof, err)
	}
	return nil
}

// verifyPseudonym is Verify for a derived proof of the pseudonym feature:
// the specification's verifier with ProofVerifyWithNym for L =
// lengthBBSMessages and no committed messages.
func (v *Verifier) verifyPseudonym(proof, unsecured map[string]any, pv string) (*Verified, error) {
	p, err := v.preparePseudonym(proof, unsecured, pv)
	if err != nil {
		return nil, err
	}
	if err := p.ProofVerify(); err != nil {
		return nil, err
	}
	return &p.Verified, nil
}

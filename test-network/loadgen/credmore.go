// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// More credential kinds in the soak, in credmore.jsonl of the
// bbs-bls12381-sha256 scheme (its issuers registered by cred-setup.jsonl):
//
//   - SubmitCredentials batches (class cred-batch) of credBatch derived
//     credentials of the soak credential, each with a presentation header
//     of its own: recorded once, every item by the same transaction, each
//     with its credential record; a replay records nothing.
//   - bbs-2023 pseudonym credentials (class cred-nym): races of nymRace
//     SubmitCredentials of one holder's pseudonym credential, of an issuer
//     of scheme bbs-nym-bls12381-sha256, derived for one nym_domain (the
//     context), each with a presentation header of its own. The contract
//     allows one use of a pseudonym per key and context without a policy,
//     so exactly one of a race is recorded (its credential record and the
//     pseudonym's use records once); the others are refused
//     (BBS_PSEUDONYM_USED) or fail validation (MVCC_READ_CONFLICT).
const (
	ClassCredBatch = "cred-batch"
	ClassCredNym   = "cred-nym"
	credBatch      = 4
)

// credNymIssuerID is the ID of the pseudonym credentials' issuer for seed
// tag t.
func credNymIssuerID(t string) string { return "cred-nym-bbs-2023-" + t }

// credNymKey is the pseudonym credentials' issuer key.
func credNymKey(o *options) (*bbs.SecretKey, error) {
	return key(o.seed, bbs.NymBLS12381SHA256(), "cred-nym", 1)
}

// credNymRegistration is that issuer's registration, for o.submitters[0].
func credNymRegistration(o *options) (string, error) {
	sk, err := credNymKey(o)
	if err != nil {
		return "", err
	}
	return registrationDoc(o, sk, credNymIssuerID(tag(o.seed)), "fabric-bbs soak: bbs-2023 pseudonym credentials", o.submitters[0], "cred-nym", 0)
}

// CredMoreTx is one line of credmore.jsonl: a batch (its items' nonce
// hashes) or a pseudonym credential of a race (as NymTx has them).
type CredMoreTx struct {
	SoakTx
	BatchNonceSHA256s []string `json:"batchNonceSha256s,omitempty"`
	Race              string   `json:"race,omitempty"`
	Pseudonym         string   `json:"pseudonym,omitempty"`
	Context           string   `json:"context,omitempty"`
	ContextSHA256     string   `json:"contextSha256,omitempty"`
	PseudonymHex      string   `json:"pseudonymHex,omitempty"`
}

// credMoreBatches and credMoreRaces are the numbers of batches and of
// pseudonym credential races for n cred.jsonl lines.
func credMoreBatches(n int) int { return max(1, n/4) }
func credMoreRaces(n int) int   { return max(1, n/4) }

// credMoreFiles writes credmore.jsonl: batches of derived credentials of
// signed (the soak credential, key hash keyHash, loader l) and races of
// pseudonym credentials of the pseudonym issuer, whose context (ctxURL,
// ctxDoc) cred-setup.jsonl registers for it too.
func credMoreFiles(o *options, s bbs.Scheme, l *vc.Loader, signed map[string]any, keyHash, dir string, n int, ctxURL string) error {
	var out []CredMoreTx
	nb := credMoreBatches(n)
	batches := make([]CredMoreTx, nb)
	err := parallel(o.workers, nb, func(b int) error {
		var reqs []any
		var hashes []string
		for k := 0; k < credBatch; k++ {
			ph := nonce(o.seed, s, "cred-batch", b*credBatch+k)
			derived, err := l.Derive(signed, vc.DeriveOptions{SelectivePointers: []string{"/credentialSubject/level"}, PresentationHeader: ph,
				Rand: stream(o.seed, "cred-batch/derive", b*credBatch+k)}, vc.Limits{})
			if err != nil {
				return fmt.Errorf("deriving batch credential %d/%d: %w", b, k, err)
			}
			reqs = append(reqs, map[string]any{"credential": derived})
			hashes = append(hashes, hashHex(ph))
		}
		arg, err := json.Marshal(reqs)
		if err != nil {
			return err
		}
		batches[b] = CredMoreTx{SoakTx: SoakTx{Tx: Tx{Name: "SubmitCredentials", Args: []string{string(arg)}, Proofs: credBatch}, Class: ClassCredBatch,
			Group: fmt.Sprintf("%s/cred-batch/%d", schemeDir(s.Name()), b), KeySHA256: keyHash}, BatchNonceSHA256s: hashes}
		return nil
	})
	if err != nil {
		return err
	}
	out = append(out, batches...)

	// Pseudonym credentials: one holder per race.
	sk, err := credNymKey(o)
	if err != nil {
		return err
	}
	did, _, err := vc.DIDKey(sk.PublicKey().Bytes())
	if err != nil {
		return err
	}
	t := tag(o.seed)
	nymKeyHash := hashHex(sk.PublicKey().Bytes())
	nr := credMoreRaces(n)
	races := make([]CredMoreTx, nr*nymRace)
	err = parallel(o.workers, nr, func(r int) error {
		com, secret, err := vc.NewPseudonymCommitment(stream(o.seed, "cred-nym/commit", r))
		if err != nil {
			return err
		}
		doc := map[string]any{
			"@context":          []any{"https://www.w3.org/ns/credentials/v2", ctxURL},
			"type":              []any{"VerifiableCredential"},
			"issuer":            did,
			"credentialSubject": map[string]any{"name": fmt.Sprintf("fabric-bbs soak pseudonym holder %d %s", r, t), "level": "2"},
		}
		nymSigned, err := l.IssueWithPseudonym(doc, vc.IssueOptions{SecretKey: sk, Created: "2026-12-01T00:00:00Z", MandatoryPointers: []string{"/issuer", "/type"},
			Rand: stream(o.seed, "cred-nym/issue", r)}, com, vc.Limits{})
		if err != nil {
			return fmt.Errorf("issuing pseudonym credential %d: %w", r, err)
		}
		domain := []byte(fmt.Sprintf("fabric-bbs soak credential race %d of %s", r, credNymIssuerID(t)))
		for k := 0; k < nymRace; k++ {
			i := r*nymRace + k
			ph := nonce(o.seed, s, "cred-nym", i)
			derived, err := l.DeriveWithPseudonym(nymSigned, vc.PseudonymDeriveOptions{
				DeriveOptions: vc.DeriveOptions{SelectivePointers: []string{"/credentialSubject/level"}, PresentationHeader: ph, Rand: stream(o.seed, "cred-nym/derive", i)},
				NymSecret:     secret, NymDomain: domain}, vc.Limits{})
			if err != nil {
				return fmt.Errorf("deriving pseudonym credential %d: %w", i, err)
			}
			p, err := (&vc.Verifier{Loader: l, Pseudonyms: true}).PreparePseudonym(derived)
			if err != nil {
				return fmt.Errorf("pseudonym credential %d: %w", i, err)
			}
			if err := p.ProofVerify(); err != nil {
				return fmt.Errorf("pseudonym credential %d does not verify: %w", i, err)
			}
			b, err := json.Marshal(map[string]any{"credential": derived})
			if err != nil {
				return err
			}
			nym := p.Nym.Bytes()
			races[i] = CredMoreTx{SoakTx: SoakTx{Tx: Tx{Name: "SubmitCredential", Args: []string{string(b)}, Proofs: 1}, Class: ClassCredNym,
				Group: fmt.Sprintf("%s/cred-nym/%d", schemeDir(s.Name()), i), KeySHA256: nymKeyHash, NonceSHA256: hashHex(ph)},
				Race:      fmt.Sprintf("%s/cred-nym-race/%d", schemeDir(s.Name()), r),
				Pseudonym: base64.StdEncoding.EncodeToString(nym), Context: base64.StdEncoding.EncodeToString(domain),
				ContextSHA256: hashHex(domain), PseudonymHex: hex.EncodeToString(nym)}
		}
		return nil
	})
	if err != nil {
		return err
	}
	out = append(out, races...)
	return writeLines(filepath.Join(dir, "credmore.jsonl"), out)
}

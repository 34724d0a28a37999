// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// bbs-2023 credentials in the soak (issue 25), in cred.jsonl of the
// bbs-bls12381-sha256 scheme: SubmitCredential requests, each a derived
// credential of one bbs-2023 credential with a presentation header (the
// nonce SubmitCredential consumes) of its own. Each must be recorded once
// (class credential); bbs-soak replays some of them, and a replay must be
// refused.
const ClassCredential = "credential"

// credIssuerID is the ID of the credential issuer for seed tag t.
func credIssuerID(t string) string { return "cred-bbs-2023-" + t }

// credLines is the number of cred.jsonl lines for a mix of n lines per
// scheme: one per 4 mix lines, at least one.
func credLines(n int) int { return max(1, n/4) }

// credFiles writes cred-setup.jsonl (the issuer's registration, for
// o.submitters[0]) and cred.jsonl (n SubmitCredential lines) into dir, for
// scheme s bbs-bls12381-sha256 only (bbs-2023's).
func credFiles(o *options, s bbs.Scheme, dir string, n int) error {
	if s.Name() != bbs.BLS12381SHA256Name || n <= 0 {
		return nil
	}
	id := credIssuerID(tag(o.seed))
	sk, err := key(o.seed, s, "cred", 1)
	if err != nil {
		return err
	}
	doc, err := registrationDoc(o, sk, id, "fabric-bbs soak: bbs-2023 credentials", o.submitters[0], "cred", 0)
	if err != nil {
		return err
	}
	if err := writeTxs(filepath.Join(dir, "cred-setup.jsonl"), []Tx{{Name: "RegisterIssuer", Args: []string{doc}}}); err != nil {
		return err
	}
	did, _, err := vc.DIDKey(sk.PublicKey().Bytes())
	if err != nil {
		return err
	}
	l, err := vc.NewLoader()
	if err != nil {
		return err
	}
	cred := map[string]any{
		"@context": []any{"https://www.w3.org/ns/credentials/v2", map[string]any{"@vocab": "https://fabric-bbs.example/soak#"}},
		"type":     []any{"VerifiableCredential"},
		"issuer":   did,
		"credentialSubject": map[string]any{
			"name":  "fabric-bbs soak holder " + tag(o.seed),
			"level": "3",
			"org":   "soak",
		},
	}
	signed, err := l.Issue(cred, vc.IssueOptions{SecretKey: sk, Created: "2026-12-01T00:00:00Z", MandatoryPointers: []string{"/issuer", "/type"},
		Rand: stream(o.seed, "cred/issue", 0)}, vc.Limits{})
	if err != nil {
		return fmt.Errorf("issuing the soak credential: %w", err)
	}
	keyHash := hashHex(sk.PublicKey().Bytes())
	out := make([]SoakTx, n)
	err = parallel(o.workers, n, func(i int) error {
		ph := nonce(o.seed, s, "cred", i)
		derived, err := l.Derive(signed, vc.DeriveOptions{SelectivePointers: []string{"/credentialSubject/level"}, PresentationHeader: ph,
			Rand: stream(o.seed, "cred/derive", i)}, vc.Limits{})
		if err != nil {
			return fmt.Errorf("deriving soak credential %d: %w", i, err)
		}
		b, err := json.Marshal(map[string]any{"credential": derived})
		if err != nil {
			return err
		}
		out[i] = SoakTx{Tx: Tx{Name: "SubmitCredential", Args: []string{string(b)}, Proofs: 1}, Class: ClassCredential,
			Group: fmt.Sprintf("%s/cred/%d", schemeDir(s.Name()), i), KeySHA256: keyHash, NonceSHA256: hashHex(ph)}
		return nil
	})
	if err != nil {
		return err
	}
	return writeLines(filepath.Join(dir, "cred.jsonl"), out)
}

// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// bbs-2023 credentials in the soak, in cred.jsonl of the
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

// credFiles writes cred-setup.jsonl (the issuer's registration, its
// status list and the policy reading it, for o.submitters[0]), cred.jsonl
// (n SubmitCredential lines), status.jsonl (n lines of the revocable
// credential) and status-change.jsonl (its revocation) into dir, for
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
	list, url := "soak-status", statusListURL(o.seed)
	pol, err := json.Marshal(map[string]any{"id": statusPolicyID(o.seed), "issuers": []any{map[string]any{"id": id}},
		"credential": map[string]any{"status": map[string]any{"list": list, "statusListCredential": url}}})
	if err != nil {
		return err
	}
	// A credential policy reads only credentials whose contexts are all
	// URLs: the application context is registered by the issuer's owner.
	ctxURL, ctxDoc := soakContext(o.seed)
	nymDoc, err := credNymRegistration(o)
	if err != nil {
		return err
	}
	setup := []Tx{{Name: "RegisterIssuer", Args: []string{doc}},
		{Name: "RegisterContext", Args: []string{id, ctxURL, ctxDoc}},
		{Name: "CreateStatusList", Args: []string{id, list, "revocation", "8192"}},
		{Name: "CreatePolicy", Args: []string{string(pol)}},
		// The issuer of the pseudonym credentials (credmore.jsonl).
		{Name: "RegisterIssuer", Args: []string{nymDoc}},
		{Name: "RegisterContext", Args: []string{credNymIssuerID(tag(o.seed)), ctxURL, ctxDoc}}}
	if err := writeTxs(filepath.Join(dir, "cred-setup.jsonl"), setup); err != nil {
		return err
	}
	change := []Tx{{Name: "UpdateStatusList", Args: []string{id, list, fmt.Sprintf(`{"set":[%d]}`, statusIndex)}}}
	if err := writeTxs(filepath.Join(dir, "status-change.jsonl"), change); err != nil {
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
	if err := l.Add(ctxURL, []byte(ctxDoc), ""); err != nil {
		return err
	}
	cred := map[string]any{
		"@context": []any{"https://www.w3.org/ns/credentials/v2", ctxURL},
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
	// The revocable credential: the same, with a status entry of the
	// ledger list (index statusIndex), mandatory.
	revocable := map[string]any{}
	for k, v := range cred {
		revocable[k] = v
	}
	revocable["credentialStatus"] = map[string]any{"type": "BitstringStatusListEntry", "statusPurpose": "revocation",
		"statusListIndex": fmt.Sprint(statusIndex), "statusListCredential": url}
	signedRev, err := l.Issue(revocable, vc.IssueOptions{SecretKey: sk, Created: "2026-12-01T00:00:00Z",
		MandatoryPointers: []string{"/issuer", "/type", "/credentialStatus"}, Rand: stream(o.seed, "cred/issue", 1)}, vc.Limits{})
	if err != nil {
		return fmt.Errorf("issuing the revocable soak credential: %w", err)
	}
	keyHash := hashHex(sk.PublicKey().Bytes())
	derive := func(kind string, from map[string]any, policy string, n int) ([]SoakTx, error) {
		out := make([]SoakTx, n)
		err := parallel(o.workers, n, func(i int) error {
			ph := nonce(o.seed, s, kind, i)
			derived, err := l.Derive(from, vc.DeriveOptions{SelectivePointers: []string{"/credentialSubject/level"}, PresentationHeader: ph,
				Rand: stream(o.seed, kind+"/derive", i)}, vc.Limits{})
			if err != nil {
				return fmt.Errorf("deriving soak credential %s %d: %w", kind, i, err)
			}
			req := map[string]any{"credential": derived}
			class := ClassCredential
			if policy != "" {
				req["policy"] = map[string]any{"id": policy}
				class = ClassStatus
			}
			b, err := json.Marshal(req)
			if err != nil {
				return err
			}
			out[i] = SoakTx{Tx: Tx{Name: "SubmitCredential", Args: []string{string(b)}, Proofs: 1}, Class: class,
				Group: fmt.Sprintf("%s/%s/%d", schemeDir(s.Name()), kind, i), KeySHA256: keyHash, NonceSHA256: hashHex(ph)}
			return nil
		})
		return out, err
	}
	out, err := derive("cred", signed, "", n)
	if err != nil {
		return err
	}
	if err := writeLines(filepath.Join(dir, "cred.jsonl"), out); err != nil {
		return err
	}
	if out, err = derive("status", signedRev, statusPolicyID(o.seed), n); err != nil {
		return err
	}
	if err := writeLines(filepath.Join(dir, "status.jsonl"), out); err != nil {
		return err
	}
	return credMoreFiles(o, s, l, signed, keyHash, dir, n, ctxURL)
}

// Revocation updates in flight: status.jsonl has SubmitCredential requests
// of a credential with entry statusIndex of the credential issuer's ledger
// status list, naming the policy whose status rule reads that list;
// status-change.jsonl sets that entry (UpdateStatusList), which bbs-soak
// sends during the load (the issuer-change fault). A request is valid
// until the update commits: one ordered before it is recorded, one ordered
// after it is not (refused: revoked; or, endorsed before it, an MVCC
// conflict on the list's page).
const (
	ClassStatus = "status"
	statusIndex = 42
)

// soakContext is the URL and document of the credentials' application
// context (RegisterContext).
func soakContext(seed string) (string, string) {
	return "https://soak.fabric-bbs.example/ctx/" + tag(seed), `{"@context":{"@vocab":"https://soak.fabric-bbs.example/vocab#"}}`
}

func statusPolicyID(seed string) string { return "soak-status-" + tag(seed) }

func statusListURL(seed string) string {
	return "https://soak.fabric-bbs.example/status/" + tag(seed)
}

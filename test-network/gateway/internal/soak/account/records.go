// SPDX-License-Identifier: Apache-2.0

package account

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/ledger"
)

// nonceRecord and verificationRecord are the parts of the contract's
// records the accounting reads (contract/state.go nonceRecord,
// contract/types.go Verification).
type nonceRecord struct {
	TxID string `json:"txId"`
}

type verificationRecord struct {
	TxID      string `json:"txId"`
	KeySHA256 string `json:"keySha256"`
	Nonce     string `json:"nonce"` // base64 ([]byte in JSON)
}

// checkRequest checks one request on one peer and returns the transaction
// ID of its records ("" if none).
func checkRequest(r Request, st ledger.State, byKey map[string][]writer) (string, []string) {
	if IsBatch(r.Class) {
		return checkBatch(r, st, byKey)
	}
	var msgs []string
	bad := func(format string, a ...any) { msgs = append(msgs, fmt.Sprintf(format, a...)) }
	recorded := map[string]bool{} // tx IDs of r with a verification record
	for _, s := range r.Sent {
		if ws := byKey[VerificationKey(s.TxID)]; len(ws) > 0 {
			recorded[s.TxID] = true
			if len(ws) > 1 {
				bad("verification record of %s written %d times", s.TxID, len(ws))
			}
		}
	}
	var nonceWriters []writer
	if r.KeySHA256 != "" && r.NonceSHA256 != "" {
		nonceWriters = byKey[NonceKey(r.KeySHA256, r.NonceSHA256)]
	}
	if !mayRecord(r.Class) {
		for _, txID := range sortedSet(recorded) { // one report from every run
			bad("has a verification record (transaction %s)", txID)
		}
		if len(nonceWriters) > 0 {
			bad("its nonce is recorded as consumed (by %s)", nonceWriters[0].txID)
		}
		return "", msgs
	}
	told := ""
	for _, s := range r.Sent {
		if s.ClientValid {
			told = s.TxID
		}
	}
	if !mustRecord(r.Class) && len(recorded) == 0 && told == "" {
		// old-key: refused (revoked, or a read conflict with the revocation);
		// nym: refused (the pseudonym is used, or a read conflict on its count).
		if len(nonceWriters) > 0 {
			bad("its nonce is recorded as consumed (by %s) without a verification record", nonceWriters[0].txID)
		}
		return "", msgs
	}
	switch {
	case len(recorded) == 0 && told != "":
		bad("lost: the client was told %s committed, and there is no verification record", told)
	case len(recorded) == 0:
		bad("not recorded: none of its %d transactions committed", len(r.Sent))
	case len(recorded) > 1:
		bad("recorded %d times: %v", len(recorded), sortedSet(recorded))
	}
	switch len(nonceWriters) {
	case 0:
		bad("no nonce record")
	case 1:
	default:
		bad("nonce record written %d times", len(nonceWriters))
	}
	if len(msgs) > 0 {
		return "", msgs
	}
	var txID string
	for id := range recorded {
		txID = id
	}
	var nr nonceRecord
	if err := json.Unmarshal(nonceWriters[0].value, &nr); err != nil || nr.TxID != txID || nonceWriters[0].txID != txID {
		bad("nonce record %q written by %s, verification record by %s", nonceWriters[0].value, nonceWriters[0].txID, txID)
	}
	var vr verificationRecord
	if err := json.Unmarshal(st[VerificationKey(txID)], &vr); err != nil {
		bad("verification record of %s: %v", txID, err)
	} else if vr.TxID != txID || vr.KeySHA256 != r.KeySHA256 || NonceSHA256(vr.Nonce) != r.NonceSHA256 {
		bad("verification record of %s is for transaction %s, key %s, nonce hash %s", txID, vr.TxID, vr.KeySHA256, NonceSHA256(vr.Nonce))
	}
	for _, s := range r.Sent {
		if s.ClientValid && s.TxID != txID {
			bad("the client was told %s (%s) committed, but the records are %s's", s.TxID, s.Kind, txID)
		}
	}
	if r.Class == ClassCredential || r.Class == ClassCredNym {
		msgs = append(msgs, checkCredential(r, txID, st, byKey)...)
	}
	if len(msgs) > 0 {
		return "", msgs
	}
	return txID, nil
}

// CredentialKey names the CredentialVerification of a transaction
// (contract/credential.go).
func CredentialKey(txID string) string { return CompositeKey("bbs.credential", txID) }

// credentialRecord is the part of a CredentialVerification the accounting
// reads.
type credentialRecord struct {
	TxID        string `json:"txId"`
	NonceSHA256 string `json:"nonceSha256"`
}

// checkCredential checks a credential recorded by txID: its credential
// record was written once, by txID, and names txID and the request's
// presentation header; no other transaction of the request wrote one.
func checkCredential(r Request, txID string, st ledger.State, byKey map[string][]writer) []string {
	var msgs []string
	ws := byKey[CredentialKey(txID)]
	var cr credentialRecord
	switch {
	case len(ws) != 1 || ws[0].txID != txID:
		msgs = append(msgs, fmt.Sprintf("credential record of %s written %d times", txID, len(ws)))
	case json.Unmarshal(st[CredentialKey(txID)], &cr) != nil || cr.TxID != txID || cr.NonceSHA256 != r.NonceSHA256:
		msgs = append(msgs, fmt.Sprintf("credential record of %s is %.200q, want transaction %s, nonce hash %s", txID, st[CredentialKey(txID)], txID, r.NonceSHA256))
	}
	for _, s := range r.Sent {
		if s.TxID != txID && len(byKey[CredentialKey(s.TxID)]) > 0 {
			msgs = append(msgs, fmt.Sprintf("%s (%s) wrote a credential record too", s.TxID, s.Kind))
		}
	}
	return msgs
}

// NonceSHA256 is the hex SHA-256 of a record's base64 nonce ("undecodable"
// if it is not base64), as Request.NonceSHA256 holds it.
func NonceSHA256(b64 string) string {
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return "undecodable"
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

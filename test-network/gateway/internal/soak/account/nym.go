// SPDX-License-Identifier: Apache-2.0

package account

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// The contract's pseudonym records (contract/pseudonym.go): the use count
// of a pseudonym in a context under a key, and each use.
const (
	NymCountObjectType = "bbs.nymcount"
	NymUseObjectType   = "bbs.nymuse"
)

// NymCountKey names the use count of a pseudonym (hex) in a context (hex
// SHA-256) under a key (hex SHA-256).
func NymCountKey(keySHA256, contextSHA256, pseudonymHex string) string {
	return CompositeKey(NymCountObjectType, keySHA256, contextSHA256, pseudonymHex)
}

// NymUseKey names use number seq (from 1) of a pseudonym in a context
// under a key, recorded by the verification of record ID recordID (the
// transaction ID of a SubmitProof).
func NymUseKey(contextSHA256, pseudonymHex, keySHA256 string, seq int, recordID string) string {
	return CompositeKey(NymUseObjectType, contextSHA256, pseudonymHex, keySHA256, fmt.Sprintf("%010d", seq), recordID)
}

// nymUseWriters returns the writers of use number seq of a pseudonym in a
// context under a key, whatever its record ID, in key order.
func nymUseWriters(byKey map[string][]writer, contextSHA256, pseudonymHex, keySHA256 string, seq int) []writer {
	prefix := CompositeKey(NymUseObjectType, contextSHA256, pseudonymHex, keySHA256, fmt.Sprintf("%010d", seq))
	var keys []string
	for k := range byKey { //bbs:maporder-ok the keys are sorted below
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []writer
	for _, k := range keys {
		out = append(out, byKey[k]...)
	}
	return out
}

type nymCount struct {
	Uses int `json:"uses"`
}

type nymUse struct {
	TxID     string `json:"txId"`
	Sequence int    `json:"sequence"`
}

// checkRaces checks the pseudonym races on one peer (recorded: the tx ID
// of each request's records on it): exactly one request of a race is
// recorded; the pseudonym's count in the race's context is 1, written once,
// by that transaction; its use 1 names that transaction and was written
// once, by it; there is no use 2.
func checkRaces(reqs []Request, st map[string][]byte, byKey map[string][]writer, recorded map[string]string) []string {
	type race struct {
		first   Request
		winners []string // "group (tx)"
		txID    string
	}
	races := map[string]*race{}
	for _, r := range reqs {
		if r.Race == "" {
			continue
		}
		rc := races[r.Race]
		if rc == nil {
			rc = &race{first: r}
			races[r.Race] = rc
		}
		if txID := recorded[r.Group]; txID != "" {
			rc.winners = append(rc.winners, fmt.Sprintf("%s (%s)", r.Group, txID))
			rc.txID = txID
		}
	}
	names := make([]string, 0, len(races))
	for n := range races {
		names = append(names, n)
	}
	sort.Strings(names)
	var msgs []string
	for _, n := range names {
		rc := races[n]
		bad := func(format string, a ...any) {
			msgs = append(msgs, fmt.Sprintf("race %s: ", n)+fmt.Sprintf(format, a...))
		}
		if len(rc.winners) != 1 {
			bad("%d requests recorded, want 1: %v", len(rc.winners), rc.winners)
			continue
		}
		f := rc.first
		ck := NymCountKey(f.KeySHA256, f.ContextSHA256, f.PseudonymHex)
		var c nymCount
		ws := byKey[ck]
		switch {
		case len(ws) != 1 || ws[0].txID != rc.txID:
			bad("the pseudonym's use count written by %d transactions, want once by %s", len(ws), rc.txID)
		case json.Unmarshal(st[ck], &c) != nil || c.Uses != 1:
			bad("the pseudonym's use count is %q, want 1 use", st[ck])
		}
		uk := NymUseKey(f.ContextSHA256, f.PseudonymHex, f.KeySHA256, 1, rc.txID)
		var u nymUse
		ws = byKey[uk]
		switch {
		case len(ws) != 1 || ws[0].txID != rc.txID:
			bad("use 1 of the pseudonym written by %d transactions, want once by %s", len(ws), rc.txID)
		case json.Unmarshal(st[uk], &u) != nil || u.TxID != rc.txID || u.Sequence != 1:
			bad("use 1 of the pseudonym is %q, want transaction %s, sequence 1", st[uk], rc.txID)
		}
		if ws := nymUseWriters(byKey, f.ContextSHA256, f.PseudonymHex, f.KeySHA256, 2); len(ws) > 0 {
			bad("the pseudonym has a use 2 (by %s)", ws[0].txID)
		}
	}
	return msgs
}

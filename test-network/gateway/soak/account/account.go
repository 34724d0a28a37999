// Package account checks, from the ledgers of several peers and without the
// chaincode, that a soak run lost nothing and counted nothing twice: every
// valid request has exactly one verification record and one nonce record,
// written by the same transaction on every peer; every replayed, tampered,
// malformed or misbound request has none beyond its original's; no
// transaction ID is valid twice; and the peers' world states agree.
package account

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/soak/ledger"
)

// The contract's composite-key object types (contract/state.go) and
// Fabric's composite-key form: U+0000, the object type, then each
// attribute, each followed by U+0000 (shim.CreateCompositeKey).
const (
	NonceObjectType        = "bbs.nonce"
	VerificationObjectType = "bbs.verification"
)

// CompositeKey is shim.CreateCompositeKey(objectType, attrs).
func CompositeKey(objectType string, attrs ...string) string {
	k := "\x00" + objectType + "\x00"
	for _, a := range attrs {
		k += a + "\x00"
	}
	return k
}

// NonceKey names the record that marks a nonce consumed for a key.
func NonceKey(keySHA256, nonceSHA256 string) string {
	return CompositeKey(NonceObjectType, keySHA256, nonceSHA256)
}

// VerificationKey names the verification record of a transaction.
func VerificationKey(txID string) string { return CompositeKey(VerificationObjectType, txID) }

// Request is one distinct request of the run (one line of loadgen's
// soak.jsonl) and every transaction the clients sent for it: the original,
// its replays, a resubmission of the same signed transaction, a recovery.
type Request struct {
	Group string // loadgen's group
	// Class of the request: "valid" (must be recorded exactly once),
	// "tampered", "malformed", "misbound" (must never be recorded).
	Class       string
	KeySHA256   string // hex SHA-256 of the verifying key ("" if unknown)
	NonceSHA256 string // hex SHA-256 of the nonce ("" if unknown)
	Sent        []Sent
}

// Sent is one transaction a client sent for a request.
type Sent struct {
	TxID string
	Kind string // "original", "replay", "resubmit", "recovery"
	// ClientValid is true when the client was told the transaction
	// committed as VALID.
	ClientValid bool
}

// Peer is one peer's ledger: its endorser transactions in commit order.
type Peer struct {
	Name string
	Txs  []ledger.Tx
}

// PeerStats are the figures of one peer's ledger.
type PeerStats struct {
	Name      string         `json:"name"`
	Txs       int            `json:"transactions"`
	ByCode    map[string]int `json:"byValidationCode"`
	StateKeys int            `json:"stateKeys"`
	StateHash string         `json:"stateSha256"`
	// RepeatedTxIDs counts transaction IDs that appear in more than one
	// transaction of the ledger (a resubmitted envelope: one VALID, the
	// others DUPLICATE_TXID).
	RepeatedTxIDs int `json:"repeatedTxIds"`
	// Recorded is the number of verification records of the run's
	// requests.
	Recorded int `json:"recorded"`
}

// Verdict is the outcome of the accounting.
type Verdict struct {
	OK       bool        `json:"ok"`
	Problems []string    `json:"problems,omitempty"`
	Peers    []PeerStats `json:"peers"`
	// Recorded maps each valid request's group to the transaction ID of
	// its records (the same on every peer when OK).
	Recorded map[string]string `json:"-"`
}

// maxProblems bounds the problems listed (the count is always right).
const maxProblems = 50

// Check accounts for the requests on each peer's ledger.
func Check(reqs []Request, peers []Peer) Verdict {
	v := Verdict{Recorded: map[string]string{}}
	var problems []string
	add := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }
	if len(peers) == 0 {
		add("no peer ledger to account on")
	}
	sent := map[string]string{} // tx ID -> group
	keys := map[string]bool{}   // the run's verifying keys
	for _, r := range reqs {
		for _, s := range r.Sent {
			sent[s.TxID] = r.Group
		}
		if r.KeySHA256 != "" {
			keys[r.KeySHA256] = true
		}
	}
	var firstHash string
	for pi, p := range peers {
		st, stats, byKey, perPeer := scan(p)
		for _, msg := range perPeer {
			add("%s: %s", p.Name, msg)
		}
		for _, r := range reqs {
			txID, msgs := checkRequest(r, st, byKey)
			for _, msg := range msgs {
				add("%s: request %s (%s): %s", p.Name, r.Group, r.Class, msg)
			}
			if txID == "" {
				continue
			}
			stats.Recorded++
			if pi == 0 {
				v.Recorded[r.Group] = txID
			} else if prev, ok := v.Recorded[r.Group]; !ok || prev != txID {
				add("request %s: recorded by transaction %s on %s, by %q on %s", r.Group, txID, p.Name, prev, peers[0].Name)
			}
		}
		// Every verification record made with one of the run's keys
		// belongs to a transaction the run sent (records of other keys,
		// from earlier runs on the same network, are not the run's).
		for _, k := range sortedKeys(st) {
			txID, ok := verificationTxID(k)
			if !ok {
				continue
			}
			var vr verificationRecord
			if json.Unmarshal(st[k], &vr) != nil || keys[vr.KeySHA256] {
				if _, known := sent[txID]; !known {
					add("%s: verification record of transaction %s, which no client of the run sent", p.Name, txID)
				}
			}
		}
		if pi == 0 {
			firstHash = stats.StateHash
		} else if stats.StateHash != firstHash {
			add("world states differ: %s %s (%d keys), %s %s (%d keys)", peers[0].Name, firstHash, v.Peers[0].StateKeys,
				p.Name, stats.StateHash, stats.StateKeys)
		}
		v.Peers = append(v.Peers, stats)
	}
	v.OK = len(problems) == 0
	if len(problems) > maxProblems {
		problems = append(problems[:maxProblems], fmt.Sprintf("... and %d more", len(problems)-maxProblems))
	}
	v.Problems = problems
	return v
}

// writer is one valid write of a key.
type writer struct {
	txID  string
	value []byte
}

// scan replays a peer's ledger: its state, its figures, the valid writers
// of each key, and the problems of the ledger itself (a tx ID valid twice).
func scan(p Peer) (ledger.State, PeerStats, map[string][]writer, []string) {
	stats := PeerStats{Name: p.Name, Txs: len(p.Txs), ByCode: map[string]int{}}
	byKey := map[string][]writer{}
	seen, valid := map[string]int{}, map[string]int{}
	var msgs []string
	for _, tx := range p.Txs {
		stats.ByCode[tx.Code]++
		seen[tx.TxID]++
		if !tx.Valid() {
			continue
		}
		valid[tx.TxID]++
		if valid[tx.TxID] == 2 {
			msgs = append(msgs, fmt.Sprintf("transaction ID %s is valid twice (block %d)", tx.TxID, tx.Block))
		}
		for _, w := range tx.Writes {
			if !w.Delete {
				byKey[w.Key] = append(byKey[w.Key], writer{tx.TxID, w.Value})
			}
		}
	}
	for _, n := range seen {
		if n > 1 {
			stats.RepeatedTxIDs++
		}
	}
	st := ledger.Replay(p.Txs)
	stats.StateKeys, stats.StateHash = len(st), st.Hash()
	return st, stats, byKey, msgs
}

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
	if r.Class != "valid" {
		for txID := range recorded {
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
	} else if vr.TxID != txID || vr.KeySHA256 != r.KeySHA256 || nonceHash(vr.Nonce) != r.NonceSHA256 {
		bad("verification record of %s is for transaction %s, key %s, nonce hash %s", txID, vr.TxID, vr.KeySHA256, nonceHash(vr.Nonce))
	}
	for _, s := range r.Sent {
		if s.ClientValid && s.TxID != txID {
			bad("the client was told %s (%s) committed, but the records are %s's", s.TxID, s.Kind, txID)
		}
	}
	if len(msgs) > 0 {
		return "", msgs
	}
	return txID, nil
}

func nonceHash(b64 string) string {
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return "undecodable"
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// verificationTxID tells whether key is a verification record's key, and
// of which transaction (a batch record "<txID>#<i>" counts as txID).
func verificationTxID(key string) (string, bool) {
	prefix := "\x00" + VerificationObjectType + "\x00"
	if len(key) <= len(prefix)+1 || key[:len(prefix)] != prefix || key[len(key)-1] != 0 {
		return "", false
	}
	id := key[len(prefix) : len(key)-1]
	for i := 0; i < len(id); i++ {
		if id[i] == '#' || id[i] == 0 {
			return id[:i], true
		}
	}
	return id, true
}

func sortedKeys(st ledger.State) []string {
	keys := make([]string, 0, len(st))
	for k := range st {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

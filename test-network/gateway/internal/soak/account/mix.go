// SPDX-License-Identifier: Apache-2.0

package account

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/ledger"
)

// The classes of the other transaction kinds (loadgen's mix.jsonl).
const (
	// ClassBatch: a SubmitProofs of fresh valid requests (BatchNonces):
	// recorded exactly once, every item by the same transaction.
	ClassBatch = "batch"
	// ClassOldKey: valid under a key version revoked during the run
	// (NotAfter names the revocation): recorded at most once, and only by
	// a transaction ordered before the revocation.
	ClassOldKey = "old-key"
	// ClassNewKey: valid under a key version added during the run
	// (NotBefore names the rotation): recorded exactly once, by a
	// transaction ordered after the rotation.
	ClassNewKey = "new-key"
	// ClassNym: one of a pseudonym race (Race): at most once, and
	// exactly one request of its race (checkRaces).
	ClassNym = "nym"
	// ClassVote: a CastVote of the poll example (Chaincode), one of a
	// race of one voter's votes in a poll (Race; its bbs records are a
	// pseudonym race's): at most once, exactly one vote of its race, and
	// the poll counts it once (checkVotes).
	ClassVote = "vote"
	// ClassCredential: a SubmitCredential of a bbs-2023 credential
	// (its presentation header is the nonce): recorded exactly once, with
	// its credential record (checkCredential).
	ClassCredential = "credential"
	// ClassStatus: a SubmitCredential of a credential whose status entry
	// is set during the run (NotAfter names the UpdateStatusList): recorded
	// at most once, and a transaction of it ordered before the update is
	// valid (recorded), one ordered after it is not (checkStatusOrder).
	ClassStatus = "status"
	// ClassCredBatch: a SubmitCredentials of fresh bbs-2023 credentials
	// (BatchNonces: their presentation headers): recorded exactly once,
	// every item by the same transaction, each with its credential record.
	ClassCredBatch = "cred-batch"
	// ClassCredNym: a SubmitCredential of a bbs-2023 pseudonym credential,
	// one of a race (Race) of one holder's in one context: at most once,
	// exactly one of its race (checkRaces), with its credential record.
	ClassCredNym = "cred-nym"
)

// The accumulator classes (loadgen acc.go): presentations with
// non-revocation against version 0 while one holder is revoked.
const (
	// ClassAccRevoked: the revoked holder's, under a policy of grace 0:
	// recorded at most once, and a transaction of it ordered before the
	// RevokeHandle (NotAfter) is valid, one ordered after it is not
	// (checkStatusOrder).
	ClassAccRevoked = "acc-revoked"
	// ClassAccOther: another holder's, under a policy of grace 1 (version
	// 0 stays acceptable): recorded exactly once.
	ClassAccOther = "acc-other"
	// ClassEpochOld: a proof disclosing epoch 1 under a policy of grace 0
	// while the issuer's epoch is raised to 2 (NotAfter names the
	// SetIssuerEpoch): ordered like ClassAccRevoked.
	ClassEpochOld = "epoch-old"
	// ClassEpochNew: a proof disclosing epoch 2 (issued ahead): recorded
	// exactly once, before or after the raise.
	ClassEpochNew = "epoch-new"
)

// orderedAgainstChange tells whether a request of the class is valid iff
// ordered before a change of the run (NotAfter; checkStatusOrder).
func orderedAgainstChange(class string) bool {
	return class == ClassStatus || class == ClassAccRevoked || class == ClassEpochOld
}

// IsBatch tells whether a request of the class is a batch (SubmitProofs,
// SubmitCredentials), whose records are "<txID>#<i>".
func IsBatch(class string) bool { return class == ClassBatch || class == ClassCredBatch }

// position is a transaction's place in the ledger's order.
type position struct {
	block uint64
	index int
}

func (p position) before(q position) bool {
	return p.block < q.block || (p.block == q.block && p.index < q.index)
}

// mustRecord tells whether a request of the class must be recorded exactly
// once (valid, batch, new-key), and mayRecord whether it may be recorded
// at all (those and old-key).
func mustRecord(class string) bool {
	return class == "valid" || class == ClassBatch || class == ClassNewKey || class == ClassCredential || class == ClassCredBatch ||
		class == ClassAccOther || class == ClassEpochNew
}

func mayRecord(class string) bool {
	return mustRecord(class) || class == ClassOldKey || class == ClassNym || class == ClassVote || class == ClassStatus || class == ClassCredNym ||
		class == ClassAccRevoked || class == ClassEpochOld
}

// checkStatusOrder checks a status request (or an acc-revoked one, against
// its RevokeHandle) on one peer's ledger (txs):
// each of its transactions ordered before the update (r.NotAfter's valid
// transaction) is valid, none ordered after it is. (That its records are
// written once, by a valid transaction before the update, checkRequest
// and checkOrder check.)
func checkStatusOrder(r Request, txs []ledger.Tx, pos map[string]position) []string {
	up, ok := pos[r.NotAfter]
	if !ok {
		return nil // checkOrder reports a missing update when there is a record
	}
	mine := map[string]bool{}
	for _, s := range r.Sent {
		mine[s.TxID] = true
	}
	change := "status update"
	switch r.Class {
	case ClassAccRevoked:
		change = "revocation (RevokeHandle)"
	case ClassEpochOld:
		change = "epoch raise (SetIssuerEpoch)"
	}
	var msgs []string
	for _, tx := range txs {
		if !mine[tx.TxID] {
			continue
		}
		before := position{tx.Block, tx.Index}.before(up)
		switch {
		case before && !tx.Valid():
			msgs = append(msgs, fmt.Sprintf("%s (block %d, tx %d) is %s though ordered before the %s %s (block %d, tx %d)",
				tx.TxID, tx.Block, tx.Index, tx.Code, change, r.NotAfter, up.block, up.index))
		case !before && tx.Valid():
			msgs = append(msgs, fmt.Sprintf("%s (block %d, tx %d) is VALID though ordered after the %s %s (block %d, tx %d)",
				tx.TxID, tx.Block, tx.Index, change, r.NotAfter, up.block, up.index))
		}
	}
	return msgs
}

// checkOrder checks that txID, the transaction of r's records, is ordered
// after r.NotBefore's and before r.NotAfter's valid transaction on this
// peer (pos: the valid transactions' positions).
func checkOrder(r Request, txID string, pos map[string]position) []string {
	var msgs []string
	at, ok := pos[txID]
	if !ok {
		return []string{fmt.Sprintf("recorded by %s, which is not a valid transaction of the ledger", txID)}
	}
	if r.NotBefore != "" {
		if p, ok := pos[r.NotBefore]; !ok {
			msgs = append(msgs, fmt.Sprintf("the rotation %s it needs is not a valid transaction of the ledger", r.NotBefore))
		} else if !p.before(at) {
			msgs = append(msgs, fmt.Sprintf("recorded by %s (block %d) under a key version the rotation %s (block %d) added later",
				txID, at.block, r.NotBefore, p.block))
		}
	}
	if r.NotAfter != "" {
		if p, ok := pos[r.NotAfter]; ok && !at.before(p) {
			msgs = append(msgs, fmt.Sprintf("recorded by %s (block %d, tx %d) under a key version the revocation %s (block %d, tx %d) revoked before",
				txID, at.block, at.index, r.NotAfter, p.block, p.index))
		} else if !ok {
			msgs = append(msgs, fmt.Sprintf("the revocation %s is not a valid transaction of the ledger", r.NotAfter))
		}
	}
	return msgs
}

// checkBatch checks a batch request on one peer: one of its transactions
// wrote, for every item i, the verification record "<txID>#i" (for the
// run's key and item i's nonce) and item i's nonce record, naming that
// record, each once; no other of its transactions wrote any. It returns
// that transaction's ID ("" if none).
func checkBatch(r Request, st ledger.State, byKey map[string][]writer) (string, []string) {
	var msgs []string
	bad := func(format string, a ...any) { msgs = append(msgs, fmt.Sprintf(format, a...)) }
	recorded := map[string]bool{}
	for _, s := range r.Sent {
		for i := range r.BatchNonces {
			if ws := byKey[VerificationKey(s.TxID+"#"+strconv.Itoa(i))]; len(ws) > 0 {
				recorded[s.TxID] = true
				if len(ws) > 1 {
					bad("verification record %s#%d written %d times", s.TxID, i, len(ws))
				}
			}
		}
	}
	told := ""
	for _, s := range r.Sent {
		if s.ClientValid {
			told = s.TxID
		}
	}
	switch {
	case len(recorded) == 0 && told != "":
		bad("lost: the client was told %s recorded every item, and there is no verification record", told)
	case len(recorded) == 0:
		bad("not recorded: none of its %d transactions recorded it", len(r.Sent))
	case len(recorded) > 1:
		bad("recorded by %d transactions: %v", len(recorded), sortedSet(recorded))
	}
	if len(msgs) > 0 {
		return "", msgs
	}
	var txID string
	for id := range recorded {
		txID = id
	}
	for i, nh := range r.BatchNonces {
		rid := txID + "#" + strconv.Itoa(i)
		var vr verificationRecord
		if err := json.Unmarshal(st[VerificationKey(rid)], &vr); err != nil {
			bad("item %d: verification record %s: %v", i, rid, err)
		} else if vr.TxID != txID || vr.KeySHA256 != r.KeySHA256 || NonceSHA256(vr.Nonce) != nh {
			bad("item %d: verification record %s is for transaction %s, key %s, nonce hash %s", i, rid, vr.TxID, vr.KeySHA256, NonceSHA256(vr.Nonce))
		}
		if r.Class == ClassCredBatch {
			var cr credentialRecord
			cws := byKey[CredentialKey(rid)]
			switch {
			case len(cws) != 1 || cws[0].txID != txID:
				bad("item %d: credential record %s written %d times", i, rid, len(cws))
			case json.Unmarshal(st[CredentialKey(rid)], &cr) != nil || cr.TxID != txID || cr.NonceSHA256 != nh:
				bad("item %d: credential record %s is %.200q, want transaction %s, nonce hash %s", i, rid, st[CredentialKey(rid)], txID, nh)
			}
		}
		ws := byKey[NonceKey(r.KeySHA256, nh)]
		var nr nonceRecord
		switch {
		case len(ws) != 1:
			bad("item %d: nonce record written %d times", i, len(ws))
		case ws[0].txID != txID || json.Unmarshal(ws[0].value, &nr) != nil || nr.TxID != rid:
			bad("item %d: nonce record %q written by %s, want %s naming %s", i, ws[0].value, ws[0].txID, txID, rid)
		}
	}
	for _, s := range r.Sent {
		if s.ClientValid && s.TxID != txID {
			bad("the client was told %s (%s) recorded every item, but the records are %s's", s.TxID, s.Kind, txID)
		}
	}
	if len(msgs) > 0 {
		return "", msgs
	}
	return txID, nil
}

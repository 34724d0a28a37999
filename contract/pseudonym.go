// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/hex"
	"fmt"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// Pseudonyms (draft-irtf-cfrg-bbs-per-verifier-linkability-03): a proof of
// a pseudonym scheme reveals a pseudonym that is the same for one
// credential in one context (the request's context identifier) and
// unlinkable across contexts. SubmitProof counts the uses of a pseudonym
// per (verifying key, context) and refuses one beyond the limit.
//
// World state:
//
//	bbs.nymcount [key hash, context hash, pseudonym hex]                   -> pseudonymCount
//	bbs.nymuse   [context hash, pseudonym hex, key hash, seq, record ID]   -> PseudonymUse
//
// Every SubmitProof of a pseudonym reads and writes its pseudonymCount, so
// two uses endorsed against the same state conflict at commit (MVCC) and at
// most one of them commits: the count, and the sequence number each use
// takes from it, follow block order.
//
// A use record's key ends with the record ID of its verification (the
// transaction ID, or a record ID derived from it): it is written without
// being read, so a key that anyone could compute before the use (the next
// sequence number) could be created first, with a key-level policy nobody
// satisfies, and make every later use of the pseudonym fail at commit.
// Records of versions before 0.3.0 have no record ID in their key; they
// are listed with the others.

// DefaultPseudonymUseLimit is how many times SubmitProof accepts one
// pseudonym in one context under one key: once ("scope exclusive"). A
// request whose policy has a pseudonym rule gets the rule's uses instead.
const DefaultPseudonymUseLimit = 1

// MaxListedPseudonymUses is the largest number of uses GetPseudonymUses
// lists; it reports whether there are more.
const MaxListedPseudonymUses = 1000

// Object types of the pseudonym records.
const (
	nymCountObjectType = "bbs.nymcount"
	nymUseObjectType   = "bbs.nymuse"
)

// nymSeqDigits is the width of the zero-padded use sequence number, so that
// the key order of a pseudonym's uses is their sequence order.
const nymSeqDigits = 10

// pseudonymCount is the number of committed uses of a pseudonym in a
// context under a key.
type pseudonymCount struct {
	Uses int `json:"uses"`
}

// PseudonymUse is one accepted use of a pseudonym, as GetPseudonymUses
// lists it.
type PseudonymUse struct {
	// TxID is the SubmitProof transaction of the use; GetVerification(txId)
	// is its record, unless RecordID names another.
	TxID string `json:"txId"`
	// RecordID is the record ID of the use's Verification when it is not
	// TxID: a later SubmitProof call of the same transaction (spends.go).
	RecordID string `json:"recordId,omitempty" metadata:",optional"`
	// Sequence numbers the uses of the pseudonym in the context under the
	// key from 1, in block order.
	Sequence int `json:"sequence"`
	// Issuer is the issuer whose key verified the proof.
	Issuer string `json:"issuer"`
	// KeyVersion is that key's version.
	KeyVersion int `json:"keyVersion"`
	// KeySHA256 is the lower-case hex SHA-256 of the verifying key.
	KeySHA256 string `json:"keySha256"`
	// Timestamp is the transaction's timestamp, as its client set it.
	Timestamp time.Time `json:"timestamp"`
}

// PseudonymUses is the answer of GetPseudonymUses.
type PseudonymUses struct {
	// Context is the context identifier asked for.
	Context []byte `json:"context"`
	// Pseudonym is the pseudonym asked for.
	Pseudonym []byte `json:"pseudonym"`
	// Uses are the committed uses: per verifying key (by key hash), in
	// block order.
	Uses []PseudonymUse `json:"uses"`
	// Count is the number of uses listed.
	Count int `json:"count"`
	// More reports that there are more than MaxListedPseudonymUses uses.
	More bool `json:"more"`
}

// GetPseudonymUses lists the committed SubmitProof uses of a pseudonym in
// a context (both standard base64, within the request limits), under every
// key they were verified with.
func (c *Contract) GetPseudonymUses(ctx contractapi.TransactionContextInterface, context, pseudonym string) (_ *PseudonymUses, err error) {
	defer base.Coded(&err)
	cx, err := base.DecodeArg("context", context, request.MaxContextSize)
	if err != nil {
		return nil, err
	}
	nym, err := base.DecodeArg("pseudonym", pseudonym, request.MaxPseudonymSize)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	it, err := stub.GetStateByPartialCompositeKey(records.NymUse.ObjectType, []string{base.HashHex(cx), hex.EncodeToString(nym)})
	if err != nil {
		return nil, fmt.Errorf("reading the pseudonym's uses: %w", err)
	}
	defer it.Close()
	out := &PseudonymUses{Context: cx, Pseudonym: nym, Uses: []PseudonymUse{}}
	for it.HasNext() {
		kv, err := it.Next()
		if err != nil {
			return nil, fmt.Errorf("reading the pseudonym's uses: %w", err)
		}
		// A use record carrying a key-level policy was written around
		// the contract: the list is refused (fail closed), not shown
		// without it.
		if err := records.NymUse.Believe(stub, kv.Key, ""); err != nil {
			return nil, fmt.Errorf("reading the pseudonym's uses: %w", err)
		}
		if len(out.Uses) == MaxListedPseudonymUses {
			out.More = true
			break
		}
		var u PseudonymUse
		if err := base.UnmarshalRecord(kv.Value, &u); err != nil {
			return nil, err
		}
		out.Uses = append(out.Uses, u)
	}
	out.Count = len(out.Uses)
	return out, nil
}

// checkPseudonymFields refuses, before any cryptography, a request without
// a pseudonym and context for an issuer of a pseudonym scheme, and one with
// them for an issuer of another scheme.
func checkPseudonymFields(s bbs.Scheme, issuer string, d *request.Decoded) error {
	_, nym := s.(bbs.PseudonymScheme)
	switch {
	case nym && len(d.Pseudonym) == 0:
		return fmt.Errorf("%w: issuer %q has pseudonym scheme %s: the request needs its pseudonym and context", request.ErrInvalid, issuer, s.Name())
	case !nym && len(d.Pseudonym) > 0:
		return fmt.Errorf("%w: issuer %q has scheme %s, which has no pseudonyms: the request must not carry pseudonym or context", request.ErrInvalid, issuer, s.Name())
	}
	return nil
}

// pseudonymCountKey is the key of the use count of the request's pseudonym
// in its context under the verifying key.
func (v *verification) pseudonymCountKey(stub shim.ChaincodeStubInterface) (string, error) {
	return records.NymCount.Key(stub, base.HashHex(v.key.PublicKey), base.HashHex(v.req.Context), hex.EncodeToString(v.req.Pseudonym))
}

// pseudonymUses returns how many uses the request's pseudonym has in its
// context under the verifying key, committed and earlier in the
// transaction (call), 0 for a request without one, and keeps the number in
// v.uses for the policy's pseudonym rule.
func (v *verification) pseudonymUses(stub shim.ChaincodeStubInterface, call *spendCall) (int, error) {
	if len(v.req.Pseudonym) == 0 {
		return 0, nil
	}
	k, err := v.pseudonymCountKey(stub)
	if err != nil {
		return 0, err
	}
	var n pseudonymCount
	if _, err := records.GetJSON(records.NymCount, stub, k, "", &n); err != nil {
		return 0, fmt.Errorf("reading the pseudonym's uses: %w", err)
	}
	v.uses = n.Uses + call.nymUses(k)
	return v.uses, nil
}

// checkPseudonymLimit refuses a use of the request's pseudonym beyond
// limit, given its uses so far.
func (v *verification) checkPseudonymLimit(uses, limit int) error {
	if len(v.req.Pseudonym) == 0 || uses < limit {
		return nil
	}
	by := ""
	if v.policy != nil {
		by = " (" + v.policyName() + ")"
	}
	return fmt.Errorf("%w: the pseudonym has been used %d time(s) in context %s under key version %d of issuer %q, the limit is %d%s; GetPseudonymUses lists the uses",
		base.ErrPseudonymUsed, uses, request.Excerpt(string(v.req.Context)), v.key.Version, v.issuer.ID, limit, by)
}

// recordPseudonymUse writes use number uses+1 of the request's pseudonym:
// the count (read before, so that a concurrent use conflicts at commit)
// and the use record, keyed by recordID, the verification's record ID, and
// notes the use in call. It does nothing for a request without a
// pseudonym.
func (v *verification) recordPseudonymUse(stub shim.ChaincodeStubInterface, call *spendCall, uses int, rec *Verification, recordID string) error {
	if len(v.req.Pseudonym) == 0 {
		return nil
	}
	ck, err := v.pseudonymCountKey(stub)
	if err != nil {
		return err
	}
	seq := uses + 1
	uk, err := records.NymUse.Key(stub, base.HashHex(v.req.Context), hex.EncodeToString(v.req.Pseudonym),
		rec.KeySHA256, fmt.Sprintf("%0*d", nymSeqDigits, seq), recordID)
	if err != nil {
		return err
	}
	if err := records.PutJSON(records.NymCount, stub, ck, "", pseudonymCount{Uses: seq}); err != nil {
		return fmt.Errorf("counting the pseudonym's use: %w", err)
	}
	use := PseudonymUse{TxID: rec.TxID, Sequence: seq, Issuer: rec.Issuer, KeyVersion: rec.KeyVersion, KeySHA256: rec.KeySHA256, Timestamp: rec.Timestamp}
	use.RecordID = rec.RecordID
	if err := records.PutJSON(records.NymUse, stub, uk, "", use); err != nil {
		return fmt.Errorf("recording the pseudonym's use: %w", err)
	}
	rec.PseudonymUse = seq
	call.useNym(ck)
	return nil
}

// receiptContext is what a ProofReceipt shows of a context: the context
// itself when it is at most MaxReceiptContext bytes.
func receiptContext(cx []byte) []byte {
	if len(cx) > MaxReceiptContext {
		return nil
	}
	return cx
}

// MaxReceiptContext is the largest context a ProofReceipt carries in full;
// it always carries its SHA-256.
const MaxReceiptContext = 128

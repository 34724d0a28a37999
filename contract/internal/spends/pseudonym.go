// SPDX-License-Identifier: Apache-2.0

package spends

import (
	"encoding/hex"
	"fmt"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// DefaultPseudonymUseLimit is how many times SubmitProof accepts one
// pseudonym in one context under one key: once ("scope exclusive"). A
// request whose policy has a pseudonym rule gets the rule's uses instead.
const DefaultPseudonymUseLimit = 1

// MaxListedPseudonymUses is the largest number of uses GetPseudonymUses
// lists; it reports whether there are more.
const MaxListedPseudonymUses = 1000

// Object types of the pseudonym records.
const (
	NymCountObjectType = "bbs.nymcount"
	NymUseObjectType   = "bbs.nymuse"
)

// NymSeqDigits is the width of the zero-padded use sequence number, so that
// the key order of a pseudonym's uses is their sequence order.
const NymSeqDigits = 10

// PseudonymCount is the number of committed uses of a pseudonym in a
// context under a key.
type PseudonymCount struct {
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

// GetPseudonymUses is the GetPseudonymUses transaction (see Contract.GetPseudonymUses).
func GetPseudonymUses(ctx contractapi.TransactionContextInterface, context, pseudonym string) (_ *PseudonymUses, err error) {
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

// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"

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

// GetPseudonymUses lists the committed SubmitProof uses of a pseudonym in
// a context (both standard base64, within the request limits), under every
// key they were verified with.
func (c *Contract) GetPseudonymUses(ctx contractapi.TransactionContextInterface, context string, pseudonym string) (*PseudonymUses, error) {
	return spends.GetPseudonymUses(ctx, context, pseudonym)
}

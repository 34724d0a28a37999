// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// GetPoll returns poll pollId.
func (c *Contract) GetPoll(ctx contractapi.TransactionContextInterface, pollID string) (*Poll, error) {
	return readPoll(ctx.GetStub(), pollID)
}

// TallyPageSize is the number of vote records Tally reads per paginated
// query. A peer stops every range query at its totalQueryLimit (core.yaml
// ledger.state.totalQueryLimit, 100000 by default, LevelDB and CouchDB
// alike) and says nothing: one unpaginated read would silently count at
// most that many votes. Tally reads every page, whatever the limit.
const TallyPageSize = 1000

// Tally counts the votes of poll pollId, reading every vote record (one
// per vote) page by page. Paginated queries are for read-only
// transactions: evaluate Tally, do not submit it.
func (c *Contract) Tally(ctx contractapi.TransactionContextInterface, pollID string) (*Tally, error) {
	stub := ctx.GetStub()
	p, err := readPoll(stub, pollID)
	if err != nil {
		return nil, err
	}
	index := map[string]int{}
	t := &Tally{PollID: pollID, Counts: make([]OptionCount, len(p.Options))}
	for i, o := range p.Options {
		index[o] = i
		t.Counts[i].Option = o
	}
	bookmark := ""
	for {
		n, next, err := countPage(stub, pollID, bookmark, index, t)
		if err != nil {
			return nil, err
		}
		// The end: an empty page, or no bookmark to go on (LevelDB), or
		// the same one again (CouchDB answers the range's end key). A
		// page shorter than TallyPageSize is not the end when the peer's
		// totalQueryLimit is lower.
		if n == 0 || next == "" || next == bookmark {
			return t, nil
		}
		bookmark = next
	}
}

func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }

// countPage adds the votes of one page of poll pollID's vote records,
// from bookmark, to t. It returns the number of records read and the
// bookmark of the next page.
func countPage(stub shim.ChaincodeStubInterface, pollID, bookmark string, index map[string]int, t *Tally) (int, string, error) {
	it, meta, err := stub.GetStateByPartialCompositeKeyWithPagination(voteObjectType, []string{pollID}, TallyPageSize, bookmark)
	if err != nil {
		return 0, "", fmt.Errorf("reading the votes of poll %q: %w", pollID, err)
	}
	defer it.Close()
	n := 0
	for it.HasNext() {
		kv, err := it.Next()
		if err != nil {
			return 0, "", fmt.Errorf("reading the votes of poll %q: %w", pollID, err)
		}
		var v vote
		if err := json.Unmarshal(kv.Value, &v); err != nil {
			return 0, "", fmt.Errorf("decoding vote %q: %w", kv.Key, err)
		}
		i, ok := index[v.Option]
		if !ok {
			return 0, "", fmt.Errorf("vote %q is for %q, not an option of poll %q", kv.Key, v.Option, pollID)
		}
		t.Counts[i].Votes++
		t.Total++
		n++
	}
	return n, meta.GetBookmark(), nil
}

package pollcc

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// GetPoll returns poll pollId.
func (c *Contract) GetPoll(ctx contractapi.TransactionContextInterface, pollID string) (*Poll, error) {
	if err := checkID("poll ID", pollID); err != nil {
		return nil, err
	}
	return getPoll(ctx.GetStub(), pollID)
}

// Tally counts the votes of poll pollId, reading every vote record (one
// per vote).
func (c *Contract) Tally(ctx contractapi.TransactionContextInterface, pollID string) (*Tally, error) {
	if err := checkID("poll ID", pollID); err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	p, err := getPoll(stub, pollID)
	if err != nil {
		return nil, err
	}
	index := map[string]int{}
	t := &Tally{PollID: pollID, Counts: make([]OptionCount, len(p.Options))}
	for i, o := range p.Options {
		index[o] = i
		t.Counts[i].Option = o
	}
	it, err := stub.GetStateByPartialCompositeKey(voteObjectType, []string{pollID})
	if err != nil {
		return nil, fmt.Errorf("reading the votes of poll %q: %w", pollID, err)
	}
	defer it.Close()
	for it.HasNext() {
		kv, err := it.Next()
		if err != nil {
			return nil, fmt.Errorf("reading the votes of poll %q: %w", pollID, err)
		}
		var v vote
		if err := json.Unmarshal(kv.Value, &v); err != nil {
			return nil, fmt.Errorf("decoding vote %q: %w", kv.Key, err)
		}
		i, ok := index[v.Option]
		if !ok {
			return nil, fmt.Errorf("vote %q is for %q, not an option of poll %q", kv.Key, v.Option, pollID)
		}
		t.Counts[i].Votes++
		t.Total++
	}
	return t, nil
}

func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }

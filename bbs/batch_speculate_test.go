// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
)

// A batchVerifier whose items say, in their nonce, whether they fail
// their step or their equation, and which records every folded check, to
// test verifyBatch's speculative check: used when every step passes, and
// then the only check of an all-valid batch; discarded when a step fails.

const (
	fakeStepFails = 1 << iota // batchStep fails
	fakeBad                   // passes batchStep, fails the folded check and batchSingle
)

type fakeEntry struct{ flags byte }

type fakeHoldsCall struct{ n, workers int }

type fakeVerifier struct {
	speculate bool
	mu        sync.Mutex
	calls     []fakeHoldsCall
}

var errFakeStep = errors.New("fake step fails")
var errFakeBad = errors.New("fake item is bad")

func (v *fakeVerifier) batchPrepare(it *BatchItem) (*fakeEntry, error) {
	return &fakeEntry{flags: it.Nonce[0]}, nil
}
func (v *fakeVerifier) batchStages() int { return 1 }
func (v *fakeVerifier) batchStep(_ int, _ *BatchItem, e *fakeEntry) error {
	if e.flags&fakeStepFails != 0 {
		return errFakeStep
	}
	return nil
}
func (v *fakeVerifier) batchHolds(_ int, entries []*fakeEntry, _ []batchWeights, workers int) bool {
	v.mu.Lock()
	v.calls = append(v.calls, fakeHoldsCall{len(entries), workers})
	v.mu.Unlock()
	return !slices.ContainsFunc(entries, func(e *fakeEntry) bool { return e.flags&fakeBad != 0 })
}
func (v *fakeVerifier) batchSingle(_ *BatchItem, e *fakeEntry) error {
	if e.flags&fakeBad != 0 {
		return errFakeBad
	}
	return nil
}
func (v *fakeVerifier) batchSpeculate(int) bool { return v.speculate }

func TestVerifyBatchSpeculation(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	cases := []struct {
		name      string
		speculate bool
		flags     map[int]byte // of the 8 items
		calls     []fakeHoldsCall
	}{
		// One check, the speculative one, on one goroutine.
		{"all valid", true, nil, []fakeHoldsCall{{8, 1}}},
		// Without speculation, the same check comes after the steps.
		{"all valid, no speculation", false, nil, []fakeHoldsCall{{8, 2}}},
		// A step fails: the speculative answer is discarded and the seven
		// others checked again.
		{"step fails", true, map[int]byte{5: fakeStepFails}, []fakeHoldsCall{{8, 1}, {7, 2}}},
		// A bad item: the speculative check fails and is not run again;
		// the halves are checked, the bad half split down to singles.
		{"bad item", true, map[int]byte{6: fakeBad}, []fakeHoldsCall{{8, 1}, {4, 2}}},
		{"bad item, no speculation", false, map[int]byte{6: fakeBad}, []fakeHoldsCall{{8, 2}, {4, 2}}},
	}
	s := BLS12381SHA256()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := make([]BatchItem, 8)
			want := make([]error, len(items))
			for i := range items {
				f := c.flags[i]
				items[i].Nonce = []byte{f}
				switch {
				case f&fakeStepFails != 0:
					want[i] = errFakeStep
				case f&fakeBad != 0:
					want[i] = errFakeBad
				}
			}
			v := &fakeVerifier{speculate: c.speculate}
			errs := make([]error, len(items))
			verifyBatch[*fakeEntry](s, v, items, errs)
			for i := range errs {
				if errs[i] != want[i] {
					t.Errorf("item %d: %v, want %v", i, errs[i], want[i])
				}
			}
			if fmt.Sprint(v.calls) != fmt.Sprint(c.calls) {
				t.Errorf("folded checks (items, workers): %v, want %v", v.calls, c.calls)
			}
		})
	}
}

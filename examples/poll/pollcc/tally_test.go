// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTallyBeyondQueryLimit: a peer ends every range query at its
// totalQueryLimit without a word; Tally pages through all the votes
// whatever the limit, on LevelDB and CouchDB bookmarks alike.
func TestTallyBeyondQueryLimit(t *testing.T) {
	for _, tc := range []struct {
		name    string
		couchDB bool
		limit   int
	}{
		{"LevelDB, limit 1", false, 1},
		{"LevelDB, limit 2", false, 2},
		{"CouchDB, limit 2", true, 2},
		{"no limit", false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			e.newPoll("poll-1", "BE")
			for i, h := range []*holder{e.holderBE, e.holderBE2, e.newHolder(4, "BE")} {
				option := []string{"yes", "no", "yes"}[i]
				r := e.submit(e.relay, "CastVote", "poll-1", option, h.relayed("poll-1", option))
				require.True(t, r.Committed, "vote %d: %s", i, r.Response.GetMessage())
			}
			e.ledger.CouchDB, e.ledger.TotalQueryLimit = tc.couchDB, tc.limit
			require.Equal(t, map[string]int{"yes": 2, "no": 1, "abstain": 0, "total": 3}, e.tally("poll-1"))
		})
	}
}

// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"fmt"
	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVoteOneAnswer: a vote whose request has several faults at once, and
// a poll whose options do, get the same answer on every run under
// GOMAXPROCS 1 and 2, as every endorser must sign one answer (the vote's
// request is parsed by the bbs chaincode, which names the first unknown
// field in document order, after refusing two keys equal under case folding).
func TestVoteOneAnswer(t *testing.T) {
	e := newEnv(t)
	e.newPoll("poll-1", "BE")
	e.ledger.Step = 0 // every run gets the same timestamp
	req := e.holderBE.relayed("poll-1", "yes")
	hostile := `{"zz":1,"y":2,` + strings.TrimPrefix(req, "{")
	hostile = strings.TrimSuffix(hostile, "}") + `,"a":3,"Issuer":4}`
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"vote with unknown fields", []string{"CastVote", "poll-1", "yes", hostile}, `duplicate field "Issuer"`},
		{"valid vote", []string{"CastVote", "poll-1", "yes", req}, `"option":"yes"`},
		{"options with several faults", []string{"CreatePoll", "poll-2", `["a"," b","a","","c "]`}, "option 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first := oneanswer.Check(t, 10, func() string {
				r := e.evaluate(e.relay, tt.args[0], tt.args[1:]...)
				return strings.ReplaceAll(fmt.Sprintf("%d %s %s", r.Response.GetStatus(), r.Response.GetMessage(), r.Response.GetPayload()), r.TxID, "<tx>")
			})
			require.Contains(t, first, tt.want)
		})
	}
}

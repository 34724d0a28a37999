// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"context"
	"fmt"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

// orderClient is an engine.Client whose every transaction commits VALID,
// recording the order of the transactions' names.
type orderClient struct{ names *[]string }

func (c orderClient) Name() string { return "order" }
func (c orderClient) Propose(tx engine.Tx) (engine.Proposal, error) {
	*c.names = append(*c.names, tx.Name)
	return orderTx(fmt.Sprintf("tx%d-%s", len(*c.names), tx.Name)), nil
}

type orderTx string

func (t orderTx) TxID() string                                     { return string(t) }
func (t orderTx) Endorse(context.Context) (engine.Endorsed, error) { return t, nil }
func (t orderTx) Result() []byte                                   { return []byte("{}") }
func (t orderTx) Submit(context.Context) (engine.Pending, error)   { return t, nil }
func (t orderTx) Status(context.Context) (string, uint64, error)   { return "VALID", 1, nil }

// The issuer change sends the rotations, then (after the down time) the
// key revocations, the status updates, the accumulator revocations and
// the epoch raises, and keeps the ID of each VALID one for the ordering.
func TestIssuerChangeRun(t *testing.T) {
	var names []string
	ic := &issuerChange{owner: orderClient{&names},
		txs:    [][]engine.Tx{{{Name: "RotateIssuerKey"}, {Name: "RevokeIssuerKey"}}, {{Name: "RotateIssuerKey"}, {Name: "RevokeIssuerKey"}}},
		status: []*engine.Tx{nil, {Name: "UpdateStatusList"}},
		acc:    []*engine.Tx{nil, {Name: "RevokeHandle"}},
		epoch:  []*engine.Tx{nil, {Name: "SetIssuerEpoch"}},
	}
	steps := ic.run(context.Background(), 0, 0)
	want := "[RotateIssuerKey RotateIssuerKey RevokeIssuerKey RevokeIssuerKey UpdateStatusList RevokeHandle SetIssuerEpoch]"
	if fmt.Sprint(names) != want || len(steps) != 7 {
		t.Fatalf("sent %v (%d steps), want %s", names, len(steps), want)
	}
	for _, s := range steps {
		if s.Error != "" {
			t.Errorf("step %s: %s", s.Command, s.Error)
		}
	}
	if ic.updates[1] != "tx5-UpdateStatusList" || ic.accRevocations[1] != "tx6-RevokeHandle" || ic.epochRaises[1] != "tx7-SetIssuerEpoch" ||
		ic.accRevocations[0] != "" || ic.accSent.IsZero() || ic.epochSent.Before(ic.accSent) {
		t.Errorf("updates %q, acc %q (sent %v), epoch %q (sent %v)", ic.updates, ic.accRevocations, ic.accSent, ic.epochRaises, ic.epochSent)
	}
}

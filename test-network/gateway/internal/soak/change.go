// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/account"
)

// issuerChange is the issuer-change fault of the mix (loadgen -mix): for
// each scheme, its rotating issuer's owner (the first client) rotates it
// to key version 2 (RotateIssuerKey), and after the down time, while the
// load still sends proofs under version 1, revokes version 1
// (RevokeIssuerKey). Its transactions must commit VALID; their IDs are
// what the accounting orders the old-key and new-key records against.
type issuerChange struct {
	owner engine.Client
	// txs are each scheme's issuer-change.jsonl: [rotate, revoke].
	txs [][]engine.Tx
	// rotations and revocations are the IDs of each scheme's VALID
	// transactions ("" until then).
	rotations, revocations []string
	// status are each scheme's status-change.jsonl (UpdateStatusList of
	// the revocable credential's entry; nil for a scheme without), sent
	// after the revocations; updates the IDs of their VALID transactions.
	status  []*engine.Tx
	updates []string
	// acc are each scheme's acc-change.jsonl (RevokeHandle of the
	// accumulator holder whose presentations are in flight; nil for a
	// scheme without), sent after the status updates; accRevocations the
	// IDs of their VALID transactions, accSent when the first was sent.
	acc            []*engine.Tx
	accRevocations []string
	accSent        time.Time
	// epoch are each scheme's epoch-change.jsonl (SetIssuerEpoch raising
	// the epoch of the issuer whose proofs are in flight), sent after the
	// accumulator revocations; epochRaises the IDs of their VALID
	// transactions, epochSent when the first was sent.
	epoch       []*engine.Tx
	epochRaises []string
	epochSent   time.Time
	// updateSent is when the first status update was sent (zero: none).
	updateSent time.Time
}

// earlyRefusals are the status requests of the load (recs) that the
// chaincode refused as revoked (cause policy-not-satisfied) with an answer
// that came before the status update was even sent (sent; zero: never):
// their entry was clear, so they were refused wrongly (a credential the
// policy cannot read, say), and the run proves nothing about them.
func earlyRefusals(recs []engine.Record, sent time.Time) []string {
	var out []string
	when := "never"
	if !sent.IsZero() {
		when = sent.UTC().Format("15:04:05.0")
	}
	for _, r := range recs {
		if r.Class != account.ClassStatus || r.Outcome != engine.Rejected || r.Cause != "policy-not-satisfied" {
			continue
		}
		if at := r.Start.Add(r.Latency); sent.IsZero() || at.Before(sent) {
			out = append(out, fmt.Sprintf("status request %s refused at %s, before the status update was sent (%s): %s",
				r.TxID, at.UTC().Format("15:04:05.0"), when, truncate(r.Error, 200)))
		}
	}
	return out
}

// earlyAccRefusals are the acc-revoked requests of the load (recs) that the
// chaincode refused (a contract code) with an answer that came before the
// RevokeHandle was even sent (sent; zero: never): their holder was not
// revoked yet, so they were refused wrongly.
func earlyAccRefusals(recs []engine.Record, sent time.Time) []string {
	return earlyChangeRefusals(recs, account.ClassAccRevoked, "the revocation", sent)
}

// earlyEpochRefusals are the epoch-old requests refused before the epoch
// raise was sent: their epoch was still the current one.
func earlyEpochRefusals(recs []engine.Record, sent time.Time) []string {
	return earlyChangeRefusals(recs, account.ClassEpochOld, "the epoch raise", sent)
}

// earlyChangeRefusals are the requests of class refused by the contract (a
// contract code) with an answer that came before the change (what) that
// makes them invalid was sent (sent; zero: never).
func earlyChangeRefusals(recs []engine.Record, class, what string, sent time.Time) []string {
	var out []string
	when := "never"
	if !sent.IsZero() {
		when = sent.UTC().Format("15:04:05.0")
	}
	for _, r := range recs {
		if r.Class != class || r.Outcome != engine.Rejected || !contractRefusal(r.Cause) {
			continue
		}
		if at := r.Start.Add(r.Latency); sent.IsZero() || at.Before(sent) {
			out = append(out, fmt.Sprintf("%s request %s refused %s at %s, before %s was sent (%s): %s",
				class, r.TxID, r.Cause, at.UTC().Format("15:04:05.0"), what, when, truncate(r.Error, 200)))
		}
	}
	return out
}

// readStatusChanges reads the status-change.jsonl of each scheme dir (nil
// where there is none): one UpdateStatusList line.
func readStatusChanges(dirs []string) ([]*engine.Tx, error) {
	return readOneChange(dirs, "status-change.jsonl", "UpdateStatusList")
}

// readEpochChanges reads the epoch-change.jsonl of each scheme dir (nil
// where there is none): one SetIssuerEpoch line (loadgen epoch.go).
func readEpochChanges(dirs []string) ([]*engine.Tx, error) {
	return readOneChange(dirs, "epoch-change.jsonl", "SetIssuerEpoch")
}

// readAccChanges reads the acc-change.jsonl of each scheme dir (nil where
// there is none): one RevokeHandle line (loadgen acc.go).
func readAccChanges(dirs []string) ([]*engine.Tx, error) {
	return readOneChange(dirs, "acc-change.jsonl", "RevokeHandle")
}

// readOneChange reads file of each scheme dir (nil where there is none):
// one line of transaction name.
func readOneChange(dirs []string, file, name string) ([]*engine.Tx, error) {
	out := make([]*engine.Tx, len(dirs))
	for i, d := range dirs {
		path := filepath.Join(d, file)
		if _, err := os.Stat(path); os.IsNotExist(err) {
			continue
		}
		txs, err := engine.ReadTxsFile(path)
		if err != nil {
			return nil, err
		}
		if len(txs) != 1 || txs[0].Name != name {
			return nil, fmt.Errorf("%s: want one %s line", path, name)
		}
		out[i] = &txs[0]
	}
	return out, nil
}

// readIssuerChanges reads the issuer-change.jsonl of each scheme dir; nil
// when none has one (no mix), an error when only some have.
func readIssuerChanges(dirs []string) ([][]engine.Tx, error) {
	var out [][]engine.Tx
	for _, d := range dirs {
		path := filepath.Join(d, "issuer-change.jsonl")
		if _, err := os.Stat(path); err != nil {
			if os.IsNotExist(err) {
				out = append(out, nil)
				continue
			}
			return nil, err
		}
		txs, err := engine.ReadTxsFile(path)
		if err != nil {
			return nil, err
		}
		if len(txs) != 2 || txs[0].Name != "RotateIssuerKey" || txs[1].Name != "RevokeIssuerKey" {
			return nil, fmt.Errorf("%s: want a RotateIssuerKey and a RevokeIssuerKey line", path)
		}
		out = append(out, txs)
	}
	n := 0
	for _, t := range out {
		if t != nil {
			n++
		}
	}
	switch n {
	case 0:
		return nil, nil
	case len(out):
		return out, nil
	}
	return nil, fmt.Errorf("issuer-change.jsonl in %d of %d scheme dirs (loadgen -mix makes one in each)", n, len(out))
}

// run is the fault: the rotations, the down time, the revocations, the
// status updates.
func (ic *issuerChange) run(ctx context.Context, down time.Duration, timeout time.Duration) []step {
	ic.rotations, ic.revocations = make([]string, len(ic.txs)), make([]string, len(ic.txs))
	var steps []step
	submit := func(tx engine.Tx, into *string) {
		s := step{Command: tx.Name + " " + strings.Join(shortArgs(tx.Args), " "), Start: time.Now()}
		cfg := engine.Config{InFlight: 1, CallTimeout: timeout, Backoff: soakBackoff}
		recs, _ := engine.Run(ctx, cfg, []engine.Client{ic.owner}, []engine.Tx{tx})
		s.End = time.Now()
		if len(recs) == 1 {
			s.Output = recs[0].TxID
			if recs[0].Outcome == engine.Committed {
				*into = recs[0].TxID
			} else {
				s.Error = fmt.Sprintf("%s %s: %s", recs[0].Outcome, recs[0].Cause, truncate(recs[0].Error, 300))
			}
		} else {
			s.Error = "not sent"
		}
		steps = append(steps, s)
	}
	for i, t := range ic.txs {
		submit(t[0], &ic.rotations[i])
	}
	select {
	case <-time.After(down):
	case <-ctx.Done():
	}
	for i, t := range ic.txs {
		submit(t[1], &ic.revocations[i])
	}
	ic.updates = make([]string, len(ic.status))
	for i, t := range ic.status {
		if t != nil {
			if ic.updateSent.IsZero() {
				ic.updateSent = time.Now()
			}
			submit(*t, &ic.updates[i])
		}
	}
	ic.accRevocations = make([]string, len(ic.acc))
	for i, t := range ic.acc {
		if t != nil {
			if ic.accSent.IsZero() {
				ic.accSent = time.Now()
			}
			submit(*t, &ic.accRevocations[i])
		}
	}
	ic.epochRaises = make([]string, len(ic.epoch))
	for i, t := range ic.epoch {
		if t != nil {
			if ic.epochSent.IsZero() {
				ic.epochSent = time.Now()
			}
			submit(*t, &ic.epochRaises[i])
		}
	}
	return steps
}

// shortArgs are a transaction's arguments for the report: an issuer ID
// and a version as they are, a document as its "id" (or its start).
func shortArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.HasPrefix(a, "{") {
			if _, rest, ok := strings.Cut(a, `"id":"`); ok {
				id, _, _ := strings.Cut(rest, `"`)
				a = "{id " + id + "}"
			}
		}
		out[i] = truncate(a, 80)
	}
	return out
}

// orderChanges sets, on each old-key and new-key request, the revocation
// and rotation of its scheme that its records are ordered against, on
// each status request its scheme's status update, on each acc-revoked
// request its scheme's RevokeHandle and on each epoch-old request its
// scheme's SetIssuerEpoch ("(not
// committed)" when that change did not commit: the accounting then
// reports every record that needs it).
func orderChanges(p *plan, ic *issuerChange) {
	if ic == nil {
		return
	}
	for i := range p.reqs {
		s := p.scheme[i]
		if s >= len(ic.rotations) {
			continue
		}
		switch p.reqs[i].Class {
		case account.ClassOldKey:
			p.reqs[i].NotAfter = orNone(ic.revocations[s])
		case account.ClassNewKey:
			p.reqs[i].NotBefore = orNone(ic.rotations[s])
		case account.ClassStatus:
			if s < len(ic.updates) {
				p.reqs[i].NotAfter = orNone(ic.updates[s])
			} else {
				p.reqs[i].NotAfter = orNone("")
			}
		case account.ClassAccRevoked:
			if s < len(ic.accRevocations) {
				p.reqs[i].NotAfter = orNone(ic.accRevocations[s])
			} else {
				p.reqs[i].NotAfter = orNone("")
			}
		case account.ClassEpochOld:
			if s < len(ic.epochRaises) {
				p.reqs[i].NotAfter = orNone(ic.epochRaises[s])
			} else {
				p.reqs[i].NotAfter = orNone("")
			}
		}
	}
}

func orNone(txID string) string {
	if txID == "" {
		return "(not committed)"
	}
	return txID
}

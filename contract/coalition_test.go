// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"

	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/stretchr/testify/require"
)

// The tests of this file run the honest scenario of coalition_helpers_test.go
// (issuers, policies, epochs, a status list, a context, an accumulator
// with revocations, spends) on a three-organisation MAJORITY channel in
// mode "and", where Org2 and Org3 together, running other code, attack
// every owner transaction and every record. They use only the transaction
// surface and the ledger: the write set of a transaction is what the
// ledger's simulation of the owner's proposal writes.

// TestCoalitionScenario: the honest scenario commits step by step, and
// two peers of the channel (clones of one ledger) answer every query
// alike.
func TestCoalitionScenario(t *testing.T) {
	w := newCoWorld(t)
	ref := newCoReference(t, w)
	last := ref.snapshots[len(ref.snapshots)-1]
	peerB := last.clone()
	require.Equal(t, last.view(w), peerB.view(w))
	// The scenario is not vacuous: the revoked, withdrawn and listed
	// credentials are refused at the rich state, alice's current
	// presentation accepted.
	rich := ref.views[coRichSteps]
	for i, q := range w.queries {
		t.Logf("%s: %.300s", q.name, rich[i])
	}
}

// coFinish submits the steps from index from on and compares the final
// view with the reference's.
func coFinish(t *testing.T, w *coWorld, ref *coReference, r *coRun, from int) {
	t.Helper()
	for _, s := range w.steps[from:] {
		res := r.e.honest(s.who(r.e), s.fn, s.args...)
		if !res.Committed {
			t.Errorf("after the attack, step %q (%s) does not commit: %s %s", s.name, s.fn, res.Response.GetMessage(), res.ValidationDetail)
			return
		}
		r.txOf[s.name] = res.TxID
	}
	for _, d := range coViewDiff(w, ref.views[len(w.steps)], r.view(w), false) {
		t.Errorf("at the end of the scenario, %s", d)
	}
}

// coKinds lists the object types of keys, sorted, each once.
func coKinds(keys []string) string {
	seen := map[string]bool{}
	for _, k := range keys {
		seen[coObjectType(k)] = true
	}
	out := make([]string, 0, len(seen))
	for k := range seen { //bbs:maporder-ok sorted below
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// coResubmit proposes step s again (a new transaction ID) and orders it.
func coResubmit(r *coRun, s coStep) (*fakestub.Proposal, fakestub.Result) {
	p := r.e.propose(s.who(r.e), s.fn, s.args...)
	return p, r.e.ledger.Order(p)[0]
}

// coBlocking is the squatted keys among the writes of p (all of them if p
// was refused at endorsement, and has no write set).
func coBlocking(p *fakestub.Proposal, squatted []string) []string {
	if !p.Result.OK() {
		return squatted
	}
	in := map[string]bool{}
	for _, w := range p.Stub.Writes() {
		in[w.Key] = true
	}
	var out []string
	for _, k := range squatted {
		if in[k] {
			out = append(out, k)
		}
	}
	return out
}

// coValueFor is the value a rogue write of key w.Key carries: the owner's
// simulated value, else the committed one, else an empty object.
func coValueFor(l *fakestub.Ledger, w fakestub.Write) []byte {
	if !w.Delete && !w.PolicyOnly && len(w.Value) > 0 {
		return w.Value
	}
	if v := l.State(w.Key); v != nil {
		return v
	}
	return []byte(`{}`)
}

// TestCoalitionSquat: for every owner transaction, the coalition sees the
// pending proposal and first creates every key of its write set (except a
// root's own record, see TestCoalitionRoots) with a key-level policy
// nobody satisfies. The owner's pending transaction may then fail at
// commit; its resubmission (a new transaction ID) must commit, the reads
// must answer as in the honest run, and the rest of the scenario must
// commit. A failure lists the squatted key kinds that block the owner.
func TestCoalitionSquat(t *testing.T) {
	w := newCoWorld(t)
	ref := newCoReference(t, w)
	for i, s := range w.steps {
		if !s.owner {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			r := ref.snapshots[i].clone()
			p := r.e.propose(s.who(r.e), s.fn, s.args...)
			require.True(t, p.Result.OK(), p.Result.Response.GetMessage())
			var squatted []string
			for _, wr := range p.Stub.Writes() {
				if s.root != "" && coObjectType(wr.Key) == s.root {
					continue
				}
				res := r.e.rogue(fakestub.Write{Key: wr.Key, Value: coValueFor(r.e.ledger, wr), SetPolicy: true, Policy: coNobody})
				if res.Committed {
					squatted = append(squatted, wr.Key)
				}
			}
			t.Logf("squatted %d keys: %s", len(squatted), coKinds(squatted))
			res := r.e.ledger.Order(p)[0]
			if !res.Committed {
				var p2 *fakestub.Proposal
				p2, res = coResubmit(r, s)
				if !res.Committed {
					b := coBlocking(p2, squatted)
					t.Errorf("SQUAT BLOCKS %s: the owner's resubmission does not commit (%s %s); blocking keys of kinds %s: %v",
						s.fn, res.Response.GetMessage(), res.ValidationDetail, coKinds(b), coKeyTexts(b))
					return
				}
			}
			r.txOf[s.name] = res.TxID
			for _, d := range coViewDiff(w, ref.views[i+1], r.view(w), false) {
				t.Errorf("after the squat and the owner's transaction, %s", d)
			}
			coFinish(t, w, ref, r, i+1)
		})
	}
}

func coKeyTexts(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = coKeyText(k)
	}
	return out
}

// TestCoalitionTakeOver: for every owner transaction, the coalition first
// creates every key of the pending proposal's write set with the owner's
// simulated value and a key-level policy that the owner's honest
// all-organisation endorsement satisfies too (MAJORITY). The owner's
// transaction (or its resubmission, if the pending one fails MVCC) must
// commit; afterwards every rewrite, deletion or policy change of a key
// the owner wrote, by the coalition alone, must fail at commit, and the
// reads answer as in the honest run.
func TestCoalitionTakeOver(t *testing.T) {
	w := newCoWorld(t)
	ref := newCoReference(t, w)
	for i, s := range w.steps {
		if !s.owner {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			r := ref.snapshots[i].clone()
			p := r.e.propose(s.who(r.e), s.fn, s.args...)
			require.True(t, p.Result.OK(), p.Result.Response.GetMessage())
			var taken []string
			for _, wr := range p.Stub.Writes() {
				if wr.Delete || (s.root != "" && coObjectType(wr.Key) == s.root) {
					continue
				}
				res := r.e.rogue(fakestub.Write{Key: wr.Key, Value: coValueFor(r.e.ledger, wr), SetPolicy: true, Policy: coMajority})
				if res.Committed {
					taken = append(taken, wr.Key)
				}
			}
			t.Logf("created first %d keys: %s", len(taken), coKinds(taken))
			committed, res := p, r.e.ledger.Order(p)[0]
			if !res.Committed {
				committed, res = coResubmit(r, s)
				if !res.Committed {
					b := coBlocking(committed, taken)
					t.Errorf("TAKE-OVER BLOCKS %s: the owner's resubmission does not commit (%s %s); keys of kinds %s: %v",
						s.fn, res.Response.GetMessage(), res.ValidationDetail, coKinds(b), coKeyTexts(b))
					return
				}
			}
			r.txOf[s.name] = res.TxID
			for _, wr := range committed.Stub.Writes() {
				if wr.Delete {
					continue
				}
				for _, rw := range []struct {
					what string
					w    fakestub.Write
				}{
					{"rewrite", fakestub.Write{Key: wr.Key, Value: append(coValueFor(r.e.ledger, wr), ' ')}},
					{"deletion", fakestub.Write{Key: wr.Key, Delete: true}},
					{"policy change", fakestub.Write{Key: wr.Key, PolicyOnly: true, SetPolicy: true, Policy: coOrg2Policy}},
				} {
					c := r.clone()
					if res := c.e.rogue(rw.w); res.Committed {
						t.Errorf("TAKE-OVER of %s %s: the coalition's %s commits after the owner's %s", coObjectType(wr.Key), coKeyText(wr.Key), rw.what, s.fn)
					}
				}
			}
			for _, d := range coViewDiff(w, ref.views[i+1], r.view(w), false) {
				t.Errorf("after the take-over and the owner's transaction, %s", d)
			}
			coFinish(t, w, ref, r, i+1)
		})
	}
}

// TestCoalitionRoots: a root (an issuer ID, a policy ID) is first come,
// first served under the chaincode policy, so the coalition can take an
// ID first; but what it created is not believed as the owner's: whether
// it created the root record with a policy nobody satisfies or with
// MAJORITY and the owner's simulated content, either the owner's
// transaction commits and the reads answer as in the honest run, or the
// owner's transaction fails and the root reads as absent or untrusted;
// never as the owner's record with the coalition's content. Other keys of
// the transaction (a public key's index entry) must not block the owner:
// TestCoalitionSquat.
func TestCoalitionRoots(t *testing.T) {
	w := newCoWorld(t)
	ref := newCoReference(t, w)
	for i, s := range w.steps {
		if s.root == "" {
			continue
		}
		for _, v := range []struct {
			name   string
			policy []byte
		}{{"nobody", coNobody}, {"majority", coMajority}} {
			t.Run(s.name+"/"+v.name, func(t *testing.T) {
				r := ref.snapshots[i].clone()
				p := r.e.propose(s.who(r.e), s.fn, s.args...)
				require.True(t, p.Result.OK(), p.Result.Response.GetMessage())
				var root []string
				for _, wr := range p.Stub.Writes() {
					if coObjectType(wr.Key) == s.root {
						res := r.e.rogue(fakestub.Write{Key: wr.Key, Value: coValueFor(r.e.ledger, wr), SetPolicy: true, Policy: v.policy})
						require.True(t, res.Committed, res.ValidationDetail)
						root = append(root, wr.Key)
					}
				}
				require.NotEmpty(t, root, "the step writes no %s record", s.root)
				res := r.e.ledger.Order(p)[0]
				if !res.Committed {
					_, res = coResubmit(r, s)
				}
				got := r.view(w)
				if res.Committed {
					r.txOf[s.name] = res.TxID
					for _, d := range coViewDiff(w, ref.views[i+1], got, false) {
						t.Errorf("the owner's %s committed over the coalition's root, but %s", s.fn, d)
					}
					return
				}
				t.Logf("P6: the owner's %s does not commit: %s %s", s.fn, res.Response.GetMessage(), res.ValidationDetail)
				for _, d := range coViewDiff(w, ref.views[i], got, true) {
					t.Errorf("ROOT %s taken by the coalition changes an answer (neither as before nor untrusted): %s", s.root, d)
				}
			})
		}
	}
}

// coRewrites are the coalition's writes of an existing key: rollbacks to
// its earlier values, another record's value of the same kind, garbage, a
// deletion, and changes of its key-level policy alone.
func coRewrites(l *fakestub.Ledger, key string, keys []string) []struct {
	what string
	w    fakestub.Write
} {
	type rw = struct {
		what string
		w    fakestub.Write
	}
	cur := l.State(key)
	var out []rw
	if !coSpendTypes[coObjectType(key)] {
		h := l.History(fakestub.DefaultNamespace, key)
		seen := map[string]bool{string(cur): true}
		for j := len(h) - 1; j >= 0 && len(out) < 2; j-- {
			if h[j].IsDelete || seen[string(h[j].Value)] {
				continue
			}
			seen[string(h[j].Value)] = true
			out = append(out, rw{fmt.Sprintf("rollback to its value of transaction %d", j), fakestub.Write{Key: key, Value: h[j].Value}})
		}
		for _, k := range keys {
			if k != key && coObjectType(k) == coObjectType(key) && !seen[string(l.State(k))] {
				out = append(out, rw{"value of " + coKeyText(k), fakestub.Write{Key: key, Value: l.State(k)}})
				break
			}
		}
		out = append(out,
			rw{"garbage", fakestub.Write{Key: key, Value: []byte(`{}`)}},
			rw{"deletion", fakestub.Write{Key: key, Delete: true}},
			rw{"policy removed", fakestub.Write{Key: key, PolicyOnly: true, SetPolicy: true}},
		)
	}
	out = append(out,
		rw{"policy set to Org2's", fakestub.Write{Key: key, PolicyOnly: true, SetPolicy: true, Policy: coOrg2Policy}},
		rw{"same value, policy MAJORITY", fakestub.Write{Key: key, Value: cur, SetPolicy: true, Policy: coMajority}},
	)
	return out
}

// TestCoalitionRewrite: at the rich state of the scenario (every kind of
// record exists: issuers, policies, an epoch, a status list with set
// bits, a context, an accumulator with revocations, verification
// records, nonces, pseudonym uses), the coalition coRewrites each key in
// turn (rollbacks, another record's value, garbage, a deletion, a policy
// change); either the commit fails, or every query and verification
// answers as before or refuses with BBS_UNTRUSTED_RECORD. Spend records
// belong to no organisation: their coRewrites without a policy are
// inherent (the trust model documents them) and not tried; one that
// gives them a key-level policy must not be believed.
func TestCoalitionRewrite(t *testing.T) {
	w := newCoWorld(t)
	ref := newCoReference(t, w)
	base, want := ref.snapshots[coRichSteps], ref.views[coRichSteps]
	keys := base.e.ledger.Keys()
	committed := map[string][]string{}
	for _, key := range keys {
		for _, m := range coRewrites(base.e.ledger, key, keys) {
			c := base.clone()
			res := c.e.rogue(m.w)
			if !res.Committed {
				continue
			}
			kind := coObjectType(key)
			committed[kind] = append(committed[kind], m.what)
			for _, d := range coViewDiff(w, want, c.view(w), true) {
				t.Errorf("REWRITE of %s %s (%s) changes an answer (neither as before nor untrusted): %s", kind, coKeyText(key), m.what, d)
			}
		}
	}
	for _, k := range coSortedKeys(committed) {
		t.Logf("the coalition's writes of %s commit: %s", k, strings.Join(committed[k], "; "))
	}
}

func coSortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m { //bbs:maporder-ok sorted below
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestCoalitionPreCreate: before the owner first writes a child record
// (the epoch, a status list, a context, the accumulator), the coalition
// creates each key of the pending proposal's write set with exactly the
// key-level policy the owner's transaction sets and false content (what
// another honest history would have written there). Before the owner's
// write, every read answers as before or refuses with
// BBS_UNTRUSTED_RECORD; the owner's transaction (or its resubmission)
// commits, and then every read answers as in the honest run.
func TestCoalitionPreCreate(t *testing.T) {
	w := newCoWorld(t)
	ref := newCoReference(t, w)
	otherAsk := coOtherAccumulator(t)
	twins := map[string][][]string{
		"epoch 5":     {{"SetIssuerEpoch", "acme", "1"}},
		"status list": {{"CreateStatusList", "acme", "revocation", "revocation", "8192"}, {"UpdateStatusList", "acme", "revocation", `{"set":[13]}`}},
		"context":     {{"RegisterContext", "windsurf", windCtxURL, `{"@context":{"@vocab":"https://evil.example/terms#"}}`}},
		"accumulator": {{"SetAccumulator", "acme", otherAsk[0], otherAsk[1], "2"}},
	}
	for i, s := range w.steps {
		twin, ok := twins[s.name]
		if !ok {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			r := ref.snapshots[i].clone()
			p := r.e.propose(s.who(r.e), s.fn, s.args...)
			require.True(t, p.Result.OK(), p.Result.Response.GetMessage())
			// The false content: the twin history's records, by kind
			// in key order.
			tw := ref.snapshots[i].clone()
			for _, args := range twin {
				res := tw.e.honest(tw.e.alice, args[0], args[1:]...)
				require.True(t, res.Committed, "twin %v: %s", args, res.Response.GetMessage())
			}
			falseOf := map[string][][]byte{}
			for _, k := range tw.e.ledger.Keys() {
				if string(tw.e.ledger.State(k)) != string(r.e.ledger.State(k)) {
					falseOf[coObjectType(k)] = append(falseOf[coObjectType(k)], tw.e.ledger.State(k))
				}
			}
			used := map[string]int{}
			var created []string
			for _, wr := range p.Stub.Writes() {
				kind := coObjectType(wr.Key)
				if r.e.ledger.State(wr.Key) != nil || used[kind] >= len(falseOf[kind]) || wr.Delete {
					continue
				}
				v := falseOf[kind][used[kind]]
				used[kind]++
				pw := fakestub.Write{Key: wr.Key, Value: v, SetPolicy: wr.SetPolicy, Policy: wr.Policy}
				if res := r.e.rogue(pw); res.Committed {
					created = append(created, wr.Key)
				}
			}
			t.Logf("pre-created %d keys with the owner's policy: %s", len(created), coKinds(created))
			for _, d := range coViewDiff(w, ref.views[i], r.view(w), true) {
				t.Errorf("PRE-CREATED records change an answer before the owner's %s (neither as before nor untrusted): %s", s.fn, d)
			}
			res := r.e.ledger.Order(p)[0]
			if !res.Committed {
				var p2 *fakestub.Proposal
				p2, res = coResubmit(r, s)
				if !res.Committed {
					b := coBlocking(p2, created)
					t.Errorf("PRE-CREATE BLOCKS %s: the owner's resubmission does not commit (%s %s); keys of kinds %s",
						s.fn, res.Response.GetMessage(), res.ValidationDetail, coKinds(b))
					return
				}
			}
			r.txOf[s.name] = res.TxID
			for _, d := range coViewDiff(w, ref.views[i+1], r.view(w), false) {
				t.Errorf("PRE-CREATED records change an answer after the owner's %s: %s", s.fn, d)
			}
			coFinish(t, w, ref, r, i+1)
		})
	}
}

// coOtherAccumulator is another accumulator's public key and initial
// value (base64), for false content.
func coOtherAccumulator(t *testing.T) [2]string {
	t.Helper()
	ask, v0, err := revocation.GenerateKey(rand.NewChaCha8([32]byte{99}))
	require.NoError(t, err)
	return [2]string{enc64(ask.PublicKey().Bytes()), enc64(v0)}
}

// coConfigOf is the endorsement configuration GetEndorsementConfig answers,
// mode and orgs.
func coConfigOf(t *testing.T, r *coRun) string {
	t.Helper()
	res := r.e.ledger.Evaluate(r.e.cc, r.e.bob.Creator, Name+":GetEndorsementConfig")
	require.True(t, res.OK(), res.Response.GetMessage())
	cfg := decode[endorsement.EndorsementConfig](t, res)
	return cfg.Mode + " " + strings.Join(cfg.Orgs, ",")
}

// coIssuerPolicy is the key-level policy of issuer id's record.
func coIssuerPolicy(r *coRun, id string) []byte {
	return r.e.ledger.ValidationParameter("\x00" + issuers.IssuerObjectType + "\x00" + id + "\x00")
}

// TestCoalitionEndorsementConfig: the endorsement configuration changes
// only when an admin of each configured organisation approves the exact
// new configuration: an ordinary client of a configured organisation, or
// one organisation's admin alone, does not change it (records created
// afterwards still get the all-organisation policy); the coalition's
// admins approving and its peers writing what Org1's admin's approval
// would write do not change it either; all three admins do.
func TestCoalitionEndorsementConfig(t *testing.T) {
	w := newCoWorld(t)
	ref := newCoReference(t, w)
	base := ref.snapshots[coRichSteps]
	before := coConfigOf(t, base)
	require.Equal(t, "and Org1MSP,Org2MSP,Org3MSP", before)
	const lowered = `{"mode":"owner","orgs":["Org1MSP"]}`
	const dropOrg3 = `{"mode":"and","orgs":["Org1MSP","Org2MSP"]}`
	k := newKeyPair(t, w.acme.scheme, 61)

	requireUnchanged := func(t *testing.T, r *coRun, what string) {
		t.Helper()
		if got := coConfigOf(t, r); got != before {
			t.Errorf("CONFIG changed by %s: %s (was %s)", what, got, before)
		}
		res := r.e.honest(r.e.alice, "RegisterIssuer", registrationDoc(t, r.e.alice, "late", k, ""))
		require.True(t, res.Committed, res.Response.GetMessage())
		if got, want := coIssuerPolicy(r, "late"), coIssuerPolicy(r, "acme"); string(got) != string(want) {
			t.Errorf("CONFIG: after %s, a new issuer's record does not carry the all-organisation policy", what)
		}
	}

	t.Run("ordinary client", func(t *testing.T) {
		r := base.clone()
		res := r.e.honest(r.e.alice, "SetEndorsementConfig", lowered)
		t.Logf("alice's SetEndorsementConfig: committed %v %s", res.Committed, res.Response.GetMessage())
		requireUnchanged(t, r, "an ordinary client of Org1")
	})
	t.Run("one admin", func(t *testing.T) {
		r := base.clone()
		res := r.e.honest(r.e.admin1, "SetEndorsementConfig", lowered)
		t.Logf("admin1's SetEndorsementConfig: committed %v %s", res.Committed, res.Response.GetMessage())
		requireUnchanged(t, r, "Org1's admin alone")
	})
	t.Run("coalition forges Org1's approval", func(t *testing.T) {
		r := base.clone()
		for _, who := range []*fakeid.Identity{r.e.admin2, r.e.admin3} {
			res := r.e.honest(who, "SetEndorsementConfig", dropOrg3)
			t.Logf("%s's approval: committed %v %s", who.MSPID, res.Committed, res.Response.GetMessage())
		}
		if coConfigOf(t, r) != before {
			t.Errorf("CONFIG changed by the approvals of Org2's and Org3's admins alone: %s", coConfigOf(t, r))
			return
		}
		// What Org1's admin's approval would write, written by the
		// coalition's peers.
		p := r.clone().e.propose(r.e.admin1, "SetEndorsementConfig", dropOrg3)
		if p.Result.OK() {
			for _, wr := range p.Stub.Writes() {
				res := r.e.rogue(wr)
				if res.Committed {
					t.Logf("the coalition's copy of Org1's write of %s commits", coKeyText(wr.Key))
				}
			}
		}
		requireUnchanged(t, r, "a forged approval of Org1")
	})
	t.Run("every admin", func(t *testing.T) {
		r := base.clone()
		for _, who := range []*fakeid.Identity{r.e.admin1, r.e.admin2, r.e.admin3} {
			res := r.e.honest(who, "SetEndorsementConfig", dropOrg3)
			t.Logf("%s's approval: committed %v %s", who.MSPID, res.Committed, res.Response.GetMessage())
		}
		require.Equal(t, "and Org1MSP,Org2MSP", coConfigOf(t, r))
	})
}

// TestCoalitionTwoPeers: on attacked ledgers (a squat pending, a
// take-over, a spend record given a policy, a removal record rewritten),
// two peers of the channel (two copies of the ledger) give the same
// answer to every query, and one peer gives one answer run after run.
func TestCoalitionTwoPeers(t *testing.T) {
	w := newCoWorld(t)
	ref := newCoReference(t, w)
	var attacked []*coRun
	for i, s := range w.steps {
		switch s.name {
		case "epoch 6", "revoke carol and dave":
			r := ref.snapshots[i].clone()
			p := r.e.propose(s.who(r.e), s.fn, s.args...)
			for _, wr := range p.Stub.Writes() {
				r.e.rogue(fakestub.Write{Key: wr.Key, Value: coValueFor(r.e.ledger, wr), SetPolicy: true, Policy: coNobody})
			}
			r.e.ledger.Order(p)
			attacked = append(attacked, r)
		case "status list":
			r := ref.snapshots[i].clone()
			p := r.e.propose(s.who(r.e), s.fn, s.args...)
			for _, wr := range p.Stub.Writes() {
				r.e.rogue(fakestub.Write{Key: wr.Key, Value: coValueFor(r.e.ledger, wr), SetPolicy: true, Policy: coMajority})
			}
			if !r.e.ledger.Order(p)[0].Committed {
				coResubmit(r, s)
			}
			attacked = append(attacked, r)
		}
	}
	rich := ref.snapshots[coRichSteps]
	for _, key := range rich.e.ledger.Keys() {
		for _, m := range coRewrites(rich.e.ledger, key, nil) {
			if kind := coObjectType(key); (coSpendTypes[kind] && m.what == "policy set to Org2's") || (kind == "bbs.accumulator.removal" && m.what == "garbage") {
				r := rich.clone()
				if r.e.rogue(m.w).Committed {
					attacked = append(attacked, r)
				}
				break
			}
		}
	}
	require.NotEmpty(t, attacked)
	for n, a := range attacked {
		b := a.clone()
		va, vb := a.view(w), b.view(w)
		for i := range va {
			require.Equal(t, va[i], vb[i], "attacked ledger %d, query %s: two peers answer differently", n, w.queries[i].name)
		}
		oneanswer.Check(t, 2, func() string { return strings.Join(a.view(w), "\n") })
	}
}

// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/x509/pkix"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

var bothOrgs = []string{"Org1MSP", "Org2MSP"}

const (
	andBoth   = `{"mode":"and","orgs":["Org1MSP","Org2MSP"]}`
	ownerBoth = `{"mode":"owner","orgs":["Org1MSP","Org2MSP"]}`
)

// nodeOUAdmin2 is an admin of Org2MSP by its certificate's NodeOU
// (OU=admin, as cryptogen's Admin@ certificates), without bbs.admin.
var nodeOUAdmin2 *fakeid.Identity

func (e *env) nodeOUAdmin2() *fakeid.Identity {
	if nodeOUAdmin2 == nil {
		nodeOUAdmin2 = e.org2.Enroll(e.t, pkix.Name{OrganizationalUnit: []string{base.NodeOUAdmin}, CommonName: "Admin@org2.example.com"}, nil)
	}
	return nodeOUAdmin2
}

// approve submits SetEndorsementConfig(config) as who, endorsed by peers
// of endorsers.
func (e *env) approve(who *fakeid.Identity, endorsers []string, config string) fakestub.Result {
	e.t.Helper()
	return e.submitAs(endorsers, who, "SetEndorsementConfig", config)
}

func (e *env) config() endorsement.EndorsementConfig {
	e.t.Helper()
	return decode[endorsement.EndorsementConfig](e.t, e.evaluate(e.bob, "GetEndorsementConfig"))
}

func (e *env) approvals() endorsement.EndorsementApprovals {
	e.t.Helper()
	return decode[endorsement.EndorsementApprovals](e.t, e.evaluate(e.bob, "GetEndorsementApprovals"))
}

// storedConfig reads the stored configuration as the records layer does.
func (e *env) storedConfig() *records.StoredConfig {
	e.t.Helper()
	sc, err := records.ReadConfig(e.ledger.NewStub(nil))
	require.NoError(e.t, err)
	return sc
}

func digestOf(t *testing.T, config string) string {
	t.Helper()
	c, err := endorsement.ParseConfig(config)
	require.NoError(t, err)
	return endorsement.ConfigDigest(c)
}

// TestEndorsementChangeNeedsEveryAdmin: a change of the configuration
// (newEnv's: mode owner, both organisations) applies only when an admin of
// each configured organisation approved the same configuration, in either
// order; an ordinary client is refused and writes nothing; an admin alone
// records an approval and changes nothing; the last approval needs a peer
// of each organisation.
func TestEndorsementChangeNeedsEveryAdmin(t *testing.T) {
	for _, order := range []string{"Org1 first", "Org2 first"} {
		t.Run(order, func(t *testing.T) {
			e := newEnv(t)
			e.ledger.ChaincodePolicy = fakestub.MSPPolicy(1, bothOrgs...) // an OR channel
			before := e.config()
			keys := e.ledger.Keys()
			for _, who := range []*fakeid.Identity{e.alice, e.bob, e.notAdmin1} {
				requireFailure(t, e.approve(who, bothOrgs, andBoth), "BBS_ACCESS_DENIED", "not an admin of MSP Org1MSP")
			}
			require.Equal(t, keys, e.ledger.Keys())

			type step struct {
				who *fakeid.Identity
				org string
			}
			steps := []step{{e.admin1, "Org1MSP"}, {e.nodeOUAdmin2(), "Org2MSP"}}
			if order == "Org2 first" {
				steps[0], steps[1] = steps[1], steps[0]
			}
			first, last := steps[0], steps[1]

			// The first approval: its organisation's peer alone suffices.
			r := e.approve(first.who, []string{first.org}, andBoth)
			require.True(t, r.Committed, r.Response.GetMessage(), r.ValidationDetail)
			require.Equal(t, before, decode[endorsement.EndorsementConfig](t, r))
			require.Equal(t, before, e.config())
			a := e.approvals()
			require.Equal(t, 0, a.Generation)
			require.Len(t, a.Approvals, 2)
			for _, ap := range a.Approvals {
				if ap.MSPID == first.org {
					require.Equal(t, endorsement.EndorsementApproval{MSPID: first.org, Generation: 0, ConfigSHA256: digestOf(t, andBoth),
						TxID: r.TxID, Submitter: submitterID(t, first.who), Current: true}, ap)
				} else {
					require.False(t, ap.Current)
					require.Empty(t, ap.ConfigSHA256)
				}
			}
			// Approving again changes nothing.
			require.True(t, e.approve(first.who, []string{first.org}, andBoth).Committed)
			require.Equal(t, before, e.config())

			// The last approval applies it; it needs a peer of each.
			r = e.approve(last.who, []string{last.org}, andBoth)
			require.True(t, r.OK(), r.Response.GetMessage())
			require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation)
			require.Equal(t, before, e.config())
			r = e.approve(last.who, bothOrgs, andBoth)
			require.True(t, r.Committed, r.ValidationDetail)
			want := endorsement.EndorsementConfig{Mode: "and", Orgs: bothOrgs, UpdatedAt: r.Timestamp, TxID: r.TxID}
			require.Equal(t, want, decode[endorsement.EndorsementConfig](t, r))
			require.Equal(t, want, e.config())

			sc := e.storedConfig()
			require.Equal(t, 1, sc.Generation)
			require.Equal(t, []records.Config{{Mode: "owner", Orgs: bothOrgs, TxID: before.TxID}}, sc.History)
			cfgs, err := records.Configs(e.ledger.NewStub(nil))
			require.NoError(t, err)
			require.Equal(t, []records.Config{{Mode: "and", Orgs: bothOrgs, TxID: r.TxID}, {Mode: "owner", Orgs: bothOrgs, TxID: before.TxID}}, cfgs)
			// Records written under the earlier configuration stay
			// believed: its owner policies are still accepted.
			pols, err := records.OwnerPolicies(e.ledger.NewStub(nil), "Org1MSP")
			require.NoError(t, err)
			require.Equal(t, [][]byte{fakestub.MSPPolicy(2, bothOrgs...), fakestub.MSPPolicy(1, "Org1MSP")}, pols)

			// The approvals are of the old generation now: none counts.
			a = e.approvals()
			require.Equal(t, 1, a.Generation)
			for _, ap := range a.Approvals {
				require.False(t, ap.Current, ap.MSPID)
			}
			// Going back needs both admins again.
			require.True(t, e.approve(e.admin1, bothOrgs, ownerBoth).Committed)
			require.Equal(t, "and", e.config().Mode)
			require.True(t, e.approve(e.admin2, bothOrgs, ownerBoth).Committed)
			require.Equal(t, "owner", e.config().Mode)
			sc = e.storedConfig()
			require.Equal(t, 2, sc.Generation)
			require.Equal(t, []records.Config{{Mode: "and", Orgs: bothOrgs, TxID: r.TxID}}, sc.History, "each earlier configuration once")
		})
	}
}

// submitterID is the identity ID the contract records for who.
func submitterID(t *testing.T, who *fakeid.Identity) string {
	t.Helper()
	e := newEnv(t)
	ctx := newTestContext(e.ledger.NewStub(who.Creator))
	sub, err := base.SubmitterOf(ctx)
	require.NoError(t, err)
	return sub.ID
}

// TestEndorsementApprovalsOfDifferentConfigs: approvals of different
// configurations, or of an earlier generation, do not add up.
func TestEndorsementApprovalsOfDifferentConfigs(t *testing.T) {
	e := newEnv(t)
	before := e.config()
	const and1 = `{"mode":"and","orgs":["Org1MSP"]}`
	require.True(t, e.approve(e.admin1, bothOrgs, andBoth).Committed)
	r := e.approve(e.admin2, bothOrgs, and1)
	require.True(t, r.Committed)
	require.Equal(t, before, decode[endorsement.EndorsementConfig](t, r))
	require.Equal(t, before, e.config())
	// Org1's admin changes its mind: its approval of and1 now matches.
	r = e.approve(e.admin1, bothOrgs, and1)
	require.True(t, r.Committed)
	require.Equal(t, endorsement.EndorsementConfig{Mode: "and", Orgs: []string{"Org1MSP"}, UpdatedAt: r.Timestamp, TxID: r.TxID}, e.config())
	// Submitting the current configuration writes nothing.
	r = e.approve(e.admin1, []string{"Org1MSP"}, and1)
	require.True(t, r.Committed)
	require.Zero(t, r.Writes)
	// Org2, no longer configured, cannot approve.
	requireFailure(t, e.approve(e.admin2, bothOrgs, andBoth), "BBS_ACCESS_DENIED", "names [Org1MSP]")
	// Org1's admin adds Org2 back alone: Org2 gets a new slot.
	r = e.approve(e.admin1, []string{"Org1MSP"}, andBoth)
	require.True(t, r.Committed, r.ValidationDetail)
	require.Equal(t, "and", e.config().Mode)
	sc := e.storedConfig()
	require.Equal(t, r.TxID, sc.Slots["Org2MSP"])
	require.Equal(t, before.TxID, sc.Slots["Org1MSP"])
	slot := approvalKey(t, e, "Org2MSP", r.TxID)
	require.Equal(t, fakestub.MSPPolicy(1, "Org2MSP"), e.ledger.ValidationParameter(slot))
	require.JSONEq(t, `{"generation":2,"configSha256":"","txId":"`+r.TxID+`","submitter":""}`, string(e.ledger.State(slot)))
}

// TestEndorsementApprovalsInOneBlock: two admins' approvals in one block
// both read the state before it: neither sees the other, the later fails
// MVCC on the slot the earlier wrote, and a resubmission applies the
// change.
func TestEndorsementApprovalsInOneBlock(t *testing.T) {
	e := newEnv(t)
	before := e.config()
	rs := e.ledger.SubmitBlock(e.cc,
		fakestub.Tx{Creator: e.admin1.Creator, Args: []string{Name + ":SetEndorsementConfig", andBoth}, Endorsers: bothOrgs},
		fakestub.Tx{Creator: e.admin2.Creator, Args: []string{Name + ":SetEndorsementConfig", andBoth}, Endorsers: bothOrgs})
	require.True(t, rs[0].Committed)
	require.False(t, rs[1].Committed)
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[1].Validation)
	require.Equal(t, before, e.config())
	require.True(t, e.approve(e.admin2, bothOrgs, andBoth).Committed)
	require.Equal(t, "and", e.config().Mode)
}

// rogueWrite is a write of the code that peers running other code in
// bbs's namespace run (fakestub.Rogue): value at key and, if vp is set,
// key's key-level policy vp, checking nothing.
func rogueWrite(key, value string, vp []byte) fakestub.Write {
	return fakestub.Write{Key: key, Value: []byte(value), SetPolicy: vp != nil, Policy: vp}
}

// TestEndorsementCoalitionCannotApprove: on an OR channel, Org2 (the
// coalition: it satisfies the chaincode policy alone) runs other code.
// It cannot rewrite Org1's approval slot (fails at commit), nor the
// configuration; a slot it creates for Org1 under Org1's policy at another
// key is not the one the configuration names, so Org1's honest peer,
// endorsing Org2's admin's approval as peers do automatically, does not
// count it; and a slot rewritten around the contract with another policy
// is refused.
func TestEndorsementCoalitionCannotApprove(t *testing.T) {
	e := newEnv(t)
	e.ledger.ChaincodePolicy = fakestub.MSPPolicy(1, bothOrgs...)
	before := e.config()
	sc := e.storedConfig()
	forged := `{"generation":0,"configSha256":"` + digestOf(t, andBoth) + `","txId":"x","submitter":"x"}`
	org1Slot := approvalKey(t, e, "Org1MSP", sc.Slots["Org1MSP"])
	cfgKey := "\x00" + endorsement.EndorsementObjectType + "\x00"
	org1Policy := fakestub.MSPPolicy(1, "Org1MSP")

	// Rewriting Org1's slot, or the configuration, needs Org1's peer.
	for _, rogue := range []fakestub.Write{
		rogueWrite(org1Slot, forged, nil),
		rogueWrite(org1Slot, forged, fakestub.MSPPolicy(1, "Org2MSP")),
		rogueWrite(cfgKey, `{"mode":"owner","orgs":["Org2MSP"],"txId":"x","slots":{"Org2MSP":"x"}}`, fakestub.MSPPolicy(1, "Org2MSP")),
	} {
		r := e.ledger.SubmitWrites(fakestub.DefaultNamespace, []string{"Org2MSP"}, rogue)
		require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation, rogue.Key)
	}
	// A slot of its own making, under Org1's policy, at a key the
	// configuration does not name: created (a new key falls under the
	// chaincode policy), and ignored.
	fake := approvalKey(t, e, "Org1MSP", "coalition")
	r := e.ledger.SubmitWrites(fakestub.DefaultNamespace, []string{"Org2MSP"}, rogueWrite(fake, forged, org1Policy))
	require.True(t, r.Committed)
	r = e.approve(e.admin2, bothOrgs, andBoth)
	require.True(t, r.Committed, r.ValidationDetail)
	require.Equal(t, before, decode[endorsement.EndorsementConfig](t, r))
	require.Equal(t, before, e.config())

	// A slot whose key-level policy is not its organisation's alone
	// (here Org1's own peers, running other code, gave it Org2's) is not
	// believed: the change is refused with a clear code, not applied.
	r = e.ledger.SubmitWrites(fakestub.DefaultNamespace, []string{"Org1MSP"}, rogueWrite(org1Slot, forged, fakestub.MSPPolicy(1, "Org2MSP")))
	require.True(t, r.Committed, "Org1's own peer can rewrite its slot")
	requireFailure(t, e.approve(e.admin2, bothOrgs, andBoth), "BBS_UNTRUSTED_RECORD", "bbs.endorsement.approval")
	requireFailure(t, e.evaluate(e.bob, "GetEndorsementApprovals"), "BBS_UNTRUSTED_RECORD")
	require.Equal(t, before, e.config())
}

// legacyEnv is a channel whose endorsement configuration 0.2.0 stored:
// the configuration without generation, history or slots, under the
// policy of a peer of each of its organisations.
func legacyEnv(t *testing.T, config string) *env {
	t.Helper()
	e := unconfiguredEnv(t)
	var c endorsement.EndorsementConfig
	require.NoError(t, json.Unmarshal([]byte(config), &c))
	c.UpdatedAt, c.TxID = fakestub.DefaultStart, "legacy-tx"
	value, err := json.Marshal(c)
	require.NoError(t, err)
	key := "\x00" + endorsement.EndorsementObjectType + "\x00"
	r := e.ledger.SubmitWrites(fakestub.DefaultNamespace, c.Orgs, rogueWrite(key, string(value), fakestub.MSPPolicy(len(c.Orgs), c.Orgs...)))
	require.True(t, r.Committed)
	return e
}

// TestEndorsementLegacyMigration: a configuration stored by 0.2.0 has no
// slots. The first admin approval creates them, rewriting the
// configuration unchanged (so it needs a peer of each organisation); the
// change then applies as on a new channel.
func TestEndorsementLegacyMigration(t *testing.T) {
	e := legacyEnv(t, ownerBoth)
	before := e.config()
	require.Equal(t, endorsement.EndorsementConfig{Mode: "owner", Orgs: bothOrgs, UpdatedAt: fakestub.DefaultStart, TxID: "legacy-tx"}, before)
	a := e.approvals()
	require.Equal(t, endorsement.EndorsementApprovals{Config: before, Approvals: []endorsement.EndorsementApproval{}}, a)
	requireFailure(t, e.approve(e.alice, bothOrgs, andBoth), "BBS_ACCESS_DENIED")

	r := e.approve(e.admin1, []string{"Org1MSP"}, andBoth)
	require.True(t, r.OK(), r.Response.GetMessage())
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation, "the migration rewrites the configuration")
	r = e.approve(e.admin1, bothOrgs, andBoth)
	require.True(t, r.Committed, r.ValidationDetail)
	require.Equal(t, before, decode[endorsement.EndorsementConfig](t, r))
	require.Equal(t, before, e.config(), "unchanged, as GetEndorsementConfig shows it")
	sc := e.storedConfig()
	require.Equal(t, map[string]string{"Org1MSP": r.TxID, "Org2MSP": r.TxID}, sc.Slots)
	require.Zero(t, sc.Generation)
	for _, org := range bothOrgs {
		require.Equal(t, fakestub.MSPPolicy(1, org), e.ledger.ValidationParameter(approvalKey(t, e, org, r.TxID)))
	}
	a = e.approvals()
	require.Len(t, a.Approvals, 2)
	require.True(t, a.Approvals[0].Current)
	require.False(t, a.Approvals[1].Current)

	r = e.approve(e.admin2, bothOrgs, andBoth)
	require.True(t, r.Committed, r.ValidationDetail)
	require.Equal(t, "and", e.config().Mode)
	sc = e.storedConfig()
	require.Equal(t, 1, sc.Generation)
	require.Equal(t, []records.Config{{Mode: "owner", Orgs: bothOrgs, TxID: "legacy-tx"}}, sc.History)

	// A one-organisation legacy configuration migrates and changes in one
	// transaction of its admin.
	e = legacyEnv(t, `{"mode":"owner","orgs":["Org1MSP"]}`)
	r = e.approve(e.admin1, []string{"Org1MSP"}, `{"mode":"and","orgs":["Org1MSP"]}`)
	require.True(t, r.Committed, r.ValidationDetail)
	require.Equal(t, "and", e.config().Mode)
	require.Equal(t, 1, e.storedConfig().Generation)
}

// TestEndorsementHistoryBound: the stored configuration keeps each earlier
// configuration once, at most MaxEndorsementHistory of them; a change that
// would need one more is refused, and one back to an earlier one is not.
func TestEndorsementHistoryBound(t *testing.T) {
	e := unconfiguredEnv(t)
	// A configuration as the contract stores it after many changes:
	// Org1 alone, with MaxEndorsementHistory earlier ones.
	sc := records.StoredConfig{Mode: "owner", Orgs: []string{"Org1MSP"}, UpdatedAt: fakestub.DefaultStart, TxID: "now",
		Generation: endorsement.MaxEndorsementHistory, Slots: map[string]string{"Org1MSP": "genesis"}}
	for i := range endorsement.MaxEndorsementHistory {
		sc.History = append(sc.History, records.Config{Mode: "and", Orgs: []string{"Org1MSP", fmt.Sprintf("Org%dMSP", 900+i)}, TxID: fmt.Sprint(i)})
	}
	value, err := json.Marshal(sc)
	require.NoError(t, err)
	org1 := fakestub.MSPPolicy(1, "Org1MSP")
	for _, w := range []fakestub.Write{
		rogueWrite("\x00"+endorsement.EndorsementObjectType+"\x00", string(value), org1),
		rogueWrite(approvalKey(t, e, "Org1MSP", "genesis"), `{"generation":0,"configSha256":"","txId":"genesis","submitter":""}`, org1),
	} {
		require.True(t, e.ledger.SubmitWrites(fakestub.DefaultNamespace, []string{"Org1MSP"}, w).Committed)
	}

	r := e.approve(e.admin1, []string{"Org1MSP"}, `{"mode":"and","orgs":["Org1MSP"]}`)
	requireFailure(t, r, "BBS_INVALID_ARGUMENT", fmt.Sprintf("at most %d earlier configurations", endorsement.MaxEndorsementHistory))
	// Back to an earlier one: it leaves the history, the current one
	// enters it.
	back := fmt.Sprintf(`{"mode":"and","orgs":["Org1MSP","Org%dMSP"]}`, 905)
	r = e.approve(e.admin1, []string{"Org1MSP"}, back)
	require.True(t, r.Committed, r.Response.GetMessage())
	got := e.storedConfig()
	require.Equal(t, "and", got.Mode)
	require.Len(t, got.History, endorsement.MaxEndorsementHistory)
	require.Equal(t, records.Config{Mode: "owner", Orgs: []string{"Org1MSP"}, TxID: "now"}, got.History[endorsement.MaxEndorsementHistory-1])
	for _, h := range got.History {
		require.NotEqual(t, []string{"Org1MSP", "Org905MSP"}, h.Orgs)
	}
}

// TestEndorsementApprovalOneAnswer: the approval that applies a change
// gives the same answer on every run (as each endorsing peer must).
func TestEndorsementApprovalOneAnswer(t *testing.T) {
	e := newEnv(t)
	require.True(t, e.approve(e.admin1, bothOrgs, andBoth).Committed)
	e.ledger.Step = 0
	got := oneAnswer(t, 20, func() string {
		r := e.evaluate(e.admin2, "SetEndorsementConfig", andBoth)
		return answer(r) + fmt.Sprintf("\nwrites %d", r.Writes)
	})
	require.Contains(t, got, `"mode":"and"`)
	require.Contains(t, got, "writes 4", "its slot and the configuration, each with its policy")
}

// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// revEnv is a ledger with issuer "uni" (bbs-bls12381-sha256, owner alice)
// and policies over its credentials of five messages: a name, valid from,
// valid until, an epoch and a status index (revocationMessages).
type revEnv struct {
	*env
	key   *keyPair
	nonce int
}

func newRevEnv(t *testing.T) *revEnv {
	t.Helper()
	e := newEnv(t)
	s, err := bbs.SchemeByName("bbs-bls12381-sha256")
	require.NoError(t, err)
	k := newKeyPair(t, s, 31)
	require.True(t, e.register(e.alice, "uni", k, "").Committed)
	re := &revEnv{env: e, key: k}
	for _, p := range [][2]string{
		{"validity", `"validity":{"validFrom":1,"validUntil":2}`},
		{"epoch0", `"epoch":{"index":3}`},
		{"epoch1", `"epoch":{"index":3,"grace":1}`},
		{"status", `"status":{"index":4,"list":"revocation"}`},
	} {
		id, rule := p[0], p[1]
		r := e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`","issuers":[{"id":"uni"}],"messageCount":5,`+rule+`}`)
		require.True(t, r.Committed, r.Response.GetMessage())
	}
	return re
}

// credential signs the five messages with the given validity, epoch and
// status index.
func (e *revEnv) credential(from, until, epoch, index string) *credential {
	e.t.Helper()
	msgs := [][]byte{[]byte("name=Alice"), []byte(from), []byte(until), []byte(epoch), []byte(index)}
	sig, err := e.key.scheme.Sign(e.key.sk, nil, msgs)
	require.NoError(e.t, err)
	return &credential{key: e.key, messages: msgs, sig: sig}
}

// defaultCredential is valid in 2026, of epoch 5, with status index 12.
func (e *revEnv) defaultCredential() *credential {
	return e.credential("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "5", "12")
}

// request presents c disclosing messages 1 to 4 under policy p, with a
// fresh nonce.
func (e *revEnv) request(c *credential, p string) string {
	e.t.Helper()
	e.nonce++
	r := c.present(e.t, "uni", []byte(fmt.Sprintf("revocation test nonce %04d", e.nonce)), 1, 2, 3, 4)
	r.Policy = &request.PolicyRef{ID: p}
	return jsonArg(e.t, r)
}

// prove submits c under policy p as bob.
func (e *revEnv) prove(c *credential, p string) fakestub.Result {
	e.t.Helper()
	return e.submit(e.bob, "SubmitProof", e.request(c, p))
}

// requireAccepted checks that r committed a verification.
func requireAccepted(t *testing.T, r fakestub.Result) {
	t.Helper()
	require.True(t, r.Committed, "refused: %s %s", r.Response.GetMessage(), r.ValidationDetail)
}

func TestEpochRule(t *testing.T) {
	e := newRevEnv(t)
	c := e.defaultCredential()

	// No epoch published: the epoch rule is unmet, the others apply.
	requireFailure(t, e.prove(c, "epoch0"), base.ErrPolicyNotSatisfied.Error(), `issuer "uni" publishes no epoch`)
	requireAccepted(t, e.prove(c, "validity"))

	r := e.submit(e.alice, "SetIssuerEpoch", "uni", "5")
	requireAccepted(t, r)
	rec := decode[revstate.IssuerEpoch](t, r)
	require.Equal(t, revstate.IssuerEpoch{Issuer: "uni", Epoch: 5, Previous: -1, UpdatedAt: r.Timestamp.UTC(), TxID: r.TxID}, rec)
	require.Equal(t, revstate.EventEpochRaised, r.Event.GetEventName())
	require.JSONEq(t, string(r.Response.Payload), string(r.Event.GetPayload()))
	require.Equal(t, rec, decode[revstate.IssuerEpoch](t, e.evaluate(e.bob, "GetIssuerEpoch", "uni")))

	requireAccepted(t, e.prove(c, "epoch0"))
	requireAccepted(t, e.prove(c, "epoch1"))

	// The issuer raises the epoch: the credential of epoch 5 is refused
	// with grace 0, accepted within grace 1; one of epoch 6 is accepted.
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "uni", "6"))
	requireFailure(t, e.prove(c, "epoch0"), `the credential's epoch 5 is older than the 6 the policy accepts (issuer "uni" is at epoch 6, grace 0)`)
	requireAccepted(t, e.prove(c, "epoch1"))
	reissued := e.credential("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "6", "12")
	requireAccepted(t, e.prove(reissued, "epoch0"))

	requireAccepted(t, e.submit(e.admin1, "SetIssuerEpoch", "uni", "7")) // an Org1 admin acts for the owner
	requireFailure(t, e.prove(c, "epoch1"), "the credential's epoch 5 is older than the 6")
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", e.request(c, "epoch1")))
	require.False(t, res.Satisfied)
	require.Equal(t, "epoch", res.Unmet.Rule)
	require.Equal(t, 3, res.Unmet.Index)

	// Malformed epochs in the credential.
	for _, bad := range []string{"05", "-1", "five", "9007199254740992", ""} {
		requireFailure(t, e.prove(e.credential("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", bad, "12"), "epoch1"),
			"disclosed message 3 (the epoch)", "is not a canonical decimal number")
	}
}

func TestSetIssuerEpochRefused(t *testing.T) {
	e := newRevEnv(t)
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "uni", "3"))
	other := newKeyPair(t, bbs.BBSPlus2020(), 77)
	requireAccepted(t, e.register(e.admin2, "org2-issuer", other, ""))
	requireAccepted(t, e.submit(e.admin2, "SetIssuerEpoch", "org2-issuer", "1"))
	for _, tc := range []struct {
		who   string
		id    string
		epoch string
		want  []string
	}{
		{"alice", "uni", "3", []string{"invalid argument", "the epoch of issuer \"uni\" is 3; an epoch only rises"}},
		{"alice", "uni", "2", []string{"an epoch only rises (give a number above 3)"}},
		{"alice", "uni", "-1", []string{"epoch -1 is outside 0..9007199254740991"}},
		{"alice", "uni", "9007199254740992", []string{"epoch 9007199254740992 is outside"}},
		{"alice", "uni", "1e3", []string{""}},
		{"alice", "nobody", "4", []string{"not found"}},
		{"alice", "bad id", "4", []string{"issuer ID"}},
		{"bob", "uni", "4", []string{"access denied", "only the owner of issuer \"uni\""}},
		{"notAdmin1", "uni", "4", []string{"access denied"}},
		{"admin2", "uni", "4", []string{"access denied", "the submitter is of MSP Org2MSP"}}, // another issuer's owner
	} {
		t.Run(tc.who+" "+tc.id+" "+tc.epoch, func(t *testing.T) {
			id := map[string]*fakeid.Identity{"alice": e.alice, "bob": e.bob, "notAdmin1": e.notAdmin1, "admin2": e.admin2}[tc.who]
			requireFailure(t, e.submit(id, "SetIssuerEpoch", tc.id, tc.epoch), tc.want...)
		})
	}
	require.Equal(t, int64(3), decode[revstate.IssuerEpoch](t, e.evaluate(e.bob, "GetIssuerEpoch", "uni")).Epoch)
	requireFailure(t, e.evaluate(e.bob, "GetIssuerEpoch", "org3"), "not found")

	// A revoked issuer's epoch cannot change.
	requireAccepted(t, e.submit(e.alice, "RevokeIssuer", "uni"))
	requireFailure(t, e.submit(e.alice, "SetIssuerEpoch", "uni", "4"), "revoked")
}

// TestEpochAndStatusNeedTheOwnerOrg: once written, the epoch record and
// the status pages carry the owner's key-level policy: a change endorsed
// by another organisation's peers alone does not commit.
func TestEpochAndStatusNeedTheOwnerOrg(t *testing.T) {
	e := newRevEnv(t)
	e.ledger.ChaincodePolicy = fakestub.MSPPolicy(1, "Org1MSP", "Org2MSP")
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "uni", "1"))
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "uni", "revocation", "revocation", "8192"))
	for _, tc := range [][]string{{"SetIssuerEpoch", "uni", "2"}, {"UpdateStatusList", "uni", "revocation", `{"set":[1]}`}} {
		r := e.submitAs([]string{"Org2MSP"}, e.alice, tc[0], tc[1:]...)
		require.True(t, r.OK(), r.Response.GetMessage())
		require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation, tc[0])
		r = e.submitAs([]string{"Org1MSP"}, e.alice, tc[0], tc[1:]...)
		require.Equal(t, peer.TxValidationCode_VALID, r.Validation, r.ValidationDetail)
	}
	for _, key := range statusKeys(t, e.env) {
		require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(key), key)
	}
}

// statusKeys are the epoch and status-list keys of the ledger.
func statusKeys(t *testing.T, e *env) []string {
	var out []string
	for _, k := range e.ledger.Keys() {
		for _, ot := range []string{revstate.EpochObjectType, revstate.StatusListObjectType, records.StatusPage.ObjectType} {
			if strings.HasPrefix(k, "\x00"+ot+"\x00") {
				out = append(out, k)
			}
		}
	}
	require.NotEmpty(t, out)
	return out
}

func TestValidityRule(t *testing.T) {
	e := newRevEnv(t)
	c := e.credential("2026-03-01T00:00:00Z", "2026-03-31T23:59:59Z", "1", "1")
	e.ledger.Clock = time.Date(2026, 2, 28, 23, 59, 59, 0, time.UTC)
	requireFailure(t, e.prove(c, "validity"), "the credential is not valid yet: valid from 2026-03-01T00:00:00Z, the transaction time is 2026-02-28T23:59:59Z")
	e.ledger.Clock = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	requireAccepted(t, e.prove(c, "validity"))
	e.ledger.Clock = time.Date(2026, 3, 31, 23, 59, 59, 0, time.UTC)
	requireAccepted(t, e.prove(c, "validity"))
	requireFailure(t, e.prove(c, "validity"), "the credential has expired: valid until 2026-03-31T23:59:59Z, the transaction time is 2026-04-01T00:00:00Z")
	for _, bad := range []string{"2026-03-31T23:59:59+00:00", "2026-03-31", "1774994399"} {
		requireFailure(t, e.prove(e.credential("2026-03-01T00:00:00Z", bad, "1", "1"), "validity"),
			"disclosed message 2 (validUntil)", "is not a UTC time of the form YYYY-MM-DDTHH:MM:SSZ")
	}
}

func TestStatusList(t *testing.T) {
	e := newRevEnv(t)
	c := e.defaultCredential()                                                            // index 12
	other := e.credential("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "5", "13")      // index 13
	far := e.credential("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "5", "16383")     // page 1
	outside := e.credential("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "5", "16384") // beyond the list
	requireFailure(t, e.prove(c, "status"), `there is no status list "revocation" of issuer "uni"`)

	r := e.submit(e.alice, "CreateStatusList", "uni", "revocation", "revocation", "16384")
	requireAccepted(t, r)
	require.Equal(t, 8, r.Writes) // the issuer record (its directory names the list), the head and two pages, with their key-level policies
	head := decode[revstate.StatusList](t, r)
	require.Equal(t, revstate.StatusList{Issuer: "uni", List: "revocation", Purpose: "revocation", Size: 16384, PageBits: 8192, Pages: 2,
		CreatedAt: r.Timestamp.UTC(), TxID: r.TxID}, head)
	require.Equal(t, head, decode[revstate.StatusList](t, e.evaluate(e.bob, "GetStatusList", "uni", "revocation")))
	requireFailure(t, e.submit(e.alice, "CreateStatusList", "uni", "revocation", "revocation", "8192"), "already exists")

	requireAccepted(t, e.prove(c, "status"))
	requireAccepted(t, e.prove(far, "status"))
	requireFailure(t, e.prove(outside, "status"), `status index 16384 is outside the 16384 entries of the status list "revocation" of issuer "uni"`)

	// Revoke 12: one page rewritten; 12 is refused from the next
	// transaction, 13 and 16383 still verify.
	r = e.submit(e.alice, "UpdateStatusList", "uni", "revocation", `{"set":[12]}`)
	requireAccepted(t, r)
	require.Equal(t, 2, r.Writes) // the page and its key-level policy
	up := decode[revstate.StatusListUpdate](t, r)
	require.Equal(t, []int{12}, up.Set)
	require.Equal(t, []revstate.StatusPageVersion{{Page: 0, Version: 2}}, up.Pages)
	require.Equal(t, revstate.EventStatusListChanged, r.Event.GetEventName())
	requireFailure(t, e.prove(c, "status"), `policy "status" version 1 not satisfied: the credential is revoked: entry 12 of the status list "revocation" of issuer "uni" is set`)
	requireAccepted(t, e.prove(other, "status"))
	requireAccepted(t, e.prove(far, "status"))

	entry := decode[revstate.StatusEntry](t, e.evaluate(e.bob, "GetStatusEntry", "uni", "revocation", "12"))
	require.Equal(t, revstate.StatusEntry{Issuer: "uni", List: "revocation", Index: 12, Set: true, Page: 0, PageVersion: 2}, entry)
	require.False(t, decode[revstate.StatusEntry](t, e.evaluate(e.bob, "GetStatusEntry", "uni", "revocation", "13")).Set)
	page := decode[revstate.StatusPage](t, e.evaluate(e.bob, "GetStatusPage", "uni", "revocation", "0"))
	require.Len(t, page.Bits, 1024)
	require.Equal(t, byte(0x08), page.Bits[1]) // entry 12: byte 1, bit 7-4, W3C order
	require.Equal(t, 2, page.Version)

	// Two entries in two pages: two pages rewritten.
	r = e.submit(e.alice, "UpdateStatusList", "uni", "revocation", `{"set":[13,16383]}`)
	requireAccepted(t, r)
	require.Equal(t, 4, r.Writes)
	require.Equal(t, []revstate.StatusPageVersion{{Page: 0, Version: 3}, {Page: 1, Version: 2}}, decode[revstate.StatusListUpdate](t, r).Pages)
	requireFailure(t, e.prove(far, "status"), "entry 16383")

	// A revocation list never clears.
	requireFailure(t, e.submit(e.alice, "UpdateStatusList", "uni", "revocation", `{"clear":[12]}`), "a set entry stays set")
	requireFailure(t, e.submit(e.alice, "UpdateStatusList", "uni", "revocation", `{"set":[12]}`), "entry 12 of status list \"revocation\" of issuer \"uni\" is already set")
}

func TestSuspensionList(t *testing.T) {
	e := newRevEnv(t)
	r := e.submit(e.alice, "CreatePolicy", `{"id":"suspended","issuers":[{"id":"uni"}],"status":{"index":4,"list":"suspension"}}`)
	requireAccepted(t, r)
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "uni", "suspension", "suspension", "8192"))
	c := e.defaultCredential()
	requireAccepted(t, e.submit(e.alice, "UpdateStatusList", "uni", "suspension", `{"set":[12]}`))
	requireFailure(t, e.prove(c, "suspended"), "entry 12")
	requireFailure(t, e.submit(e.alice, "UpdateStatusList", "uni", "suspension", `{"clear":[13]}`), "entry 13 of status list \"suspension\" of issuer \"uni\" is not set")
	requireAccepted(t, e.submit(e.alice, "UpdateStatusList", "uni", "suspension", `{"clear":[12]}`))
	requireAccepted(t, e.prove(c, "suspended"))
}

// TestRevocationTakesEffectNextBlock: a proof endorsed against the state
// before a revocation that commits first in the same block is invalidated
// (MVCC): it read the page the revocation rewrote. A proof of another
// page's index in the same block commits.
func TestRevocationTakesEffectNextBlock(t *testing.T) {
	e := newRevEnv(t)
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "uni", "revocation", "revocation", "16384"))
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "uni", "5"))
	c := e.defaultCredential()
	far := e.credential("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "5", "9000")
	rs := e.ledger.SubmitBlock(e.cc,
		fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":UpdateStatusList", "uni", "revocation", `{"set":[12]}`}},
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitProof", e.request(c, "status")}},
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitProof", e.request(far, "status")}},
		fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":SetIssuerEpoch", "uni", "6"}},
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitProof", e.request(c, "epoch0")}},
	)
	require.True(t, rs[0].Committed)
	require.True(t, rs[1].OK(), "endorsed before the revocation committed")
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[1].Validation)
	require.True(t, rs[2].Committed, rs[2].ValidationDetail)
	require.True(t, rs[3].Committed)
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[4].Validation)
	requireFailure(t, e.prove(c, "status"), "is set")
	requireFailure(t, e.prove(c, "epoch0"), "older than the 6")
}

func TestStatusListRefused(t *testing.T) {
	e := newRevEnv(t)
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "uni", "revocation", "revocation", "8192"))
	requireAccepted(t, e.register(e.admin2, "org2-issuer", newKeyPair(t, bbs.BBSPlus2020(), 78), ""))
	requireAccepted(t, e.submit(e.admin2, "CreateStatusList", "org2-issuer", "revocation", "revocation", "8192"))
	before := map[string][]byte{}
	for _, k := range statusKeys(t, e.env) {
		before[k] = e.ledger.State(k)
	}
	for _, tc := range []struct {
		fn   string
		args []string
		want string
	}{
		{"CreateStatusList", []string{"uni", "l2", "revocation", "8191"}, "size 8191 is not a multiple of 8192 from 8192 to 1048576"},
		{"CreateStatusList", []string{"uni", "l2", "revocation", "0"}, "size 0"},
		{"CreateStatusList", []string{"uni", "l2", "revocation", "2097152"}, "size 2097152"},
		{"CreateStatusList", []string{"uni", "l2", "revoked", "8192"}, `purpose "revoked" is not "revocation" or "suspension"`},
		{"CreateStatusList", []string{"uni", "bad list", "revocation", "8192"}, "status list ID"},
		{"CreateStatusList", []string{"nobody", "l2", "revocation", "8192"}, "not found"},
		{"UpdateStatusList", []string{"uni", "revocation", `{}`}, "0 indices; give 1 to 64"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":[]}`}, "0 indices"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":[3,2]}`}, "set must be ascending without repeats (2 follows 3)"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":[2,2]}`}, "ascending without repeats"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":[-1]}`}, "set[0] is -1, outside 0..1048575"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":[8192]}`}, "index 8192 is outside the 8192 entries"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":[1],"set":[2]}`}, "duplicate"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":[1],"revoke":[2]}`}, "unknown field"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":null}`}, "set must not be null"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":[1]} {}`}, "must be one JSON object"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":["1"]}`}, "malformed"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":[1.5]}`}, "malformed"},
		{"UpdateStatusList", []string{"uni", "revocation", `[1]`}, "must be one JSON object"},
		{"UpdateStatusList", []string{"uni", "revocation", `{"set":[1],"clear":[1]}`}, "index 1 is both set and cleared"},
		{"UpdateStatusList", []string{"uni", "revocation", changeOf(65)}, "65 indices; give 1 to 64"},
		{"UpdateStatusList", []string{"uni", "nolist", `{"set":[1]}`}, "not found"},
		{"GetStatusPage", []string{"uni", "revocation", "1"}, "not found"},
		{"GetStatusPage", []string{"uni", "revocation", "128"}, "page 128 is outside 0..127"},
		{"GetStatusEntry", []string{"uni", "revocation", "8192"}, "index 8192 is outside"},
	} {
		t.Run(tc.fn+" "+strings.Join(tc.args, " "), func(t *testing.T) {
			requireFailure(t, e.submit(e.alice, tc.fn, tc.args...), tc.want)
		})
	}
	// Others than the owner.
	for _, who := range []struct {
		name string
		r    func(fn string, args ...string) fakestub.Result
	}{
		{"bob", func(fn string, args ...string) fakestub.Result { return e.submit(e.bob, fn, args...) }},
		{"notAdmin1", func(fn string, args ...string) fakestub.Result { return e.submit(e.notAdmin1, fn, args...) }},
		{"admin2, another issuer's owner", func(fn string, args ...string) fakestub.Result { return e.submit(e.admin2, fn, args...) }},
	} {
		requireFailure(t, who.r("UpdateStatusList", "uni", "revocation", `{"set":[1]}`), "access denied")
		requireFailure(t, who.r("CreateStatusList", "uni", "other", "revocation", "8192"), "access denied")
	}
	requireFailure(t, e.submit(e.alice, "UpdateStatusList", "org2-issuer", "revocation", `{"set":[1]}`), "access denied")
	for k, v := range before {
		require.Equal(t, v, e.ledger.State(k), k)
	}
}

func changeOf(n int) string {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	b, _ := json.Marshal(map[string][]int{"set": idx})
	return string(b)
}

// TestRevocationChangesRefusedThroughAnotherChaincode: the owner's epoch
// and status-list changes sent through a relay chaincode are refused and
// change nothing; verification under a revocation policy through the
// relay still works.
func TestRevocationChangesRefusedThroughAnotherChaincode(t *testing.T) {
	e, _, relay := deployedEnv(t)
	// allowedCallers does not open these transactions to the relay.
	requireAccepted(t, e.submit(e.alice, "SetIssuerSettings", "acme", `{"messageCounts":[5],"allowedCallers":["relay"]}`))
	for _, tc := range [][]string{
		{"SetIssuerEpoch", "acme", "1"},
		{"CreateStatusList", "acme", "revocation", "revocation", "8192"},
	} {
		r := e.viaRelay(relay, e.alice, tc[0], tc[1:]...)
		require.True(t, r.Committed)
		require.Contains(t, string(r.Response.Payload), "an owner-only transaction must invoke chaincode bbs itself", tc[0])
		require.Equal(t, 0, r.Writes, tc[0])
	}
	requireFailure(t, e.evaluate(e.bob, "GetIssuerEpoch", "acme"), "not found")
	requireFailure(t, e.evaluate(e.bob, "GetStatusList", "acme", "revocation"), "not found")
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "acme", "revocation", "revocation", "8192"))
	r := e.viaRelay(relay, e.alice, "UpdateStatusList", "acme", "revocation", `{"set":[1]}`)
	require.Contains(t, string(r.Response.Payload), "an owner-only transaction must invoke chaincode bbs itself")
	require.False(t, decode[revstate.StatusEntry](t, e.evaluate(e.bob, "GetStatusEntry", "acme", "revocation", "1")).Set)

	// The accumulator (level 3): SetAccumulator, RevokeHandle and
	// RevokeHandles through the relay are refused and write nothing.
	ask, v0, err := revocation.GenerateKey(mrand.NewChaCha8([32]byte{9}))
	require.NoError(t, err)
	pk, val := enc64(ask.PublicKey().Bytes()), enc64(v0)
	r = e.viaRelay(relay, e.alice, "SetAccumulator", "acme", pk, val, "2")
	require.Contains(t, string(r.Response.Payload), "an owner-only transaction must invoke chaincode bbs itself")
	require.Equal(t, 0, r.Writes)
	requireFailure(t, e.evaluate(e.bob, "GetAccumulator", "acme"), "not found")
	requireAccepted(t, e.submit(e.alice, "SetAccumulator", "acme", pk, val, "2"))
	y := sha256.Sum256([]byte("a handle"))
	y[0] = 0 // below the group order
	rem, err := ask.Remove(0, v0, y[:])
	require.NoError(t, err)
	batch, err := ask.RemoveBatch(0, v0, [][]byte{y[:]})
	require.NoError(t, err)
	for _, tc := range [][]string{
		{"RevokeHandle", "acme", enc64(rem.Bytes())},
		{"RevokeHandles", "acme", enc64(batch.Bytes())},
	} {
		r := e.viaRelay(relay, e.alice, tc[0], tc[1:]...)
		require.Contains(t, string(r.Response.Payload), "an owner-only transaction must invoke chaincode bbs itself", tc[0])
		require.Equal(t, 0, r.Writes, tc[0])
	}
	require.Equal(t, 0, decode[revstate.Accumulator](t, e.evaluate(e.bob, "GetAccumulator", "acme")).Version)
}

// TestRevocationOneAnswer: hostile requests under revocation policies,
// and hostile changes, get one answer on every run.
func TestRevocationOneAnswer(t *testing.T) {
	e := newRevEnv(t)
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "uni", "revocation", "revocation", "8192"))
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "uni", "9"))
	e.ledger.Step = 0
	bad := e.credential("2026-13-01T00:00:00Z", "x", "07", "8192")
	reqs := map[string]string{}
	for _, p := range []string{"validity", "epoch0", "epoch1", "status"} {
		reqs[p] = e.request(bad, p)
	}
	for _, p := range []string{"validity", "epoch0", "epoch1", "status"} {
		oneAnswer(t, 10, func() string { return answer(e.evaluate(e.bob, "VerifyProof", reqs[p])) })
		oneAnswer(t, 10, func() string { return answer(e.evaluate(e.bob, "SubmitProof", reqs[p])) })
	}
	oneAnswer(t, determinismRuns, func() string {
		return answer(e.evaluate(e.alice, "UpdateStatusList", "uni", "revocation", `{"clear":[9,3],"set":[-1,2,2],"x":1,"set":[]}`))
	})
	oneAnswer(t, determinismRuns, func() string {
		return answer(e.evaluate(e.alice, "UpdateStatusList", "uni", "revocation", `{"set":[1,2,3]}`))
	})
}

func FuzzParseStatusChange(f *testing.F) {
	for _, s := range []string{`{"set":[1,2]}`, `{"clear":[0]}`, `{"set":[1],"clear":[2]}`, `{}`, `{"set":[1],"set":[2]}`, `{"set":[1e2]}`, `null`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		set, clear, err := revstate.ParseStatusChange(s)
		if err != nil {
			if !strings.Contains(err.Error(), base.ErrInvalidArgument.Error()) {
				t.Fatalf("error without ErrInvalidArgument: %v", err)
			}
			return
		}
		if n := len(set) + len(clear); n < 1 || n > revstate.MaxStatusChanges {
			t.Fatalf("%d indices accepted", n)
		}
		for _, l := range [][]int{set, clear} {
			for i, v := range l {
				if v < 0 || v >= revstate.MaxStatusListSize || (i > 0 && v <= l[i-1]) {
					t.Fatalf("accepted %v", l)
				}
			}
		}
	})
}

// TestSubmitProofsRevocation: in a batch, a revoked credential is refused
// with the status rule's reason and recorded nothing, while the others
// are recorded, as one-by-one SubmitProof would do.
func TestSubmitProofsRevocation(t *testing.T) {
	e := newRevEnv(t)
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "uni", "revocation", "revocation", "8192"))
	requireAccepted(t, e.submit(e.alice, "UpdateStatusList", "uni", "revocation", `{"set":[12]}`))
	revoked := e.defaultCredential()
	fine := e.credential("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "5", "13")
	arg := "[" + e.request(fine, "status") + "," + e.request(revoked, "status") + "," + e.request(fine, "status") + "]"
	r := e.submit(e.bob, "SubmitProofs", arg)
	requireAccepted(t, r)
	res := decode[proofs.BatchResults](t, r)
	require.Equal(t, 3, res.Count)
	require.Equal(t, 2, res.ValidCount)
	require.True(t, res.Results[0].Valid)
	require.False(t, res.Results[1].Valid)
	require.True(t, res.Results[1].Refused)
	require.Contains(t, res.Results[1].Reason, "the credential is revoked: entry 12")
	require.Empty(t, res.Results[1].RecordID)
	require.True(t, res.Results[2].Valid)
}

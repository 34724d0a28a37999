// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// policyDoc returns a policy document for id accepting issuer acme, with
// the given further top-level members (JSON text, comma-separated).
func policyDoc(id string, more string) string {
	doc := `{"id":"` + id + `","issuers":[{"id":"acme"}]`
	if more != "" {
		doc += "," + more
	}
	return doc + "}"
}

// canonical returns the canonical form of a policy document.
func canonical(t *testing.T, doc string) string {
	t.Helper()
	p, err := policy.Parse([]byte(doc))
	require.NoError(t, err)
	b, err := p.Marshal()
	require.NoError(t, err)
	return string(b)
}

// createdPolicy is an env where alice (Org1MSP) created policy "poll-1",
// version 1 requiring message 3 to be disclosed.
func createdPolicy(t *testing.T) (*env, fakestub.Result) {
	t.Helper()
	e := newEnv(t)
	r := e.submit(e.alice, "CreatePolicy", policyDoc("poll-1", `"disclosed":[{"index":3}]`))
	require.True(t, r.Committed, r.Response.GetMessage())
	return e, r
}

func TestCreatePolicy(t *testing.T) {
	e := newEnv(t)
	// Members out of order and spaced: the record holds the canonical form.
	doc := `{ "issuers": [{"id": "b", "keyVersions": [3, 1]}, {"id": "acme"}], "id": "poll-1", "description": "Poll 1" }`
	r := e.submit(e.alice, "CreatePolicy", doc)
	rec := decode[policies.PolicyRecord](t, r)
	want := policies.PolicyRecord{
		ID:             "poll-1",
		Version:        1,
		CurrentVersion: 1,
		Owner:          base.Owner{MSPID: "Org1MSP", ID: request.SubmitterID(e.alice.Cert)},
		Policy:         canonical(t, doc),
		PolicySHA256:   base.HashHex([]byte(canonical(t, doc))),
		TxID:           r.TxID,
		CreatedAt:      r.Timestamp,
		UpdatedAt:      r.Timestamp,
	}
	require.Equal(t, want, rec)
	require.Equal(t, `{"id":"poll-1","description":"Poll 1","issuers":[{"id":"acme"},{"id":"b","keyVersions":[1,3]}]}`, rec.Policy)
	require.NotContains(t, string(r.Response.Payload), "retiredAt")

	// Anyone reads it back; version 0 and 1 are the same.
	for _, v := range []string{"0", "1"} {
		require.Equal(t, want, decode[policies.PolicyRecord](t, e.evaluate(e.admin2, "GetPolicy", "poll-1", v)))
	}
	// Head and document carry the owner MSP's endorsement policy.
	for _, key := range policyKeys(t, e, "poll-1") {
		require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(key), key)
	}
}

// policyKeys returns the world-state keys of a policy: its head and every
// version's document.
func policyKeys(t *testing.T, e *env, id string) []string {
	t.Helper()
	stub := e.ledger.NewStub(nil)
	head, err := policies.PolicyKey(stub, id)
	require.NoError(t, err)
	keys := []string{head}
	for _, k := range e.ledger.Keys() {
		if strings.HasPrefix(k, "\x00"+policies.PolicyDocObjectType+"\x00"+id+"\x00") {
			keys = append(keys, k)
		}
	}
	return keys
}

func TestCreatePolicyRejects(t *testing.T) {
	e, _ := createdPolicy(t)
	tests := []struct {
		name string
		id   *fakeid.Identity
		doc  string
		want string
	}{
		{"taken by the same owner", e.alice, policyDoc("poll-1", ""), `policy "poll-1": already exists`},
		{"taken, another org", e.admin2, policyDoc("poll-1", ""), `policy "poll-1": already exists`},
		{"not JSON", e.alice, "poll-1", "invalid argument: invalid verification policy: malformed JSON"},
		{"empty", e.alice, "", "invalid verification policy"},
		{"no issuers", e.alice, `{"id":"p"}`, "issuers: required"},
		{"unknown field", e.alice, policyDoc("p", `"extra":1`), `unknown field`},
		{"duplicate key", e.alice, `{"id":"p","id":"q","issuers":[{"id":"acme"}]}`, "duplicate"},
		{"bad id", e.alice, policyDoc("a b", ""), "id"},
		{"contradiction", e.alice, policyDoc("p", `"messageCount":3,"disclosed":[{"index":3}]`), "is not below messageCount 3"},
		{"over the size limit", e.alice, policyDoc("p", `"description":"`+strings.Repeat("d", policy.MaxPolicySize)+`"`), "over the limit of 65536"},
		{"too few arguments", e.alice, "", "incorrect number of params"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.ledger.Keys()
			args := []string{tt.doc}
			if tt.name == "too few arguments" {
				args = nil
			}
			requireFailure(t, e.submit(tt.id, "CreatePolicy", args...), tt.want)
			require.Equal(t, before, e.ledger.Keys())
		})
	}
}

func TestUpdatePolicy(t *testing.T) {
	e, created := createdPolicy(t)
	v1 := decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", "poll-1", "0"))

	doc2 := policyDoc("poll-1", `"disclosed":[{"index":3,"equals":"QkU="}]`)
	r2 := e.submit(e.alice, "UpdatePolicy", "poll-1", doc2)
	rec2 := decode[policies.PolicyRecord](t, r2)
	require.Equal(t, policies.PolicyRecord{
		ID: "poll-1", Version: 2, CurrentVersion: 2, Owner: v1.Owner,
		Policy: canonical(t, doc2), PolicySHA256: base.HashHex([]byte(canonical(t, doc2))),
		TxID: r2.TxID, CreatedAt: r2.Timestamp, UpdatedAt: r2.Timestamp,
	}, rec2)

	// bbs.admin of the owner's MSP acts for the owner.
	doc3 := policyDoc("poll-1", `"minNonceLength":16`)
	r3 := e.submit(e.admin1, "UpdatePolicy", "poll-1", doc3)
	require.Equal(t, 3, decode[policies.PolicyRecord](t, r3).Version)
	require.Equal(t, v1.Owner, decode[policies.PolicyRecord](t, r3).Owner, "the owner stays the creator")

	// Every version stays readable, each with its own transaction; the
	// current one is 3.
	for v, want := range map[int]struct{ tx, doc string }{1: {created.TxID, v1.Policy}, 2: {r2.TxID, canonical(t, doc2)}, 3: {r3.TxID, canonical(t, doc3)}} {
		got := decode[policies.PolicyRecord](t, e.evaluate(e.admin2, "GetPolicy", "poll-1", fmt.Sprint(v)))
		require.Equal(t, v, got.Version)
		require.Equal(t, 3, got.CurrentVersion)
		require.Equal(t, want.tx, got.TxID)
		require.Equal(t, want.doc, got.Policy)
		require.Equal(t, r3.Timestamp, got.UpdatedAt)
	}
	require.Equal(t, 3, decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", "poll-1", "0")).Version)
	requireFailure(t, e.evaluate(e.bob, "GetPolicy", "poll-1", "4"), `policy "poll-1" has no version 4 (it has versions 1 to 3): not found`)
	require.Len(t, policyKeys(t, e, "poll-1"), 4)
	for _, key := range policyKeys(t, e, "poll-1") {
		require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(key), key)
	}
}

func TestPolicyChangesRejected(t *testing.T) {
	e, _ := createdPolicy(t)
	other := policyDoc("poll-1", `"minNonceLength":8`)
	tests := []struct {
		name string
		id   *fakeid.Identity
		fn   string
		args []string
		want string
	}{
		{"update: same org, not owner", e.bob, "UpdatePolicy", []string{"poll-1", other}, `access denied: only the owner of policy "poll-1", or an identity of MSP Org1MSP with attribute bbs.admin=true`},
		{"update: same org, bbs.admin=false", e.notAdmin1, "UpdatePolicy", []string{"poll-1", other}, "access denied"},
		{"update: admin of another org", e.admin2, "UpdatePolicy", []string{"poll-1", other}, "access denied"},
		{"retire: same org, not owner", e.bob, "RetirePolicy", []string{"poll-1"}, "access denied"},
		{"retire: admin of another org", e.admin2, "RetirePolicy", []string{"poll-1"}, "the submitter is of MSP Org2MSP"},
		{"update: unknown policy", e.alice, "UpdatePolicy", []string{"poll-2", policyDoc("poll-2", "")}, `policy "poll-2": not found`},
		{"retire: unknown policy", e.alice, "RetirePolicy", []string{"poll-2"}, `policy "poll-2": not found`},
		{"update: document of another ID", e.alice, "UpdatePolicy", []string{"poll-1", policyDoc("poll-2", "")}, `the document is policy "poll-2", not "poll-1"`},
		{"update: same document", e.alice, "UpdatePolicy", []string{"poll-1", `{"disclosed":[{"index":3}],"issuers":[{"id":"acme"}],"id":"poll-1"}`}, `the document is the same as version 1 of policy "poll-1"`},
		{"update: invalid document", e.alice, "UpdatePolicy", []string{"poll-1", policyDoc("poll-1", `"disclosed":[]`)}, "invalid verification policy"},
		{"update: bad id", e.alice, "UpdatePolicy", []string{"a/b", other}, `policy ID "a/b" does not match`},
		{"retire: bad id", e.alice, "RetirePolicy", []string{""}, `policy ID "" does not match`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.ledger.Keys()
			requireFailure(t, e.submit(tt.id, tt.fn, tt.args...), tt.want)
			require.Equal(t, before, e.ledger.Keys())
		})
	}
}

func TestRetirePolicy(t *testing.T) {
	for _, who := range []string{"owner", "admin"} {
		t.Run(who, func(t *testing.T) {
			e, _ := createdPolicy(t)
			require.True(t, e.submit(e.alice, "UpdatePolicy", "poll-1", policyDoc("poll-1", `"minNonceLength":8`)).Committed)
			id := e.alice
			if who == "admin" {
				id = e.admin1
			}
			r := e.submit(id, "RetirePolicy", "poll-1")
			rec := decode[policies.PolicyRecord](t, r)
			require.True(t, rec.Retired)
			require.Equal(t, r.Timestamp, rec.RetiredAt)
			require.Equal(t, r.Timestamp, rec.UpdatedAt)
			require.Equal(t, 2, rec.Version)

			// Readable, every version, marked retired.
			for _, v := range []string{"0", "1", "2"} {
				got := decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", "poll-1", v))
				require.True(t, got.Retired)
				require.Equal(t, r.Timestamp, got.RetiredAt)
			}
			// Retired for good.
			requireFailure(t, e.submit(e.alice, "RetirePolicy", "poll-1"), `policy "poll-1" is retired and cannot be changed`)
			requireFailure(t, e.submit(e.admin1, "UpdatePolicy", "poll-1", policyDoc("poll-1", "")), "is retired")
			requireFailure(t, e.submit(e.admin2, "CreatePolicy", policyDoc("poll-1", "")), "already exists")
		})
	}
}

func TestUpdatePolicyVersionLimit(t *testing.T) {
	e, _ := createdPolicy(t)
	for v := 2; v <= policies.MaxPolicyVersions; v++ {
		r := e.submit(e.alice, "UpdatePolicy", "poll-1", policyDoc("poll-1", fmt.Sprintf(`"minNonceLength":%d`, v)))
		require.True(t, r.Committed, r.Response.GetMessage())
	}
	requireFailure(t, e.submit(e.alice, "UpdatePolicy", "poll-1", policyDoc("poll-1", `"minNonceLength":1`)),
		`policy "poll-1" has 256 versions, the most allowed`)
	require.Equal(t, policies.MaxPolicyVersions, decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", "poll-1", "0")).Version)
}

func TestGetPolicyRejects(t *testing.T) {
	e, _ := createdPolicy(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"nobody", "0"}, `policy "nobody": not found`},
		{[]string{"poll-1", "2"}, `policy "poll-1" has no version 2 (it has versions 1 to 1): not found`},
		{[]string{"poll-1", "-1"}, "version -1 is negative"},
		{[]string{"poll-1", "one"}, "error managing parameter param1"},
		{[]string{"poll-1", strings.Repeat("9", 21)}, "argument 2 must be an integer, got 21 characters"},
		{[]string{"a b", "0"}, "does not match"},
		{[]string{"poll-1"}, "incorrect number of params"},
	} {
		requireFailure(t, e.evaluate(e.bob, "GetPolicy", tt.args...), tt.want)
	}
}

// TestPolicyDocumentPinnedByHash: a document that does not match the hash
// its policy's record pins (as a peer of another organisation could write
// under a key no version uses, or a tampered state would hold) is refused.
func TestPolicyDocumentPinnedByHash(t *testing.T) {
	e, created := createdPolicy(t)
	key, err := policies.PolicyDocKey(e.ledger.NewStub(nil), "poll-1", created.TxID)
	require.NoError(t, err)
	e.ledger.Put(key, []byte(canonical(t, policyDoc("poll-1", ""))))
	requireFailure(t, e.evaluate(e.bob, "GetPolicy", "poll-1", "1"), `policy "poll-1" version 1: the stored document is missing or does not match its hash`)
	requireFailure(t, e.evaluate(e.bob, "ListPolicies", "10", ""), "does not match its hash")
}

func TestListPolicies(t *testing.T) {
	for _, db := range []string{"LevelDB", "CouchDB"} {
		t.Run(db, func(t *testing.T) { testListPolicies(t, db == "CouchDB") })
	}
}

func testListPolicies(t *testing.T, couchDB bool) {
	e := newEnv(t)
	e.ledger.CouchDB = couchDB
	ids := []string{"e", "a", "d.x", "b", "c-1", "C", "a_"}
	for _, id := range ids {
		require.True(t, e.submit(e.alice, "CreatePolicy", policyDoc(id, "")).Committed)
	}
	requireFailure(t, e.submit(e.admin2, "UpdatePolicy", "b", policyDoc("b", `"minNonceLength":8`)), "access denied")
	require.True(t, e.submit(e.alice, "UpdatePolicy", "b", policyDoc("b", `"minNonceLength":8`)).Committed)
	require.True(t, e.submit(e.alice, "RetirePolicy", "e").Committed)
	// Issuers live in the same world state and must not show up.
	require.True(t, e.register(e.alice, "acme", newKeyPair(t, bbs.BBSPlus2020(), 1), "").Committed)

	want := []string{"C", "a", "a_", "b", "c-1", "d.x", "e"} // byte order
	var got []policies.PolicyRecord
	gotIDs, pages := listAll(t, e, "ListPolicies", 3, func(p policies.PolicyPage) ([]string, int, string) {
		var ids []string
		for _, r := range p.Policies {
			ids = append(ids, r.ID)
		}
		got = append(got, p.Policies...)
		return ids, p.Count, p.Bookmark
	})
	require.Equal(t, 3, pages)
	require.Equal(t, want, gotIDs)
	for _, p := range got {
		require.Equal(t, decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", p.ID, "0")), p, "the current version")
	}
	require.Equal(t, 2, got[3].Version) // b
	require.True(t, got[6].Retired)     // e

	from := decode[policies.PolicyPage](t, e.evaluate(e.bob, "ListPolicies", "2", "a0"))
	require.Equal(t, "a_", from.Policies[0].ID)
	require.Equal(t, "c-1", from.Bookmark)

	// Issuers list only issuers.
	require.Equal(t, 1, decode[issuers.IssuerPage](t, e.evaluate(e.bob, "ListIssuers", "200", "")).Count)
}

// TestRequestWithPolicyPassesTheSchema: the contract metadata describes
// the request's policy member, so contract-api lets it through to the
// contract.
func TestRequestWithPolicyPassesTheSchema(t *testing.T) {
	e, k := registered(t)
	req := sign(t, k, nil).present(t, "acme", []byte("a nonce of sixteen bytes"), 0)
	req.Policy = &request.PolicyRef{ID: "poll-1", Version: 1}
	r := e.evaluate(e.bob, "VerifyProof", jsonArg(t, req))
	require.False(t, r.OK())
	require.NotContains(t, r.Response.GetMessage(), "schema")
	require.NotContains(t, r.Response.GetMessage(), "param0")
}

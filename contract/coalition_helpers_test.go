// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/sha256"
	"crypto/x509/pkix"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/stretchr/testify/require"
)

// The coalition channel: three organisations, the chaincode policy
// MAJORITY of their peers, the endorsement configuration mode "and" with
// all three. Org2 and Org3 together (the coalition) satisfy the chaincode
// policy and run other code (fakestub.Rogue) under the chaincode's name;
// the owner's organisation is Org1.
var (
	coAllOrgs     = []string{"Org1MSP", "Org2MSP", "Org3MSP"}
	coalitionOrgs = []string{"Org2MSP", "Org3MSP"}
	// coNobody is a key-level policy no organisation of the channel
	// satisfies.
	coNobody = fakestub.MSPPolicy(1, "NobodyMSP")
	// coMajority is satisfied by the owner's honest all-organisation
	// endorsements and by the coalition.
	coMajority = fakestub.MSPPolicy(2, coAllOrgs...)
	// coOrg2Policy is a policy the coalition satisfies and the owner's
	// organisation has no part in.
	coOrg2Policy = fakestub.MSPPolicy(1, "Org2MSP")
)

// coUntrusted is the code of a refusal naming a record that exists but
// is not believed.
const coUntrusted = "BBS_UNTRUSTED_RECORD"

// coSpendTypes are the object types of the records that belong to no
// organisation (nonces, verification and credential-verification records,
// pseudonym counts and uses): under the chaincode policy, without a
// key-level policy, so that the coalition can forge or block spends (the
// trust model documents it). Every other object type is owned.
var coSpendTypes = map[string]bool{
	"bbs.nonce": true, "bbs.verification": true, "bbs.credential": true,
	"bbs.nymcount": true, "bbs.nymuse": true,
}

var org3Identities struct {
	org3   *fakeid.CA
	admin3 *fakeid.Identity
}

// cenv is the coalition channel with the chaincode, the cast of env and
// admin3, an Org3MSP identity with bbs.admin=true.
type cenv struct {
	*env
	admin3 *fakeid.Identity
}

// newCoalitionEnv is an empty coalition channel, not configured.
func newCoalitionEnv(t *testing.T) *cenv {
	t.Helper()
	e := newEnv(t)
	ids := &org3Identities
	if ids.org3 == nil {
		ids.org3 = fakeid.NewCA(t, "Org3MSP", pkix.Name{Country: []string{"DE"}, Locality: []string{"Berlin"},
			Organization: []string{"org3.example.com"}, CommonName: "ca.org3.example.com"})
		ids.admin3 = ids.org3.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "admin3"}, map[string]string{base.AdminAttribute: "true"})
	}
	e.ledger = fakestub.NewLedger(testChannel)
	e.ledger.DefaultChaincodeName = Name
	e.ledger.ChaincodePolicy = coMajority
	// One timestamp for every transaction: an attacked run and the
	// reference run answer alike although they have different numbers of
	// transactions.
	e.ledger.Step = 0
	return &cenv{env: e, admin3: ids.admin3}
}

// honest submits fn as who, endorsed by a peer of every organisation, as
// the owner's client does.
func (e *cenv) honest(who *fakeid.Identity, fn string, args ...string) fakestub.Result {
	e.t.Helper()
	return e.ledger.SubmitAs(e.cc, coAllOrgs, who.Creator, append([]string{Name + ":" + fn}, args...)...)
}

// propose endorses fn as who by a peer of every organisation, without
// ordering it: the coalition's peers see the pending proposal.
func (e *cenv) propose(who *fakeid.Identity, fn string, args ...string) *fakestub.Proposal {
	return e.ledger.Propose(e.cc, fakestub.Tx{Creator: who.Creator, Args: append([]string{Name + ":" + fn}, args...), Endorsers: coAllOrgs})
}

// rogue commits writes as the coalition, alone in a block.
func (e *cenv) rogue(writes ...fakestub.Write) fakestub.Result {
	return e.ledger.SubmitWrites(fakestub.DefaultNamespace, coalitionOrgs, writes...)
}

// objectType is the object type of a composite key ("" for a simple key).
func coObjectType(key string) string {
	if !strings.HasPrefix(key, "\x00") {
		return ""
	}
	t, _, _ := strings.Cut(key[1:], "\x00")
	return t
}

// coKeyText shows a composite key readably.
func coKeyText(key string) string {
	parts := strings.Split(strings.Trim(key, "\x00"), "\x00")
	for i, p := range parts {
		if len(p) > 24 {
			parts[i] = p[:12] + "…"
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// coWorld is what the honest parties know and do: the keys, credentials and
// accumulator removals, and the scenario's steps. Built once per test:
// every run of the scenario sends the same bytes.
type coWorld struct {
	acme, polls *keyPair
	acme2       *keyPair // acme's second key
	wind        *bbs.SecretKey
	ask         *revocation.SecretKey
	v0, v1, v2  []byte
	rem1        []byte // removal of bob's handle from V0
	batch2      []byte // removal of carol's and dave's from V1
	// views are the fixed queries of view (each evaluated as bob).
	queries []coQuery
	steps   []coStep
	// spendArgs are the spending requests of the scenario.
	proofArg, nymArg, credArg string
	nymReq                    *request.Request
}

type coQuery struct {
	name string
	fn   string
	args func(r *coRun) []string
	// owner: alice evaluates it (an owner transaction's answer, not
	// committed: what the contract would let the owner do).
	owner bool
}

// step is one transaction of the honest scenario.
type coStep struct {
	name string
	who  func(e *cenv) *fakeid.Identity
	fn   string
	args []string
	// owner marks an owner transaction (the attacks of the coalition
	// target them; the others are spends).
	owner bool
	// root is the object type of the record the step creates first come,
	// first served under the chaincode policy (an issuer ID, a policy ID).
	root string
}

// run is one run of the scenario on one ledger: the environment and the
// transaction IDs of the steps that committed.
type coRun struct {
	e    *cenv
	txOf map[string]string // step name -> its transaction ID
}

// clone is a copy of r on a copy of its ledger (another peer of the
// channel with the same blocks).
func (r *coRun) clone() *coRun {
	e := *r.e.env
	e.ledger = r.e.ledger.Clone()
	c := &cenv{env: &e, admin3: r.e.admin3}
	tx := map[string]string{}
	for k, v := range r.txOf { //bbs:maporder-ok copying a map
		tx[k] = v
	}
	return &coRun{e: c, txOf: tx}
}

func coAlice(e *cenv) *fakeid.Identity { return e.alice }
func coBob(e *cenv) *fakeid.Identity   { return e.bob }

// credential messages of acme: a name, a role, the revocation handle, the
// epoch and the status-list index.
func coMessages(name, epoch, index string) [][]byte {
	h := sha256.Sum256([]byte("handle of " + name))
	return [][]byte{[]byte("name=" + name), []byte("role=member"), h[:], []byte(epoch), []byte(index)}
}

var coWorldCache *coWorld

// newCoWorld builds the scenario.
func newCoWorld(t *testing.T) *coWorld {
	t.Helper()
	if coWorldCache != nil {
		return coWorldCache
	}
	if testIdentities.alice == nil {
		newEnv(t)
	}
	w := &coWorld{
		acme:  newKeyPair(t, bbs.BLS12381SHA256(), 51),
		acme2: newKeyPair(t, bbs.BLS12381SHA256(), 52),
		wind:  windKey(t),
	}
	nymScheme := bbs.PseudonymSchemes()[0]
	w.polls = newKeyPair(t, nymScheme, 53)
	var err error
	w.ask, w.v0, err = revocation.GenerateKey(rand.NewChaCha8([32]byte{51}))
	require.NoError(t, err)
	handle := func(name string) []byte { return w.handle(t, name) }
	rem, err := w.ask.Remove(0, w.v0, handle("bob"))
	require.NoError(t, err)
	w.rem1, w.v1 = rem.Bytes(), rem.Value()
	b, err := w.ask.RemoveBatch(1, w.v1, [][]byte{handle("carol"), handle("dave")})
	require.NoError(t, err)
	w.batch2, w.v2 = b.Bytes(), b.Value()

	// The spends: a plain proof, a pseudonymous one, a credential.
	c := &credential{key: w.acme, messages: coMessages("erin", "5", "20")}
	c.sig, err = w.acme.scheme.Sign(w.acme.sk, nil, c.messages)
	require.NoError(t, err)
	w.proofArg = jsonArg(t, c.present(t, "acme", []byte("coalition scenario nonce 0001"), 0))
	nym := newNymCredential(t, w.polls, 5)
	w.nymReq = nym.present(t, "polls", "poll-coalition", "coalition nym nonce 0001")
	w.nymArg = jsonArg(t, w.nymReq)
	w.credArg = credentialArg(t, windCredentialIn(t, w.wind, windCtxURL, windCtxDoc, nil, testNonce(201)))

	policy := func(id, rule string) string {
		return `{"id":"` + id + `","issuers":[{"id":"acme"}],"messageCount":5,` + rule + `}`
	}
	pk := enc64(w.ask.PublicKey().Bytes())
	s := func(name, fn string, args ...string) coStep {
		return coStep{name: name, who: coAlice, fn: fn, args: args, owner: true}
	}
	w.steps = []coStep{
		{name: "register acme", who: coAlice, fn: "RegisterIssuer", args: []string{registrationDoc(t, testIdentities.alice, "acme", w.acme, "")}, owner: true, root: "bbs.issuer"},
		{name: "register windsurf", who: coAlice, fn: "RegisterIssuer", args: []string{registrationDoc(t, testIdentities.alice, "windsurf", &keyPair{scheme: w.wind.Scheme(), sk: w.wind}, "did:key issuer")}, owner: true, root: "bbs.issuer"},
		{name: "register polls", who: coAlice, fn: "RegisterIssuer", args: []string{registrationDoc(t, testIdentities.alice, "polls", w.polls, "Polls")}, owner: true, root: "bbs.issuer"},
		s("settings acme", "SetIssuerSettings", "acme", `{"messageCounts":[5]}`),
		{name: "policy epoch", who: coAlice, fn: "CreatePolicy", args: []string{policy("epoch", `"epoch":{"index":3}`)}, owner: true, root: "bbs.policy"},
		{name: "policy status", who: coAlice, fn: "CreatePolicy", args: []string{policy("status", `"status":{"index":4,"list":"revocation"}`)}, owner: true, root: "bbs.policy"},
		{name: "policy acc", who: coAlice, fn: "CreatePolicy", args: []string{policy("acc", `"accumulator":{"index":2}`)}, owner: true, root: "bbs.policy"},
		s("epoch 5", "SetIssuerEpoch", "acme", "5"),
		s("status list", "CreateStatusList", "acme", "revocation", "revocation", "8192"),
		s("status set 12", "UpdateStatusList", "acme", "revocation", `{"set":[12]}`),
		s("context", "RegisterContext", "windsurf", windCtxURL, windCtxDoc),
		s("accumulator", "SetAccumulator", "acme", pk, enc64(w.v0), "2"),
		s("revoke bob", "RevokeHandle", "acme", enc64(w.rem1)),
		s("revoke carol and dave", "RevokeHandles", "acme", enc64(w.batch2)),
		s("epoch 6", "SetIssuerEpoch", "acme", "6"),
		s("update policy epoch", "UpdatePolicy", "epoch", policy("epoch", `"epoch":{"index":3,"grace":1}`)),
		s("status set 14", "UpdateStatusList", "acme", "revocation", `{"set":[14]}`),
		s("verification methods", "DeclareVerificationMethods", "windsurf", "1", `["did:web:dmv.example#key-1"]`),
		{name: "proof", who: coBob, fn: "SubmitProof", args: []string{w.proofArg}},
		{name: "pseudonym proof", who: coBob, fn: "SubmitProof", args: []string{w.nymArg}},
		{name: "credential", who: coBob, fn: "SubmitCredential", args: []string{w.credArg}},
		// The rich state ends here (coRichSteps); then the changes that
		// end an issuer's keys, policies and records.
		s("handle index", "SetAccumulatorHandleIndex", "acme", "1"),
		s("rotate acme", "RotateIssuerKey", rotationDoc(t, testIdentities.alice, "acme", 2, w.acme2)),
		s("revoke acme key 1", "RevokeIssuerKey", "acme", "1"),
		s("retire policy status", "RetirePolicy", "status"),
		s("revoke acme", "RevokeIssuer", "acme"),
	}
	w.queries = w.makeQueries(t)
	coWorldCache = w
	return w
}

// handle is the revocation handle of name's credential.
func (w *coWorld) handle(t *testing.T, name string) []byte {
	c := &revocation.Credential{Scheme: w.acme.scheme, PublicKey: w.acme.sk.PublicKey(), Messages: coMessages(name, "5", "0"), HandleIndex: 2}
	y, err := c.Handle()
	require.NoError(t, err)
	return y
}

// coRichSteps is the number of steps after which every kind of record
// exists and the issuers are still in use.
const coRichSteps = 21

// makeQueries are the queries and verifications whose answers the
// attacks must not change: every record's read, and proofs that each
// revocation mechanism refuses or accepts.
func (w *coWorld) makeQueries(t *testing.T) []coQuery {
	fixed := func(args ...string) func(*coRun) []string { return func(*coRun) []string { return args } }
	qs := []coQuery{
		{"endorsement configuration", "GetEndorsementConfig", fixed(), false},
		{"issuer acme", "GetIssuer", fixed("acme"), false},
		{"issuer windsurf", "GetIssuer", fixed("windsurf"), false},
		{"issuer polls", "GetIssuer", fixed("polls"), false},
		{"issuers", "ListIssuers", fixed("100", ""), false},
		{"policy epoch", "GetPolicy", fixed("epoch", "0"), false},
		{"policy epoch v1", "GetPolicy", fixed("epoch", "1"), false},
		{"policy status", "GetPolicy", fixed("status", "0"), false},
		{"policy acc", "GetPolicy", fixed("acc", "0"), false},
		{"policies", "ListPolicies", fixed("100", ""), false},
		{"epoch", "GetIssuerEpoch", fixed("acme"), false},
		{"status list", "GetStatusList", fixed("acme", "revocation"), false},
		{"status page 0", "GetStatusPage", fixed("acme", "revocation", "0"), false},
		{"status entry 12", "GetStatusEntry", fixed("acme", "revocation", "12"), false},
		{"status entry 13", "GetStatusEntry", fixed("acme", "revocation", "13"), false},
		{"status entry 14", "GetStatusEntry", fixed("acme", "revocation", "14"), false},
		{"context", "GetContext", fixed("windsurf", windCtxURL), false},
		{"accumulator", "GetAccumulator", fixed("acme"), false},
		{"removal 1", "GetAccumulatorRemoval", fixed("acme", "1"), false},
		{"removal 2", "GetAccumulatorRemoval", fixed("acme", "2"), false},
		{"verification of proof", "GetVerification", func(r *coRun) []string { return []string{r.txOf["proof"]} }, false},
		{"verification of pseudonym proof", "GetVerification", func(r *coRun) []string { return []string{r.txOf["pseudonym proof"]} }, false},
		{"credential verification", "GetCredentialVerification", func(r *coRun) []string { return []string{r.txOf["credential"]} }, false},
		{"pseudonym uses", "GetPseudonymUses", fixed(w.nymReq.Context, w.nymReq.Pseudonym), false},
		{"spent proof again", "VerifyProof", fixed(w.proofArg), false},
		{"spent pseudonym again", "VerifyProof", fixed(w.nymArg), false},
		{"credential with context", "VerifyCredential", fixed(credentialArg(t, windCredentialIn(t, w.wind, windCtxURL, windCtxDoc, nil, testNonce(202)))), false},
	}
	// What the owner could do next: revoke bob again (refused: already
	// revoked), revoke erin (accepted), lower the epoch (refused), clear
	// a set bit (refused), register the context again (refused).
	again, err := w.ask.Remove(2, w.v2, w.handle(t, "bob"))
	require.NoError(t, err)
	erin, err := w.ask.Remove(2, w.v2, w.handle(t, "erin"))
	require.NoError(t, err)
	qs = append(qs,
		coQuery{"owner revokes bob again", "RevokeHandle", fixed("acme", enc64(again.Bytes())), true},
		coQuery{"owner revokes erin", "RevokeHandle", fixed("acme", enc64(erin.Bytes())), true},
		coQuery{"owner lowers the epoch to 5", "SetIssuerEpoch", fixed("acme", "5"), true},
		coQuery{"owner clears bit 12", "UpdateStatusList", fixed("acme", "revocation", `{"clear":[12]}`), true},
		coQuery{"owner registers the context again", "RegisterContext", fixed("windsurf", windCtxURL, windCtxDoc), true},
	)
	// Presentations with non-revocation, disclosing the epoch and the
	// status index: alice (never revoked, index 13) at V0 and V2, bob
	// (revoked at version 1, index 12 set in the list) at V0, and frank
	// of epoch 4 (older than every epoch published).
	type holder struct {
		name, epoch, index string
		version            uint64
		value              []byte
	}
	for i, h := range []holder{
		{"alice", "5", "13", 0, w.v0}, {"alice", "5", "13", 2, w.v2}, {"bob", "5", "12", 0, w.v0}, {"frank", "4", "15", 0, w.v0},
	} {
		msgs := coMessages(h.name, h.epoch, h.index)
		sig, err := w.acme.scheme.Sign(w.acme.sk, nil, msgs)
		require.NoError(t, err)
		c := &revocation.Credential{Scheme: w.acme.scheme, PublicKey: w.acme.sk.PublicKey(), Signature: sig, Messages: msgs, HandleIndex: 2, Version: h.version}
		y, err := c.Handle()
		require.NoError(t, err)
		c.Witness, err = w.ask.Witness(h.value, y)
		require.NoError(t, err)
		for _, p := range []string{"epoch", "status", "acc"} {
			nonce := []byte(fmt.Sprintf("coalition presentation %d %s", i, p))
			pres, err := revocation.Present(rand.NewChaCha8([32]byte{byte(i), 1}), c, w.ask.PublicKey(), h.value, nonce, []int{0, 3, 4})
			require.NoError(t, err)
			d := &request.Decoded{Issuer: "acme", Proof: pres.Bytes(), Nonce: nonce, NonRevoked: true, Policy: &request.PolicyRef{ID: p},
				Disclosed: []request.Message{{Index: 0, Message: msgs[0]}, {Index: 3, Message: msgs[3]}, {Index: 4, Message: msgs[4]}}}
			qs = append(qs, coQuery{fmt.Sprintf("%s at version %d under %s", h.name, h.version, p), "VerifyProof", fixed(jsonArg(t, d.Encode())), false})
		}
	}
	return qs
}

// newCoRun is a configured coalition channel ready for the scenario.
func newCoRun(t *testing.T) *coRun {
	t.Helper()
	e := newCoalitionEnv(t)
	r := e.honest(e.admin1, "SetEndorsementConfig", `{"mode":"and","orgs":["Org1MSP","Org2MSP","Org3MSP"]}`)
	require.True(t, r.Committed, "SetEndorsementConfig: %s %s", r.Response.GetMessage(), r.ValidationDetail)
	return &coRun{e: e, txOf: map[string]string{}}
}

// do submits step s honestly and requires that it commits.
func (r *coRun) do(t *testing.T, s coStep) {
	t.Helper()
	res := r.e.honest(s.who(r.e), s.fn, s.args...)
	require.True(t, res.Committed, "step %q (%s): %s %s", s.name, s.fn, res.Response.GetMessage(), res.ValidationDetail)
	r.txOf[s.name] = res.TxID
}

// coHex64 matches transaction IDs and SHA-256 digests in hex.
var coHex64 = regexp.MustCompile(`[0-9a-f]{64}`)

// coNormalize makes an answer comparable across runs: transaction IDs
// differ (the attacked run has more transactions).
func coNormalize(s string) string { return coHex64.ReplaceAllString(s, "<hex>") }

// view is the answer of every query, as bob evaluates it.
func (r *coRun) view(w *coWorld) []string {
	out := make([]string, len(w.queries))
	for i, q := range w.queries {
		who := r.e.bob
		if q.owner {
			who = r.e.alice
		}
		res := r.e.ledger.Evaluate(r.e.cc, who.Creator, append([]string{Name + ":" + q.fn}, q.args(r)...)...)
		out[i] = coNormalize(answer(res))
	}
	return out
}

// coViewDiff lists the queries whose answers differ between want and got;
// untrustedOK accepts a refusal with the untrusted-record code instead of
// the expected answer.
func coViewDiff(w *coWorld, want, got []string, untrustedOK bool) []string {
	var diffs []string
	for i := range want {
		if want[i] == got[i] {
			continue
		}
		if untrustedOK && strings.Contains(got[i], coUntrusted) {
			continue
		}
		diffs = append(diffs, fmt.Sprintf("%s (%s): answered\n      %.600s\n    instead of\n      %.600s", w.queries[i].name, w.queries[i].fn, got[i], want[i]))
	}
	return diffs
}

// coReference is the honest scenario's run, with a clone of the ledger and
// the view after each step (snapshots[i], views[i]: after i steps).
type coReference struct {
	snapshots []*coRun
	views     [][]string
}

var coReferenceCache *coReference

func newCoReference(t *testing.T, w *coWorld) *coReference {
	t.Helper()
	if coReferenceCache != nil {
		return coReferenceCache
	}
	r := newCoRun(t)
	ref := &coReference{snapshots: []*coRun{r.clone()}, views: [][]string{r.view(w)}}
	for _, s := range w.steps {
		r.do(t, s)
		ref.snapshots = append(ref.snapshots, r.clone())
		ref.views = append(ref.views, r.view(w))
	}
	coReferenceCache = ref
	return ref
}

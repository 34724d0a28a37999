// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// codesEnv is a ledger with something for every error of the contract:
// issuer acme (bbs+2020, alice) and its proof's nonce consumed, revoked
// issuer gone, pseudonym issuer polls with one use of a pseudonym in
// context poll-1, did:key issuer windsurf and one submitted credential,
// policy grads (disclosure of message 3 required) and retired policy old.
type codesEnv struct {
	*env
	acme        *keyPair
	used        string // a SubmitProof request of acme, committed
	fresh       string // a valid SubmitProof request of acme, not submitted
	invalid     string // a request of acme whose proof does not verify
	unmet       string // a valid request of acme naming policy grads, unmet
	nymUsed     string // a request of polls whose pseudonym is used up
	credUsed    string // a SubmitCredential request, committed
	credUnknown string // a credential request of an unregistered key
	recordID    string // the record of used
}

func newCodesEnv(t *testing.T) *codesEnv {
	t.Helper()
	e := &codesEnv{env: newEnv(t)}
	e.acme = registerAcme(t, e.env)
	require.True(t, e.register(e.alice, "gone", newKeyPair(t, bbs.BBSPlus2020(), 2), "", allCounts()...).Committed)
	require.True(t, e.submit(e.alice, "RevokeIssuer", "gone").Committed)
	c := sign(t, e.acme, nil)
	e.used = jsonArg(t, c.present(t, "acme", []byte("nonce U of sixteen bytes"), 1))
	r := e.submit(e.bob, "SubmitProof", e.used)
	require.True(t, r.Committed, r.Response.GetMessage())
	e.recordID = r.TxID
	e.fresh = jsonArg(t, c.present(t, "acme", []byte("nonce F of sixteen bytes"), 1))
	bad := c.present(t, "acme", []byte("nonce I of sixteen bytes"), 1)
	bad.Disclosed[0].Message = b64("not the signed message")
	e.invalid = jsonArg(t, bad)
	require.True(t, e.submit(e.alice, "CreatePolicy", policyDoc("grads", `"disclosed":[{"index":3}]`)).Committed)
	require.True(t, e.submit(e.alice, "CreatePolicy", policyDoc("old", "")).Committed)
	require.True(t, e.submit(e.alice, "RetirePolicy", "old").Committed)
	u := c.present(t, "acme", []byte("nonce P of sixteen bytes"), 1)
	u.Policy = &request.PolicyRef{ID: "grads"}
	e.unmet = jsonArg(t, u)

	s := bbs.NymBLS12381SHA256().(bbs.PseudonymScheme)
	nc := newNymCredential(t, registerPolls(t, e.env, s), 1)
	r = e.submit(e.bob, "SubmitProof", jsonArg(t, nc.present(t, "polls", "poll-1", "nonce 1 of sixteen bytes")))
	require.True(t, r.Committed, r.Response.GetMessage())
	e.nymUsed = jsonArg(t, nc.present(t, "polls", "poll-1", "nonce 2 of sixteen bytes"))

	sk := windKey(t)
	registerKeyIssuer(t, e.env, "windsurf", sk)
	e.credUsed = credentialArg(t, windCredential(t, sk, nil, testNonce(1)))
	r = e.submit(e.bob, "SubmitCredential", e.credUsed)
	require.True(t, r.Committed, r.Response.GetMessage())
	other, err := bbs.BLS12381SHA256().NewKeyFromSeed(make([]byte, 32))
	require.NoError(t, err)
	e.credUnknown = credentialArg(t, windCredential(t, other, nil, testNonce(2)))
	return e
}

// codeCase is one error of one transaction: the transaction fn with args
// by who (alice when nil) fails with code.
type codeCase struct {
	fn   string
	who  func(e *codesEnv) *fakeid.Identity
	args func(e *codesEnv) []string
	code string
}

func bob(e *codesEnv) *fakeid.Identity { return e.bob }

func argsOf(a ...string) func(*codesEnv) []string { return func(*codesEnv) []string { return a } }

// codeCases drive every transaction of the contract into its errors.
// TestErrorCodes requires a row for every transaction of the metadata.
var codeCases = []codeCase{
	{"RegisterIssuer", nil, argsOf(`{}`), codes.InvalidArgument},
	{"RegisterIssuer", nil, argsOf(`not json`), codes.InvalidArgument},
	{"RegisterIssuer", nil, func(e *codesEnv) []string {
		return []string{registrationDoc(e.t, e.alice, "acme", newKeyPair(e.t, bbs.BBSPlus2020(), 7), "", allCounts()...)}
	}, codes.Exists},
	{"RegisterIssuer", nil, func(e *codesEnv) []string {
		return []string{registrationDoc(e.t, e.alice, "acme-2", e.acme, "", allCounts()...)}
	}, codes.Exists}, // the key is registered
	{"RegisterIssuer", bob, func(e *codesEnv) []string {
		return []string{registrationDoc(e.t, e.alice, "acme-3", newKeyPair(e.t, bbs.BBSPlus2020(), 8), "", allCounts()...)}
	}, codes.AccessDenied}, // a proof of possession made for alice
	{"RotateIssuerKey", nil, argsOf(`{}`), codes.InvalidArgument},
	{"RotateIssuerKey", bob, func(e *codesEnv) []string {
		return []string{rotationDoc(e.t, e.bob, "acme", 2, newKeyPair(e.t, bbs.BBSPlus2020(), 9))}
	}, codes.AccessDenied},
	{"RotateIssuerKey", nil, func(e *codesEnv) []string {
		return []string{rotationDoc(e.t, e.alice, "nobody", 2, newKeyPair(e.t, bbs.BBSPlus2020(), 9))}
	}, codes.NotFound},
	{"RotateIssuerKey", nil, func(e *codesEnv) []string {
		return []string{rotationDoc(e.t, e.alice, "gone", 2, newKeyPair(e.t, bbs.BBSPlus2020(), 9))}
	}, codes.Revoked},
	{"RevokeIssuerKey", nil, argsOf("acme", "9"), codes.NotFound},
	{"RevokeIssuerKey", nil, argsOf("acme", "x"), codes.InvalidArgument},
	{"RevokeIssuerKey", nil, argsOf("a b", "1"), codes.InvalidArgument},
	{"RevokeIssuerKey", bob, argsOf("acme", "1"), codes.AccessDenied},
	{"RevokeIssuerKey", nil, argsOf("gone", "1"), codes.Revoked},
	{"RevokeIssuer", nil, argsOf("nobody"), codes.NotFound},
	{"RevokeIssuer", nil, argsOf(""), codes.InvalidArgument},
	{"RevokeIssuer", bob, argsOf("acme"), codes.AccessDenied},
	{"RevokeIssuer", nil, argsOf("gone"), codes.Revoked},
	{"SetIssuerSettings", nil, argsOf("acme", `[]`), codes.InvalidArgument},
	{"SetIssuerSettings", nil, argsOf("nobody", `{}`), codes.NotFound},
	{"SetIssuerSettings", bob, argsOf("acme", `{"messageCounts":[5]}`), codes.AccessDenied},
	{"SetIssuerSettings", nil, argsOf("gone", `{}`), codes.Revoked},
	{"DeclareVerificationMethods", nil, argsOf("acme", "1", `{}`), codes.InvalidArgument},
	{"DeclareVerificationMethods", nil, argsOf("acme", "1", `["did:key:z#z"]`), codes.InvalidArgument},
	{"DeclareVerificationMethods", nil, argsOf("nobody", "1", `[]`), codes.NotFound},
	{"DeclareVerificationMethods", nil, argsOf("acme", "9", `[]`), codes.NotFound},
	{"DeclareVerificationMethods", bob, argsOf("acme", "1", `["did:web:acme.example#k"]`), codes.AccessDenied},
	{"DeclareVerificationMethods", nil, argsOf("gone", "1", `[]`), codes.Revoked},
	{"GetIssuer", nil, argsOf("nobody"), codes.NotFound},
	{"GetIssuer", nil, argsOf("no/such"), codes.InvalidArgument},
	{"ListIssuers", nil, argsOf("0", ""), codes.InvalidArgument},
	{"ListIssuers", nil, argsOf("10", "not a bookmark"), codes.InvalidArgument},
	{"ListIssuers", nil, argsOf("ten", ""), codes.InvalidArgument},
	{"ListIssuers", nil, argsOf("10"), codes.InvalidArgument}, // argument count
	{"GetIssuerHistory", nil, argsOf("", "10", ""), codes.InvalidArgument},
	{"GetIssuerHistory", nil, argsOf("acme", "1000", ""), codes.InvalidArgument},
	{"CreatePolicy", nil, argsOf(`{}`), codes.InvalidArgument},
	{"CreatePolicy", nil, argsOf(policyDoc("grads", "")), codes.Exists},
	{"UpdatePolicy", nil, argsOf("grads", `{`), codes.InvalidArgument},
	{"UpdatePolicy", nil, argsOf("nobody", policyDoc("nobody", "")), codes.NotFound},
	{"UpdatePolicy", bob, argsOf("grads", policyDoc("grads", "")), codes.AccessDenied},
	{"UpdatePolicy", nil, argsOf("old", policyDoc("old", "")), codes.Retired},
	{"RetirePolicy", nil, argsOf("nobody"), codes.NotFound},
	{"RetirePolicy", bob, argsOf("grads"), codes.AccessDenied},
	{"RetirePolicy", nil, argsOf("old"), codes.Retired},
	{"GetPolicy", nil, argsOf("nobody", "0"), codes.NotFound},
	{"GetPolicy", nil, argsOf("grads", "9"), codes.NotFound},
	{"GetPolicy", nil, argsOf("", "0"), codes.InvalidArgument},
	{"ListPolicies", nil, argsOf("0", ""), codes.InvalidArgument},
	{"CreatePredicateParams", nil, argsOf("p1", "not base64"), codes.InvalidArgument},
	{"CreatePredicateParams", nil, argsOf("bad id", "AA=="), codes.InvalidArgument},
	{"GetPredicateParams", nil, argsOf("nobody"), codes.NotFound},
	{"GetPredicateParams", nil, argsOf(""), codes.InvalidArgument},
	{"VerifyProof", nil, argsOf(`{`), codes.InvalidRequest},
	{"VerifyProof", nil, func(e *codesEnv) []string { return []string{strings.Replace(e.fresh, `"acme"`, `"nobody"`, 1)} }, codes.NotFound},
	{"VerifyProof", nil, func(e *codesEnv) []string { return []string{strings.Replace(e.fresh, `"acme"`, `"gone"`, 1)} }, codes.Revoked},
	{"VerifyProof", nil, func(e *codesEnv) []string {
		return []string{strings.Replace(e.fresh, `"issuer":"acme"`, `"issuer":"acme","keyVersion":9`, 1)}
	}, codes.NotFound},
	{"VerifyProof", nil, func(e *codesEnv) []string {
		return []string{strings.Replace(e.fresh, `"issuer":"acme"`, `"issuer":"acme","scheme":"bbs-bls12381-sha256"`, 1)}
	}, codes.InvalidRequest},
	{"VerifyProof", nil, func(e *codesEnv) []string { return []string{withPolicy(e.t, e.fresh, "nobody")} }, codes.NotFound},
	{"SubmitProof", bob, func(e *codesEnv) []string { return []string{withPolicy(e.t, e.fresh, "old")} }, codes.PolicyNotSatisfied}, // a retired policy is an unmet rule
	{"SubmitProof", bob, func(e *codesEnv) []string { return []string{e.used} }, codes.Replay},
	{"SubmitProof", bob, func(e *codesEnv) []string { return []string{e.invalid} }, codes.ProofRejected},
	{"SubmitProof", bob, func(e *codesEnv) []string { return []string{e.unmet} }, codes.PolicyNotSatisfied},
	{"SubmitProof", bob, func(e *codesEnv) []string { return []string{e.nymUsed} }, codes.PseudonymUsed},
	{"SubmitProof", bob, func(e *codesEnv) []string {
		return []string{jsonArg(e.t, sign(e.t, e.acme, nil).present(e.t, "acme", []byte("short"), 1))}
	}, codes.InvalidRequest},
	{"SubmitProof", bob, func(e *codesEnv) []string { return []string{strings.Replace(e.fresh, `"acme"`, `"gone"`, 1)} }, codes.Revoked},
	{"VerifyProofs", nil, argsOf(`{}`), codes.InvalidRequest},
	{"VerifyProofs", nil, argsOf(`[]`), codes.InvalidRequest},
	{"SubmitProofs", bob, argsOf(`[1`), codes.InvalidRequest},
	{"GetVerification", nil, argsOf(""), codes.InvalidArgument},
	{"GetVerification", nil, argsOf("no-such-tx"), codes.NotFound},
	{"GetPseudonymUses", nil, argsOf("cG9sbC0x", "not base64"), codes.InvalidArgument},
	{"GetPseudonymUses", nil, argsOf("", "cG9sbC0x"), codes.InvalidArgument},
	{"SetEndorsementConfig", nil, argsOf(`{"mode":"none"}`), codes.InvalidArgument},
	{"SetEndorsementConfig", nil, argsOf(`{"mode":"owner","orgs":["Org2MSP"]}`), codes.AccessDenied}, // a change by a client that is not an admin
	{"VerifyCredential", nil, argsOf(`{}`), codes.InvalidRequest},
	{"VerifyCredential", nil, func(e *codesEnv) []string { return []string{e.credUnknown} }, codes.NotFound},
	{"SubmitCredential", bob, func(e *codesEnv) []string { return []string{e.credUsed} }, codes.Replay},
	{"SubmitCredential", bob, argsOf(`{"credential":1}`), codes.InvalidRequest},
	{"SubmitCredential", bob, argsOf(`{"credential":{},"issuer":1}`), codes.InvalidRequest},
	{"SubmitCredentials", bob, argsOf(`{}`), codes.InvalidRequest},
	{"SubmitCredentials", bob, argsOf(`[]`), codes.InvalidRequest},
	{"GetCredentialVerification", nil, argsOf(""), codes.InvalidArgument},
	{"GetCredentialVerification", nil, argsOf("no-such-tx"), codes.NotFound},
	{"RegisterContext", nil, argsOf("acme", "ftp://x", `{"@context":{}}`), codes.InvalidArgument},
	{"RegisterContext", nil, argsOf("acme", "https://www.w3.org/ns/credentials/v2", `{"@context":{}}`), codes.Exists},
	{"RegisterContext", nil, argsOf("acme", "https://example.com/c", `[]`), codes.InvalidArgument},
	{"GetContext", nil, argsOf("acme", "https://example.com/none"), codes.NotFound},
	{"GetContext", nil, argsOf("acme", ""), codes.InvalidArgument},
	{"SetIssuerEpoch", nil, argsOf("nobody", "1"), codes.NotFound},
	{"SetIssuerEpoch", nil, argsOf("acme", "-1"), codes.InvalidArgument},
	{"SetIssuerEpoch", bob, argsOf("acme", "2"), codes.AccessDenied},
	{"GetIssuerEpoch", nil, argsOf(""), codes.InvalidArgument},
	{"GetIssuerEpoch", nil, argsOf("nobody"), codes.NotFound},
	{"CreateStatusList", nil, argsOf("nobody", "l1", "revocation", "8192"), codes.NotFound},
	{"CreateStatusList", nil, argsOf("acme", "l1", "bogus", "8192"), codes.InvalidArgument},
	{"CreateStatusList", bob, argsOf("acme", "l1", "revocation", "8192"), codes.AccessDenied},
	{"UpdateStatusList", nil, argsOf("acme", "nolist", `{`), codes.InvalidArgument},
	{"GetStatusList", nil, argsOf("acme", "nolist"), codes.NotFound},
	{"GetStatusPage", nil, argsOf("acme", "nolist", "0"), codes.NotFound},
	{"GetStatusEntry", nil, argsOf("acme", "nolist", "0"), codes.NotFound},
	{"SetAccumulator", nil, argsOf("acme", "not base64", "x", "2"), codes.InvalidArgument},
	{"SetAccumulator", nil, argsOf("acme", "x", "x", "-1"), codes.InvalidArgument},
	{"SetAccumulatorHandleIndex", nil, argsOf("acme", "1"), codes.NotFound},
	{"RevokeHandle", nil, argsOf("acme", `{`), codes.InvalidArgument},
	{"RevokeHandles", nil, argsOf("acme", `{`), codes.InvalidArgument},
	{"GetAccumulator", nil, argsOf("acme"), codes.NotFound},
	{"GetAccumulatorRemoval", nil, argsOf("acme", "1"), codes.NotFound},
	// Not transactions of the contract, and contract-api's own errors.
	{"NoSuchTransaction", nil, argsOf(), codes.UnknownTransaction},
	{"submitProof", nil, argsOf(`{}`), codes.InvalidArgument}, // a lower-case name
	{"GetIssuer", nil, argsOf(strings.Repeat("a", MaxArgSize+1)), codes.InvalidArgument},
}

// withPolicy returns the request arg naming policy id.
func withPolicy(t *testing.T, arg, id string) string {
	t.Helper()
	var r request.Request
	require.NoError(t, json.Unmarshal([]byte(arg), &r))
	r.Policy = &request.PolicyRef{ID: id}
	return jsonArg(t, &r)
}

// TestErrorCodes: every error of every transaction starts with its stable
// code and ": ", the code the table above expects; none gets the generic
// codes.Internal; a failed transaction writes nothing. A transaction of
// the metadata without a row fails the test, so a new transaction gets
// its error paths checked.
func TestErrorCodes(t *testing.T) {
	e := newCodesEnv(t)
	covered := map[string]bool{}
	for _, c := range codeCases {
		who := e.alice
		if c.who != nil {
			who = c.who(e)
		}
		args := c.args(e)
		r := e.submit(who, c.fn, args...)
		name := fmt.Sprintf("%s(%.60s)", c.fn, strings.Join(args, ", "))
		msg := r.Response.GetMessage()
		covered[c.fn] = true
		if r.OK() || r.Writes != 0 {
			t.Errorf("%s succeeded or wrote %d keys", name, r.Writes)
			continue
		}
		if !strings.HasPrefix(msg, c.code+": ") || codes.Find("chaincode response 500, "+msg) != c.code {
			t.Errorf("%s: want code %s, got %q", name, c.code, msg)
		}
	}
	// Before the endorsement configuration.
	u := unconfiguredEnv(t)
	for _, r := range []fakestub.Result{
		u.evaluate(u.alice, "GetEndorsementConfig"),
		u.evaluate(u.alice, "GetEndorsementApprovals"),
		u.register(u.alice, "acme", e.acme, ""),
	} {
		require.True(t, strings.HasPrefix(r.Response.GetMessage(), codes.NotConfigured+": "), r.Response.GetMessage())
	}
	covered["GetEndorsementConfig"] = true
	covered["GetEndorsementApprovals"] = true
	var md chaincodeMetadata
	require.NoError(t, json.Unmarshal(getMetadata(t), &md))
	var missing []string
	for _, tx := range md.Contracts[Name].Transactions {
		if !covered[tx.Name] {
			missing = append(missing, tx.Name)
		}
	}
	sort.Strings(missing)
	require.Empty(t, missing, "transactions without a row in codeCases")
}

// TestErrorCodesOfResults: the per-request results carry the code of the
// one-request transaction's error (refused) or of the rejection (not
// valid): VerifyProofs, SubmitProofs, VerifyProof, VerifyCredential.
func TestErrorCodesOfResults(t *testing.T) {
	e := newCodesEnv(t)
	nobody := strings.Replace(e.fresh, `"acme"`, `"nobody"`, 1)
	arr := "[" + strings.Join([]string{e.fresh, e.used, e.invalid, e.unmet, nobody}, ",") + "]"
	for _, c := range []struct {
		fn   string
		want []string
	}{
		{"VerifyProofs", []string{"", "", codes.ProofRejected, codes.PolicyNotSatisfied, codes.NotFound}},
		{"SubmitProofs", []string{"", codes.Replay, codes.ProofRejected, codes.PolicyNotSatisfied, codes.NotFound}},
	} {
		res := decode[proofs.BatchResults](t, e.submit(e.bob, c.fn, arr))
		for i, w := range c.want {
			got := res.Results[i]
			require.Equal(t, w, got.Code, "%s item %d: %s", c.fn, i, got.Reason)
			require.Equal(t, w == "", got.Valid, "%s item %d", c.fn, i)
		}
	}
	v := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", e.invalid))
	require.Equal(t, codes.ProofRejected, v.Code)
	v = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", e.unmet))
	require.Equal(t, codes.PolicyNotSatisfied, v.Code)
	v = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", e.used))
	require.True(t, v.Valid)
	require.Empty(t, v.Code)
	cr := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", e.credUsed))
	require.True(t, cr.Valid, cr.Reason)
	require.Empty(t, cr.Code)
}

// TestErrorCodesOneAnswer: a hostile input's error, code and all, is the
// same on every run (every endorser signs the same bytes).
func TestErrorCodesOneAnswer(t *testing.T) {
	e := newCodesEnv(t)
	for _, arg := range []string{e.used, e.invalid, e.unmet, `{`} {
		got := oneAnswer(t, 3, func() string { return answer(e.submit(e.bob, "SubmitProof", arg)) })
		require.Regexp(t, `BBS_[A-Z_]+: `, got)
	}
}

// TestNodeSampleCodes: the Node.js client sample's Code table, which
// cannot import package codes, names exactly the codes of codes.All.
func TestNodeSampleCodes(t *testing.T) {
	src, err := os.ReadFile("../examples/client/node/app.js")
	require.NoError(t, err)
	start := strings.Index(string(src), "const Code = Object.freeze({")
	require.GreaterOrEqual(t, start, 0)
	end := strings.Index(string(src[start:]), "});")
	got := regexp.MustCompile(`'(BBS_[A-Z0-9_]+)'`).FindAllStringSubmatch(string(src[start:start+end]), -1)
	var names []string
	for _, m := range got {
		names = append(names, m[1])
	}
	require.ElementsMatch(t, codes.All, names)
}

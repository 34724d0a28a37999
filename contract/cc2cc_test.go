// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// relayChaincode, deployed as name, is a chaincode that forwards its own
// arguments, exactly as the client gave them, to the chaincode named
// target, and succeeds whatever the target answers, with the target's
// status and message as its payload: the caller of a confused-deputy
// attack on bbs, which commits whatever bbs's simulation wrote.
type relayChaincode struct{ name, target string }

func (r *relayChaincode) Init(shim.ChaincodeStubInterface) *peer.Response { return shim.Success(nil) }

func (r *relayChaincode) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	resp := stub.InvokeChaincode(r.target, stub.GetArgs(), "")
	return shim.Success([]byte(fmt.Sprintf("%d|%s", resp.GetStatus(), resp.GetMessage())))
}

// deployedEnv is newEnv with the bbs chaincode deployed as "bbs" (any one
// endorsement) and a relay chaincode deployed as "relay" that forwards to
// it; the issuer "acme" (key k, owner alice) and the policy "p" (owner
// alice) are registered directly.
func deployedEnv(t *testing.T) (*env, *keyPair, *relayChaincode) {
	t.Helper()
	e := newEnv(t)
	relay := &relayChaincode{name: "relay", target: Name}
	require.NoError(t, e.ledger.Deploy(Name, e.cc, nil))
	require.NoError(t, e.ledger.Deploy("relay", relay, nil))
	e.configure(endorsement.EndorsementModeOwner) // the "bbs" namespace's own
	k := newKeyPair(t, bbs.BBSPlus2020(), 1)
	require.True(t, e.submit(e.alice, "RegisterIssuer", registrationDoc(t, e.alice, "acme", k, "Acme")).Committed)
	require.True(t, e.submit(e.alice, "CreatePolicy", policyDoc("p", "")).Committed)
	return e, k, relay
}

// viaRelay submits fn of the bbs contract through the relay chaincode, with
// exactly the arguments a direct call has.
func (e *env) viaRelay(relay *relayChaincode, id *fakeid.Identity, fn string, args ...string) fakestub.Result {
	e.t.Helper()
	return e.ledger.Submit(relay, id.Creator, append([]string{Name + ":" + fn}, args...)...)
}

// TestOwnerOnlyTransactionsRefusedThroughAnotherChaincode: the owner's
// transactions, sent by the owner to another chaincode that forwards them
// to bbs with bbs's own arguments, are refused and change nothing; the
// same transactions invoked directly succeed. Verification stays callable
// through another chaincode.
func TestOwnerOnlyTransactionsRefusedThroughAnotherChaincode(t *testing.T) {
	changes := []struct {
		fn   string
		args func(t *testing.T, e *env) []string
	}{
		{"RotateIssuerKey", func(t *testing.T, e *env) []string {
			return []string{rotationDoc(t, e.alice, "acme", 2, newKeyPair(t, bbs.BBSPlus2020(), 42))}
		}},
		{"RevokeIssuerKey", func(*testing.T, *env) []string { return []string{"acme", "1"} }},
		{"RevokeIssuer", func(*testing.T, *env) []string { return []string{"acme"} }},
		{"SetAccumulator", func(t *testing.T, _ *env) []string {
			ask, v0, err := revocation.GenerateKey(nil)
			require.NoError(t, err)
			return []string{"acme", enc64(ask.PublicKey().Bytes()), enc64(v0), "2"}
		}},
		{"SetIssuerSettings", func(*testing.T, *env) []string {
			return []string{"acme", `{"requireBoundNonce":true,"messageCounts":[` + strconv.Itoa(len(testMessages)) + `]}`}
		}},
		{"RegisterIssuer", func(t *testing.T, e *env) []string {
			return []string{registrationDoc(t, e.alice, "other", newKeyPair(t, bbs.BBSPlus2020(), 43), "")}
		}},
		{"UpdatePolicy", func(*testing.T, *env) []string { return []string{"p", policyDoc("p", `"disclosed":[{"index":3}]`)} }},
		{"RetirePolicy", func(*testing.T, *env) []string { return []string{"p"} }},
		{"CreatePolicy", func(*testing.T, *env) []string { return []string{policyDoc("q", "")} }},
		{"SetEndorsementConfig", func(*testing.T, *env) []string { return []string{`{"mode":"and","orgs":["Org1MSP","Org2MSP"]}`} }},
		{"DeclareVerificationMethods", func(*testing.T, *env) []string {
			return []string{"acme", "1", `["did:web:acme.example#key-1"]`}
		}},
		{"RegisterContext", func(*testing.T, *env) []string {
			return []string{"acme", "https://app.example/contexts/v1", `{"@context":{"@vocab":"https://app.example/terms#"}}`}
		}},
	}
	for _, c := range changes {
		t.Run(c.fn, func(t *testing.T) {
			e, _, relay := deployedEnv(t)
			for _, id := range []*fakeid.Identity{e.alice, e.admin1} {
				before := snapshot(e, Name)
				require.Equal(t, int32(shim.ERROR), relayedStatus(t, e, relay, id, c.fn, c.args(t, e)...))
				require.Equal(t, before, snapshot(e, Name), "nothing changed in bbs's namespace")
			}
			// A change of the endorsement configuration is an approval by
			// an admin of a configured organisation: a client is refused.
			direct := e.alice
			if c.fn == "SetEndorsementConfig" {
				direct = e.admin1
			}
			r := e.submitAs([]string{"Org1MSP", "Org2MSP"}, direct, c.fn, c.args(t, e)...)
			require.True(t, r.Committed, "directly: %s %s", r.Response.GetMessage(), r.ValidationDetail)
		})
	}

	// Reads and verification stay callable through another chaincode.
	e, k, relay := deployedEnv(t)
	require.Equal(t, int32(shim.OK), relayedStatus(t, e, relay, e.bob, "GetIssuer", "acme"))
	req := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("a nonce through the relay"), 0))
	require.Equal(t, int32(shim.OK), relayedStatus(t, e, relay, e.bob, "SubmitProof", req))
	requireFailure(t, e.submit(e.bob, "SubmitProof", req), "replay")
}

// relayedStatus submits fn through the relay as id, which commits, and
// returns bbs's status, requiring a refusal to say why.
func relayedStatus(t *testing.T, e *env, relay *relayChaincode, id *fakeid.Identity, fn string, args ...string) int32 {
	t.Helper()
	r := e.viaRelay(relay, id, fn, args...)
	require.True(t, r.Committed, "the relay commits whatever bbs answers: %s", r.ValidationDetail)
	status, msg, _ := strings.Cut(string(r.Response.Payload), "|")
	if status != "200" {
		require.Contains(t, msg, "access denied")
		require.Contains(t, msg, `must invoke chaincode bbs itself, not run through chaincode "`+relay.name+`"`)
	}
	n, err := strconv.Atoi(status)
	require.NoError(t, err)
	return int32(n)
}

// snapshot is every committed key and value of namespace ns.
func snapshot(e *env, ns string) map[string]string {
	out := map[string]string{}
	for _, k := range e.ledger.KeysIn(ns) {
		out[k] = string(e.ledger.StateIn(ns, k))
	}
	return out
}

// TestAllowedCallers: an issuer's owner may allow named chaincodes to run
// its changes; the settings, which name them, still change only directly;
// another chaincode stays refused.
func TestAllowedCallers(t *testing.T) {
	e, _, relay := deployedEnv(t)
	other := &relayChaincode{name: "other", target: Name}
	require.NoError(t, e.ledger.Deploy("other", other, nil))
	require.True(t, e.submit(e.alice, "SetIssuerSettings", "acme", `{"messageCounts":[`+strconv.Itoa(len(testMessages))+`],"allowedCallers":["relay"]}`).Committed)

	k2 := rotationDoc(t, e.alice, "acme", 2, newKeyPair(t, bbs.BBSPlus2020(), 2))
	require.Equal(t, int32(shim.ERROR), relayedStatus(t, e, other, e.alice, "RotateIssuerKey", k2), "a chaincode not allowed")
	require.Equal(t, int32(shim.OK), relayedStatus(t, e, relay, e.alice, "RotateIssuerKey", k2))
	require.Equal(t, 2, decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "acme")).CurrentVersion)

	// The owner checks still apply through an allowed caller.
	r := e.viaRelay(relay, e.bob, "RevokeIssuerKey", "acme", "1")
	require.Contains(t, string(r.Response.Payload), "500|BBS_ACCESS_DENIED: access denied: only the owner")

	// The settings change only directly, even through an allowed caller.
	require.Equal(t, int32(shim.ERROR), relayedStatus(t, e, relay, e.alice, "SetIssuerSettings", "acme", `{}`))
	// Policies have no allowed callers.
	require.Equal(t, int32(shim.ERROR), relayedStatus(t, e, relay, e.alice, "RetirePolicy", "p"))

	require.Equal(t, int32(shim.OK), relayedStatus(t, e, relay, e.alice, "RevokeIssuer", "acme"))
	require.True(t, decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "acme")).Revoked)
}

// TestDeployedNameMustMatch: a chaincode told another deployed name than
// the one the proposal invokes refuses owner-only transactions, and
// invalid names are refused at start.
func TestDeployedNameMustMatch(t *testing.T) {
	e := newEnv(t)
	e.ledger.DefaultChaincodeName = "bbs-prod"
	k := newKeyPair(t, bbs.BBSPlus2020(), 1)
	requireFailure(t, e.submit(e.alice, "RegisterIssuer", registrationDoc(t, e.alice, "acme", k, "")),
		"access denied", `must invoke chaincode bbs itself, not run through chaincode "bbs-prod"`)

	cc, err := NewChaincodeAs("bbs-prod")
	require.NoError(t, err)
	e.cc = cc
	e.configure(endorsement.EndorsementModeOwner)
	require.True(t, e.submit(e.alice, "RegisterIssuer", registrationDoc(t, e.alice, "acme", k, "")).Committed)

	for _, bad := range []string{"", "-bbs", "bbs-", "bbs--x", "b b", "bbs/ch", "bbs:1", "_default"} {
		_, err := NewChaincodeAs(bad)
		require.Error(t, err, bad)
	}
	for _, good := range []string{"bbs", "BBS_2", "a-b_c", "x"} {
		require.True(t, base.ValidChaincodeName(good), good)
	}
}

// TestRequireDirectNeedsTheContext: outside a transaction of the contract
// (no deployed name known), owner-only checks fail closed.
func TestRequireDirectNeedsTheContext(t *testing.T) {
	e := newEnv(t)
	err := base.RequireDirect(newTestContext(e.ledger.NewStub(e.alice.Creator)), "issuer \"acme\"", nil)
	require.ErrorIs(t, err, base.ErrAccessDenied)
}

// TestAllowedCallersSettings: allowedCallers are valid chaincode names,
// ascending without repeats, at most MaxAllowedCallers; empty is none.
func TestAllowedCallersSettings(t *testing.T) {
	for _, tc := range []struct{ settings, want string }{
		{`{"allowedCallers":["b","a"]}`, "ascending"},
		{`{"allowedCallers":["a","a"]}`, "ascending"},
		{`{"allowedCallers":["-a"]}`, "not a valid chaincode name"},
		{`{"allowedCallers":[""]}`, "not a valid chaincode name"},
		{`{"allowedCallers":"relay"}`, "malformed"},
		{`{"allowedCallers":["c0","c1","c2","c3","c4","c5","c6","c7","c8","c9","d0","d1","d2","d3","d4","d5","d6"]}`, "17 allowed callers, at most 16"},
	} {
		_, err := issuers.ParseSettings(tc.settings)
		require.ErrorIs(t, err, base.ErrInvalidArgument, tc.settings)
		require.ErrorContains(t, err, tc.want, tc.settings)
	}
	s, err := issuers.ParseSettings(`{"allowedCallers":[]}`)
	require.NoError(t, err)
	require.Nil(t, s.AllowedCallers)
	s, err = issuers.ParseSettings(`{"allowedCallers":["a-1","b_2"]}`)
	require.NoError(t, err)
	require.Equal(t, []string{"a-1", "b_2"}, s.AllowedCallers)
}

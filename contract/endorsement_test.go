// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// unconfiguredEnv is newEnv without the endorsement configuration: the
// chaincode as it is right after its deployment.
func unconfiguredEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
	e.ledger = fakestub.NewLedger(testChannel)
	e.ledger.DefaultChaincodeName = Name
	return e
}

// TestNoRecordsBeforeTheEndorsementConfig: without an endorsement
// configuration, issuers and policies cannot be created.
func TestNoRecordsBeforeTheEndorsementConfig(t *testing.T) {
	e := unconfiguredEnv(t)
	k := newKeyPair(t, bbs.BBSPlus2020(), 1)
	requireFailure(t, e.submit(e.alice, "RegisterIssuer", registrationDoc(t, e.alice, "acme", k, "")),
		"not configured", "SetEndorsementConfig")
	requireFailure(t, e.submit(e.alice, "CreatePolicy", policyDoc("p", "")), "not configured")
	requireFailure(t, e.evaluate(e.alice, "GetEndorsementConfig"), "not configured")
	require.Empty(t, e.ledger.Keys())
}

func TestSetEndorsementConfig(t *testing.T) {
	both := []string{"Org1MSP", "Org2MSP"}
	e := unconfiguredEnv(t)
	e.ledger.ChaincodePolicy = fakestub.MSPPolicy(2, both...)

	for _, tc := range []struct{ config, want string }{
		{``, "malformed"},
		{`{"mode":"and"}`, "malformed"},
		{`{"orgs":["Org1MSP"]}`, "malformed"},
		{`{"mode":"and","orgs":["Org1MSP"],"extra":1}`, `unknown field "extra"`},
		{`{"mode":"and","orgs":["Org1MSP"],"Orgs":["Org2MSP"]}`, `duplicate field "Orgs": the same name as "orgs"`},
		{`{"mode":"and","orgs":["Org1MSP"]} {}`, "data after the object"},
		{`{"mode":"and","mode":"owner","orgs":["Org1MSP"]}`, "duplicate"},
		{`{"mode":"or","orgs":["Org1MSP"]}`, `mode "or" is not`},
		{`{"mode":"and","orgs":[]}`, "0 orgs"},
		{`{"mode":"and","orgs":["Org2MSP","Org1MSP"]}`, "ascending"},
		{`{"mode":"and","orgs":["Org1MSP","Org1MSP"]}`, "ascending"},
		{`{"mode":"and","orgs":["Org 1"]}`, "not an MSP ID"},
		{`{"mode":"and","orgs":[""]}`, "not an MSP ID"},
		{`{"mode":"and","orgs":["Org2MSP"]}`, "must name the submitter's MSP Org1MSP"},
	} {
		requireFailure(t, e.submitAs(both, e.alice, "SetEndorsementConfig", tc.config), tc.want)
	}

	// The first configuration is endorsed under the chaincode policy.
	const cfg = `{"mode":"and","orgs":["Org1MSP","Org2MSP"]}`
	r := e.submitAs([]string{"Org1MSP"}, e.alice, "SetEndorsementConfig", cfg)
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation)
	r = e.submitAs(both, e.alice, "SetEndorsementConfig", cfg)
	require.True(t, r.Committed, r.Response.GetMessage())
	got := decode[endorsement.EndorsementConfig](t, e.evaluate(e.bob, "GetEndorsementConfig"))
	require.Equal(t, endorsement.EndorsementConfig{Mode: "and", Orgs: both, UpdatedAt: r.Timestamp, TxID: r.TxID}, got)
	key := "\x00" + endorsement.EndorsementObjectType + "\x00"
	require.Equal(t, fakestub.MSPPolicy(2, both...), e.ledger.ValidationParameter(key))

	// One approval slot per organisation, created with it, each under
	// the key-level policy of that organisation's peer alone.
	for _, org := range both {
		slot := approvalKey(t, e, org, r.TxID)
		require.Equal(t, fakestub.MSPPolicy(1, org), e.ledger.ValidationParameter(slot), org)
		require.JSONEq(t, `{"generation":0,"configSha256":"","txId":"`+r.TxID+`","submitter":""}`, string(e.ledger.State(slot)))
	}

	// A later change needs an admin of every organisation it names to
	// approve it, and the applying transaction a peer of each, whatever
	// the chaincode policy. (Before 0.3.0 one client of a configured
	// organisation changed it, endorsed by every configured peer.)
	e.ledger.ChaincodePolicy = fakestub.MSPPolicy(1, both...)
	const owner1 = `{"mode":"owner","orgs":["Org1MSP"]}`
	requireFailure(t, e.submitAs(both, e.alice, "SetEndorsementConfig", owner1), "BBS_ACCESS_DENIED", "not an admin of MSP Org1MSP")
	r = e.submitAs([]string{"Org1MSP"}, e.admin1, "SetEndorsementConfig", owner1)
	require.True(t, r.Committed, r.Response.GetMessage())
	require.Equal(t, got, decode[endorsement.EndorsementConfig](t, r), "pending: the current configuration")
	r = e.submitAs([]string{"Org2MSP"}, e.admin2, "SetEndorsementConfig", owner1)
	require.True(t, r.OK())
	require.Equal(t, "owner", decode[endorsement.EndorsementConfig](t, r).Mode, "the last approval applies it")
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation, "applying needs a peer of each organisation")
	r = e.submitAs(both, e.admin2, "SetEndorsementConfig", owner1)
	require.True(t, r.Committed, r.ValidationDetail)
	require.Equal(t, endorsement.EndorsementConfig{Mode: "owner", Orgs: []string{"Org1MSP"}, UpdatedAt: r.Timestamp, TxID: r.TxID},
		decode[endorsement.EndorsementConfig](t, e.evaluate(e.bob, "GetEndorsementConfig")))
	require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(key))
	requireFailure(t, e.submitAs(both, e.admin2, "SetEndorsementConfig", `{"mode":"and","orgs":["Org2MSP"]}`),
		"access denied", "names [Org1MSP]", "MSP Org2MSP")
	// Now Org1's admin alone may change it.
	r = e.submitAs([]string{"Org1MSP"}, e.admin1, "SetEndorsementConfig", cfg)
	require.True(t, r.Committed, r.ValidationDetail)
	require.Equal(t, "and", decode[endorsement.EndorsementConfig](t, e.evaluate(e.bob, "GetEndorsementConfig")).Mode)
}

// approvalKey is the key of org's approval slot created by transaction
// slotID.
func approvalKey(t *testing.T, e *env, org, slotID string) string {
	t.Helper()
	key, err := endorsement.ApprovalSlotKey(e.ledger.NewStub(nil), org, slotID)
	require.NoError(t, err)
	return key
}

// rewriteIssuer is a chaincode that stands for an owner organisation's
// peer running changed code: it overwrites the issuer record at key with
// value, checking nothing.
type rewriteIssuer struct{ key, value string }

func (r rewriteIssuer) Init(shim.ChaincodeStubInterface) *peer.Response { return shim.Success(nil) }

func (r rewriteIssuer) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	if err := stub.PutState(r.key, []byte(r.value)); err != nil {
		return shim.Error(err.Error())
	}
	return shim.Success(nil)
}

// TestOwnerOrgAloneCannotRewriteUnderAnd: in mode "and", the owner's
// organisation alone can no longer rewrite an issuer or policy record
// (here: un-revoke an issuer, rewrite policy version 1, as a peer running
// other code would), nor make an honest change; endorsed by every
// configured organisation it can. In mode "owner" the owner's organisation
// alone can do both: the documented weaker choice.
func TestOwnerOrgAloneCannotRewriteUnderAnd(t *testing.T) {
	both := []string{"Org1MSP", "Org2MSP"}
	for _, mode := range []string{endorsement.EndorsementModeAnd, endorsement.EndorsementModeOwner} {
		t.Run(mode, func(t *testing.T) {
			e := unconfiguredEnv(t)
			e.ledger.ChaincodePolicy = fakestub.MSPPolicy(1, both...) // an OR channel
			e.configure(mode)
			k := newKeyPair(t, bbs.BBSPlus2020(), 1)
			require.True(t, e.submitAs(both, e.alice, "RegisterIssuer", registrationDoc(t, e.alice, "acme", k, "")).Committed)
			require.True(t, e.submitAs(both, e.alice, "CreatePolicy", policyDoc("p", "")).Committed)
			live := string(e.ledger.State(mustIssuerKey(t, e, "acme")))
			require.True(t, e.submitAs(both, e.alice, "RevokeIssuer", "acme").Committed)
			revoked := string(e.ledger.State(mustIssuerKey(t, e, "acme")))

			want := fakestub.MSPPolicy(2, both...)
			if mode == endorsement.EndorsementModeOwner {
				want = fakestub.MSPPolicy(1, "Org1MSP")
			}
			idx, err := issuers.PublicKeyIndexKey(e.ledger.NewStub(nil), k.sk.PublicKey().Bytes())
			require.NoError(t, err)
			head, err := policies.PolicyKey(e.ledger.NewStub(nil), "p")
			require.NoError(t, err)
			h := decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", "p", "0"))
			doc, err := policies.PolicyDocKey(e.ledger.NewStub(nil), "p", h.TxID)
			require.NoError(t, err)
			for _, key := range []string{mustIssuerKey(t, e, "acme"), idx, head, doc} {
				require.Equal(t, want, e.ledger.ValidationParameter(key), "%q", key)
			}

			unrevoke := rewriteIssuer{key: mustIssuerKey(t, e, "acme"), value: live}
			rewrite := rewriteIssuer{key: doc, value: canonical(t, policyDoc("p", `"disclosed":[{"index":0}]`))}
			for _, rogue := range []rewriteIssuer{unrevoke, rewrite} {
				r := e.ledger.SubmitAs(rogue, []string{"Org1MSP"}, e.alice.Creator, "rewrite")
				if mode == endorsement.EndorsementModeAnd {
					require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation, r.ValidationDetail)
				} else {
					require.Equal(t, peer.TxValidationCode_VALID, r.Validation, "owner-only: the owner's org alone rewrites its records")
				}
			}
			if mode == endorsement.EndorsementModeAnd {
				require.Equal(t, revoked, string(e.ledger.State(mustIssuerKey(t, e, "acme"))))
				r := e.submitAs([]string{"Org1MSP"}, e.alice, "UpdatePolicy", "p", policyDoc("p", `"disclosed":[{"index":3}]`))
				require.True(t, r.OK())
				require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation)
				require.True(t, e.submitAs(both, e.alice, "UpdatePolicy", "p", policyDoc("p", `"disclosed":[{"index":3}]`)).Committed)
			} else {
				require.Equal(t, live, string(e.ledger.State(mustIssuerKey(t, e, "acme"))))
			}
		})
	}
}

// FuzzParseEndorsementConfig checks that parseEndorsementConfig never
// panics, fails only with ErrInvalidArgument, and accepts only
// configurations within the rules.
func FuzzParseEndorsementConfig(f *testing.F) {
	f.Add(`{"mode":"and","orgs":["Org1MSP","Org2MSP"]}`)
	f.Add(`{"mode":"owner","orgs":["A"]}`)
	f.Add(`{"mode":"and","orgs":["B","A"]}`)
	f.Add(`{"mode":"and","orgs":[],"x":1}`)
	f.Add(`{"mode":"and","MODE":"owner","orgs":["A"]}`)
	f.Add(`{"Orgs":["A"],"mode":"owner"}`)
	f.Fuzz(func(t *testing.T, body string) {
		c, err := endorsement.ParseConfig(body)
		if err != nil {
			if !errors.Is(err, base.ErrInvalidArgument) {
				t.Fatalf("error without ErrInvalidArgument: %v", err)
			}
			return
		}
		if c.Mode != endorsement.EndorsementModeAnd && c.Mode != endorsement.EndorsementModeOwner {
			t.Fatalf("accepted mode %q", c.Mode)
		}
		if len(c.Orgs) < 1 || len(c.Orgs) > base.MaxEndorsementOrgs {
			t.Fatalf("accepted %d orgs", len(c.Orgs))
		}
		for i, o := range c.Orgs {
			if !endorsement.ValidMSPID(o) || (i > 0 && o <= c.Orgs[i-1]) {
				t.Fatalf("accepted orgs %q", c.Orgs)
			}
		}
		if _, err := endorsement.PeersPolicy(c.Orgs...); err != nil {
			t.Fatalf("no policy for accepted orgs %q: %v", c.Orgs, err)
		}
		// An accepted body says the same to a reader that matches keys
		// exactly: its keys are exactly mode and orgs.
		var m map[string]json.RawMessage
		if json.Unmarshal([]byte(body), &m) != nil || len(m) != 2 || m["mode"] == nil || m["orgs"] == nil {
			t.Fatalf("accepted %q, whose keys are not exactly mode and orgs", body)
		}
	})
}

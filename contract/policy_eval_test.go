// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

const testHeader = "credential-type: diploma"

// policyEnv is a ledger with issuer "uni" of the IETF scheme
// bbs-bls12381-sha256 (alice), a credential of it over testMessages with
// testHeader, and issuer "acme" of bbs+2020.
type policyEnv struct {
	*env
	cred *credential
}

func newPolicyEnv(t *testing.T) *policyEnv {
	t.Helper()
	e := newEnv(t)
	s, err := bbs.SchemeByName("bbs-bls12381-sha256")
	require.NoError(t, err)
	k := newKeyPair(t, s, 21)
	require.True(t, e.register(e.alice, "uni", k, "").Committed)
	require.True(t, e.register(e.alice, "acme", newKeyPair(t, bbs.BBSPlus2020(), 1), "").Committed)
	return &policyEnv{env: e, cred: sign(t, k, []byte(testHeader))}
}

// request returns a request of the credential revealing messages 0 and 2
// for nonce, naming policy ref (nil: none).
func (e *policyEnv) request(nonce string, ref *request.PolicyRef) *request.Request {
	r := e.cred.present(e.t, "uni", []byte(nonce), 0, 2)
	r.Policy = ref
	return r
}

func (e *policyEnv) createPolicy(id, more string) {
	e.t.Helper()
	r := e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`","issuers":[{"id":"uni"}]`+commaIf(more)+`}`)
	require.True(e.t, r.Committed, r.Response.GetMessage())
}

func commaIf(more string) string {
	if more == "" {
		return ""
	}
	return "," + more
}

func b64q(s string) string { return `"` + base64.StdEncoding.EncodeToString([]byte(s)) + `"` }

const nonce24 = "a verifier nonce 24 byte"

// TestPolicyRules: each rule of a policy, met and unmet, through
// VerifyProof and SubmitProof.
func TestPolicyRules(t *testing.T) {
	degree := string(testMessages[2]) // {"degree":"MSc"}
	tests := []struct {
		name   string
		policy string // members besides id and issuers [uni]
		mutate func(e *policyEnv, r *request.Request)
		rule   string // "" = satisfied
		index  int
		reason string
	}{
		{name: "issuer accepted"},
		{name: "issuer not accepted", policy: `"issuers":[{"id":"acme"}]`, rule: "issuers", reason: `issuer must be "acme" (not "uni")`},
		{name: "key version accepted", policy: `"issuers":[{"id":"uni","keyVersions":[1]}]`},
		{name: "key version not accepted", policy: `"issuers":[{"id":"acme"},{"id":"uni","keyVersions":[2,3]}]`, rule: "keyVersions", reason: `key version of issuer "uni" must be 2 or 3 (not 1)`},
		{name: "message count", policy: `"messageCount":5`},
		{name: "message count other", policy: `"messageCount":6`, rule: "messageCount", reason: "signed message count must be 6 (not 5)"},
		{name: "disclosed", policy: `"disclosed":[{"index":0},{"index":2}]`},
		{name: "not disclosed", policy: `"disclosed":[{"index":0},{"index":1}]`, rule: "disclosed", index: 1, reason: "message 1 must be disclosed"},
		{name: "equals", policy: `"disclosed":[{"index":2,"equals":` + b64q(degree) + `}]`},
		{name: "equals other", policy: `"disclosed":[{"index":2,"equals":` + b64q(`{"degree":"PhD"}`) + `}]`, rule: "disclosed", index: 2,
			reason: `disclosed message 2 must equal "{\"degree\":\"PhD\"}"`},
		{name: "oneOf", policy: `"disclosed":[{"index":2,"oneOf":[` + b64q(degree) + `,` + b64q("x") + `]}]`},
		{name: "oneOf other", policy: `"disclosed":[{"index":2,"oneOf":[` + b64q("BE") + `,` + b64q("NL") + `]}]`, rule: "disclosed", index: 2,
			reason: `disclosed message 2 must be "BE" or "NL"`},
		{name: "prefix", policy: `"disclosed":[{"index":2,"prefix":` + b64q(`{"degree":`) + `}]`},
		{name: "prefix other", policy: `"disclosed":[{"index":2,"prefix":` + b64q(`{"grade":`) + `}]`, rule: "disclosed", index: 2,
			reason: `disclosed message 2 must start with "{\"grade\":"`},
		{name: "header equals", policy: `"header":{"equals":` + b64q(testHeader) + `}`},
		{name: "header prefix", policy: `"header":{"prefix":` + b64q("credential-type: ") + `}`},
		{name: "header other", policy: `"header":{"equals":` + b64q("credential-type: id-card") + `}`, rule: "header",
			reason: `header must equal "credential-type: id-card"`},
		{name: "min nonce length", policy: `"minNonceLength":24`},
		{name: "nonce too short", policy: `"minNonceLength":25`, rule: "minNonceLength", reason: "nonce must be at least 25 bytes (not 24)"},
		{name: "bound nonce", policy: `"bindSubmitter":true`, mutate: bindToBob},
		{name: "nonce not bound", policy: `"bindSubmitter":true`, rule: "bindSubmitter", reason: "nonce must be bound to the submitter"},
		{name: "no pseudonym", policy: `"pseudonym":{"context":` + b64q("poll-1") + `}`, rule: "pseudonym", reason: `a pseudonym in context "poll-1" is required`},
		{name: "first unmet rule in order", policy: `"messageCount":6,"disclosed":[{"index":1}],"minNonceLength":99`, rule: "messageCount",
			reason: "signed message count must be 6 (not 5)"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newPolicyEnv(t)
			id := fmt.Sprintf("p%d", i)
			members := tt.policy
			if len(members) < 10 || members[:10] != `"issuers":` {
				members = `"issuers":[{"id":"uni"}]` + commaIf(members)
			}
			r := e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`",`+members+`}`)
			require.True(t, r.Committed, r.Response.GetMessage())

			req := e.request(nonce24, &request.PolicyRef{ID: id})
			if tt.mutate != nil {
				tt.mutate(e, req)
			}
			res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
			require.Equal(t, id, res.Policy)
			require.Equal(t, 1, res.PolicyVersion)
			if tt.rule == "" {
				require.True(t, res.Satisfied)
				require.Nil(t, res.Unmet)
				require.True(t, res.Valid, res.Reason)

				r := e.submit(e.bob, "SubmitProof", jsonArg(t, req))
				receipt := decode[proofs.ProofReceipt](t, r)
				require.True(t, r.Committed)
				require.Equal(t, id, receipt.Policy)
				require.Equal(t, 1, receipt.PolicyVersion)
				var event proofs.ProofReceipt
				require.NoError(t, json.Unmarshal(r.Event.Payload, &event))
				require.Equal(t, receipt, event)
				rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
				require.Equal(t, id, rec.Policy)
				require.Equal(t, 1, rec.PolicyVersion)
				require.Equal(t, decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", id, "1")).PolicySHA256, rec.PolicySHA256)
				return
			}
			want := &policy.Unmet{Rule: tt.rule, Index: tt.index, Reason: tt.reason}
			require.Equal(t, want, res.Unmet)
			require.False(t, res.Satisfied)
			require.False(t, res.Valid)
			wantErr := fmt.Sprintf("policy %q version 1 not satisfied: %s", id, tt.reason)
			require.Equal(t, wantErr, res.Reason)
			requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), wantErr)

			// The same request without the policy verifies: only the
			// policy refuses it.
			req.Policy = nil
			require.True(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req))).Valid)
		})
	}
}

// bindToBob replaces the request's nonce by the nonce bound to bob, and
// its proof by one for that nonce.
func bindToBob(e *policyEnv, r *request.Request) {
	salt := []byte("salt of the poll")
	nonce := request.BoundNonce(testChannel, "Org1MSP", request.SubmitterID(e.bob.Cert), salt)
	bound := e.cred.present(e.t, "uni", nonce, 0, 2)
	bound.BindSubmitter, bound.Salt, bound.Policy = true, base64.StdEncoding.EncodeToString(salt), r.Policy
	*r = *bound
}

// TestPolicyBeforePairing: an unmet policy is reported for a request whose
// proof would not verify (a disclosed message changed): the rules are
// evaluated before any pairing, and the policy's reason is the answer.
func TestPolicyBeforePairing(t *testing.T) {
	e := newPolicyEnv(t)
	e.createPolicy("p", `"disclosed":[{"index":2,"equals":`+b64q(string(testMessages[2]))+`}]`)
	req := e.request(nonce24, &request.PolicyRef{ID: "p"})
	req.Disclosed[1].Message = base64.StdEncoding.EncodeToString([]byte(`{"degree":"PhD"}`))
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
	require.False(t, res.Valid)
	require.Equal(t, "disclosed", res.Unmet.Rule)
	require.NotContains(t, res.Reason, "does not verify")

	// Satisfied but forged: the proof is checked too.
	e.createPolicy("q", "")
	req.Policy = &request.PolicyRef{ID: "q"}
	res = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
	require.True(t, res.Satisfied)
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "does not verify")
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), "proof rejected", "does not verify")
}

// TestPolicyNotEvaluatedAfterAnEarlierCheck: a request that fails a check
// before the policy (here a malformed proof) reports satisfied false
// without an unmet rule.
func TestPolicyNotEvaluatedAfterAnEarlierCheck(t *testing.T) {
	e := newPolicyEnv(t)
	e.createPolicy("p", "")
	req := e.request(nonce24, &request.PolicyRef{ID: "p"})
	req.Proof = base64.StdEncoding.EncodeToString([]byte("not a proof"))
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
	require.False(t, res.Valid)
	require.False(t, res.Satisfied)
	require.Nil(t, res.Unmet)
	require.Contains(t, res.Reason, "not a well-formed")
	require.Equal(t, "p", res.Policy)
}

func TestPolicyVersions(t *testing.T) {
	e := newPolicyEnv(t)
	msc := `"disclosed":[{"index":2,"equals":` + b64q(string(testMessages[2])) + `}]`
	phd := `"disclosed":[{"index":2,"equals":` + b64q(`{"degree":"PhD"}`) + `}]`
	e.createPolicy("p", msc)
	require.True(t, e.submit(e.alice, "UpdatePolicy", "p", `{"id":"p","issuers":[{"id":"uni"}],`+phd+`}`).Committed)

	// Version 0 and 2: the current version, not met.
	for _, v := range []int{0, 2} {
		res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, e.request(nonce24, &request.PolicyRef{ID: "p", Version: v}))))
		require.Equal(t, 2, res.PolicyVersion)
		require.False(t, res.Satisfied)
		require.Equal(t, "disclosed", res.Unmet.Rule)
	}
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, e.request(nonce24, &request.PolicyRef{ID: "p"}))),
		`policy "p" version 2 not satisfied: disclosed message 2 must equal`)

	// Version 1, named explicitly, is evaluated as version 1.
	old := jsonArg(t, e.request(nonce24, &request.PolicyRef{ID: "p", Version: 1}))
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", old))
	require.True(t, res.Satisfied)
	require.Equal(t, 1, res.PolicyVersion)
	receipt := decode[proofs.ProofReceipt](t, e.submit(e.bob, "SubmitProof", old))
	require.Equal(t, 1, receipt.PolicyVersion)
	rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", receipt.TxID))
	require.Equal(t, decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", "p", "1")).PolicySHA256, rec.PolicySHA256)

	// A version that does not exist, and an unknown policy, are errors.
	for _, fn := range []string{"VerifyProof", "SubmitProof"} {
		requireFailure(t, e.submit(e.bob, fn, jsonArg(t, e.request(nonce24+"x", &request.PolicyRef{ID: "p", Version: 3}))),
			`policy "p" has no version 3 (it has versions 1 to 2): not found`)
		requireFailure(t, e.submit(e.bob, fn, jsonArg(t, e.request(nonce24+"x", &request.PolicyRef{ID: "nobody"}))), `policy "nobody": not found`)
	}
}

func TestRetiredPolicy(t *testing.T) {
	e := newPolicyEnv(t)
	e.createPolicy("p", "")
	require.True(t, e.submit(e.alice, "UpdatePolicy", "p", `{"id":"p","issuers":[{"id":"uni"}],"minNonceLength":8}`).Committed)
	require.True(t, e.submit(e.alice, "RetirePolicy", "p").Committed)
	for v, applied := range map[int]int{0: 2, 1: 1, 2: 2} {
		req := jsonArg(t, e.request(nonce24, &request.PolicyRef{ID: "p", Version: v}))
		res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", req))
		require.False(t, res.Satisfied)
		require.False(t, res.Valid)
		require.Equal(t, &policy.Unmet{Rule: "policy", Reason: "the policy is retired"}, res.Unmet)
		require.Equal(t, applied, res.PolicyVersion)
		want := fmt.Sprintf(`policy "p" version %d not satisfied: the policy is retired`, applied)
		requireFailure(t, e.submit(e.bob, "SubmitProof", req), want)
	}
}

// TestRetireRacesASubmission: a SubmitProof under a policy and the
// policy's retirement, endorsed against the same state and ordered into
// one block with the retirement first: the submission read the policy's
// record, so it is invalidated (MVCC) and nothing is recorded under the
// retired policy.
func TestRetireRacesASubmission(t *testing.T) {
	e := newPolicyEnv(t)
	e.createPolicy("p", "")
	req := jsonArg(t, e.request(nonce24, &request.PolicyRef{ID: "p"}))
	rs := e.ledger.SubmitBlock(e.cc,
		fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":RetirePolicy", "p"}},
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitProof", req}})
	require.Equal(t, peer.TxValidationCode_VALID, rs[0].Validation)
	require.True(t, rs[1].OK(), rs[1].Response.GetMessage())
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[1].Validation)
	requireFailure(t, e.evaluate(e.bob, "GetVerification", rs[1].TxID), "not found")
}

// TestPolicyPseudonymUses: the policy's pseudonym rule sets how often a
// pseudonym may be used in its context, instead of the default once.
func TestPolicyPseudonymUses(t *testing.T) {
	for _, s := range bbs.PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			e, k := nymRegistered(t, s)
			holder := newNymCredential(t, k, 1)
			r := e.submit(e.alice, "CreatePolicy", `{"id":"twice","issuers":[{"id":"polls"}],"pseudonym":{"context":`+b64q("poll-1")+`,"uses":2}}`)
			require.True(t, r.Committed, r.Response.GetMessage())
			ref := &request.PolicyRef{ID: "twice"}
			use := func(nonce string) *request.Request {
				req := holder.present(t, "polls", "poll-1", nonce)
				req.Policy = ref
				return req
			}
			for i, nonce := range []string{"first nonce 0123456789", "second nonce 0123456789"} {
				res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, use(nonce))))
				require.True(t, res.Valid, res.Reason)
				require.Equal(t, i, res.PseudonymUses)
				receipt := decode[proofs.ProofReceipt](t, e.submit(e.bob, "SubmitProof", jsonArg(t, use(nonce))))
				require.Equal(t, i+1, receipt.PseudonymUse)
				require.Equal(t, "twice", receipt.Policy)
			}
			third := jsonArg(t, use("third nonce 0123456789"))
			res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", third))
			require.False(t, res.Satisfied)
			require.Equal(t, &policy.Unmet{Rule: "pseudonym", Reason: `pseudonym already used 2 time(s) in context "poll-1"; the policy allows 2`}, res.Unmet)
			requireFailure(t, e.submit(e.bob, "SubmitProof", third), "pseudonym already used", "the limit is 2 (policy \"twice\" version 1)")

			// Another context than the policy's: not met.
			other := holder.present(t, "polls", "poll-2", "fourth nonce 0123456789")
			other.Policy = ref
			res = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, other)))
			require.Equal(t, "pseudonym", res.Unmet.Rule)
			require.Equal(t, `pseudonym context must be "poll-1" (not "poll-2")`, res.Unmet.Reason)
			requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, other)), `policy "twice" version 1 not satisfied: pseudonym context must be`)

			// Without the policy, the default limit (once) applies in the
			// same context: the uses are counted per context, not per policy.
			plain := holder.present(t, "polls", "poll-1", "fifth nonce 0123456789")
			requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, plain)), "pseudonym already used", "the limit is 1;")

			// The limit is the named policy's: anyone's policy of the same
			// context with more uses gives the holder more (docs/trust-model.md,
			// "Pseudonym-use records": an application must require its own
			// policy), and the record
			// names that policy.
			r = e.submit(e.admin2, "CreatePolicy", `{"id":"many","issuers":[{"id":"polls"}],"pseudonym":{"context":`+b64q("poll-1")+`,"uses":5}}`)
			require.True(t, r.Committed, r.Response.GetMessage())
			more := holder.present(t, "polls", "poll-1", "sixth nonce 0123456789")
			more.Policy = &request.PolicyRef{ID: "many"}
			receipt := decode[proofs.ProofReceipt](t, e.submit(e.bob, "SubmitProof", jsonArg(t, more)))
			require.Equal(t, 3, receipt.PseudonymUse)
			require.Equal(t, "many", receipt.Policy)
		})
	}
}

// TestBatchesApplyPolicies: each item of VerifyProofs and SubmitProofs is
// held to its own policy; an item that does not satisfy it, or names an
// unknown policy, is reported without failing the others.
func TestBatchesApplyPolicies(t *testing.T) {
	e := newPolicyEnv(t)
	e.createPolicy("ok", `"disclosed":[{"index":2}]`)
	e.createPolicy("no", `"disclosed":[{"index":1}]`)
	items := []*request.Request{
		e.request("batch nonce 0 0123456789", &request.PolicyRef{ID: "ok"}),
		e.request("batch nonce 1 0123456789", &request.PolicyRef{ID: "no"}),
		e.request("batch nonce 2 0123456789", &request.PolicyRef{ID: "nobody"}),
		e.request("batch nonce 3 0123456789", nil),
	}
	arg := jsonArg(t, items)
	vr := decode[proofs.BatchResults](t, e.evaluate(e.bob, "VerifyProofs", arg))
	require.Equal(t, 2, vr.ValidCount)
	require.True(t, vr.Results[0].Valid)
	require.Equal(t, "ok", vr.Results[0].Verification.Policy)
	require.True(t, vr.Results[0].Verification.Satisfied)
	require.False(t, vr.Results[1].Valid)
	require.False(t, vr.Results[1].Refused)
	require.Equal(t, &policy.Unmet{Rule: "disclosed", Index: 1, Reason: "message 1 must be disclosed"}, vr.Results[1].Verification.Unmet)
	require.True(t, vr.Results[2].Refused)
	require.Contains(t, vr.Results[2].Reason, `policy "nobody": not found`)
	require.True(t, vr.Results[3].Valid)
	require.Empty(t, vr.Results[3].Verification.Policy)

	r := e.submit(e.bob, "SubmitProofs", arg)
	sr := decode[proofs.BatchResults](t, r)
	require.True(t, r.Committed)
	require.Equal(t, 2, sr.ValidCount)
	require.Equal(t, "ok", sr.Results[0].Receipt.Policy)
	require.Equal(t, 1, sr.Results[0].Receipt.PolicyVersion)
	require.True(t, sr.Results[1].Refused)
	require.Equal(t, `policy "no" version 1 not satisfied: message 1 must be disclosed`, sr.Results[1].Reason)
	require.True(t, sr.Results[2].Refused)
	require.Empty(t, sr.Results[3].Receipt.Policy)
	rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", sr.Results[0].RecordID))
	require.Equal(t, "ok", rec.Policy)
	requireFailure(t, e.evaluate(e.bob, "GetVerification", proofs.BatchRecordID(r.TxID, 1)), "not found")
}

// TestPolicyNotSatisfiedIsAnError: SubmitProof's refusal wraps
// ErrPolicyNotSatisfied.
func TestPolicyNotSatisfiedIsAnError(t *testing.T) {
	e := newPolicyEnv(t)
	e.createPolicy("p", `"minNonceLength":99`)
	stub := e.ledger.NewStub(e.bob.Creator, Name+":SubmitProof", jsonArg(t, e.request(nonce24, &request.PolicyRef{ID: "p"})))
	_, err := New().SubmitProof(newTestContext(stub), request.Request{})
	require.True(t, errors.Is(err, base.ErrPolicyNotSatisfied), "%v", err)
}

// TestPolicyRefusesBeforeVerification: the request's disclosed index 1000
// is beyond the credential's messages, so verifying its proof is an error
// of the cryptography (VerifyProof fails, a batch refuses the item). Naming an unmet policy, the
// same request is answered with the unmet rule by VerifyProof, SubmitProof
// and VerifyProofs: the policy refused it before anything verified the
// proof.
func TestPolicyRefusesBeforeVerification(t *testing.T) {
	e := newPolicyEnv(t)
	e.createPolicy("p", `"minNonceLength":99`)
	req := e.request(nonce24, nil)
	req.Disclosed[1].Index = 1000
	requireFailure(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)), "out of range")
	br := decode[proofs.BatchResults](t, e.evaluate(e.bob, "VerifyProofs", jsonArg(t, []*request.Request{req})))
	require.True(t, br.Results[0].Refused)
	require.Contains(t, br.Results[0].Reason, "out of range")

	req.Policy = &request.PolicyRef{ID: "p"}
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
	require.False(t, res.Valid)
	require.Equal(t, "minNonceLength", res.Unmet.Rule)
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), "not satisfied", "nonce must be at least 99 bytes")
	br = decode[proofs.BatchResults](t, e.evaluate(e.bob, "VerifyProofs", jsonArg(t, []*request.Request{req})))
	require.False(t, br.Results[0].Valid)
	require.Equal(t, "minNonceLength", br.Results[0].Verification.Unmet.Rule)
	sr := e.submit(e.bob, "SubmitProofs", jsonArg(t, []*request.Request{req}))
	require.True(t, sr.OK(), sr.Response.GetMessage())
	require.Contains(t, decode[proofs.BatchResults](t, sr).Results[0].Reason, "nonce must be at least 99 bytes")
}

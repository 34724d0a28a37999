// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// The tests of this file write issuer, key-index and policy records
// around the contract, as whoever satisfies the chaincode-level
// endorsement policy can (the coalition): a key nobody has created yet,
// with any key-level policy.

// nobodyPolicy is a key-level policy no endorser of the tests satisfies.
var nobodyPolicy = fakestub.MSPPolicy(1, "NobodyMSP")

// plant commits value under key with the key-level policy vp (nil: none),
// as a transaction of the coalition written around the contract.
func plant(t *testing.T, e *env, key string, value, vp []byte) {
	t.Helper()
	s := e.ledger.NewStub(nil)
	require.NoError(t, s.PutState(key, value))
	if vp != nil {
		require.NoError(t, s.SetStateValidationParameter(key, vp))
	}
	e.ledger.Commit(s)
}

// planter is the bbs chaincode as a rogue peer runs it: the transaction
// "plant" writes args[0] := args[1] with the key-level policy args[2]
// (empty: none); any other transaction is the contract's.
type planter struct{ cc shim.Chaincode }

func (p planter) Init(stub shim.ChaincodeStubInterface) *peer.Response { return p.cc.Init(stub) }

func (p planter) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	fn, args := stub.GetFunctionAndParameters()
	if fn != "plant" {
		return p.cc.Invoke(stub)
	}
	if err := stub.PutState(args[0], []byte(args[1])); err != nil {
		return &peer.Response{Status: shim.ERROR, Message: err.Error()}
	}
	if args[2] != "" {
		if err := stub.SetStateValidationParameter(args[0], []byte(args[2])); err != nil {
			return &peer.Response{Status: shim.ERROR, Message: err.Error()}
		}
	}
	return &peer.Response{Status: shim.OK}
}

// plantTx is a planter transaction of Org2's peer.
func plantTx(e *env, key string, value, vp []byte) fakestub.Tx {
	return fakestub.Tx{Creator: e.admin2.Creator, Endorsers: []string{"Org2MSP"}, Args: []string{"plant", key, string(value), string(vp)}}
}

// keyIndexKeys returns the committed key-index keys of the public key pk.
func keyIndexKeys(t *testing.T, e *env, pk []byte) []string {
	t.Helper()
	prefix, err := shim.CreateCompositeKey(issuers.PublicKeyObjectType, []string{base.HashHex(pk)})
	require.NoError(t, err)
	var out []string
	for _, k := range e.ledger.Keys() {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	return out
}

// resolveDIDKey resolves the did:key of pk as a credential's
// verificationMethod, with the request naming issuer ("" none).
func resolveDIDKey(t *testing.T, e *env, pk []byte, issuer string) (string, int, error) {
	t.Helper()
	_, vm, err := vc.DIDKey(pk)
	require.NoError(t, err)
	return credentials.ResolveVerificationMethod(e.ledger.NewStub(nil), vm, issuer, nil)
}

// requireCode checks that r failed with code and every substring of want.
func requireCode(t *testing.T, r fakestub.Result, code string, want ...string) {
	t.Helper()
	requireFailure(t, r, want...)
	require.True(t, strings.HasPrefix(r.Response.GetMessage(), code+": "), "%s", r.Response.GetMessage())
}

// TestSquattedKeyIndexIsRoutedAround: the coalition creates the key-index
// entry of a public key it saw in a pending registration or rotation,
// with a key-level policy nobody satisfies (or none, or the owner's with
// false content). The registration or rotation still commits: at once if
// the entry was there when it was endorsed, else after one resubmission;
// the key then resolves to its issuer, and is registered once.
func TestSquattedKeyIndexIsRoutedAround(t *testing.T) {
	junk := []struct {
		name  string
		value string
		vp    []byte
	}{
		{"nobody's policy", `{"issuer":"acme","version":1}`, nobodyPolicy},
		{"no policy", `{"issuer":"acme","version":1}`, nil},
		{"the owner's policy, false content", `{"issuer":"other","version":7}`, fakestub.MSPPolicy(1, "Org1MSP")},
		{"not a key record", `not json`, nobodyPolicy},
	}
	for _, j := range junk {
		t.Run("register/before/"+j.name, func(t *testing.T) {
			e := newEnv(t)
			k := newKeyPair(t, bbs.BBSPlus2020(), 1)
			idx, err := issuers.PublicKeyIndexKey(e.ledger.NewStub(nil), k.sk.PublicKey().Bytes())
			require.NoError(t, err)
			plant(t, e, idx, []byte(j.value), j.vp)

			r := e.register(e.alice, "acme", k, "Acme")
			require.True(t, r.Committed, "%s %s", r.Response.GetMessage(), r.ValidationDetail)
			requireResolves(t, e, k, "acme", 1)
			requireFailure(t, e.register(e.admin2, "clone", k, ""), "already registered", `key version 1 of issuer "acme"`)
		})
	}
	t.Run("register/same block", func(t *testing.T) {
		e := newEnv(t)
		k := newKeyPair(t, bbs.BBSPlus2020(), 1)
		pk := k.sk.PublicKey().Bytes()
		idx, err := issuers.PublicKeyIndexKey(e.ledger.NewStub(nil), pk)
		require.NoError(t, err)
		rs := e.ledger.SubmitBlock(planter{e.cc},
			plantTx(e, idx, []byte(`{"issuer":"acme","version":1}`), nobodyPolicy),
			fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":RegisterIssuer", registrationDoc(t, e.alice, "acme", k, "Acme")}})
		require.True(t, rs[0].Committed)
		require.True(t, rs[1].OK(), rs[1].Response.GetMessage())
		require.False(t, rs[1].Committed, "the first attempt fails at commit")

		r := e.register(e.alice, "acme", k, "Acme")
		require.True(t, r.Committed, "the resubmission commits: %s %s", r.Response.GetMessage(), r.ValidationDetail)
		requireResolves(t, e, k, "acme", 1)
		require.Len(t, keyIndexKeys(t, e, pk), 2, "the squatted entry and the issuer's own")
	})
	t.Run("register/resubmission squatted too", func(t *testing.T) {
		// The coalition races each attempt it endorses: each costs it one
		// write ordered before the attempt, and the owner one attempt.
		e := newEnv(t)
		k := newKeyPair(t, bbs.BBSPlus2020(), 1)
		pk := k.sk.PublicKey().Bytes()
		idx, err := issuers.PublicKeyIndexKey(e.ledger.NewStub(nil), pk)
		require.NoError(t, err)
		plant(t, e, idx, []byte(`{"issuer":"acme","version":1}`), nobodyPolicy)
		for attempt := 0; attempt < 2; attempt++ {
			next := nextTxIDsC(t, e, 2)[1] // the planter is the first of the block
			routed, err := shim.CreateCompositeKey(issuers.PublicKeyObjectType, []string{base.HashHex(pk), next})
			require.NoError(t, err)
			rs := e.ledger.SubmitBlock(planter{e.cc},
				plantTx(e, routed, []byte(`{"issuer":"acme","version":1}`), nobodyPolicy),
				fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":RegisterIssuer", registrationDoc(t, e.alice, "acme", k, "Acme")}})
			require.Equal(t, next, rs[1].TxID)
			require.True(t, rs[1].OK(), rs[1].Response.GetMessage())
			require.False(t, rs[1].Committed)
		}
		r := e.register(e.alice, "acme", k, "Acme")
		require.True(t, r.Committed, "%s %s", r.Response.GetMessage(), r.ValidationDetail)
		requireResolves(t, e, k, "acme", 1)
	})
	t.Run("rotate", func(t *testing.T) {
		e, _ := registered(t)
		k2 := newKeyPair(t, bbs.BBSPlus2020(), 2)
		pk2 := k2.sk.PublicKey().Bytes()
		idx, err := issuers.PublicKeyIndexKey(e.ledger.NewStub(nil), pk2)
		require.NoError(t, err)
		rs := e.ledger.SubmitBlock(planter{e.cc},
			plantTx(e, idx, []byte(`{"issuer":"acme","version":2}`), nobodyPolicy),
			fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":RotateIssuerKey", rotationDoc(t, e.alice, "acme", 2, k2)}})
		require.True(t, rs[1].OK(), rs[1].Response.GetMessage())
		require.False(t, rs[1].Committed)

		r := e.rotate(e.alice, "acme", k2)
		require.True(t, r.Committed, "%s %s", r.Response.GetMessage(), r.ValidationDetail)
		requireResolves(t, e, k2, "acme", 2)
		requireFailure(t, e.register(e.admin2, "clone", k2, ""), "already registered", `key version 2 of issuer "acme"`)
	})
}

// requireResolves checks that k's did:key resolves to key version of
// issuer, with and without the request naming it.
func requireResolves(t *testing.T, e *env, k *keyPair, issuer string, version int) {
	t.Helper()
	for _, named := range []string{"", issuer} {
		id, v, err := resolveDIDKey(t, e, k.sk.PublicKey().Bytes(), named)
		require.NoError(t, err, "issuer named: %q", named)
		require.Equal(t, issuer, id)
		require.Equal(t, version, v)
	}
}

// nextTxIDsC returns the IDs of the ledger's next n transactions: the fake
// numbers them (fakestub/tx/N); a real transaction ID is unknown before
// its proposal, but an endorser sees it.
func nextTxIDsC(t *testing.T, e *env, n int) []string {
	t.Helper()
	probe := e.ledger.NewStub(nil).GetTxID()
	for i := 1; i < 1<<20; i++ {
		if base.HashHex([]byte(fmt.Sprintf("fakestub/tx/%d", i))) != probe {
			continue
		}
		ids := make([]string, n)
		for j := range ids {
			ids[j] = base.HashHex([]byte(fmt.Sprintf("fakestub/tx/%d", i+1+j)))
		}
		return ids
	}
	t.Fatal("cannot number the fake's transactions")
	return nil
}

// TestJunkKeyIndexEntryIsNotBelieved: an index entry that names an issuer
// which does not hold the key (with that issuer owner's policy), or an
// issuer record that is not believed, is not believed: the key is not
// registered, its holder can register it, and its did:key does not
// resolve to the issuer named.
func TestJunkKeyIndexEntryIsNotBelieved(t *testing.T) {
	e, acmeKey := registered(t)
	other := newKeyPair(t, bbs.BBSPlus2020(), 9)
	pk := other.sk.PublicKey().Bytes()
	idx, err := issuers.PublicKeyIndexKey(e.ledger.NewStub(nil), pk)
	require.NoError(t, err)
	plant(t, e, idx, []byte(`{"issuer":"acme","version":1}`), fakestub.MSPPolicy(1, "Org1MSP"))
	junk2, err := shim.CreateCompositeKey(issuers.PublicKeyObjectType, []string{base.HashHex(pk), "some-tx"})
	require.NoError(t, err)
	plant(t, e, junk2, []byte(`{"issuer":"ghost","version":1}`), fakestub.MSPPolicy(1, "Org2MSP"))

	_, _, err = resolveDIDKey(t, e, pk, "")
	require.ErrorIs(t, err, base.ErrNotFound)
	require.ErrorContains(t, err, "not registered under any issuer")
	_, _, err = resolveDIDKey(t, e, pk, "acme")
	require.ErrorIs(t, err, base.ErrNotFound)
	requireResolves(t, e, acmeKey, "acme", 1)

	r := e.register(e.admin2, "other", other, "")
	require.True(t, r.Committed, "%s %s", r.Response.GetMessage(), r.ValidationDetail)
	requireResolves(t, e, other, "other", 1)
}

// TestKeyIndexEntriesOfTwoIssuers: the coalition makes an issuer record of
// its own that holds an honest issuer's public key (a first come, first
// served issuer ID, naming any owner), with an index entry that agrees
// with it: both entries are believed, so the key's did:key no longer
// resolves without the request naming its issuer (refused, never the
// wrong issuer), and resolves when it names either.
func TestKeyIndexEntriesOfTwoIssuers(t *testing.T) {
	e, k := registered(t)
	pk := k.sk.PublicKey().Bytes()
	acme := decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "acme"))
	clone := acme
	clone.ID = "aaa-clone"
	owner2 := fakestub.MSPPolicy(1, "Org2MSP")
	clone.Owner = base.Owner{MSPID: "Org2MSP", ID: "x"}
	plant(t, e, mustIssuerKey(t, e, clone.ID), []byte(jsonArg(t, clone)), owner2)
	entry, err := shim.CreateCompositeKey(issuers.PublicKeyObjectType, []string{base.HashHex(pk), "0000"})
	require.NoError(t, err)
	plant(t, e, entry, []byte(`{"issuer":"aaa-clone","version":1}`), owner2)

	_, _, err = resolveDIDKey(t, e, pk, "")
	require.ErrorContains(t, err, "more than one issuer")
	require.ErrorContains(t, err, `"aaa-clone"`)
	require.ErrorContains(t, err, `"acme"`)
	for _, id := range []string{"acme", "aaa-clone"} {
		got, v, err := resolveDIDKey(t, e, pk, id)
		require.NoError(t, err)
		require.Equal(t, id, got)
		require.Equal(t, 1, v)
	}
}

// TestForeignPolicyIssuerRecord: an issuer record whose key-level policy
// is not one of its owner's (another organisation's, nobody's, none) was
// written around the contract: it is refused with BBS_UNTRUSTED_RECORD by
// reads and verification, left out of ListIssuers (as are records that do
// not decode and keys of another shape), and its ID cannot be registered.
func TestForeignPolicyIssuerRecord(t *testing.T) {
	for _, c := range []struct {
		name string
		vp   []byte
	}{
		{"another organisation's policy", fakestub.MSPPolicy(1, "Org2MSP")},
		{"nobody's policy", nobodyPolicy},
		{"no policy", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, k := registered(t)
			acme := decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "acme"))
			evil := acme
			evil.ID = "evil"
			evilKey := newKeyPair(t, bbs.BBSPlus2020(), 5)
			evil.Keys = []issuers.IssuerKey{{Version: 1, PublicKey: evilKey.sk.PublicKey().Bytes(), CreatedAt: acme.CreatedAt}}
			plant(t, e, mustIssuerKey(t, e, "evil"), []byte(jsonArg(t, evil)), c.vp)
			idx, err := issuers.PublicKeyIndexKey(e.ledger.NewStub(nil), evilKey.sk.PublicKey().Bytes())
			require.NoError(t, err)
			plant(t, e, idx, []byte(`{"issuer":"evil","version":1}`), c.vp)

			requireCode(t, e.evaluate(e.bob, "GetIssuer", "evil"), untrustedCode, `issuer "evil"`)
			req := jsonArg(t, sign(t, evilKey, nil).present(t, "evil", []byte("a nonce for the evil issuer"), 0))
			requireCode(t, e.evaluate(e.bob, "VerifyProof", req), untrustedCode)
			requireCode(t, e.submit(e.bob, "SubmitProof", req), untrustedCode)
			requireCode(t, e.submit(e.alice, "RevokeIssuer", "evil"), untrustedCode)
			requireCode(t, e.submit(e.alice, "SetIssuerSettings", "evil", `{"messageCounts":[5]}`), untrustedCode)
			requireCode(t, e.register(e.alice, "evil", newKeyPair(t, bbs.BBSPlus2020(), 6), ""), untrustedCode, "cannot be registered")
			_, _, err = resolveDIDKey(t, e, evilKey.sk.PublicKey().Bytes(), "")
			require.ErrorIs(t, err, base.ErrNotFound)

			// A key of another shape, and a value that does not decode.
			plant(t, e, "\x00bbs.issuer\x00acme\x00x\x00", []byte(jsonArg(t, acme)), c.vp)
			plant(t, e, "\x00bbs.issuer\x00beta\x00", []byte("not json"), c.vp)
			requireCode(t, e.evaluate(e.bob, "GetIssuer", "beta"), untrustedCode, `issuer "beta"`)
			page := decode[issuers.IssuerPage](t, e.evaluate(e.bob, "ListIssuers", "10", ""))
			require.Equal(t, 1, page.Count)
			require.Equal(t, "acme", page.Issuers[0].ID)

			// The honest issuer is unaffected.
			ok := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("a nonce for the honest issuer"), 0))
			require.True(t, e.submit(e.bob, "SubmitProof", ok).Committed)
		})
	}
}

// TestForeignPolicyPolicyHead: a policy head whose key-level policy is not
// its owner's, or that does not decode, is refused with
// BBS_UNTRUSTED_RECORD by GetPolicy, by a request that names it and by its
// owner's changes, left out of ListPolicies (as keys of another shape are),
// and its ID cannot be created.
func TestForeignPolicyPolicyHead(t *testing.T) {
	e, k := registered(t)
	r := e.submit(e.alice, "CreatePolicy", policyDoc("poll-1", ""))
	require.True(t, r.Committed, r.Response.GetMessage())
	head := e.ledger.State(mustPolicyKey(t, e, "poll-1"))
	var h policies.PolicyHead
	require.NoError(t, json.Unmarshal(head, &h))
	h.ID = "poll-2"
	doc := []byte(canonical(t, policyDoc("poll-2", "")))
	docKey, err := policies.PolicyDocKey(e.ledger.NewStub(nil), "poll-2", h.Versions[0].TxID)
	require.NoError(t, err)
	h.Versions[0].SHA256 = base.HashHex(doc)
	plant(t, e, docKey, doc, fakestub.MSPPolicy(1, "Org1MSP"))
	plant(t, e, mustPolicyKey(t, e, "poll-2"), []byte(jsonArg(t, h)), fakestub.MSPPolicy(1, "Org2MSP"))

	requireCode(t, e.evaluate(e.bob, "GetPolicy", "poll-2", "0"), untrustedCode, `policy "poll-2"`)
	req := sign(t, k, nil).present(t, "acme", []byte("a nonce under policy poll-2"), 0)
	req.Policy = &request.PolicyRef{ID: "poll-2"}
	requireCode(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)), untrustedCode)
	requireCode(t, e.submit(e.alice, "UpdatePolicy", "poll-2", policyDoc("poll-2", `"disclosed":[{"index":1}]`)), untrustedCode)
	requireCode(t, e.submit(e.alice, "RetirePolicy", "poll-2"), untrustedCode)
	requireCode(t, e.submit(e.alice, "CreatePolicy", policyDoc("poll-2", "")), untrustedCode, "cannot be created")

	// A key of another shape, and a value that does not decode.
	plant(t, e, "\x00bbs.policy\x00poll-1\x00x\x00", head, fakestub.MSPPolicy(1, "Org1MSP"))
	plant(t, e, "\x00bbs.policy\x00poll-3\x00", []byte("not json"), nil)
	requireCode(t, e.evaluate(e.bob, "GetPolicy", "poll-3", "0"), untrustedCode, `policy "poll-3"`)
	page := decode[policies.PolicyPage](t, e.evaluate(e.bob, "ListPolicies", "10", ""))
	require.Equal(t, 1, page.Count)
	require.Equal(t, "poll-1", page.Policies[0].ID)
}

// TestPreCreatedPolicyDocument: the coalition creates the document key of
// a pending CreatePolicy or UpdatePolicy (it sees the transaction ID as an
// endorser) with a key-level policy nobody satisfies: that attempt fails
// at commit, the resubmission (another transaction ID, so another key)
// commits. A document key no head names is never read.
func TestPreCreatedPolicyDocument(t *testing.T) {
	e := newEnv(t)
	for _, fn := range []string{"CreatePolicy", "UpdatePolicy"} {
		args := []string{policyDoc("poll-1", "")}
		if fn == "UpdatePolicy" {
			args = []string{"poll-1", policyDoc("poll-1", `"disclosed":[{"index":2}]`)}
		}
		next := nextTxIDsC(t, e, 2)[1]
		docKey, err := shim.CreateCompositeKey(policies.PolicyDocObjectType, []string{"poll-1", next})
		require.NoError(t, err)
		rs := e.ledger.SubmitBlock(planter{e.cc},
			plantTx(e, docKey, []byte(`{"id":"poll-1","issuers":[{"id":"evil"}]}`), nobodyPolicy),
			fakestub.Tx{Creator: e.alice.Creator, Args: append([]string{Name + ":" + fn}, args...)})
		require.Equal(t, next, rs[1].TxID)
		require.True(t, rs[1].OK(), rs[1].Response.GetMessage())
		require.False(t, rs[1].Committed)

		r := e.submit(e.alice, fn, args...)
		require.True(t, r.Committed, "%s: %s %s", fn, r.Response.GetMessage(), r.ValidationDetail)
	}
	// Documents of versions no head names.
	stray, err := policies.PolicyDocKey(e.ledger.NewStub(nil), "poll-1", "stray-tx")
	require.NoError(t, err)
	plant(t, e, stray, []byte(`{"id":"poll-1","issuers":[{"id":"evil"}]}`), fakestub.MSPPolicy(1, "Org1MSP"))
	rec := decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", "poll-1", "0"))
	require.Equal(t, 2, rec.Version)
	require.Equal(t, canonical(t, policyDoc("poll-1", `"disclosed":[{"index":2}]`)), rec.Policy)
	rec = decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", "poll-1", "1"))
	require.Equal(t, canonical(t, policyDoc("poll-1", "")), rec.Policy)
}

// TestIssuerWritesSetTheOwnersPolicy: every write of an issuer record sets
// its owner's key-level policy, so an owner's change heals a record whose
// policy its endorsement satisfies (here: none, a legacy record written
// around an old contract).
func TestIssuerWritesSetTheOwnersPolicy(t *testing.T) {
	changes := []struct {
		fn   string
		args []string
	}{
		{"RevokeIssuerKey", []string{"acme", "1"}},
		{"RevokeIssuer", []string{"acme"}},
		{"SetIssuerSettings", []string{"acme", `{"requireBoundNonce":true,"messageCounts":[5]}`}},
		{"DeclareVerificationMethods", []string{"acme", "1", `["did:web:acme.example#key-1"]`}},
	}
	for _, c := range changes {
		t.Run(c.fn, func(t *testing.T) {
			e, _ := registered(t)
			key := mustIssuerKey(t, e, "acme")
			// The owner's policy under an earlier configuration (mode
			// "and") is still the owner's: believed, and replaced by the
			// current one at the next write.
			older := fakestub.MSPPolicy(2, "Org1MSP", "Org2MSP")
			e.configure(endorsement.EndorsementModeAnd)
			e.configure(endorsement.EndorsementModeOwner)
			s := e.ledger.NewStub(nil)
			require.NoError(t, s.SetStateValidationParameter(key, older))
			e.ledger.Commit(s)
			require.True(t, e.evaluate(e.bob, "GetIssuer", "acme").OK())

			r := e.ledger.SubmitAs(e.cc, []string{"Org1MSP", "Org2MSP"}, e.alice.Creator, append([]string{Name + ":" + c.fn}, c.args...)...)
			require.True(t, r.Committed, "%s %s", r.Response.GetMessage(), r.ValidationDetail)
			require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(key))
		})
	}
}

func mustPolicyKey(t *testing.T, e *env, id string) string {
	t.Helper()
	k, err := policies.PolicyKey(e.ledger.NewStub(nil), id)
	require.NoError(t, err)
	return k
}

// TestIssuerRecordOfAnotherID: a record under one ID that names another
// (with its named owner's key-level policy: a first come, first served ID
// taken by the coalition) is refused: its keys' proofs must not count as
// the other issuer's, in a policy that names that issuer.
func TestIssuerRecordOfAnotherID(t *testing.T) {
	e, _ := registered(t)
	acme := decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "acme"))
	evilKey := newKeyPair(t, bbs.BBSPlus2020(), 5)
	fake := acme // ID "acme", under the key of "evil"
	fake.Keys = []issuers.IssuerKey{{Version: 1, PublicKey: evilKey.sk.PublicKey().Bytes(), CreatedAt: acme.CreatedAt}}
	plant(t, e, mustIssuerKey(t, e, "evil"), []byte(jsonArg(t, fake)), fakestub.MSPPolicy(1, "Org1MSP"))
	require.True(t, e.submit(e.alice, "CreatePolicy", policyDoc("acme-only", "")).Committed)

	requireCode(t, e.evaluate(e.bob, "GetIssuer", "evil"), untrustedCode, `issuer "evil"`, `of issuer "acme"`)
	req := sign(t, evilKey, nil).present(t, "evil", []byte("a nonce for the fake acme"), 0)
	req.Policy = &request.PolicyRef{ID: "acme-only"}
	requireCode(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)), untrustedCode)
	page := decode[issuers.IssuerPage](t, e.evaluate(e.bob, "ListIssuers", "10", ""))
	require.Equal(t, 1, page.Count)
}

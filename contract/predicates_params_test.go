// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// rangeParams are range parameters of base u made from a fixed seed, as
// the argument of CreatePredicateParams.
func rangeParams(t *testing.T, u int, seed byte) string {
	t.Helper()
	p, _, err := predicate.GenerateRangeParams(rand.NewChaCha8([32]byte{seed, 'r'}), u)
	require.NoError(t, err)
	return base64.StdEncoding.EncodeToString(p.Bytes())
}

// setParams are set parameters of the elements (hashed messages).
func setParams(t *testing.T, seed byte, elements ...string) string {
	t.Helper()
	var els [][]byte
	for _, e := range elements {
		els = append(els, []byte(e))
	}
	p, _, err := predicate.GenerateSetParams(rand.NewChaCha8([32]byte{seed, 's'}), bbs.BLS12381SHA256(), els, false)
	require.NoError(t, err)
	return base64.StdEncoding.EncodeToString(p.Bytes())
}

// paramsKeyOf is the key of the predicate parameters id.
func paramsKeyOf(t *testing.T, e *env, id string) string {
	t.Helper()
	key, err := records.PredicateParams.Key(e.ledger.NewStub(nil), id)
	require.NoError(t, err)
	return key
}

// TestIntegerSettings: integer positions are strict, IETF only, and fixed
// once set.
func TestIntegerSettings(t *testing.T) {
	for body, want := range map[string]string{
		`{"integers":[{"index":1,"type":"uint"}]}`:                            "want \"int64\" or \"date\"",
		`{"integers":[{"index":-1,"type":"date"}]}`:                           "outside 0..1023",
		`{"integers":[{"index":1024,"type":"date"}]}`:                         "outside 0..1023",
		`{"integers":[{"index":3,"type":"date"},{"index":3,"type":"int64"}]}`: "ascending by index",
		`{"integers":[{"index":4,"type":"date"},{"index":3,"type":"int64"}]}`: "ascending by index",
		`{"integers":[{"index":1,"type":"date","x":1}]}`:                      "unknown field",
		`{"integers":[{"index":1}]}`:                                          "want \"int64\" or \"date\"",
		`{"integers":{"index":1,"type":"date"}}`:                              "malformed",
	} {
		_, err := issuers.ParseSettings(body)
		require.ErrorIs(t, err, base.ErrInvalidArgument, body)
		require.ErrorContains(t, err, want, body)
	}
	s, err := issuers.ParseSettings(`{"integers":[]}`)
	require.NoError(t, err)
	require.Nil(t, s.Integers)
	mm, err := s.MessageMap()
	require.NoError(t, err)
	require.Nil(t, mm, "no integers: the IETF map exactly")

	e := newEnv(t)
	k := newKeyPair(t, bbs.BLS12381SHA256(), 3)
	require.True(t, e.register(e.alice, "ietf", k, "").Committed)
	set := `{"integers":[{"index":1,"type":"date"},{"index":4,"type":"int64"}]}`
	is := decode[issuers.Issuer](t, e.submit(e.alice, "SetIssuerSettings", "ietf", set))
	require.Equal(t, []issuers.IntegerPosition{{Index: 1, Type: "date"}, {Index: 4, Type: "int64"}}, is.Settings.Integers)
	// Repeating them, with other settings, is fine; changing or removing
	// them is not.
	require.True(t, e.submit(e.alice, "SetIssuerSettings", "ietf", `{"requireBoundNonce":true,"integers":[{"index":1,"type":"date"},{"index":4,"type":"int64"}]}`).Committed)
	for _, change := range []string{`{}`, `{"integers":[{"index":1,"type":"date"}]}`, `{"integers":[{"index":1,"type":"int64"},{"index":4,"type":"int64"}]}`} {
		requireCode(t, e.submit(e.alice, "SetIssuerSettings", "ietf", change), "BBS_INVALID_ARGUMENT", "integer positions are set (1:date, 4:int64) and cannot change")
	}
	// Other schemes refuse them, at registration and later.
	for _, s := range bbs.Schemes() {
		if s.Name() == bbs.BLS12381SHA256Name || s.Name() == bbs.BLS12381SHAKE256Name {
			continue
		}
		id := "x-" + strings.NewReplacer("+", "", ".", "").Replace(s.Name())
		kp := newKeyPair(t, s, 9)
		require.True(t, e.register(e.alice, id, kp, "", len(testMessages)).Committed, s.Name())
		requireCode(t, e.submit(e.alice, "SetIssuerSettings", id, `{"messageCounts":[5],"integers":[{"index":1,"type":"date"}]}`),
			"BBS_INVALID_ARGUMENT", "integers are for the schemes")
	}
	// At registration, for an IETF issuer.
	doc := registrationDoc(t, e.alice, "ietf2", newKeyPair(t, bbs.BLS12381SHAKE256(), 4), "")
	var reg map[string]any
	require.NoError(t, json.Unmarshal([]byte(doc), &reg))
	reg["settings"] = json.RawMessage(`{"integers":[{"index":0,"type":"int64"}]}`)
	is = decode[issuers.Issuer](t, e.submit(e.alice, "RegisterIssuer", jsonArg(t, reg)))
	require.Equal(t, []issuers.IntegerPosition{{Index: 0, Type: "int64"}}, is.Settings.Integers)
}

// integerCredential signs testMessages with message 1 a date and 4 an
// integer, under issuer settings that say so.
func integerMessages() [][]byte {
	m := append([][]byte(nil), testMessages...)
	m[1] = bbs.IntegerMessage(7300) // 1989-12-27
	m[4] = bbs.IntegerMessage(-42)
	return m
}

// TestIntegerVerification: an issuer's integer positions map its
// disclosed messages in every verification (VerifyProof, SubmitProof,
// VerifyProofs); a disclosed integer that is not 8 bytes is refused
// before any pairing.
func TestIntegerVerification(t *testing.T) {
	e := newEnv(t)
	s := bbs.BLS12381SHA256()
	k := newKeyPair(t, s, 3)
	require.True(t, e.register(e.alice, "ietf", k, "").Committed)
	require.True(t, e.submit(e.alice, "SetIssuerSettings", "ietf", `{"integers":[{"index":1,"type":"date"},{"index":4,"type":"int64"}]}`).Committed)
	mm, err := bbs.NewMessageMap([]int{1, 4})
	require.NoError(t, err)
	msgs := integerMessages()
	sig, err := bbs.SignMapped(s, k.sk, nil, msgs, mm)
	require.NoError(t, err)
	present := func(nonce string, revealed ...int) *request.Request {
		proof, err := bbs.DeriveProofMapped(rand.NewChaCha8([32]byte{byte(len(nonce))}), s, k.sk.PublicKey(), sig, nil, []byte(nonce), msgs, revealed, mm)
		require.NoError(t, err)
		d := &request.Decoded{Issuer: "ietf", Proof: proof.Bytes(), Nonce: []byte(nonce)}
		for _, i := range revealed {
			d.Disclosed = append(d.Disclosed, request.Message{Index: i, Message: msgs[i]})
		}
		return d.Encode()
	}
	for _, revealed := range [][]int{{0}, {1}, {1, 4}, {0, 2, 3, 4}} {
		req := present("integer nonce of 16+ bytes", revealed...)
		res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
		require.True(t, res.Valid, "%v: %s", revealed, res.Reason)
		batch := decode[proofs.BatchResults](t, e.evaluate(e.bob, "VerifyProofs", "["+jsonArg(t, req)+","+jsonArg(t, present("another integer nonce", revealed...))+"]"))
		require.Equal(t, 2, batch.ValidCount, "%v: %+v", revealed, batch.Results)
	}
	require.True(t, decode[proofs.ProofReceipt](t, e.submit(e.bob, "SubmitProof", jsonArg(t, present("submitted integer nonce", 1, 4)))).Valid)

	// A disclosed integer of another size.
	req := present("integer nonce of 16+ bytes", 1)
	d, err := req.Decode()
	require.NoError(t, err)
	d.Disclosed[0].Message = []byte{1, 2, 3}
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, d.Encode())))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "message 1 is an integer message of issuer \"ietf\" (8 bytes), not 3 bytes")
}

// TestPredicateParams: CreatePredicateParams checks the bytes, stores them
// under a new ID only, owned by the submitter; GetPredicateParams reads
// them.
func TestPredicateParams(t *testing.T) {
	e := newEnv(t)
	arg := rangeParams(t, 16, 1)
	rec := decode[policies.PredicateParamsRecord](t, e.submit(e.alice, "CreatePredicateParams", "age-u16", arg))
	require.Equal(t, "age-u16", rec.ID)
	require.Equal(t, "range", rec.Kind)
	require.Equal(t, 16, rec.Base)
	require.Equal(t, 16, rec.Size)
	require.Equal(t, e.alice.MSPID, rec.Owner.MSPID)
	raw, _ := base64.StdEncoding.DecodeString(arg)
	require.Equal(t, raw, rec.Params)
	require.Equal(t, base.HashHex(raw), rec.SHA256)
	require.Equal(t, rec, decode[policies.PredicateParamsRecord](t, e.evaluate(e.bob, "GetPredicateParams", "age-u16")))

	set := decode[policies.PredicateParamsRecord](t, e.submit(e.admin2, "CreatePredicateParams", "eu", setParams(t, 2, "DE", "FR", "IT")))
	require.Equal(t, "set", set.Kind)
	require.Equal(t, 3, set.Size)
	require.Zero(t, set.Base)
	require.Equal(t, "Org2MSP", set.Owner.MSPID)

	requireCode(t, e.submit(e.bob, "CreatePredicateParams", "age-u16", rangeParams(t, 16, 2)), "BBS_EXISTS")
	requireCode(t, e.submit(e.alice, "CreatePredicateParams", "bad id", arg), "BBS_INVALID_ARGUMENT", "does not match")
	requireCode(t, e.submit(e.alice, "CreatePredicateParams", "p1", "not base64"), "BBS_INVALID_ARGUMENT", "base64")
	requireCode(t, e.submit(e.alice, "CreatePredicateParams", "p1", base64.StdEncoding.EncodeToString([]byte{1, 2, 3})), "BBS_INVALID_ARGUMENT", "malformed parameters")
	// A signature that does not verify under the key.
	bad := append([]byte(nil), raw...)
	copy(bad[len(bad)-48:], raw[len(raw)-128:len(raw)-80])
	requireCode(t, e.submit(e.alice, "CreatePredicateParams", "p1", base64.StdEncoding.EncodeToString(bad)), "BBS_INVALID_ARGUMENT")
	requireCode(t, e.submit(e.alice, "CreatePredicateParams", "p1", strings.Repeat("A", 4*(base.MaxParamsSize/3+2))), "BBS_INVALID_ARGUMENT", "over the limit")
	requireCode(t, e.evaluate(e.bob, "GetPredicateParams", "none"), "BBS_NOT_FOUND")
	requireCode(t, e.evaluate(e.bob, "GetPredicateParams", ""), "BBS_INVALID_ARGUMENT")
}

// TestPredicateParamsCoalition: the coalition (fakestub.Rogue, endorsed by
// Org2 and Org3 alone) can neither rewrite the owner's parameters nor make
// its own believed as the owner's; a record it squats with a foreign
// policy is refused by every reader and its ID cannot be created.
func TestPredicateParamsCoalition(t *testing.T) {
	e := newEnv(t)
	arg := rangeParams(t, 16, 1)
	require.True(t, e.submit(e.alice, "CreatePredicateParams", "age-u16", arg).Committed)
	key := paramsKeyOf(t, e, "age-u16")
	before := e.ledger.State(key)

	// Rewrites of the owner's record fail at commit: it carries Org1's
	// key-level policy.
	evil := strings.Replace(string(before), arg, rangeParams(t, 16, 66), 1)
	for _, vp := range []string{"-", revNobody, revShared} {
		r := e.coalition(key, evil, vp)
		require.False(t, r.Committed, "the coalition rewrote the parameters (policy %s)", vp)
	}
	require.Equal(t, before, e.ledger.State(key))

	// Records it creates: with a foreign policy, none, or its own content
	// under the owner's name without the owner's policy.
	for i, c := range []struct{ value, vp string }{
		{strings.Replace(evil, `"age-u16"`, `"sq-1"`, 1), revNobody},
		{strings.Replace(evil, `"age-u16"`, `"sq-2"`, 1), "-"},
		{strings.Replace(evil, `"age-u16"`, `"sq-3"`, 1), revShared},
		{`{"id":"sq-4"}`, revOwner},
		{`not json`, revOwner},
	} {
		id := []string{"sq-1", "sq-2", "sq-3", "sq-4", "sq-5"}[i]
		r := e.coalition(paramsKeyOf(t, e, id), c.value, c.vp)
		require.True(t, r.Committed, r.ValidationDetail)
		requireCode(t, e.evaluate(e.bob, "GetPredicateParams", id), untrustedCode, `predicate parameters "`+id+`"`)
		requireCode(t, e.submit(e.alice, "CreatePredicateParams", id, arg), untrustedCode, "cannot be created")
	}

	// The root's limit (docs/trust-model.md): an unused ID created first
	// with exactly the owner's key-level policy is read as the owner's;
	// the owner's own creation of that ID then fails, so it never names
	// the ID in a policy.
	pre := strings.Replace(evil, `"age-u16"`, `"pre-1"`, 1)
	require.True(t, e.coalition(paramsKeyOf(t, e, "pre-1"), pre, revOwner).Committed)
	require.True(t, e.evaluate(e.bob, "GetPredicateParams", "pre-1").OK())
	requireCode(t, e.submit(e.alice, "CreatePredicateParams", "pre-1", arg), "BBS_EXISTS")
}

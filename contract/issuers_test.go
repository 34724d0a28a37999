// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

func TestRegisterIssuerEveryScheme(t *testing.T) {
	schemes := bbs.Schemes()
	require.NotEmpty(t, schemes)
	for i, s := range schemes {
		t.Run(s.Name(), func(t *testing.T) {
			e := newEnv(t)
			k := newKeyPair(t, s, byte(i))
			r := e.register(e.alice, "acme", k, "Acme University")
			is := decode[issuers.Issuer](t, r)
			var settings issuers.IssuerSettings
			if s.Name() == bbs.BBSPlus2020Name {
				settings.MessageCounts = []int{len(testMessages)}
			}
			require.True(t, r.Committed)
			require.Equal(t, issuers.Issuer{
				ID:             "acme",
				Scheme:         s.Name(),
				Description:    "Acme University",
				Owner:          base.Owner{MSPID: "Org1MSP", ID: request.SubmitterID(e.alice.Cert)},
				CurrentVersion: 1,
				Keys:           []issuers.IssuerKey{{Version: 1, PublicKey: k.sk.PublicKey().Bytes(), CreatedAt: r.Timestamp}},
				Settings:       settings,
				CreatedAt:      r.Timestamp,
				UpdatedAt:      r.Timestamp,
			}, is)

			got := decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "acme"))
			require.Equal(t, is, got)
		})
	}
}

func TestRegisterIssuerRecordsTransactionTime(t *testing.T) {
	e := newEnv(t)
	e.ledger.Clock = time.Date(2030, 6, 7, 8, 9, 10, 123456789, time.FixedZone("CEST", 2*3600))
	k := newKeyPair(t, bbs.BBSPlus2020(), 1)
	r := e.register(e.alice, "acme", k, "")
	is := decode[issuers.Issuer](t, r)
	want := time.Date(2030, 6, 7, 6, 9, 10, 123456789, time.UTC)
	require.Equal(t, want, is.CreatedAt)
	require.Equal(t, want, is.UpdatedAt)
	require.Contains(t, string(r.Response.Payload), `"createdAt":"2030-06-07T06:09:10.123456789Z"`)
	require.NotContains(t, string(r.Response.Payload), "revokedAt")
}

func TestRegisterIssuerRejects(t *testing.T) {
	e := newEnv(t)
	plus := bbs.BBSPlus2020()
	k := newKeyPair(t, plus, 1)
	require.True(t, e.register(e.alice, "taken", k, "").Committed)

	// Invalid keys from the interop vectors.
	badKeys := map[string]string{}
	for _, c := range loadVectors(t, "aries.json").Cases {
		if strings.HasPrefix(c.Name, "invalid/m10/pubkey-") && c.Name != "invalid/m10/pubkey-other-issuer" {
			badKeys[c.Name] = c.PublicKey.String()
		}
	}
	require.Len(t, badKeys, 7)

	// doc is a registration document of the given fields, with k's
	// proof of possession for alice where the scheme is known.
	doc := func(id, scheme, pk, description string) string {
		pop := base64.StdEncoding.EncodeToString([]byte("no proof"))
		if s, err := bbs.SchemeByName(scheme); err == nil && s.Name() == k.scheme.Name() {
			pop = k.pop(t, popStatement(e.alice, registration.PurposeRegister, id, 1, scheme))
		}
		return jsonArg(t, map[string]any{"id": id, "scheme": scheme, "publicKey": pk, "description": description,
			"settings": map[string]any{"messageCounts": []int{5}}, "proofOfPossession": pop})
	}
	type tc struct {
		name string
		id   *fakeid.Identity
		args []string
		want string
	}
	tests := []tc{
		{"duplicate issuer", e.bob, []string{registrationDoc(t, e.bob, "taken", newKeyPair(t, plus, 2), "")}, `issuer "taken": already exists`},
		{"empty id", e.alice, []string{doc("", plus.Name(), k.publicKeyText(), "")}, "id is missing or empty"},
		{"id with space", e.alice, []string{doc("a b", plus.Name(), k.publicKeyText(), "")}, "does not match ^[A-Za-z0-9._-]{1,64}$"},
		{"id with slash", e.alice, []string{doc("a/b", plus.Name(), k.publicKeyText(), "")}, "does not match"},
		{"id with NUL", e.alice, []string{doc("a\x00b", plus.Name(), k.publicKeyText(), "")}, "does not match"},
		{"id too long", e.alice, []string{doc(strings.Repeat("x", 65), plus.Name(), k.publicKeyText(), "")}, "does not match"},
		{"unknown scheme", e.alice, []string{doc("new", "bbs-2099", k.publicKeyText(), "")}, "unknown scheme"},
		{"empty scheme", e.alice, []string{doc("new", "", k.publicKeyText(), "")}, "scheme is missing or empty"},
		{"key not base64", e.alice, []string{doc("new", plus.Name(), "not base64!", "")}, "publicKey is not canonical standard base64"},
		{"key url base64", e.alice, []string{doc("new", plus.Name(), base64.URLEncoding.EncodeToString(make([]byte, 96))+"-_", "")}, "publicKey is not canonical standard base64"},
		{"key base64 with newline", e.alice, []string{doc("new", plus.Name(), k.publicKeyText()[:64]+"\n"+k.publicKeyText()[64:], "")}, "publicKey is not canonical standard base64"},
		{"key text too long", e.alice, []string{doc("new", plus.Name(), strings.Repeat("A", 1028), "")}, "too long for a public key"},
		{"key too short", e.alice, []string{doc("new", plus.Name(), base64.StdEncoding.EncodeToString(k.sk.PublicKey().Bytes()[:95]), "")}, "publicKey is not a valid bbs+2020 public key"},
		{"key empty", e.alice, []string{doc("new", plus.Name(), "", "")}, "publicKey is missing or empty"},
		{"description too long", e.alice, []string{doc("new", plus.Name(), k.publicKeyText(), strings.Repeat("d", issuers.MaxDescriptionLength+1))}, "description is 1025 bytes, over the limit of 1024"},
		{"argument over limit", e.alice, []string{strings.Repeat("d", MaxArgSize+1)}, "argument 1 is 1048577 bytes, over the limit of 1048576"},
		{"document over limit", e.alice, []string{doc("new", plus.Name(), k.publicKeyText(), strings.Repeat("d", registration.MaxDocumentSize))}, "over the limit of 32768"},
		{"no argument", e.alice, []string{}, "incorrect number of params"},
		{"the old positional arguments", e.alice, []string{"new", plus.Name(), k.publicKeyText(), ""}, "registration must be one JSON object"},
		{"not an object", e.alice, []string{`["new"]`}, "registration must be one JSON object"},
		{"not JSON", e.alice, []string{`{"id":`}, "registration must be one JSON object"},
		{"unknown field", e.alice, []string{strings.Replace(doc("new", plus.Name(), k.publicKeyText(), ""), `{`, `{"did":"x",`, 1)}, `unknown field "did"`},
		{"duplicate field", e.alice, []string{strings.Replace(doc("new", plus.Name(), k.publicKeyText(), ""), `{`, `{"id":"other",`, 1)}, `duplicate field "id"`},
		{"data after the object", e.alice, []string{doc("new", plus.Name(), k.publicKeyText(), "") + "{}"}, "registration must be one JSON object"},
		{"settings null", e.alice, []string{strings.Replace(doc("new", plus.Name(), k.publicKeyText(), ""), `"settings":{"messageCounts":[5]}`, `"settings":null`, 1)}, "settings must be an object"},
		{"bad settings", e.alice, []string{strings.Replace(doc("new", plus.Name(), k.publicKeyText(), ""), `"messageCounts":[5]`, `"messageCounts":[5,2]`, 1)}, "messageCounts must be ascending"},
		{"unknown settings field", e.alice, []string{strings.Replace(doc("new", plus.Name(), k.publicKeyText(), ""), `"messageCounts":[5]`, `"messageCounts":[5],"x":1`, 1)}, "settings: unknown field"},
		{"bbs+2020 without counts", e.alice, []string{strings.Replace(doc("new", plus.Name(), k.publicKeyText(), ""), `"messageCounts":[5]`, ``, 1)}, "a bbs+2020 issuer must pin messageCounts"},
		{"bbs+2020 with empty counts", e.alice, []string{strings.Replace(doc("new", plus.Name(), k.publicKeyText(), ""), `"messageCounts":[5]`, `"messageCounts":[]`, 1)}, "a bbs+2020 issuer must pin messageCounts"},
		{"no proof of possession", e.alice, []string{strings.Replace(doc("new", plus.Name(), k.publicKeyText(), ""), `"proofOfPossession"`, `"x_"`, 1)}, `unknown field "x_"`},
		{"proof of possession not base64", e.alice, []string{jsonArg(t, map[string]any{"id": "new", "scheme": plus.Name(), "publicKey": newKeyPair(t, plus, 3).publicKeyText(), "settings": map[string]any{"messageCounts": []int{5}}, "proofOfPossession": "%%"})}, "proofOfPossession is not canonical standard base64"},
		{"proof of possession too long", e.alice, []string{jsonArg(t, map[string]any{"id": "new", "scheme": plus.Name(), "publicKey": newKeyPair(t, plus, 3).publicKeyText(), "settings": map[string]any{"messageCounts": []int{5}}, "proofOfPossession": strings.Repeat("A", 2052)})}, "proofOfPossession is 2052 characters of base64, over the limit of 2048"},
		{"proof of possession garbage", e.alice, []string{jsonArg(t, map[string]any{"id": "new", "scheme": plus.Name(), "publicKey": newKeyPair(t, plus, 3).publicKeyText(), "settings": map[string]any{"messageCounts": []int{5}}, "proofOfPossession": "AAAA"})}, "the proof of possession does not verify: not a well-formed bbs+2020 proof"},
	}
	for name, key := range badKeys {
		tests = append(tests, tc{"vector " + name, e.alice, []string{doc("new", plus.Name(), key, "")}, "publicKey"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.ledger.Keys()
			requireFailure(t, e.submit(tt.id, "RegisterIssuer", tt.args...), tt.want)
			require.Equal(t, before, e.ledger.Keys())
		})
	}
}

func TestRegisterIssuerNeedsAnX509Identity(t *testing.T) {
	e := newEnv(t)
	k := newKeyPair(t, bbs.BBSPlus2020(), 1)
	args := []string{Name + ":RegisterIssuer", registrationDoc(t, e.alice, "acme", k, "")}
	tests := []struct {
		name    string
		creator []byte
		want    string
	}{
		{"no creator", nil, "cannot identify the submitter"},
		{"creator not a serialized identity", []byte{0xff, 0xff, 0xff}, "cannot identify the submitter"},
		{"identity not a certificate", fakeid.Creator(t, "Org1MSP", []byte("not a certificate")), "cannot identify the submitter"},
		{"no MSP ID", fakeid.Creator(t, "", e.alice.PEM), "empty MSP ID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			requireFailure(t, e.ledger.Submit(e.cc, tt.creator, args...), tt.want)
		})
	}
}

// registered returns an env where alice registered "acme" (bbs+2020) with
// key seed 1.
func registered(t *testing.T) (*env, *keyPair) {
	t.Helper()
	e := newEnv(t)
	return e, registerAcme(t, e)
}

// registerAcme has alice register "acme" (bbs+2020) with key seed 1 on e.
func registerAcme(t *testing.T, e *env) *keyPair {
	t.Helper()
	k := newKeyPair(t, bbs.BBSPlus2020(), 1)
	require.True(t, e.register(e.alice, "acme", k, "Acme").Committed)
	return k
}

func TestRotateIssuerKey(t *testing.T) {
	for _, who := range []string{"owner", "admin of the owner's MSP"} {
		t.Run(who, func(t *testing.T) {
			e, k1 := registered(t)
			id := e.alice
			if who != "owner" {
				id = e.admin1
			}
			created := decode[issuers.Issuer](t, e.evaluate(e.alice, "GetIssuer", "acme"))
			k2 := newKeyPair(t, bbs.BBSPlus2020(), 2)
			r := e.rotate(id, "acme", k2)
			is := decode[issuers.Issuer](t, r)
			require.True(t, r.Committed)
			require.Equal(t, 2, is.CurrentVersion)
			require.Equal(t, []issuers.IssuerKey{
				{Version: 1, PublicKey: k1.sk.PublicKey().Bytes(), CreatedAt: created.CreatedAt},
				{Version: 2, PublicKey: k2.sk.PublicKey().Bytes(), CreatedAt: r.Timestamp},
			}, is.Keys)
			require.Equal(t, created.CreatedAt, is.CreatedAt)
			require.Equal(t, r.Timestamp, is.UpdatedAt)
			require.Equal(t, created.Owner, is.Owner, "an admin acting for the owner does not take ownership")
			require.Equal(t, is, decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "acme")))
		})
	}
}

func TestRotateIssuerKeyRejects(t *testing.T) {
	e, k1 := registered(t)
	k2 := newKeyPair(t, bbs.BBSPlus2020(), 2)
	rot := func(who *fakeid.Identity, id string, version int, k *keyPair) []string {
		return []string{rotationDoc(t, who, id, version, k)}
	}
	withKey := func(id string, version int, pk string) []string {
		return []string{jsonArg(t, registration.Rotation{ID: id, KeyVersion: version, PublicKey: pk,
			ProofOfPossession: k2.pop(t, popStatement(e.alice, registration.PurposeRotate, id, version, bbs.BBSPlus2020Name))})}
	}
	tests := []struct {
		name string
		id   *fakeid.Identity
		args []string
		want []string
	}{
		{"unknown issuer", e.alice, rot(e.alice, "nobody", 2, k2), []string{`issuer "nobody": not found`}},
		{"bad id", e.alice, rot(e.alice, "no body", 2, k2), []string{"does not match"}},
		{"other identity of the MSP", e.bob, rot(e.bob, "acme", 2, k2), []string{"access denied", `only the owner of issuer "acme"`, "bbs.admin=true"}},
		{"admin attribute false", e.notAdmin1, rot(e.notAdmin1, "acme", 2, k2), []string{"access denied"}},
		{"admin of another MSP", e.admin2, rot(e.admin2, "acme", 2, k2), []string{"access denied", "the submitter is of MSP Org2MSP"}},
		{"same key again", e.alice, rot(e.alice, "acme", 2, k1), []string{"publicKey is already key version 1"}},
		{"bad key", e.alice, withKey("acme", 2, base64.StdEncoding.EncodeToString(make([]byte, 96))), []string{"publicKey is not a valid bbs+2020 public key"}},
		{"bad base64", e.alice, withKey("acme", 2, "%%%"), []string{"not canonical standard base64"}},
		{"version skipped", e.alice, rot(e.alice, "acme", 3, k2), []string{"keyVersion is 3", "the new key is version 2"}},
		{"version 1", e.alice, rot(e.alice, "acme", 1, k2), []string{"keyVersion is 1; a rotation adds version 2 or above"}},
		{"proof of possession made for registration", e.alice, []string{jsonArg(t, registration.Rotation{ID: "acme", KeyVersion: 2, PublicKey: k2.publicKeyText(),
			ProofOfPossession: k2.pop(t, popStatement(e.alice, registration.PurposeRegister, "acme", 2, bbs.BBSPlus2020Name))})}, []string{"the proof of possession does not verify"}},
		{"proof of possession of another key", e.alice, []string{jsonArg(t, registration.Rotation{ID: "acme", KeyVersion: 2, PublicKey: k2.publicKeyText(),
			ProofOfPossession: k1.pop(t, popStatement(e.alice, registration.PurposeRotate, "acme", 2, bbs.BBSPlus2020Name))})}, []string{"the proof of possession does not verify"}},
		{"proof of possession made for an admin", e.alice, rot(e.admin1, "acme", 2, k2), []string{"access denied", "the proof of possession does not verify"}},
		{"unknown field", e.alice, []string{strings.Replace(rot(e.alice, "acme", 2, k2)[0], "{", `{"did":"x",`, 1)}, []string{`unknown field "did"`}},
		{"no argument", e.alice, []string{}, []string{"incorrect number of params"}},
		{"the old positional arguments", e.alice, []string{"acme", k2.publicKeyText()}, []string{"rotation must be one JSON object"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			requireFailure(t, e.submit(tt.id, "RotateIssuerKey", tt.args...), tt.want...)
		})
	}
	is := decode[issuers.Issuer](t, e.evaluate(e.alice, "GetIssuer", "acme"))
	require.Equal(t, 1, is.CurrentVersion)
	require.Len(t, is.Keys, 1)
}

func TestRotateIssuerKeyLimit(t *testing.T) {
	e, _ := registered(t)
	is := decode[issuers.Issuer](t, e.evaluate(e.alice, "GetIssuer", "acme"))
	for len(is.Keys) < issuers.MaxKeyVersions {
		v := len(is.Keys) + 1
		is.Keys = append(is.Keys, issuers.IssuerKey{Version: v, PublicKey: newKeyPair(t, bbs.BBSPlus2020(), byte(v)).sk.PublicKey().Bytes(), CreatedAt: is.CreatedAt})
		if len(is.Keys) == 3 {
			// Only a few distinct keys are needed; the rest repeat the
			// third to keep the test fast.
			break
		}
	}
	for len(is.Keys) < issuers.MaxKeyVersions {
		is.Keys = append(is.Keys, issuers.IssuerKey{Version: len(is.Keys) + 1, PublicKey: is.Keys[2].PublicKey, CreatedAt: is.CreatedAt})
	}
	is.CurrentVersion = issuers.MaxKeyVersions
	b, err := json.Marshal(is)
	require.NoError(t, err)
	key, err := issuerKeyOf(e, "acme")
	require.NoError(t, err)
	e.ledger.Put(key, b)

	requireFailure(t, e.rotate(e.alice, "acme", newKeyPair(t, bbs.BBSPlus2020(), 200)),
		fmt.Sprintf("has %d key versions, the most allowed", issuers.MaxKeyVersions))
}

func TestRevokeIssuerKey(t *testing.T) {
	e, _ := registered(t)
	k2 := newKeyPair(t, bbs.BBSPlus2020(), 2)
	require.True(t, e.rotate(e.alice, "acme", k2).Committed)

	requireFailure(t, e.submit(e.bob, "RevokeIssuerKey", "acme", "1"), "access denied")
	requireFailure(t, e.submit(e.admin2, "RevokeIssuerKey", "acme", "1"), "access denied")
	requireFailure(t, e.submit(e.alice, "RevokeIssuerKey", "acme", "0"), "has no key version 0 (it has versions 1 to 2)")
	requireFailure(t, e.submit(e.alice, "RevokeIssuerKey", "acme", "3"), "has no key version 3")
	requireFailure(t, e.submit(e.alice, "RevokeIssuerKey", "acme", "one"), "error managing parameter param1")
	requireFailure(t, e.submit(e.alice, "RevokeIssuerKey", "nobody", "1"), "not found")

	r := e.submit(e.admin1, "RevokeIssuerKey", "acme", "1")
	is := decode[issuers.Issuer](t, r)
	require.True(t, is.Keys[0].Revoked)
	require.Equal(t, r.Timestamp, is.Keys[0].RevokedAt)
	require.False(t, is.Keys[1].Revoked)
	require.True(t, is.Keys[1].RevokedAt.IsZero())
	require.Equal(t, 2, is.CurrentVersion)
	require.Equal(t, r.Timestamp, is.UpdatedAt)

	requireFailure(t, e.submit(e.alice, "RevokeIssuerKey", "acme", "1"), "key version 1 of issuer \"acme\": already revoked")

	// The current key may be revoked too.
	is = decode[issuers.Issuer](t, e.submit(e.alice, "RevokeIssuerKey", "acme", "2"))
	require.True(t, is.Keys[1].Revoked)
	require.Equal(t, 2, is.CurrentVersion)
}

func TestRevokeIssuer(t *testing.T) {
	e, _ := registered(t)
	requireFailure(t, e.submit(e.bob, "RevokeIssuer", "acme"), "access denied")
	requireFailure(t, e.submit(e.notAdmin1, "RevokeIssuer", "acme"), "access denied")
	requireFailure(t, e.submit(e.admin2, "RevokeIssuer", "acme"), "access denied")
	requireFailure(t, e.submit(e.alice, "RevokeIssuer", "nobody"), `issuer "nobody": not found`)
	requireFailure(t, e.submit(e.alice, "RevokeIssuer", "bad id"), "does not match")

	r := e.submit(e.admin1, "RevokeIssuer", "acme")
	is := decode[issuers.Issuer](t, r)
	require.True(t, is.Revoked)
	require.Equal(t, r.Timestamp, is.RevokedAt)
	require.Equal(t, r.Timestamp, is.UpdatedAt)

	// A revoked issuer stays readable and cannot be changed.
	require.Equal(t, is, decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "acme")))
	requireFailure(t, e.submit(e.alice, "RevokeIssuer", "acme"), `issuer "acme" is revoked and cannot be changed`)
	requireFailure(t, e.rotate(e.alice, "acme", newKeyPair(t, bbs.BBSPlus2020(), 2)), "is revoked and cannot be changed")
	requireFailure(t, e.submit(e.alice, "RevokeIssuerKey", "acme", "1"), "is revoked and cannot be changed")
	// Nor be registered again.
	requireFailure(t, e.register(e.alice, "acme", newKeyPair(t, bbs.BBSPlus2020(), 3), ""), "already exists")
}

func TestGetIssuerRejects(t *testing.T) {
	e, _ := registered(t)
	requireFailure(t, e.evaluate(e.alice, "GetIssuer", "nobody"), `issuer "nobody": not found`)
	requireFailure(t, e.evaluate(e.alice, "GetIssuer", "bad/id"), "does not match")
	requireFailure(t, e.evaluate(e.alice, "GetIssuer"), "incorrect number of params")
}

func TestListIssuers(t *testing.T) {
	for _, db := range []string{"LevelDB", "CouchDB"} {
		t.Run(db, func(t *testing.T) { testListIssuers(t, db == "CouchDB") })
	}
}

func testListIssuers(t *testing.T, couchDB bool) {
	e := newEnv(t)
	e.ledger.CouchDB = couchDB
	ids := []string{"e", "a", "d.x", "b", "c-1", "C", "a_"}
	for i, id := range ids {
		k := newKeyPair(t, bbs.BBSPlus2020(), byte(i))
		require.True(t, e.register(e.alice, id, k, "").Committed)
	}
	// A verification's nonce and record live in the same world state and
	// must not show up in the list.
	c := sign(t, newKeyPair(t, bbs.BBSPlus2020(), 0), nil)
	require.True(t, e.submit(e.alice, "SubmitProof", jsonArg(t, c.present(t, "e", []byte("n of sixteen bytes"), 0))).Committed)

	want := []string{"C", "a", "a_", "b", "c-1", "d.x", "e"} // byte order
	got, pages := listAll(t, e, "ListIssuers", 3, func(p issuers.IssuerPage) ([]string, int, string) {
		var ids []string
		for _, is := range p.Issuers {
			ids = append(ids, is.ID)
		}
		return ids, p.Count, p.Bookmark
	})
	require.Equal(t, want, got)
	require.Equal(t, 3, pages)

	all := decode[issuers.IssuerPage](t, e.evaluate(e.bob, "ListIssuers", "200", ""))
	require.Len(t, all.Issuers, len(ids))
	require.Empty(t, all.Bookmark)

	// A bookmark need not be an existing ID: the page starts at the next.
	from := decode[issuers.IssuerPage](t, e.evaluate(e.bob, "ListIssuers", "2", "a0"))
	require.Equal(t, "a_", from.Issuers[0].ID)
	require.Equal(t, "c-1", from.Bookmark)
}

// TestListEmptyAndRejects: ListIssuers and ListPolicies (one paging
// path) on an empty ledger, and their bad arguments.
func TestListEmptyAndRejects(t *testing.T) {
	for _, list := range []struct{ fn, field, one string }{
		{"ListIssuers", "issuers", "an issuer"},
		{"ListPolicies", "policies", "a policy"},
	} {
		for _, db := range []string{"LevelDB", "CouchDB"} {
			t.Run(list.fn+"/"+db, func(t *testing.T) {
				e := newEnv(t)
				e.ledger.CouchDB = db == "CouchDB"
				require.JSONEq(t, `{"`+list.field+`":[],"count":0,"bookmark":""}`, string(e.evaluate(e.bob, list.fn, "10", "").Response.Payload))
				for _, tt := range []struct{ size, bookmark, want string }{
					{"0", "", "pageSize 0 is outside 1..200"},
					{"201", "", "pageSize 201 is outside 1..200"},
					{"-1", "", "pageSize -1 is outside 1..200"},
					{"ten", "", "error managing parameter param0"},
					{"10", "\x00bbs.nonce\x00", "is not " + list.one + " ID"},
					{"10", "a b", "is not " + list.one + " ID"},
				} {
					requireFailure(t, e.evaluate(e.bob, list.fn, tt.size, tt.bookmark), tt.want)
				}
			})
		}
	}
}

func TestGetIssuerHistory(t *testing.T) {
	e, _ := registered(t)
	rotate := e.rotate(e.alice, "acme", newKeyPair(t, bbs.BBSPlus2020(), 2))
	require.True(t, rotate.Committed)
	requireFailure(t, e.submit(e.bob, "RevokeIssuer", "acme"), "access denied") // not in the history
	revoke := e.submit(e.alice, "RevokeIssuer", "acme")
	require.True(t, revoke.Committed)

	page := decode[issuers.IssuerHistoryPage](t, e.evaluate(e.bob, "GetIssuerHistory", "acme", "10", ""))
	require.Equal(t, 3, page.Count)
	require.Empty(t, page.Bookmark)
	h := page.Entries
	require.Len(t, h, 3)
	require.Equal(t, revoke.TxID, h[0].TxID)
	require.Equal(t, revoke.Timestamp, h[0].Timestamp)
	require.True(t, h[0].Issuer.Revoked)
	require.Equal(t, rotate.TxID, h[1].TxID)
	require.Equal(t, 2, h[1].Issuer.CurrentVersion)
	require.False(t, h[1].Issuer.Revoked)
	require.Equal(t, 1, h[2].Issuer.CurrentVersion)
	for _, entry := range h {
		require.False(t, entry.IsDelete)
		require.Equal(t, entry.Timestamp, entry.Issuer.UpdatedAt)
	}

	// Page by page: the same entries, each page bounded.
	var paged []issuers.IssuerHistoryEntry
	bookmark, pages := "", 0
	for {
		p := decode[issuers.IssuerHistoryPage](t, e.evaluate(e.bob, "GetIssuerHistory", "acme", "2", bookmark))
		require.Equal(t, len(p.Entries), p.Count)
		require.LessOrEqual(t, p.Count, 2)
		paged = append(paged, p.Entries...)
		pages++
		if p.Bookmark == "" {
			break
		}
		bookmark = p.Bookmark
	}
	require.Equal(t, 2, pages)
	require.Equal(t, h, paged)
	require.Equal(t, rotate.TxID, decode[issuers.IssuerHistoryPage](t, e.evaluate(e.bob, "GetIssuerHistory", "acme", "1", "")).Bookmark)

	requireFailure(t, e.evaluate(e.bob, "GetIssuerHistory", "nobody", "10", ""), `issuer "nobody": not found`)
	requireFailure(t, e.evaluate(e.bob, "GetIssuerHistory", "no body", "10", ""), "does not match")
	requireFailure(t, e.evaluate(e.bob, "GetIssuerHistory", "acme", "0", ""), "pageSize 0 is outside 1..200")
	requireFailure(t, e.evaluate(e.bob, "GetIssuerHistory", "acme", "201", ""), "pageSize 201 is outside 1..200")
	requireFailure(t, e.evaluate(e.bob, "GetIssuerHistory", "acme", "2", "no-such-tx"), "bookmark \"no-such-tx\" is not a change of issuer")
	requireFailure(t, e.evaluate(e.bob, "GetIssuerHistory", "acme", "2", strings.Repeat("a", 257)), "bookmark is 257 bytes")
}

func TestGetIssuerHistoryOfADeletedRecord(t *testing.T) {
	// The contract never deletes an issuer, but the history reader copes
	// with a deletion in the ledger's history.
	e, _ := registered(t)
	key, err := issuerKeyOf(e, "acme")
	require.NoError(t, err)
	s := e.ledger.NewStub(nil)
	require.NoError(t, s.DelState(key))
	e.ledger.Commit(s)

	h := decode[issuers.IssuerHistoryPage](t, e.evaluate(e.bob, "GetIssuerHistory", "acme", "10", "")).Entries
	require.Len(t, h, 2)
	require.True(t, h[0].IsDelete)
	require.Nil(t, h[0].Issuer)
	require.NotContains(t, string(e.evaluate(e.bob, "GetIssuerHistory", "acme", "10", "").Response.Payload), `"issuer":null`)
	requireFailure(t, e.evaluate(e.bob, "GetIssuer", "acme"), "not found")
}

// oddBookmarkStub answers paginated queries with a bookmark that is not a
// composite key, as no peer should.
type oddBookmarkStub struct {
	*fakestub.Stub
	bookmark string
}

func (s oddBookmarkStub) GetStateByPartialCompositeKeyWithPagination(objectType string, keys []string, pageSize int32, bookmark string) (shim.StateQueryIteratorInterface, *peer.QueryResponseMetadata, error) {
	it, meta, err := s.Stub.GetStateByPartialCompositeKeyWithPagination(objectType, keys, pageSize, bookmark)
	if meta != nil {
		meta.Bookmark = s.bookmark
	}
	return it, meta, err
}

// TestListIssuersIgnoresThePeersBookmark: whatever bookmark the peer
// answers, the contract makes its own from the extra issuer it reads.
func TestListIssuersIgnoresThePeersBookmark(t *testing.T) {
	e, _ := registered(t)
	require.True(t, e.register(e.alice, "beta", newKeyPair(t, bbs.BBSPlus2020(), 7), "").Committed)
	for _, bookmark := range []string{"", "opaque", "\x00", "\x00bbs.nonce\x00acme\x00ff\x00", "\x00bbs.issuer\x00a b\x00", "\x00bbs.issuer\x00\U0010ffff"} {
		ctx := newTestContext(oddBookmarkStub{Stub: e.ledger.NewStub(e.alice.Creator), bookmark: bookmark})
		page, err := New().ListIssuers(ctx, 1, "")
		require.NoError(t, err, "%q", bookmark)
		require.Equal(t, "acme", page.Issuers[0].ID)
		require.Equal(t, "beta", page.Bookmark)
		ctx = newTestContext(oddBookmarkStub{Stub: e.ledger.NewStub(e.alice.Creator), bookmark: bookmark})
		page, err = New().ListIssuers(ctx, 1, "beta")
		require.NoError(t, err, "%q", bookmark)
		require.Equal(t, "beta", page.Issuers[0].ID)
		require.Empty(t, page.Bookmark)
	}
}

// issuerKeyOf returns the world-state key of an issuer record.
func issuerKeyOf(e *env, id string) (string, error) {
	return issuers.IssuerRecordKey(e.ledger.NewStub(nil), id)
}

// listAll reads every page of the list transaction fn (ListIssuers,
// ListPolicies) with pageSize, checking each page's count, size and
// bookmark; page gives a page's IDs, count and bookmark. It returns the
// IDs in order and the number of pages.
func listAll[P any](t *testing.T, e *env, fn string, pageSize int, page func(P) ([]string, int, string)) ([]string, int) {
	t.Helper()
	var all []string
	bookmark, pages := "", 0
	for {
		ids, count, next := page(decode[P](t, e.evaluate(e.bob, fn, strconv.Itoa(pageSize), bookmark)))
		require.Equal(t, len(ids), count)
		require.LessOrEqual(t, count, pageSize)
		all = append(all, ids...)
		pages++
		if next == "" {
			return all, pages
		}
		require.True(t, request.ValidIssuerID(next), "bookmark %q", next)
		bookmark = next
	}
}

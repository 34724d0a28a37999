// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// Attacks on the revocation state by the coalition: here Org2 (and Org3)
// on a channel whose chaincode policy any one organisation satisfies (the
// OR shape; the test ledger's default), running other code on their peers:
// fakestub.Rogue, which writes any key with any key-level policy. The honest
// owner is alice of Org1, whose transactions Org1's peer endorses.

// Key-level policies the coalition sets: one no one satisfies, and one
// that both the owner's honest endorsement and the coalition satisfy.
var (
	revNobody = hex.EncodeToString(fakestub.MSPPolicy(1, "NobodyMSP"))
	revShared = hex.EncodeToString(fakestub.MSPPolicy(1, "Org1MSP", "Org2MSP"))
	revOwner  = hex.EncodeToString(fakestub.MSPPolicy(1, "Org1MSP"))
)

// coalition submits one transaction of fakestub.Rogue endorsed by Org2 and
// Org3 alone: ops are triples (key, value, key-level policy as hex, "-"
// for none), each written as given.
func (e *env) coalition(ops ...string) fakestub.Result {
	e.t.Helper()
	var ws []fakestub.Write
	for i := 0; i+2 < len(ops); i += 3 {
		w := fakestub.Write{Key: ops[i], Value: []byte(ops[i+1])}
		if ops[i+2] != "-" {
			vp, err := hex.DecodeString(ops[i+2])
			require.NoError(e.t, err)
			w.SetPolicy, w.Policy = true, vp
		}
		ws = append(ws, w)
	}
	return e.ledger.SubmitWrites(fakestub.DefaultNamespace, []string{"Org2MSP", "Org3MSP"}, ws...)
}

// revKeys lists the ledger's keys of object type ot whose attributes
// start with attrs.
func revKeys(e *env, ot string, attrs ...string) []string {
	prefix := "\x00" + ot + "\x00"
	for _, a := range attrs {
		prefix += a + "\x00"
	}
	var out []string
	for _, k := range e.ledger.Keys() {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	return out
}

// revKey is a composite key (made by hand: a stub would take a tx ID).
func revKey(t *testing.T, e *env, ot string, attrs ...string) string {
	t.Helper()
	return "\x00" + ot + "\x00" + strings.Join(attrs, "\x00") + "\x00"
}

// predictTxID returns the ID that the transaction after the next one
// gets: the coalition, having seen the owner's proposal, knows its ID
// before it commits (the fake's IDs are a counter's hash).
func predictTxID(t *testing.T, e *env) string {
	t.Helper()
	probe := e.ledger.NewStub(nil).GetTxID()
	for n := 1; n < 1_000_000; n++ {
		h := sha256.Sum256([]byte("fakestub/tx/" + strconv.Itoa(n)))
		if hex.EncodeToString(h[:]) == probe {
			next := sha256.Sum256([]byte("fakestub/tx/" + strconv.Itoa(n+2)))
			return hex.EncodeToString(next[:])
		}
	}
	t.Fatal("no transaction count gives the probe's ID")
	return ""
}

// presentAt is c's presentation claiming version `version` with c's
// witness against value (not necessarily that version's), under policy p.
func (e *nrEnv) presentAt(c *revocation.Credential, version uint64, value []byte, p string) string {
	e.t.Helper()
	e.nonce++
	nonce := []byte(fmt.Sprintf("attack nonce %04d", e.nonce))
	cc := *c
	cc.Version = version
	pres, err := revocation.Present(rand.NewChaCha8([32]byte{byte(e.nonce), 7}), &cc, e.accPK, value, nonce, []int{0})
	require.NoError(e.t, err)
	d := &request.Decoded{Issuer: "acme", Proof: pres.Bytes(), Nonce: nonce, NonRevoked: true,
		Disclosed: []request.Message{{Index: 0, Message: c.Messages[0]}}, Policy: &request.PolicyRef{ID: p}}
	return jsonArg(e.t, d.Encode())
}

// forgedRemoval is a removal record of version v that names handle h and
// value: the bytes I2OSP(v, 8) ‖ h ‖ value, as JSON.
func forgedRemoval(t *testing.T, v uint64, h, value []byte) string {
	t.Helper()
	b := binary.BigEndian.AppendUint64(nil, v)
	b = append(append(b, h...), value...)
	j, err := json.Marshal(map[string]any{"issuer": "acme", "removal": base64.StdEncoding.EncodeToString(b), "version": v,
		"createdAt": time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), "txId": strings.Repeat("f", 64)})
	require.NoError(t, err)
	return string(j)
}

// TestAttackRemovalRewrite: the coalition rewrites the removal record of
// version 1 to the value V_0 wherever the contract might read it (every
// stored record of version 1, the legacy key, a key of a made-up
// transaction ID with the owner's policy). Not believed: holders revoked
// at versions 1 and 2 still fail under grace 1 against version 1, and an
// honest holder's witness update from GetAccumulatorRemoval still works.
func TestAttackRemovalRewrite(t *testing.T) {
	e := newNREnv(t)
	alice, bob, carol := e.issue("alice"), e.issue("bob"), e.issue("carol")
	v0 := e.accumulator().InitialValue
	requireAccepted(t, e.revoke(bob))
	requireAccepted(t, e.revoke(carol))
	hb, err := bob.Handle()
	require.NoError(t, err)
	forged := forgedRemoval(t, 1, hb, v0)
	legacy := revKey(t, e.env, "bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", 1))
	made := revKey(t, e.env, "bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", 1), strings.Repeat("f", 64))
	for _, k := range append(revKeys(e.env, "bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", 1)), legacy) {
		e.coalition(k, forged, "-")
	}
	e.coalition(made, forged, revOwner)

	for _, c := range []*revocation.Credential{bob, carol} {
		res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", e.presentAt(c, 1, v0, "nr1")))
		require.False(t, res.Valid, "a holder revoked at version 1 or 2 presents against V_0 as version 1")
	}
	rec := decode[revstate.AccumulatorRemoval](t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", "1"))
	r, err := revocation.ParseRemoval(rec.Removal)
	require.NoError(t, err)
	require.Equal(t, hb, r.Handle())
	require.NotEqual(t, v0, r.Value())
	require.NoError(t, e.update(alice), "the honest holder updates from the ledger's records")
	requireAccepted(t, e.prove(alice, "nr0"))
}

// TestAttackNextRemovalKeySquatted: the coalition creates the keys the
// next removal could use (the legacy key of version 2, and the key of the
// owner's revocation, whose tx ID it saw in the proposal) with a policy no
// one satisfies. That one revocation fails at commit; its resubmission (a
// new tx ID) commits, and later ones too.
func TestAttackNextRemovalKeySquatted(t *testing.T) {
	e := newNREnv(t)
	bob, carol, dave := e.issue("bob"), e.issue("carol"), e.issue("dave")
	requireAccepted(t, e.revoke(bob))
	acc := e.accumulator()
	hc, err := carol.Handle()
	require.NoError(t, err)
	rem, err := e.ask.Remove(uint64(acc.Version), acc.Value, hc)
	require.NoError(t, err)
	next := predictTxID(t, e.env)
	r := e.coalition(
		revKey(t, e.env, "bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", 2)), "{}", revNobody,
		revKey(t, e.env, "bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", 2), next), "{}", revNobody,
	)
	require.True(t, r.Committed, r.ValidationDetail)
	r = e.submit(e.alice, "RevokeHandle", "acme", enc64(rem.Bytes()))
	require.Equal(t, next, r.TxID)
	require.False(t, r.Committed, "the squatted key of this very transaction")
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation)

	requireAccepted(t, e.submit(e.alice, "RevokeHandle", "acme", enc64(rem.Bytes())))
	requireAccepted(t, e.revoke(dave))
	require.Equal(t, 3, e.accumulator().Version)
	require.Error(t, e.update(carol), "carol is revoked")
}

// TestAttackHandleIndexSquatted: the coalition creates the index key of a
// handle not yet removed, with a policy no one satisfies (or one it shares
// with the owner). The handle is still revocable: the revocation commits,
// routing around the index (so a second removal of that handle is not
// refused: the cost of routing around).
func TestAttackHandleIndexSquatted(t *testing.T) {
	for _, vp := range []string{revNobody, revShared} {
		e := newNREnv(t)
		bob := e.issue("bob")
		hb, err := bob.Handle()
		require.NoError(t, err)
		index := revKey(t, e.env, "bbs.accumulator.handle", "acme", hex.EncodeToString(hb))
		require.True(t, e.coalition(index, `{"version":7}`, vp).Committed)
		requireAccepted(t, e.revoke(bob))
		require.Equal(t, 1, e.accumulator().Version)
		require.Error(t, e.update(bob), "bob is revoked")
		requireAccepted(t, e.revoke(bob)) // not refused: no index entry of the owner's
	}
}

// TestAttackHandleIndexForged: the coalition forges a removal of version 1
// that removes bob's handle (at every key the contract might read for
// version 1) and bob's index entry naming version 1, to make bob
// unrevocable. Not believed: bob's revocation commits, and overwrites the
// index entry, which then refuses a second removal.
func TestAttackHandleIndexForged(t *testing.T) {
	e := newNREnv(t)
	alice, bob := e.issue("alice"), e.issue("bob")
	requireAccepted(t, e.revoke(alice))
	hb, err := bob.Handle()
	require.NoError(t, err)
	forged := forgedRemoval(t, 1, hb, e.accumulator().Value)
	legacy := revKey(t, e.env, "bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", 1))
	for _, k := range append(revKeys(e.env, "bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", 1)), legacy) {
		e.coalition(k, forged, "-")
	}
	e.coalition(revKey(t, e.env, "bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", 1), strings.Repeat("f", 64)), forged, revOwner)
	index := revKey(t, e.env, "bbs.accumulator.handle", "acme", hex.EncodeToString(hb))
	require.True(t, e.coalition(index, `{"version":1}`, "-").Committed)

	requireAccepted(t, e.revoke(bob))
	require.Equal(t, 2, e.accumulator().Version)
	require.Error(t, e.update(bob), "bob is revoked")
	require.Equal(t, `{"version":2}`, string(e.ledger.State(index)))
	requireFailure(t, e.revoke(bob), "already removed at version 2")
}

// TestAttackPrecreatedEpoch: before the owner publishes an epoch, the
// coalition creates the epoch record (at the legacy key, and at the key
// of the owner's coming SetIssuerEpoch, whose tx ID it saw) with epoch 0
// and a policy the owner's endorsement satisfies too. Not believed before
// the owner writes; the owner's write commits and sets its own policy, so
// the coalition cannot lower the epoch afterwards.
func TestAttackPrecreatedEpoch(t *testing.T) {
	e := newRevEnv(t)
	fake := `{"issuer":"uni","epoch":0,"previous":-1,"updatedAt":"2026-01-02T03:04:05Z","txId":"x"}`
	next := predictTxID(t, e.env)
	require.True(t, e.coalition(
		revKey(t, e.env, "bbs.epoch", "uni"), fake, revShared,
		revKey(t, e.env, "bbs.epoch", "uni", next), fake, revShared,
	).Committed)
	r := e.submit(e.alice, "SetIssuerEpoch", "uni", "5")
	require.Equal(t, next, r.TxID)
	requireAccepted(t, r)
	require.Equal(t, int64(-1), decode[revstate.IssuerEpoch](t, r).Previous, "the coalition's record was not the current epoch")
	for _, k := range revKeys(e.env, "bbs.epoch", "uni") {
		e.coalition(k, fake, revShared)
	}
	require.Equal(t, int64(5), decode[revstate.IssuerEpoch](t, e.evaluate(e.bob, "GetIssuerEpoch", "uni")).Epoch)
	withdrawn := e.credential("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "1", "12")
	requireFailure(t, e.prove(withdrawn, "epoch0"), "the credential's epoch 1 is older than the 5")
}

// TestAttackPrecreatedEpochNotBelieved: a record the coalition created at
// the epoch's legacy key is not the issuer's epoch before the owner writes
// one: "none".
func TestAttackPrecreatedEpochNotBelieved(t *testing.T) {
	e := newRevEnv(t)
	fake := `{"issuer":"uni","epoch":0,"previous":-1,"updatedAt":"2026-01-02T03:04:05Z","txId":"x"}`
	require.True(t, e.coalition(revKey(t, e.env, "bbs.epoch", "uni"), fake, revOwner).Committed)
	requireFailure(t, e.evaluate(e.bob, "GetIssuerEpoch", "uni"), "not found")
	requireFailure(t, e.prove(e.defaultCredential(), "epoch0"), `issuer "uni" publishes no epoch`)
}

// TestAttackPrecreatedStatusList: before the owner creates its list, the
// coalition creates its head and page (at the legacy keys, and at those
// of the owner's coming CreateStatusList) with a policy the owner's
// endorsement satisfies too. Not believed before the owner writes; the
// owner's CreateStatusList commits, and once it sets entry 12, the
// coalition cannot clear it.
func TestAttackPrecreatedStatusList(t *testing.T) {
	e := newRevEnv(t)
	head := `{"issuer":"uni","list":"revocation","purpose":"suspension","size":8192,"pageBits":8192,"pages":1,"createdAt":"2026-01-02T03:04:05Z","txId":"x"}`
	page, err := json.Marshal(revstate.StatusPage{Issuer: "uni", List: "revocation", Page: 0, Version: 1, Bits: make([]byte, revstate.StatusPageBits/8), TxID: "x"})
	require.NoError(t, err)
	require.True(t, e.coalition(
		revKey(t, e.env, "bbs.statuslist", "uni", "revocation"), head, revShared,
		revKey(t, e.env, "bbs.statuspage", "uni", "revocation", "0000"), string(page), revShared,
	).Committed)
	requireFailure(t, e.evaluate(e.bob, "GetStatusList", "uni", "revocation"), "not found")
	c := e.defaultCredential()
	requireFailure(t, e.prove(c, "status"), `there is no status list "revocation" of issuer "uni"`)
	next := predictTxID(t, e.env)
	require.True(t, e.coalition(
		revKey(t, e.env, "bbs.statuslist", "uni", "revocation", next), head, revShared,
		revKey(t, e.env, "bbs.statuspage", "uni", "revocation", next, "0000"), string(page), revShared,
	).Committed)

	r := e.submit(e.alice, "CreateStatusList", "uni", "revocation", "revocation", "8192")
	require.Equal(t, next, r.TxID)
	requireAccepted(t, r)
	requireAccepted(t, e.submit(e.alice, "UpdateStatusList", "uni", "revocation", `{"set":[12]}`))
	requireFailure(t, e.prove(c, "status"), "entry 12")
	for _, k := range append(revKeys(e.env, "bbs.statuspage", "uni", "revocation"), revKeys(e.env, "bbs.statuslist", "uni", "revocation")...) {
		v := string(page)
		if strings.Contains(k, "statuslist") {
			v = head
		}
		e.coalition(k, v, revShared)
	}
	require.True(t, decode[revstate.StatusEntry](t, e.evaluate(e.bob, "GetStatusEntry", "uni", "revocation", "12")).Set)
	require.Equal(t, revstate.StatusPurposeRevocation, decode[revstate.StatusList](t, e.evaluate(e.bob, "GetStatusList", "uni", "revocation")).Purpose)
	requireFailure(t, e.prove(c, "status"), "entry 12")
}

// TestAttackPrecreatedAccumulator: before the owner sets its accumulator,
// the coalition creates a head of its own key (at the legacy key, and at
// the key of the owner's coming SetAccumulator) with a policy the owner's
// endorsement satisfies too. Not believed before the owner writes; the
// owner's SetAccumulator commits, and the coalition cannot replace it.
func TestAttackPrecreatedAccumulator(t *testing.T) {
	e := newEnv(t)
	k := newKeyPair(t, bbs.BLS12381SHA256(), 41)
	requireAccepted(t, e.register(e.alice, "acme", k, ""))
	theirs, tv0, err := revocation.GenerateKey(rand.NewChaCha8([32]byte{66}))
	require.NoError(t, err)
	fake, err := json.Marshal(revstate.Accumulator{Issuer: "acme", PublicKey: theirs.PublicKey().Bytes(), InitialValue: tv0, Value: tv0, TxID: "x", HandleIndex: 2, HandleIndexTxID: "x"})
	require.NoError(t, err)
	require.True(t, e.coalition(revKey(t, e, "bbs.accumulator", "acme"), string(fake), revShared).Committed)
	requireFailure(t, e.evaluate(e.bob, "GetAccumulator", "acme"), "not found")
	ask, v0, err := revocation.GenerateKey(rand.NewChaCha8([32]byte{41}))
	require.NoError(t, err)
	next := predictTxID(t, e)
	require.True(t, e.coalition(revKey(t, e, "bbs.accumulator", "acme", next), string(fake), revShared).Committed)
	r := e.submit(e.alice, "SetAccumulator", "acme", enc64(ask.PublicKey().Bytes()), enc64(v0), "2")
	require.Equal(t, next, r.TxID)
	requireAccepted(t, r)
	for _, key := range revKeys(e, "bbs.accumulator", "acme") {
		e.coalition(key, string(fake), revShared)
	}
	acc := decode[revstate.Accumulator](t, e.evaluate(e.bob, "GetAccumulator", "acme"))
	require.Equal(t, ask.PublicKey().Bytes(), acc.PublicKey)
	require.Equal(t, v0, acc.Value)
}

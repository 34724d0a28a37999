// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/bits"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/stretchr/testify/require"
)

// issuerOf reads issuer id as the contract does, with its directory.
func issuerOf(t *testing.T, e *env, id string) *issuers.Issuer {
	t.Helper()
	is, err := issuers.GetIssuer(e.ledger.NewStub(nil), id)
	require.NoError(t, err)
	return is
}

// accumulatorHeadKey is the key of issuer id's accumulator head.
func accumulatorHeadKey(t *testing.T, e *env, id string) string {
	t.Helper()
	key, err := revstate.AccumulatorKey(e.ledger.NewStub(nil), issuerOf(t, e, id))
	require.NoError(t, err)
	require.NotEmpty(t, key)
	return key
}

// putLegacy writes key directly, as 0.2.0 wrote it: value and, if vp is
// not nil, that key-level policy; a nil value deletes the key.
func putLegacy(t *testing.T, e *env, key string, value, vp []byte) {
	t.Helper()
	s := e.ledger.NewStub(nil)
	if value == nil {
		require.NoError(t, s.DelState(key))
	} else {
		require.NoError(t, s.PutState(key, value))
	}
	if vp != nil {
		require.NoError(t, s.SetStateValidationParameter(key, vp))
	}
	e.ledger.Commit(s)
}

// TestRevocationStateLegacyLayout: an issuer whose records a 0.2.0 ledger
// holds (written here directly: an issuer record without directory, the
// epoch, accumulator head and status list at their old keys with the
// owner's policy, a removal and its handle index without one) keeps
// working: its records read, a presentation verifies against the legacy
// removal, new revocations chain after the legacy ones (a handle removed
// before 0.3.0 can be removed again: its removal has no key-level policy,
// so its index entry is not believed); after the issuer record's first write under 0.3.0 (its
// directory lists the legacy children) everything still reads, and an old
// key created later is not believed.
func TestRevocationStateLegacyLayout(t *testing.T) {
	e := newNREnv(t)
	alice, bob, carol := e.issue("alice"), e.issue("bob"), e.issue("carol")
	owner := fakestub.MSPPolicy(1, "Org1MSP")
	acc := e.accumulator()
	hb, err := bob.Handle()
	require.NoError(t, err)
	rem1, err := e.ask.Remove(0, acc.Value, hb)
	require.NoError(t, err)
	at := e.ledger.Clock

	// The 0.2.0 layout.
	genHead := accumulatorHeadKey(t, e.env, "acme")
	issuerKey := mustIssuerKey(t, e.env, "acme")
	var stored map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(e.ledger.State(issuerKey), &stored))
	delete(stored, "records")
	putLegacy(t, e.env, issuerKey, mustJSON(t, stored), nil)
	putLegacy(t, e.env, genHead, nil, nil)
	key := func(ot string, attrs ...string) string { return revKey(t, e.env, ot, attrs...) }
	head := acc
	head.Version, head.Value, head.TxID = 1, rem1.Value(), "legacy-tx"
	putLegacy(t, e.env, key("bbs.accumulator", "acme"), mustJSON(t, head), owner)
	putLegacy(t, e.env, key("bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", 1)),
		mustJSON(t, revstate.AccumulatorRemoval{Issuer: "acme", Removal: rem1.Bytes(), Version: 1, CreatedAt: at, TxID: "legacy-tx"}), nil)
	putLegacy(t, e.env, key("bbs.accumulator.handle", "acme", hex.EncodeToString(hb)), []byte(`{"version":1}`), nil)
	putLegacy(t, e.env, key("bbs.epoch", "acme"), mustJSON(t, revstate.IssuerEpoch{Issuer: "acme", Epoch: 3, Previous: -1, UpdatedAt: at, TxID: "legacy-tx"}), owner)
	bits := make([]byte, revstate.StatusPageBits/8)
	bits[1] = 0x08 // entry 12
	putLegacy(t, e.env, key("bbs.statuslist", "acme", "revocation"), mustJSON(t, revstate.StatusList{Issuer: "acme", List: "revocation", Purpose: revstate.StatusPurposeRevocation,
		Size: revstate.StatusPageBits, PageBits: revstate.StatusPageBits, Pages: 1, CreatedAt: at, TxID: "legacy-tx"}), owner)
	putLegacy(t, e.env, key("bbs.statuspage", "acme", "revocation", "0000"), mustJSON(t, revstate.StatusPage{Issuer: "acme", List: "revocation", Version: 1, Bits: bits,
		UpdatedAt: at, TxID: "legacy-tx"}), owner)
	require.Nil(t, issuerOf(t, e.env, "acme").Directory())

	check := func(version int, epoch int64) {
		t.Helper()
		require.Equal(t, version, e.accumulator().Version)
		require.Equal(t, rem1.Bytes(), decode[revstate.AccumulatorRemoval](t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", "1")).Removal)
		require.Equal(t, epoch, decode[revstate.IssuerEpoch](t, e.evaluate(e.bob, "GetIssuerEpoch", "acme")).Epoch)
		require.True(t, decode[revstate.StatusEntry](t, e.evaluate(e.bob, "GetStatusEntry", "acme", "revocation", "12")).Set)
		require.NoError(t, e.update(alice))
		requireAccepted(t, e.prove(alice, "nr0"))
		require.Error(t, e.update(bob), "bob is revoked")
	}
	check(1, 3)
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", e.presentAt(alice, 1, rem1.Value(), "plain")))
	require.True(t, res.Valid, res.Reason)

	// Changes at the old keys; revocations chained after the legacy one.
	// The legacy removal has no key-level policy, so bob's index entry,
	// which names it, is not believed: removing bob again is not refused.
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "acme", "4"))
	requireAccepted(t, e.submit(e.alice, "UpdateStatusList", "acme", "revocation", `{"set":[13]}`))
	requireAccepted(t, e.revoke(bob))
	requireAccepted(t, e.revoke(carol))
	require.Nil(t, issuerOf(t, e.env, "acme").Directory(), "none of these writes the issuer record")
	check(3, 4)
	require.Error(t, e.update(carol), "carol is revoked")
	requireFailure(t, e.revoke(carol), "already removed at version 3")
	requireFailure(t, e.revoke(bob), "already removed at version 2")

	// The issuer record's first write under 0.3.0: a new list. Its
	// directory lists the legacy children; all still read.
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "acme", "second", "suspension", "8192"))
	dir := issuerOf(t, e.env, "acme").Directory()
	require.NotNil(t, dir)
	require.Equal(t, issuers.LegacyGeneration, dir.Epoch)
	require.Equal(t, issuers.LegacyGeneration, dir.Accumulator)
	require.Equal(t, issuers.LegacyGeneration, dir.StatusLists["revocation"])
	check(3, 4)
	dave := e.issue("dave")
	requireAccepted(t, e.revoke(dave))
	check(4, 4)

	// An old key created after the directory exists is not believed.
	putLegacy(t, e.env, key("bbs.statuslist", "acme", "third"), mustJSON(t, revstate.StatusList{Issuer: "acme", List: "third", Purpose: revstate.StatusPurposeRevocation,
		Size: revstate.StatusPageBits, PageBits: revstate.StatusPageBits, Pages: 1, CreatedAt: at, TxID: "x"}), owner)
	requireFailure(t, e.evaluate(e.bob, "GetStatusList", "acme", "third"), "not found")
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// TestRemovalPath: from any head version to any earlier one the path
// ends there, each step to a version the record before names, in at most
// bits.Len(current) records.
func TestRemovalPath(t *testing.T) {
	fenwick := func(x uint64) []uint64 {
		var out []uint64
		for ; x != 0; x &= x - 1 {
			out = append(out, x)
		}
		return out
	}
	for current := uint64(1); current <= 300; current++ {
		for v := uint64(1); v <= current; v++ {
			path := revstate.RemovalPath(current, v)
			require.Equal(t, v, path[len(path)-1])
			require.LessOrEqual(t, len(path), bits.Len64(current), "%d from %d: %v", v, current, path)
			named := fenwick(current)
			for _, m := range path {
				require.Contains(t, named, m, "%d from %d: %v", v, current, path)
				named = fenwick(m - 1)
			}
		}
	}
	require.LessOrEqual(t, len(revstate.RemovalPath(1<<40+12345, 1)), 41)
	require.LessOrEqual(t, len(revstate.RemovalPath(1<<62-1, 1<<61+1)), 62)
}

// TestRemovalChain: after 37 revocations (single and batched), every
// version's removal is found from the head, as written; a presentation
// against an old version (no accumulator rule) verifies; a named removal
// that is missing or carries another policy fails closed
// (BBS_UNTRUSTED_RECORD), never "not found".
func TestRemovalChain(t *testing.T) {
	e := newNREnv(t)
	alice := e.issue("alice")
	old := *alice
	written := map[int][]byte{}
	for i := 0; i < 37; i++ {
		c := e.issue(fmt.Sprintf("holder %d", i))
		var r fakestub.Result
		if i%5 == 3 {
			r = e.revokeBatch(c, e.issue(fmt.Sprintf("holder %d bis", i)))
		} else {
			r = e.revoke(c)
		}
		requireAccepted(t, r)
		written[i+1] = e.ledger.State(revKeys(e.env, "bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", i+1))[0])
	}
	require.Equal(t, 37, e.accumulator().Version)
	for v := 1; v <= 37; v++ {
		var st revstate.StoredRemoval
		require.NoError(t, json.Unmarshal(written[v], &st))
		got := decode[revstate.AccumulatorRemoval](t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", fmt.Sprint(v)))
		require.Equal(t, st.AccumulatorRemoval, got, "version %d", v)
	}
	requireFailure(t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", "38"), "not found")
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", e.presentAt(&old, 0, e.accumulator().InitialValue, "plain")))
	require.True(t, res.Valid, res.Reason)
	require.NoError(t, e.update(alice))
	requireAccepted(t, e.prove(alice, "nr0"))

	// Version 20's record is on the path to versions 17 to 20 (37 − 1 =
	// 36 names 36 and 32; 31 names 31, 30, 28, 24 and 16; 23 names 23, 22,
	// 20 and 16): missing, or with another policy, it fails them closed.
	k20 := revKeys(e.env, "bbs.accumulator.removal", "acme", fmt.Sprintf("%020d", 20))[0]
	v20 := e.ledger.State(k20)
	for _, tc := range []struct {
		value, vp []byte
	}{{nil, nil}, {v20, fakestub.MSPPolicy(1, "Org2MSP")}} {
		putLegacy(t, e.env, k20, tc.value, tc.vp)
		for _, v := range []string{"20", "19", "17"} {
			r := e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", v)
			requireFailure(t, r, "BBS_UNTRUSTED_RECORD")
		}
		res := e.evaluate(e.bob, "VerifyProof", e.presentAt(&old, 19, e.accumulator().InitialValue, "plain"))
		requireFailure(t, res, "BBS_UNTRUSTED_RECORD")
		requireAccepted(t, e.prove(alice, "nr0")) // the current version needs no removal
	}
}

// TestRevocationHeadsFailClosed: the epoch, the status list's head and
// page and the accumulator head that the issuer record names, once
// missing or carrying a key-level policy other than the owner's (written
// around the contract), are refused with BBS_UNTRUSTED_RECORD by reads and
// by verifications, never taken for "none".
func TestRevocationHeadsFailClosed(t *testing.T) {
	other := fakestub.MSPPolicy(1, "Org2MSP")
	for _, tc := range []struct{ name, kind string }{{"epoch", "bbs.epoch"}, {"list", "bbs.statuslist"}, {"page", "bbs.statuspage"}} {
		for _, missing := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s missing=%v", tc.name, missing), func(t *testing.T) {
				e := newRevEnv(t)
				requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "uni", "5"))
				requireAccepted(t, e.submit(e.alice, "CreateStatusList", "uni", "revocation", "revocation", "8192"))
				c := e.defaultCredential()
				requireAccepted(t, e.prove(c, "epoch0"))
				requireAccepted(t, e.prove(c, "status"))
				keys := revKeys(e.env, tc.kind, "uni")
				require.Len(t, keys, 1)
				if missing {
					putLegacy(t, e.env, keys[0], nil, nil)
				} else {
					putLegacy(t, e.env, keys[0], e.ledger.State(keys[0]), other)
				}
				policy, read := "status", []string{"GetStatusEntry", "uni", "revocation", "12"}
				if tc.name == "epoch" {
					policy, read = "epoch0", []string{"GetIssuerEpoch", "uni"}
				}
				requireFailure(t, e.evaluate(e.bob, read[0], read[1:]...), "BBS_UNTRUSTED_RECORD")
				requireFailure(t, e.prove(c, policy), "BBS_UNTRUSTED_RECORD")
			})
		}
	}
	t.Run("accumulator", func(t *testing.T) {
		e := newNREnv(t)
		alice := e.issue("alice")
		requireAccepted(t, e.prove(alice, "nr0"))
		req := jsonArg(t, e.presentation(alice, "plain"))
		key := accumulatorHeadKey(t, e.env, "acme")
		putLegacy(t, e.env, key, e.ledger.State(key), other)
		requireFailure(t, e.evaluate(e.bob, "GetAccumulator", "acme"), "BBS_UNTRUSTED_RECORD")
		requireFailure(t, e.submit(e.bob, "SubmitProof", req), "BBS_UNTRUSTED_RECORD")
		requireFailure(t, e.submit(e.alice, "RevokeHandle", "acme", enc64(make([]byte, revocation.RemovalSize))), "BBS_")
	})
}

// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// batchNonce is the n-th 32-byte test nonce.
func batchNonce(n int) []byte {
	return []byte("batch test nonce " + strconv.Itoa(1000+n) + " ..........")
}

// batchLedger registers the issuers the mixed batch uses:
//
//   - plus (bbs+2020) and ietf (bbs-bls12381-sha256): two schemes;
//   - gone: revoked;
//   - strict: requires bound nonces;
//   - pinned: credentials of 10 messages only;
//
// and consumes batchNonce(0) for plus with a SubmitProof.
func batchLedger(t *testing.T) (*env, map[string]*credential) {
	t.Helper()
	e := newEnv(t)
	creds := map[string]*credential{}
	for i, is := range []struct {
		id     string
		scheme bbs.Scheme
	}{
		{"plus", bbs.BBSPlus2020()}, {"ietf", bbs.BLS12381SHA256()}, {"gone", bbs.BBSPlus2020()},
		{"strict", bbs.BBSPlus2020()}, {"pinned", bbs.BBSPlus2020()},
	} {
		k := newKeyPair(t, is.scheme, byte(60+i))
		require.True(t, e.register(e.alice, is.id, k, "").Committed)
		var header []byte
		if hasHeader(t, is.scheme) {
			header = []byte("credential-type: batch")
		}
		creds[is.id] = sign(t, k, header)
	}
	require.True(t, e.submit(e.alice, "RevokeIssuer", "gone").Committed)
	require.True(t, e.submit(e.alice, "SetIssuerSettings", "strict", `{"requireBoundNonce":true,"messageCounts":[5]}`).Committed)
	require.True(t, e.submit(e.alice, "SetIssuerSettings", "pinned", `{"messageCounts":[10]}`).Committed)
	require.True(t, e.submit(e.bob, "SubmitProof", jsonArg(t, creds["plus"].present(t, "plus", batchNonce(0), 1))).Committed)
	return e, creds
}

// batchItem is one request of the mixed batch and what it must give.
type batchItem struct {
	name  string
	raw   string
	valid bool   // SubmitProof accepts it
	want  string // a part of SubmitProof's error
}

// mixedBatch returns the requests of a batch that mixes every outcome.
func mixedBatch(t *testing.T, e *env, creds map[string]*credential) []batchItem {
	t.Helper()
	plus, ietf := creds["plus"], creds["ietf"]
	tampered := plus.present(t, "plus", batchNonce(2), 0, 1)
	tampered.Disclosed[1].Message = base64.StdEncoding.EncodeToString([]byte("forged"))
	badIETF := ietf.present(t, "ietf", batchNonce(3), 2)
	badIETF.Nonce = base64.StdEncoding.EncodeToString(batchNonce(4))
	salt := []byte("salt")
	misbound := plus.present(t, "plus", request.BoundNonce(testChannel, "Org1MSP", request.SubmitterID(e.alice.Cert), salt), 3)
	misbound.BindSubmitter, misbound.Salt = true, base64.StdEncoding.EncodeToString(salt)
	arg := func(r *request.Request) string { return jsonArg(t, r) }
	return []batchItem{
		{"valid bbs+2020", arg(plus.present(t, "plus", batchNonce(1), 0)), true, ""},
		{"valid IETF", arg(ietf.present(t, "ietf", batchNonce(1), 0, 4)), true, ""},
		{"proof does not verify", arg(tampered), false, "does not verify"},
		{"replay of a committed nonce", arg(plus.present(t, "plus", batchNonce(0), 2)), false, "replay"},
		{"duplicate nonce in the batch", arg(plus.present(t, "plus", batchNonce(1), 3, 4)), false, "replay"},
		{"nonce bound to another submitter", arg(misbound), false, "not bound to the submitter"},
		{"unknown issuer", arg(plus.present(t, "nobody", batchNonce(5), 0)), false, "not found"},
		{"field given twice", `{"issuer":"plus","issuer":"plus"}`, false, "issuer"},
		{"not an object", `42`, false, "invalid"},
		{"short nonce", arg(plus.present(t, "plus", []byte("short"), 0)), false, "at least 16"},
		{"revoked issuer", arg(creds["gone"].present(t, "gone", batchNonce(6), 0)), false, "revoked"},
		{"unbound nonce, issuer requires bound", arg(creds["strict"].present(t, "strict", batchNonce(7), 0)), false, "requires a nonce bound"},
		{"message count not pinned", arg(creds["pinned"].present(t, "pinned", batchNonce(8), 0)), false, "registers credentials of [10] messages only"},
		{"first of a nonce, invalid", arg(badIETF), false, "does not verify"},
		{"second of that nonce, valid", arg(ietf.present(t, "ietf", batchNonce(4), 1)), true, ""},
	}
}

// batchArg is the JSON array of the items' requests.
func batchArg(items []batchItem) string {
	raws := make([]string, len(items))
	for i, it := range items {
		raws[i] = it.raw
	}
	return "[" + strings.Join(raws, ",") + "]"
}

// TestSubmitProofsLikeOneByOne: a mixed batch (two schemes; valid,
// invalid, replayed, duplicated in the batch, misbound, unknown issuer,
// malformed, short nonce, revoked, bound nonce required, count not pinned)
// gives each request the outcome SubmitProof gives it alone, in order on
// an identical ledger: the same error, the same receipt and the same
// stored records; the nonce of a duplicate goes to the first valid request.
func TestSubmitProofsLikeOneByOne(t *testing.T) {
	one, creds1 := batchLedger(t)
	items := mixedBatch(t, one, creds1)
	batch, creds2 := batchLedger(t)
	require.Equal(t, batchArg(items), batchArg(mixedBatch(t, batch, creds2)), "both ledgers get the same requests")

	r := batch.submit(batch.bob, "SubmitProofs", batchArg(items))
	res := decode[proofs.BatchResults](t, r)
	require.True(t, r.Committed)
	require.Equal(t, r.TxID, res.TxID)
	require.Equal(t, len(items), res.Count)
	require.Len(t, res.Results, len(items))

	// One by one, normalising the IDs that name an item's record.
	singleIDs := make([]string, len(items))
	normal := func(s string, ids func(j int) string) string {
		for j := range items {
			if id := ids(j); id != "" {
				s = strings.ReplaceAll(s, id, "<record of item "+strconv.Itoa(j)+">")
			}
		}
		return s
	}
	var valid []string
	for i, it := range items {
		single := one.submit(one.bob, "SubmitProof", it.raw)
		singleIDs[i] = single.TxID
		got := res.Results[i]
		require.Equal(t, i, got.Index)
		require.Equal(t, it.valid, single.OK(), "%s: SubmitProof: %s", it.name, single.Response.GetMessage())
		require.Equal(t, it.valid, got.Valid, "%s: %s", it.name, got.Reason)
		if !it.valid {
			require.True(t, got.Refused, it.name)
			require.Contains(t, got.Reason, it.want, it.name)
			require.Equal(t, normal(single.Response.GetMessage(), func(j int) string { return singleIDs[j] }),
				normal(got.Code+": "+got.Reason, func(j int) string { return proofs.BatchRecordID(r.TxID, j) }), it.name)
			require.Nil(t, got.Receipt)
			require.Empty(t, got.RecordID)
			continue
		}
		require.Equal(t, proofs.BatchRecordID(r.TxID, i), got.RecordID)
		valid = append(valid, got.RecordID)
		want := decode[proofs.ProofReceipt](t, single)
		want.TxID = r.TxID
		require.Equal(t, &want, got.Receipt, it.name)

		rec := decode[proofs.Verification](t, batch.evaluate(batch.bob, "GetVerification", got.RecordID))
		wantRec := decode[proofs.Verification](t, one.evaluate(one.bob, "GetVerification", single.TxID))
		require.Equal(t, r.TxID, rec.TxID)
		require.Equal(t, r.Timestamp.UTC(), rec.Timestamp)
		rec.TxID, rec.Timestamp = wantRec.TxID, wantRec.Timestamp
		require.Equal(t, wantRec, rec, it.name)
	}
	require.Equal(t, len(valid), res.ValidCount)
	require.Equal(t, valid, res.RecordIDs)

	// A second batch of the same requests: every valid one is now a
	// replay naming its record.
	again := decode[proofs.BatchResults](t, batch.submit(batch.bob, "SubmitProofs", batchArg(items)))
	require.Zero(t, again.ValidCount)
	for i, it := range items {
		if it.valid {
			require.Contains(t, again.Results[i].Reason, "replay")
			require.Contains(t, again.Results[i].Reason, proofs.BatchRecordID(r.TxID, i))
		}
	}

	// The event: small, one per transaction.
	require.NotNil(t, r.Event)
	require.Equal(t, proofs.EventProofsVerified, r.Event.EventName)
	var sum proofs.BatchSummary
	require.NoError(t, json.Unmarshal(r.Event.Payload, &sum))
	require.Equal(t, proofs.BatchSummary{TxID: r.TxID, Count: len(items), ValidCount: len(valid), RecordIDs: valid}, sum)
	require.Less(t, len(r.Event.Payload), 128+80*len(valid))
}

// TestVerifyProofsLikeOneByOne: VerifyProofs answers, per request, what
// VerifyProof answers alone (its result, or its error as a refusal), and
// writes nothing.
func TestVerifyProofsLikeOneByOne(t *testing.T) {
	e, creds := batchLedger(t)
	items := mixedBatch(t, e, creds)
	r := e.evaluate(e.bob, "VerifyProofs", batchArg(items))
	res := decode[proofs.BatchResults](t, r)
	require.Zero(t, r.Writes)
	require.Nil(t, r.Event)
	require.Len(t, res.Results, len(items))
	n := 0
	for i, it := range items {
		single := e.evaluate(e.bob, "VerifyProof", it.raw)
		got := res.Results[i]
		require.Equal(t, single.OK(), !got.Refused, "%s: %s", it.name, got.Reason)
		if !single.OK() {
			require.Equal(t, single.Response.GetMessage(), got.Code+": "+got.Reason, it.name)
			require.Nil(t, got.Verification)
			continue
		}
		want := decode[proofs.VerificationResult](t, single)
		require.Equal(t, &want, got.Verification, it.name)
		require.Equal(t, want.Valid, got.Valid, it.name)
		require.Equal(t, want.Reason, got.Reason, it.name)
		require.Equal(t, want.Code, got.Code, it.name)
		if want.Valid {
			n++
		}
	}
	require.Equal(t, n, res.ValidCount)
	require.True(t, res.Results[3].Verification.NonceConsumed, "the nonce consumed on the ledger")
}

// TestBatchLimits: the number of requests, the whole argument's size and
// its shape are checked before any request, and a refused call writes
// nothing.
func TestBatchLimits(t *testing.T) {
	e, creds := batchLedger(t)
	cheap := jsonArg(t, creds["plus"].present(t, "nobody", batchNonce(9), 0))
	many := func(n int) string { return "[" + strings.Repeat(cheap+",", n-1) + cheap + "]" }
	for _, fn := range []string{"SubmitProofs", "VerifyProofs"} {
		t.Run(fn, func(t *testing.T) {
			res := decode[proofs.BatchResults](t, e.submit(e.bob, fn, many(proofs.MaxBatchRequests)))
			require.Len(t, res.Results, proofs.MaxBatchRequests)
			for _, c := range []struct{ name, arg, want string }{
				{"too many", many(proofs.MaxBatchRequests + 1), "more than 64 requests"},
				{"too large", "[" + strings.Repeat(" ", MaxArgSize) + "]", "over the limit of 1048576"},
				{"empty", "[]", "empty"},
				{"not an array", cheap, "JSON array"},
				{"trailing data", many(1) + "[]", "after the JSON array"},
				{"unterminated", "[" + cheap, "JSON array"},
				{"bad element", "[" + cheap + ",}", "request 1 of the array"},
			} {
				requireFailure(t, e.submit(e.bob, fn, c.arg), c.want)
			}
			requireFailure(t, e.submit(e.bob, fn), "incorrect number of params")
		})
	}
}

// TestSubmitProofsMVCC: two SubmitProofs transactions of one block that
// share a nonce (same key) both read its key; the second is invalidated at
// commit, so the nonce is consumed once.
func TestSubmitProofsMVCC(t *testing.T) {
	e, creds := batchLedger(t)
	plus, ietf := creds["plus"], creds["ietf"]
	shared := plus.present(t, "plus", batchNonce(20), 0)
	first := "[" + jsonArg(t, ietf.present(t, "ietf", batchNonce(21), 0)) + "," + jsonArg(t, shared) + "]"
	second := "[" + jsonArg(t, plus.present(t, "plus", batchNonce(20), 1, 2)) + "," + jsonArg(t, ietf.present(t, "ietf", batchNonce(22), 0)) + "]"
	args := func(a string) []string { return []string{Name + ":SubmitProofs", a} }
	rs := e.ledger.SubmitBlock(e.cc,
		fakestub.Tx{Creator: e.bob.Creator, Args: args(first)},
		fakestub.Tx{Creator: e.bob.Creator, Args: args(second)})
	require.Equal(t, 2, decode[proofs.BatchResults](t, rs[0]).ValidCount)
	require.Equal(t, 2, decode[proofs.BatchResults](t, rs[1]).ValidCount, "both endorse against the same state")
	require.Equal(t, peer.TxValidationCode_VALID, rs[0].Validation)
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[1].Validation, rs[1].ValidationDetail)
	require.False(t, rs[1].Committed)
	requireFailure(t, e.evaluate(e.bob, "GetVerification", proofs.BatchRecordID(rs[1].TxID, 1)), "not found")
	res := decode[proofs.BatchResults](t, e.submit(e.bob, "SubmitProofs", second))
	require.Contains(t, res.Results[0].Reason, "replay")
	require.True(t, res.Results[1].Valid)
}

// TestBatchDeterministic: the same batch on two identical ledgers gives
// byte-identical answers, events and writes.
func TestBatchDeterministic(t *testing.T) {
	var answers, events [][]byte
	for range 2 {
		e, creds := batchLedger(t)
		r := e.submit(e.bob, "SubmitProofs", batchArg(mixedBatch(t, e, creds)))
		require.True(t, r.Committed)
		answers = append(answers, r.Response.Payload)
		events = append(events, r.Event.Payload)
	}
	require.Equal(t, answers[0], answers[1])
	require.Equal(t, events[0], events[1])
}

// FuzzSplitBatch: the batch argument's splitter never panics, returns at
// most MaxBatchRequests elements, each a JSON value, and refuses what is
// not one JSON array.
func FuzzSplitBatch(f *testing.F) {
	f.Add([]byte(`[{"issuer":"a"},{"issuer":"b"}]`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`[1,[2],"x"] []`))
	f.Add([]byte(`{"issuer":"a"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		raws, err := proofs.SplitBatch(data)
		if err != nil {
			if raws != nil {
				t.Fatalf("elements %q with error %v", raws, err)
			}
			return
		}
		if len(raws) == 0 || len(raws) > proofs.MaxBatchRequests {
			t.Fatalf("%d elements", len(raws))
		}
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		for _, r := range raws {
			if !json.Valid(r) {
				t.Fatalf("element %q is not JSON", r)
			}
		}
	})
}

// TestBatchKeyVersions: requests to one issuer under different key
// versions, in one batch, each use their own key (the batch reads the
// issuer and parses each key once): the current key by default, an older
// version when named, a revoked version refused, a missing one refused.
func TestBatchKeyVersions(t *testing.T) {
	e, k1 := registered(t)
	k2 := newKeyPair(t, bbs.BBSPlus2020(), 2)
	require.True(t, e.rotate(e.alice, "acme", k2).Committed)
	k3 := newKeyPair(t, bbs.BBSPlus2020(), 3)
	require.True(t, e.rotate(e.alice, "acme", k3).Committed)
	require.True(t, e.submit(e.alice, "RevokeIssuerKey", "acme", "2").Committed)
	old := sign(t, k1, nil).present(t, "acme", batchNonce(30), 0)
	revoked := sign(t, k2, nil).present(t, "acme", batchNonce(31), 0)
	current := sign(t, k3, nil).present(t, "acme", batchNonce(32), 0)
	withVersion := func(r *request.Request, v int) *request.Request {
		c := *r
		c.KeyVersion = v
		return &c
	}
	arg := "[" + strings.Join([]string{
		jsonArg(t, current),
		jsonArg(t, withVersion(old, 1)),
		jsonArg(t, old),
		jsonArg(t, withVersion(revoked, 2)),
		jsonArg(t, withVersion(current, 4)),
		jsonArg(t, withVersion(current, 3)),
	}, ",") + "]"
	res := decode[proofs.BatchResults](t, e.submit(e.bob, "SubmitProofs", arg))
	valid := make([]bool, len(res.Results))
	for i, r := range res.Results {
		valid[i] = r.Valid
	}
	require.Equal(t, []bool{true, true, false, false, false, false}, valid)
	require.Equal(t, 3, res.Results[0].Receipt.KeyVersion)
	require.Equal(t, 1, res.Results[1].Receipt.KeyVersion)
	require.Contains(t, res.Results[2].Reason, "does not verify under key version 3")
	require.Contains(t, res.Results[3].Reason, `key version 2 of issuer "acme" is revoked`)
	require.Contains(t, res.Results[4].Reason, "has no key version 4")
	require.Contains(t, res.Results[5].Reason, "replay", "the nonce of request 0, same key")
}

// TestBatchRefusesPseudonymSchemes: a request to an issuer of a pseudonym
// scheme is refused in a batch (its proof needs the pseudonym check and
// use record of the one-request path); the other requests go on.
func TestBatchRefusesPseudonymSchemes(t *testing.T) {
	e, creds := batchLedger(t)
	k := newKeyPair(t, bbs.NymBLS12381SHA256(), 70)
	require.True(t, e.register(e.alice, "nym", k, "").Committed)
	nym := creds["ietf"].present(t, "ietf", batchNonce(40), 0)
	nym.Issuer = "nym"
	// A well-formed pseudonym request (the fields a nym issuer requires);
	// the batch refuses it before looking at them.
	nym.Pseudonym = base64.StdEncoding.EncodeToString([]byte(strings.Repeat("\x01", 48)))
	nym.Context = base64.StdEncoding.EncodeToString([]byte("poll-17"))
	arg := "[" + jsonArg(t, nym) + "," + jsonArg(t, creds["plus"].present(t, "plus", batchNonce(41), 0)) + "]"
	for _, fn := range []string{"VerifyProofs", "SubmitProofs"} {
		res := decode[proofs.BatchResults](t, e.submit(e.bob, fn, arg))
		require.True(t, res.Results[0].Refused, fn)
		require.Contains(t, res.Results[0].Reason, "pseudonym scheme bbs-nym-bls12381-sha256, whose proofs are not batched", fn)
		require.True(t, res.Results[1].Valid, fn)
	}
}

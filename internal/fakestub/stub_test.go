// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"testing"
	"time"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// chaincodeFunc adapts a function to shim.Chaincode.
type chaincodeFunc func(shim.ChaincodeStubInterface) *peer.Response

func (f chaincodeFunc) Init(stub shim.ChaincodeStubInterface) *peer.Response   { return f(stub) }
func (f chaincodeFunc) Invoke(stub shim.ChaincodeStubInterface) *peer.Response { return f(stub) }

func keysOf(t *testing.T, it shim.StateQueryIteratorInterface) []string {
	t.Helper()
	defer it.Close()
	var keys []string
	for it.HasNext() {
		kv, err := it.Next()
		require.NoError(t, err)
		keys = append(keys, kv.Key)
	}
	_, err := it.Next()
	require.Error(t, err)
	return keys
}

func put(l *Ledger, kv ...string) {
	s := l.NewStub(nil)
	for i := 0; i < len(kv); i += 2 {
		if err := s.PutState(kv[i], []byte(kv[i+1])); err != nil {
			panic(err)
		}
	}
	l.Commit(s)
}

func TestTransactionsSeeCommittedStateOnly(t *testing.T) {
	l := NewLedger("ch")
	put(l, "a", "1")
	s := l.NewStub(nil)
	require.NoError(t, s.PutState("a", []byte("2")))
	require.NoError(t, s.PutState("b", []byte("3")))
	v, err := s.GetState("a")
	require.NoError(t, err)
	require.Equal(t, "1", string(v), "no read-your-writes")
	v, err = s.GetState("b")
	require.NoError(t, err)
	require.Nil(t, v)
	l.Commit(s)
	require.Equal(t, "2", string(l.State("a")))
	require.Equal(t, []string{"a", "b"}, l.Keys())

	_, err = s.GetState("")
	require.Error(t, err)
	require.Error(t, s.PutState("", nil))
	require.Error(t, s.PutState("\xff", nil))
}

func TestSubmitCommitsOnlySuccess(t *testing.T) {
	l := NewLedger("ch")
	cc := chaincodeFunc(func(stub shim.ChaincodeStubInterface) *peer.Response {
		fn, params := stub.GetFunctionAndParameters()
		if err := stub.PutState(params[0], []byte(fn)); err != nil {
			return shim.Error(err.Error())
		}
		if err := stub.SetEvent("first", []byte("1")); err != nil {
			return shim.Error(err.Error())
		}
		if err := stub.SetEvent("E", []byte(params[0])); err != nil {
			return shim.Error(err.Error())
		}
		if fn == "fail" {
			return shim.Error("failed")
		}
		return shim.Success([]byte(stub.GetTxID()))
	})
	r := l.Submit(cc, nil, "ok", "k1")
	require.True(t, r.OK())
	require.True(t, r.Committed)
	require.Equal(t, r.TxID, string(r.Response.Payload))
	require.Equal(t, &peer.ChaincodeEvent{TxId: r.TxID, EventName: "E", Payload: []byte("k1")}, r.Event)
	require.Equal(t, "ok", string(l.State("k1")))

	r = l.Submit(cc, nil, "fail", "k2")
	require.False(t, r.OK())
	require.False(t, r.Committed)
	require.Equal(t, 1, r.Writes)
	require.Nil(t, l.State("k2"))

	r = l.Evaluate(cc, nil, "ok", "k3")
	require.True(t, r.OK())
	require.False(t, r.Committed)
	require.Nil(t, l.State("k3"))
}

func TestTransactionIDsAndTimestamps(t *testing.T) {
	l := NewLedger("ch")
	l.Clock = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	l.Step = time.Minute
	s1, s2 := l.NewStub(nil), l.NewStub(nil)
	require.NotEqual(t, s1.GetTxID(), s2.GetTxID())
	require.Len(t, s1.GetTxID(), 64)
	ts1, err := s1.GetTxTimestamp()
	require.NoError(t, err)
	ts2, err := s2.GetTxTimestamp()
	require.NoError(t, err)
	require.Equal(t, l.Clock.Add(-2*time.Minute), ts1.AsTime())
	require.Equal(t, l.Clock.Add(-time.Minute), ts2.AsTime())
	require.Equal(t, "ch", s1.GetChannelID())

	again := NewLedger("ch")
	require.Equal(t, again.NewStub(nil).GetTxID(), NewLedger("other").NewStub(nil).GetTxID(), "IDs are deterministic")
}

func TestRangeQueries(t *testing.T) {
	l := NewLedger("ch")
	put(l, "b", "", "a", "", "c", "", "ab", "")
	ck := func(parts ...string) string {
		k, err := shim.CreateCompositeKey(parts[0], parts[1:])
		require.NoError(t, err)
		return k
	}
	put(l, ck("t", "x", "2"), "", ck("t", "x", "1"), "", ck("t", "y", "1"), "", ck("u", "x"), "")
	s := l.NewStub(nil)

	it, err := s.GetStateByRange("a", "c")
	require.NoError(t, err)
	require.Equal(t, []string{"a", "ab", "b"}, keysOf(t, it))
	it, err = s.GetStateByRange("", "")
	require.NoError(t, err)
	require.Equal(t, []string{"a", "ab", "b", "c"}, keysOf(t, it), "composite keys are outside simple ranges")
	_, err = s.GetStateByRange("\x00t", "")
	require.Error(t, err)

	it, err = s.GetStateByPartialCompositeKey("t", []string{"x"})
	require.NoError(t, err)
	require.Equal(t, []string{ck("t", "x", "1"), ck("t", "x", "2")}, keysOf(t, it))
	it, err = s.GetStateByPartialCompositeKey("t", nil)
	require.NoError(t, err)
	require.Len(t, keysOf(t, it), 3)
	_, err = s.GetStateByPartialCompositeKey("t", []string{"\x00"})
	require.Error(t, err)

	typ, attrs, err := s.SplitCompositeKey(ck("t", "x", "1"))
	require.NoError(t, err)
	require.Equal(t, "t", typ)
	require.Equal(t, []string{"x", "1"}, attrs)
	_, _, err = s.SplitCompositeKey("plain")
	require.Error(t, err)
}

func TestPagination(t *testing.T) {
	for _, couch := range []bool{false, true} {
		l := NewLedger("ch")
		l.CouchDB = couch
		put(l, "a", "", "b", "", "c", "", "d", "", "e", "")
		s := l.NewStub(nil)
		var pages [][]string
		var bookmarks []string
		bookmark := ""
		for len(pages) < 10 {
			it, meta, err := s.GetStateByRangeWithPagination("a", "e", 2, bookmark)
			require.NoError(t, err)
			page := keysOf(t, it)
			require.Equal(t, int32(len(page)), meta.FetchedRecordsCount)
			pages = append(pages, page)
			bookmarks = append(bookmarks, meta.Bookmark)
			if meta.Bookmark == "" || meta.Bookmark == "e" {
				break
			}
			bookmark = meta.Bookmark
		}
		if couch {
			// CouchDB: the last page's bookmark is the end key, and a query
			// from it is empty.
			require.Equal(t, [][]string{{"a", "b"}, {"c", "d"}}, pages)
			require.Equal(t, []string{"c", "e"}, bookmarks)
			it, meta, err := s.GetStateByRangeWithPagination("a", "e", 2, "e")
			require.NoError(t, err)
			require.Empty(t, keysOf(t, it))
			require.Equal(t, "e", meta.Bookmark)
		} else {
			require.Equal(t, [][]string{{"a", "b"}, {"c", "d"}}, pages)
			require.Equal(t, []string{"c", ""}, bookmarks)
		}
	}
	l := NewLedger("ch")
	put(l, "a", "", "b", "", "c", "", "d", "", "e", "")
	s := l.NewStub(nil)

	_, _, err := s.GetStateByRangeWithPagination("a", "e", 0, "")
	require.Error(t, err)
	_, _, err = s.GetStateByRangeWithPagination("a", "e", 1, "")
	require.NoError(t, err)

	// Fabric allows paging in read-only transactions only.
	require.Error(t, s.PutState("x", nil))
	w := l.NewStub(nil)
	require.NoError(t, w.PutState("x", nil))
	_, _, err = w.GetStateByPartialCompositeKeyWithPagination("t", nil, 1, "")
	require.Error(t, err)

	all := l.NewStub(nil)
	put(l, "\x00t\x00k\x00", "")
	it, meta, err := all.GetAllStatesCompositeKeyWithPagination(10, "")
	require.NoError(t, err)
	require.Equal(t, []string{"\x00t\x00k\x00"}, keysOf(t, it))
	require.Empty(t, meta.Bookmark)
}

func TestHistoryNewestFirst(t *testing.T) {
	l := NewLedger("ch")
	put(l, "k", "1")
	put(l, "k", "2")
	s := l.NewStub(nil)
	require.NoError(t, s.DelState("k"))
	l.Commit(s)

	it, err := l.NewStub(nil).GetHistoryForKey("k")
	require.NoError(t, err)
	var values []string
	var deletes []bool
	for it.HasNext() {
		m, err := it.Next()
		require.NoError(t, err)
		values = append(values, string(m.Value))
		deletes = append(deletes, m.IsDelete)
	}
	require.NoError(t, it.Close())
	require.Equal(t, []string{"", "2", "1"}, values)
	require.Equal(t, []bool{true, false, false}, deletes)
	require.Equal(t, s.GetTxID(), func() string {
		it, _ := l.NewStub(nil).GetHistoryForKey("k")
		m, _ := it.Next()
		return m.TxId
	}())
	_, err = l.NewStub(nil).GetHistoryForKey("")
	require.Error(t, err)
}

func TestUnsupportedFeaturesFail(t *testing.T) {
	s := NewLedger("ch").NewStub([]byte("creator"), "fn", "a")
	_, err := s.GetPrivateData("c", "k")
	require.ErrorIs(t, err, errUnsupported)
	require.ErrorIs(t, s.PutPrivateData("c", "k", nil), errUnsupported)
	_, err = s.GetQueryResult("{}")
	require.ErrorIs(t, err, errUnsupported)
	require.Equal(t, int32(shim.ERROR), s.InvokeChaincode("other", nil, "").Status)
	require.Error(t, s.SetEvent("", nil))

	creator, err := s.GetCreator()
	require.NoError(t, err)
	require.Equal(t, "creator", string(creator))
	require.Equal(t, []string{"fn", "a"}, s.GetStringArgs())
	fn, params := s.GetFunctionAndParameters()
	require.Equal(t, "fn", fn)
	require.Equal(t, []string{"a"}, params)
}

func TestDecode(t *testing.T) {
	ok := Result{Response: &peer.Response{Status: 200, Payload: []byte(`{"a":1}`)}}
	require.Equal(t, map[string]int{"a": 1}, Decode[map[string]int](t, ok))
	for _, r := range []Result{
		{Response: &peer.Response{Status: 500, Message: "no"}},
		{Response: &peer.Response{Status: 200, Payload: []byte(`[`)}},
	} {
		ft := &fatalRecorder{TB: t}
		func() {
			defer func() { _ = recover() }()
			Decode[map[string]int](ft, r)
		}()
		require.True(t, ft.failed, "Decode accepted %v", r.Response)
	}
}

// fatalRecorder records a Fatalf instead of failing the test.
type fatalRecorder struct {
	testing.TB
	failed bool
}

func (f *fatalRecorder) Helper() {}

func (f *fatalRecorder) Fatalf(string, ...any) {
	f.failed = true
	panic("fatal")
}

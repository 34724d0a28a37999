// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/ledger/queryresult"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// Key-space constants of the shim: composite keys start with U+0000 and
// separate their parts with it; U+10FFFF ends a partial-key range.
const (
	compositeKeyNamespace = "\x00"
	maxUnicodeRune        = string(utf8.MaxRune)
	emptyKeySubstitute    = "\x01"
)

// errUnsupported is wrapped by the errors of features this fake lacks.
var errUnsupported = errors.New("fakestub: not supported")

type write struct {
	value  []byte
	delete bool
}

// Stub is one chaincode's view of a transaction on a Ledger. It implements
// shim.ChaincodeStubInterface.
type Stub struct {
	tx    *txn
	ns    string // the chaincode's namespace
	args  [][]byte
	event *peer.ChaincodeEvent
	// batch holds the writes staged since StartWriteBatch (batch.go);
	// nil: writes go to the peer at once.
	batch map[batchKey]batchOp
}

var _ shim.ChaincodeStubInterface = (*Stub)(nil)

// rw returns the read-write set of the stub's namespace.
func (s *Stub) rw() *rwset { return s.tx.rwFor(s.ns) }

// Event returns the event the chaincode set, or nil.
func (s *Stub) Event() *peer.ChaincodeEvent { return s.event }

// GetArgs returns the transaction's arguments, the function name first.
func (s *Stub) GetArgs() [][]byte { return s.args }

// GetStringArgs returns the arguments as strings.
func (s *Stub) GetStringArgs() []string {
	out := make([]string, len(s.args))
	for i, a := range s.args {
		out[i] = string(a)
	}
	return out
}

// GetFunctionAndParameters returns the first argument as the function and
// the others as its parameters.
func (s *Stub) GetFunctionAndParameters() (string, []string) {
	args := s.GetStringArgs()
	if len(args) == 0 {
		return "", []string{}
	}
	return args[0], args[1:]
}

// GetArgsSlice returns the arguments concatenated.
func (s *Stub) GetArgsSlice() ([]byte, error) {
	var out []byte
	for _, a := range s.args {
		out = append(out, a...)
	}
	return out, nil
}

// GetTxID returns the transaction ID.
func (s *Stub) GetTxID() string { return s.tx.id }

// GetChannelID returns the ledger's channel.
func (s *Stub) GetChannelID() string { return s.tx.ledger.ChannelID }

// GetState returns the committed value of key, or nil.
func (s *Stub) GetState(key string) ([]byte, error) {
	if key == "" {
		return nil, errors.New("key must not be an empty string")
	}
	s.count(peer.ChaincodeMessage_GET_STATE)
	return s.read(key), nil
}

// read is the peer's side of a read of key: the committed value, noted in
// the read set.
func (s *Stub) read(key string) []byte {
	s.rw().reads[key] = s.tx.ledger.ns(s.ns).versions[key]
	return s.tx.ledger.StateIn(s.ns, key)
}

// GetMultipleStates returns the committed values of keys (nil for an
// absent key; nil for no keys). If the peer takes multi-key reads
// (Ledger.PeerBatching), it asks in chunks of Ledger.MaxSizeGetMultipleKeys
// keys, one GET_STATE_MULTIPLE message each; otherwise, as the shim does
// then, it sends one GET_STATE per key.
func (s *Stub) GetMultipleStates(keys ...string) ([][]byte, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	for _, k := range keys {
		if k == "" {
			return nil, errors.New("key must not be an empty string")
		}
	}
	if !s.tx.ledger.PeerBatching {
		out := make([][]byte, len(keys))
		for i, k := range keys {
			v, err := s.GetState(k)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	size := batchSize(s.tx.ledger.MaxSizeGetMultipleKeys)
	out := make([][]byte, len(keys))
	for start := 0; start < len(keys); start += size {
		s.count(peer.ChaincodeMessage_GET_STATE_MULTIPLE)
		for i := start; i < min(start+size, len(keys)); i++ {
			out[i] = s.read(keys[i])
		}
	}
	return out, nil
}

// PutState records a write of key, applied at commit (staged first in an
// open write batch, see StartWriteBatch).
func (s *Stub) PutState(key string, value []byte) error {
	if key == "" { // the shim's check, before any batch
		return errors.New("key must not be an empty string")
	}
	return s.write(batchOp{kind: peer.WriteRecord_PUT_STATE, key: key, value: append([]byte(nil), value...)})
}

// DelState records a deletion of key, applied at commit (staged first in
// an open write batch).
func (s *Stub) DelState(key string) error {
	return s.write(batchOp{kind: peer.WriteRecord_DEL_STATE, key: key})
}

func (s *Stub) checkWrite(key string) error {
	if key == "" {
		return errors.New("key must not be an empty string")
	}
	if !utf8.ValidString(key) {
		return fmt.Errorf("key %q is not valid UTF-8", key)
	}
	if s.tx.paged {
		return errors.New("fakestub: a transaction that ran a paginated query cannot write (Fabric allows paging in read-only transactions only)")
	}
	return nil
}

// SetStateValidationParameter records a key-level endorsement policy for
// key, applied at commit; every later change of the key must satisfy it.
func (s *Stub) SetStateValidationParameter(key string, ep []byte) error {
	return s.write(batchOp{kind: peer.WriteRecord_PUT_STATE_METADATA, key: key, value: append([]byte(nil), ep...)})
}

// GetStateValidationParameter returns the committed key-level endorsement
// policy of key, or nil. As on a peer (Fabric's queryHelper.getStateMetadata
// reads the key's versioned value), the key enters the read set: a change
// of the key or of its policy before the transaction commits is an MVCC
// conflict.
func (s *Stub) GetStateValidationParameter(key string) ([]byte, error) {
	if key == "" {
		return nil, errors.New("key must not be an empty string")
	}
	s.rw().reads[key] = s.tx.ledger.ns(s.ns).versions[key]
	return s.tx.ledger.ValidationParameterIn(s.ns, key), nil
}

// GetStateByRange returns the committed keys in [startKey, endKey) in byte
// order; an empty endKey means no upper bound.
func (s *Stub) GetStateByRange(startKey, endKey string) (shim.StateQueryIteratorInterface, error) {
	if startKey == "" {
		startKey = emptyKeySubstitute
	}
	if err := validateSimpleKeys(startKey, endKey); err != nil {
		return nil, err
	}
	kvs, _ := s.rangeQuery(startKey, endKey, 0, "")
	return &stateIterator{kvs: kvs}, nil
}

// GetStateByRangeWithPagination returns one page of GetStateByRange.
func (s *Stub) GetStateByRangeWithPagination(startKey, endKey string, pageSize int32, bookmark string) (shim.StateQueryIteratorInterface, *peer.QueryResponseMetadata, error) {
	if startKey == "" {
		startKey = emptyKeySubstitute
	}
	if err := validateSimpleKeys(startKey, endKey); err != nil {
		return nil, nil, err
	}
	return s.pagedQuery(startKey, endKey, pageSize, bookmark)
}

// GetStateByPartialCompositeKey returns the committed composite keys that
// start with objectType and keys.
func (s *Stub) GetStateByPartialCompositeKey(objectType string, keys []string) (shim.StateQueryIteratorInterface, error) {
	start, end, err := partialKeyRange(objectType, keys)
	if err != nil {
		return nil, err
	}
	kvs, _ := s.rangeQuery(start, end, 0, "")
	return &stateIterator{kvs: kvs}, nil
}

// GetStateByPartialCompositeKeyWithPagination returns one page of
// GetStateByPartialCompositeKey.
func (s *Stub) GetStateByPartialCompositeKeyWithPagination(objectType string, keys []string, pageSize int32, bookmark string) (shim.StateQueryIteratorInterface, *peer.QueryResponseMetadata, error) {
	start, end, err := partialKeyRange(objectType, keys)
	if err != nil {
		return nil, nil, err
	}
	return s.pagedQuery(start, end, pageSize, bookmark)
}

// GetAllStatesCompositeKeyWithPagination returns one page of all composite
// keys.
func (s *Stub) GetAllStatesCompositeKeyWithPagination(pageSize int32, bookmark string) (shim.StateQueryIteratorInterface, *peer.QueryResponseMetadata, error) {
	return s.pagedQuery(compositeKeyNamespace, compositeKeyNamespace+maxUnicodeRune, pageSize, bookmark)
}

// CreateCompositeKey joins objectType and attributes as the shim does.
func (s *Stub) CreateCompositeKey(objectType string, attributes []string) (string, error) {
	return shim.CreateCompositeKey(objectType, attributes)
}

// SplitCompositeKey splits a composite key as the shim does.
func (s *Stub) SplitCompositeKey(compositeKey string) (string, []string, error) {
	if !strings.HasPrefix(compositeKey, compositeKeyNamespace) || !strings.HasSuffix(compositeKey, compositeKeyNamespace) || len(compositeKey) < 2 {
		return "", nil, fmt.Errorf("%q is not a composite key", compositeKey)
	}
	parts := strings.Split(compositeKey[1:len(compositeKey)-1], compositeKeyNamespace)
	return parts[0], parts[1:], nil
}

// GetQueryResult is not supported: rich queries need CouchDB.
func (s *Stub) GetQueryResult(string) (shim.StateQueryIteratorInterface, error) {
	return nil, fmt.Errorf("%w: rich queries", errUnsupported)
}

// GetQueryResultWithPagination is not supported: rich queries need CouchDB.
func (s *Stub) GetQueryResultWithPagination(string, int32, string) (shim.StateQueryIteratorInterface, *peer.QueryResponseMetadata, error) {
	return nil, nil, fmt.Errorf("%w: rich queries", errUnsupported)
}

// GetHistoryForKey returns the committed modifications of key, newest
// first.
func (s *Stub) GetHistoryForKey(key string) (shim.HistoryQueryIteratorInterface, error) {
	if key == "" {
		return nil, errors.New("key must not be an empty string")
	}
	h := s.tx.ledger.ns(s.ns).history[key]
	mods := make([]*queryresult.KeyModification, len(h))
	for i, m := range h {
		mods[len(h)-1-i] = m
	}
	return &historyIterator{mods: mods}, nil
}

// GetPrivateData is not supported.
func (s *Stub) GetPrivateData(string, string) ([]byte, error) { return nil, errPrivateData() }

// GetMultiplePrivateData is not supported.
func (s *Stub) GetMultiplePrivateData(string, ...string) ([][]byte, error) {
	return nil, errPrivateData()
}

// GetPrivateDataHash is not supported.
func (s *Stub) GetPrivateDataHash(string, string) ([]byte, error) { return nil, errPrivateData() }

// PutPrivateData is not supported.
func (s *Stub) PutPrivateData(string, string, []byte) error { return errPrivateData() }

// DelPrivateData is not supported.
func (s *Stub) DelPrivateData(string, string) error { return errPrivateData() }

// PurgePrivateData is not supported.
func (s *Stub) PurgePrivateData(string, string) error { return errPrivateData() }

// SetPrivateDataValidationParameter is not supported.
func (s *Stub) SetPrivateDataValidationParameter(string, string, []byte) error {
	return errPrivateData()
}

// GetPrivateDataValidationParameter is not supported.
func (s *Stub) GetPrivateDataValidationParameter(string, string) ([]byte, error) {
	return nil, errPrivateData()
}

// GetPrivateDataByRange is not supported.
func (s *Stub) GetPrivateDataByRange(string, string, string) (shim.StateQueryIteratorInterface, error) {
	return nil, errPrivateData()
}

// GetPrivateDataByPartialCompositeKey is not supported.
func (s *Stub) GetPrivateDataByPartialCompositeKey(string, string, []string) (shim.StateQueryIteratorInterface, error) {
	return nil, errPrivateData()
}

// GetPrivateDataQueryResult is not supported.
func (s *Stub) GetPrivateDataQueryResult(string, string) (shim.StateQueryIteratorInterface, error) {
	return nil, errPrivateData()
}

func errPrivateData() error { return fmt.Errorf("%w: private data", errUnsupported) }

// GetCreator returns the serialized identity of the transaction's creator.
func (s *Stub) GetCreator() ([]byte, error) {
	if len(s.tx.creator) == 0 {
		return nil, nil
	}
	return append([]byte(nil), s.tx.creator...), nil
}

// GetTransient returns the transaction's transient map (a copy).
func (s *Stub) GetTransient() (map[string][]byte, error) {
	out := make(map[string][]byte, len(s.tx.transient))
	for k, v := range s.tx.transient {
		out[k] = append([]byte(nil), v...)
	}
	return out, nil
}

// GetBinding is not supported.
func (s *Stub) GetBinding() ([]byte, error) {
	return nil, fmt.Errorf("%w: proposal binding", errUnsupported)
}

// GetDecorations returns no decorations.
func (s *Stub) GetDecorations() map[string][]byte { return nil }

// GetTxTimestamp returns the transaction's timestamp.
func (s *Stub) GetTxTimestamp() (*timestamppb.Timestamp, error) {
	return timestamppb.New(s.tx.timestamp.AsTime()), nil
}

// SetEvent sets the transaction's event, replacing an earlier one.
func (s *Stub) SetEvent(name string, payload []byte) error {
	if name == "" {
		return errors.New("event name can not be empty string")
	}
	s.event = &peer.ChaincodeEvent{TxId: s.tx.id, EventName: name, Payload: append([]byte(nil), payload...)}
	return nil
}

// rangeQuery returns up to limit (0: all) committed entries with keys in
// [start, end) (end "": unbounded), and the key after the last one returned
// or "" if there is none.
func (s *Stub) rangeQuery(start, end string, limit int, bookmark string) ([]*queryresult.KV, string) {
	if bookmark != "" {
		start = bookmark
	}
	if cap := s.tx.ledger.TotalQueryLimit; cap > 0 && (limit <= 0 || limit > cap) {
		// The peer's handler stops every query at totalQueryLimit
		// (calculateTotalReturnLimit), telling the shim there is no more.
		limit = cap
	}
	keys := s.tx.ledger.KeysIn(s.ns)
	i := sort.SearchStrings(keys, start)
	var kvs []*queryresult.KV
	for ; i < len(keys) && (end == "" || keys[i] < end); i++ {
		if limit > 0 && len(kvs) == limit {
			return kvs, keys[i]
		}
		kvs = append(kvs, &queryresult.KV{Key: keys[i], Value: s.tx.ledger.StateIn(s.ns, keys[i])})
	}
	return kvs, ""
}

func (s *Stub) pagedQuery(start, end string, pageSize int32, bookmark string) (shim.StateQueryIteratorInterface, *peer.QueryResponseMetadata, error) {
	if pageSize <= 0 {
		return nil, nil, fmt.Errorf("page size must be positive, got %d", pageSize)
	}
	if s.tx.writeCount() > 0 {
		return nil, nil, errors.New("fakestub: a transaction that wrote cannot run a paginated query (Fabric allows paging in read-only transactions only)")
	}
	s.tx.paged = true
	kvs, next := s.rangeQuery(start, end, int(pageSize), bookmark)
	if next == "" && s.tx.ledger.CouchDB {
		next = end
	}
	return &stateIterator{kvs: kvs}, &peer.QueryResponseMetadata{FetchedRecordsCount: int32(len(kvs)), Bookmark: next}, nil
}

func partialKeyRange(objectType string, keys []string) (string, string, error) {
	prefix, err := shim.CreateCompositeKey(objectType, keys)
	if err != nil {
		return "", "", err
	}
	return prefix, prefix + maxUnicodeRune, nil
}

func validateSimpleKeys(keys ...string) error {
	for _, k := range keys {
		if strings.HasPrefix(k, compositeKeyNamespace) {
			return fmt.Errorf("first character of the key [%s] contains a null character which is not allowed", k)
		}
	}
	return nil
}

type stateIterator struct {
	kvs    []*queryresult.KV
	next   int
	closed bool
}

func (it *stateIterator) HasNext() bool { return !it.closed && it.next < len(it.kvs) }

func (it *stateIterator) Next() (*queryresult.KV, error) {
	if !it.HasNext() {
		return nil, errors.New("fakestub: no more results")
	}
	it.next++
	return it.kvs[it.next-1], nil
}

func (it *stateIterator) Close() error { it.closed = true; return nil }

type historyIterator struct {
	mods   []*queryresult.KeyModification
	next   int
	closed bool
}

func (it *historyIterator) HasNext() bool { return !it.closed && it.next < len(it.mods) }

func (it *historyIterator) Next() (*queryresult.KeyModification, error) {
	if !it.HasNext() {
		return nil, errors.New("fakestub: no more results")
	}
	it.next++
	return it.mods[it.next-1], nil
}

func (it *historyIterator) Close() error { it.closed = true; return nil }

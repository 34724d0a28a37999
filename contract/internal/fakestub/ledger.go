// Package fakestub is an in-memory stand-in for a Fabric peer, for unit
// tests of chaincode: a channel ledger (world state and key history) and,
// per transaction, a stub implementing shim.ChaincodeStubInterface.
//
// It follows the peer where the contract's behaviour depends on it:
//
//   - a transaction reads the committed state only, never its own writes;
//   - its writes are committed only when it is submitted and succeeds
//     (Ledger.Submit); an evaluated transaction (Ledger.Evaluate) or a
//     failed one leaves the ledger unchanged;
//   - range and partial-composite-key queries return keys in byte order,
//     paginated ones return as bookmark the next key to read ("" at the
//     end), and a transaction cannot both page and write;
//   - GetHistoryForKey returns a key's committed values newest first;
//   - a transaction has at most one event: the last SetEvent wins;
//   - transaction IDs and timestamps are deterministic: the timestamp of
//     each transaction is the ledger's clock, which then advances by Step.
//
// Private data, rich (CouchDB) queries, chaincode-to-chaincode calls and
// key-level endorsement policies are not supported and return errors.
package fakestub

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strconv"
	"time"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/ledger/queryresult"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// DefaultStart is the timestamp of a new ledger's first transaction.
var DefaultStart = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// Ledger is the state of one channel as far as one chaincode sees it.
type Ledger struct {
	// ChannelID is the channel every stub reports.
	ChannelID string
	// Clock is the timestamp the next transaction gets.
	Clock time.Time
	// Step is how far Clock advances after each transaction.
	Step time.Duration

	state   map[string][]byte
	history map[string][]*queryresult.KeyModification // oldest first
	txCount int
}

// NewLedger returns an empty ledger of the channel, its clock at
// DefaultStart and advancing one second a transaction.
func NewLedger(channelID string) *Ledger {
	return &Ledger{
		ChannelID: channelID,
		Clock:     DefaultStart,
		Step:      time.Second,
		state:     map[string][]byte{},
		history:   map[string][]*queryresult.KeyModification{},
	}
}

// NewStub starts a transaction: a stub with the next transaction ID and
// timestamp, the given creator (a serialized msp.SerializedIdentity) and
// arguments (the function name first). Pass it to Commit to apply its
// writes.
func (l *Ledger) NewStub(creator []byte, args ...string) *Stub {
	l.txCount++
	id := sha256.Sum256([]byte("fakestub/tx/" + strconv.Itoa(l.txCount)))
	s := &Stub{
		ledger:    l,
		txID:      hex.EncodeToString(id[:]),
		timestamp: timestamppb.New(l.Clock),
		creator:   append([]byte(nil), creator...),
		writes:    map[string]write{},
	}
	for _, a := range args {
		s.args = append(s.args, []byte(a))
	}
	l.Clock = l.Clock.Add(l.Step)
	return s
}

// Commit applies the writes of the transaction s to the world state and the
// key history, in key order.
func (l *Ledger) Commit(s *Stub) {
	keys := make([]string, 0, len(s.writes))
	for k := range s.writes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		w := s.writes[k]
		if w.delete {
			delete(l.state, k)
		} else {
			l.state[k] = w.value
		}
		l.history[k] = append(l.history[k], &queryresult.KeyModification{
			TxId:      s.txID,
			Value:     w.value,
			Timestamp: s.timestamp,
			IsDelete:  w.delete,
		})
	}
}

// Result is the outcome of one transaction.
type Result struct {
	// TxID is the transaction's ID.
	TxID string
	// Timestamp is the transaction's timestamp.
	Timestamp time.Time
	// Response is what the chaincode returned.
	Response *peer.Response
	// Event is the chaincode event the transaction set, or nil.
	Event *peer.ChaincodeEvent
	// Writes is the number of keys the transaction wrote or deleted,
	// whether or not they were committed.
	Writes int
	// Committed reports whether the writes were applied to the ledger.
	Committed bool
}

// OK reports whether the chaincode returned a success status.
func (r Result) OK() bool { return r.Response.Status < shim.ERRORTHRESHOLD }

// Submit runs a transaction through cc.Invoke and commits its writes if it
// succeeds, as an endorsed and ordered transaction would be.
func (l *Ledger) Submit(cc shim.Chaincode, creator []byte, args ...string) Result {
	return l.run(cc, creator, true, args)
}

// Evaluate runs a transaction through cc.Invoke as a query: its writes are
// never committed.
func (l *Ledger) Evaluate(cc shim.Chaincode, creator []byte, args ...string) Result {
	return l.run(cc, creator, false, args)
}

func (l *Ledger) run(cc shim.Chaincode, creator []byte, submit bool, args []string) Result {
	s := l.NewStub(creator, args...)
	resp := cc.Invoke(s)
	r := Result{
		TxID:      s.txID,
		Timestamp: s.timestamp.AsTime(),
		Response:  resp,
		Event:     s.event,
		Writes:    len(s.writes),
	}
	if submit && r.OK() {
		l.Commit(s)
		r.Committed = true
	}
	return r
}

// State returns the committed value of key, or nil if it has none.
func (l *Ledger) State(key string) []byte {
	v, ok := l.state[key]
	if !ok {
		return nil
	}
	return append([]byte(nil), v...)
}

// Keys returns every key of the committed world state, in byte order.
func (l *Ledger) Keys() []string {
	keys := make([]string, 0, len(l.state))
	for k := range l.state {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Put writes key directly into the committed world state, as a transaction
// of its own; tests use it to set up state the contract cannot produce.
func (l *Ledger) Put(key string, value []byte) {
	s := l.NewStub(nil)
	s.writes[key] = write{value: append([]byte(nil), value...)}
	l.Commit(s)
}

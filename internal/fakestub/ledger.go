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
//   - range and partial-composite-key queries return keys in byte order;
//     paginated ones return as bookmark the next key to read and, at the
//     end of the range, "" on LevelDB or the query's end key on CouchDB
//     (Ledger.CouchDB; Fabric statecouchdb's readDocRange starts with
//     nextStartKey := endKey); a transaction cannot both page and write;
//   - at commit, a transaction is validated as a peer does: its writes
//     must satisfy the endorsement policies (each written key's key-level
//     policy, set with SetStateValidationParameter, else the chaincode
//     policy, Ledger.ChaincodePolicy) given the MSPs whose peers endorsed
//     it, and every key it read must still have the version it read (MVCC);
//     SubmitBlock endorses several transactions against one snapshot and
//     commits them in order, as one block;
//   - GetHistoryForKey returns a key's committed values newest first;
//   - a transaction has at most one event: the last SetEvent wins;
//   - transaction IDs and timestamps are deterministic: the timestamp of
//     each transaction is the ledger's clock, which then advances by Step.
//
// Private data, rich (CouchDB) queries and chaincode-to-chaincode calls are
// not supported and return errors. Range reads are not checked for phantoms
// at commit, and an endorsement policy is evaluated letting one endorsing
// peer satisfy several principals of its MSP.
package fakestub

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/ledger/queryresult"
	"github.com/hyperledger/fabric-protos-go-apiv2/msp"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/proto"
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
	// CouchDB makes paginated queries answer as a CouchDB state database
	// does: the bookmark at the end of a range is the query's end key.
	CouchDB bool
	// ChaincodePolicy is the chaincode's endorsement policy (a serialized
	// common.SignaturePolicyEnvelope, see MSPPolicy); nil means any one
	// endorsement satisfies it.
	ChaincodePolicy []byte

	state    map[string][]byte
	versions map[string]uint64                         // committed version of each key, for MVCC
	vparams  map[string][]byte                         // key-level endorsement policies
	history  map[string][]*queryresult.KeyModification // oldest first
	txCount  int
	commits  uint64
}

// NewLedger returns an empty ledger of the channel, its clock at
// DefaultStart and advancing one second a transaction.
func NewLedger(channelID string) *Ledger {
	return &Ledger{
		ChannelID: channelID,
		Clock:     DefaultStart,
		Step:      time.Second,
		state:     map[string][]byte{},
		versions:  map[string]uint64{},
		vparams:   map[string][]byte{},
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
		reads:     map[string]uint64{},
		vpWrites:  map[string][]byte{},
	}
	for _, a := range args {
		s.args = append(s.args, []byte(a))
	}
	l.Clock = l.Clock.Add(l.Step)
	return s
}

// Commit applies the writes of the transaction s to the world state and the
// key history, in key order, without validating it.
func (l *Ledger) Commit(s *Stub) {
	l.commits++
	for k, p := range s.vpWrites {
		if p == nil {
			delete(l.vparams, k)
		} else {
			l.vparams[k] = p
		}
	}
	keys := make([]string, 0, len(s.writes))
	for k := range s.writes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		w := s.writes[k]
		if w.delete {
			delete(l.state, k)
			delete(l.versions, k)
		} else {
			l.state[k] = w.value
			l.versions[k] = l.commits
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
	// Validation is the commit-time verdict of a submitted transaction
	// that the chaincode endorsed: VALID, ENDORSEMENT_POLICY_FAILURE or
	// MVCC_READ_CONFLICT. It is NOT_VALIDATED for an evaluated or failed
	// transaction, which is never sent for ordering.
	Validation peer.TxValidationCode
	// ValidationDetail explains a Validation other than VALID.
	ValidationDetail string
}

// OK reports whether the chaincode returned a success status.
func (r Result) OK() bool { return r.Response.Status < shim.ERRORTHRESHOLD }

// Tx is a transaction to submit: its creator (a serialized
// msp.SerializedIdentity), its arguments (the function name first) and the
// MSPs whose peers endorse it (nil: the creator's MSP; if the creator is
// not a serialized identity, endorsement policies are not checked).
type Tx struct {
	Creator   []byte
	Args      []string
	Endorsers []string
}

// Submit runs a transaction through cc.Invoke and, if the chaincode
// succeeds, validates and commits it alone in a block, endorsed by the
// creator's MSP.
func (l *Ledger) Submit(cc shim.Chaincode, creator []byte, args ...string) Result {
	return l.SubmitBlock(cc, Tx{Creator: creator, Args: args})[0]
}

// SubmitAs is Submit with the transaction endorsed by peers of the given
// MSPs.
func (l *Ledger) SubmitAs(cc shim.Chaincode, endorsers []string, creator []byte, args ...string) Result {
	return l.SubmitBlock(cc, Tx{Creator: creator, Args: args, Endorsers: endorsers})[0]
}

// SubmitBlock endorses every transaction against the same committed state,
// then validates and commits, in order, those the chaincode endorsed, as
// one block: a transaction that read a key written by an earlier one of the
// block fails with MVCC_READ_CONFLICT.
func (l *Ledger) SubmitBlock(cc shim.Chaincode, txs ...Tx) []Result {
	stubs := make([]*Stub, len(txs))
	results := make([]Result, len(txs))
	for i, tx := range txs {
		stubs[i] = l.NewStub(tx.Creator, tx.Args...)
		results[i] = l.invoke(cc, stubs[i])
	}
	for i, tx := range txs {
		r := &results[i]
		if !r.OK() {
			continue
		}
		endorsers := tx.Endorsers
		if endorsers == nil {
			endorsers = creatorMSP(tx.Creator)
		}
		r.Validation, r.ValidationDetail = l.validate(stubs[i], endorsers)
		if r.Validation == peer.TxValidationCode_VALID {
			l.Commit(stubs[i])
			r.Committed = true
		}
	}
	return results
}

// Evaluate runs a transaction through cc.Invoke as a query: its writes are
// never committed.
func (l *Ledger) Evaluate(cc shim.Chaincode, creator []byte, args ...string) Result {
	return l.invoke(cc, l.NewStub(creator, args...))
}

func (l *Ledger) invoke(cc shim.Chaincode, s *Stub) Result {
	resp := cc.Invoke(s)
	return Result{
		TxID:       s.txID,
		Timestamp:  s.timestamp.AsTime(),
		Response:   resp,
		Event:      s.event,
		Writes:     len(s.writes) + len(s.vpWrites),
		Validation: peer.TxValidationCode_NOT_VALIDATED,
	}
}

// validate checks the transaction s as a committing peer would: first its
// endorsement against the policies of the keys it writes, then its reads
// against the committed versions.
func (l *Ledger) validate(s *Stub, endorsers []string) (peer.TxValidationCode, string) {
	if endorsers != nil {
		if code, detail := l.checkEndorsement(s, endorsers); code != peer.TxValidationCode_VALID {
			return code, detail
		}
	}
	reads := make([]string, 0, len(s.reads))
	for k := range s.reads {
		reads = append(reads, k)
	}
	sort.Strings(reads)
	for _, k := range reads {
		if l.versions[k] != s.reads[k] {
			return peer.TxValidationCode_MVCC_READ_CONFLICT, fmt.Sprintf("key %q changed since the transaction read it", k)
		}
	}
	return peer.TxValidationCode_VALID, ""
}

// checkEndorsement checks that the endorsing MSPs satisfy the policy of
// every key s writes: its key-level policy, else the chaincode policy.
func (l *Ledger) checkEndorsement(s *Stub, endorsers []string) (peer.TxValidationCode, string) {
	written := map[string]bool{}
	for k := range s.writes {
		written[k] = true
	}
	for k := range s.vpWrites {
		written[k] = true
	}
	keys := make([]string, 0, len(written))
	for k := range written {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	needChaincodePolicy := len(keys) == 0
	for _, k := range keys {
		p, ok := l.vparams[k]
		if !ok {
			needChaincodePolicy = true
			continue
		}
		if ok, err := satisfies(p, endorsers); err != nil || !ok {
			return peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE,
				fmt.Sprintf("key %q: endorsement by %v does not satisfy its key-level policy (%v)", k, endorsers, err)
		}
	}
	if needChaincodePolicy {
		ok := len(endorsers) > 0
		if l.ChaincodePolicy != nil {
			var err error
			if ok, err = satisfies(l.ChaincodePolicy, endorsers); err != nil {
				return peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, err.Error()
			}
		}
		if !ok {
			return peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE,
				fmt.Sprintf("endorsement by %v does not satisfy the chaincode policy", endorsers)
		}
	}
	return peer.TxValidationCode_VALID, ""
}

// creatorMSP returns the MSP of a serialized identity, as a one-element
// list, or nil if it does not decode.
func creatorMSP(creator []byte) []string {
	var id msp.SerializedIdentity
	if len(creator) == 0 || proto.Unmarshal(creator, &id) != nil || id.Mspid == "" {
		return nil
	}
	return []string{id.Mspid}
}

// ValidationParameter returns the committed key-level endorsement policy
// of key, or nil.
func (l *Ledger) ValidationParameter(key string) []byte {
	return append([]byte(nil), l.vparams[key]...)
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

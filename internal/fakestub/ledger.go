// SPDX-License-Identifier: Apache-2.0

// Package fakestub is an in-memory stand-in for a Fabric peer, for unit
// tests of chaincode: a channel ledger (world state and key history, one
// namespace per chaincode) and, per transaction, a stub implementing
// shim.ChaincodeStubInterface.
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
//     nextStartKey := endKey); a transaction cannot both page and write
//     (in any namespace: the rule is the transaction simulator's);
//   - Ledger.TotalQueryLimit, when set, ends every range query there as
//     the peer's handler does with core.yaml totalQueryLimit
//     (calculateTotalReturnLimit): silently for an unpaginated query, a
//     page at most that long;
//   - at commit, a transaction is validated as a peer does: its writes
//     must satisfy the endorsement policies (each written key's key-level
//     policy, set with SetStateValidationParameter, else the policy of the
//     chaincode that owns the namespace) given the MSPs whose peers endorsed
//     it, and every key it read, in any namespace, must still have the
//     version it read (MVCC); SubmitBlock endorses several transactions
//     against one snapshot and commits them in order, as one block;
//   - within a block, as on a peer (Fabric's statebased validator): every
//     transaction's endorsement is checked against the policies committed
//     before the block, except that a transaction writing a key (its value
//     or its policy) whose key-level policy an earlier transaction of the
//     block set is invalid (ENDORSEMENT_POLICY_FAILURE, Fabric's
//     ValidationParameterUpdatedError) whatever its endorsement, if that
//     earlier transaction's endorsement of the namespace was valid, even
//     when the earlier one then fails MVCC; MVCC is checked afterwards, in
//     block order;
//   - Ledger.PeerBatching answers as a Fabric v3.1 peer with its write
//     batches and multi-key reads on; off, as a v2.5 peer, where the shim
//     sends one message per key. Result.Messages counts the state
//     messages either way. In a batch, a write the peer refuses fails
//     FinishWriteBatch (or the invocation, if the chaincode leaves the
//     batch open: the shim sends it after Invoke), not the PutState. A
//     test driving a stub from NewStub calls FinishWriteBatch itself
//     before Commit;
//   - GetHistoryForKey returns a key's committed values newest first;
//   - a transaction has at most one event: the last SetEvent of the
//     invoked chaincode wins;
//   - transaction IDs and timestamps are deterministic: the timestamp of
//     each transaction is the ledger's clock, which then advances by Step.
//
// # Several chaincodes
//
// Chaincodes deployed with Ledger.Deploy each own a namespace of the
// channel's state, named after the chaincode; a chaincode passed to Submit
// that was not deployed runs in DefaultNamespace, under ChaincodePolicy.
// Stub.InvokeChaincode calls a deployed chaincode as a peer does (Fabric
// core/chaincode/handler.go HandleInvokeChaincode, chaincode_support.go,
// the shim's handleInvokeChaincode, core/endorser/endorser.go and the
// validator's plugindispatcher/dispatcher.go and statebased evaluator):
//
//   - the callee runs in the same transaction: same transaction ID,
//     creator, timestamp and transient map, its own arguments, reading and
//     writing its own namespace of the same read-write set;
//   - its response (status, message, payload) is returned to the caller as
//     the callee made it, whatever the status: a failing callee does not
//     fail the transaction unless the caller does, and its writes stay in
//     the read-write set (the peer keeps whatever the callee's simulation
//     wrote);
//   - an invocation the peer refuses (a chaincode not deployed on the
//     channel, a chaincode already executing in the transaction on that
//     channel, an unknown channel) answers status 500 with the peer's
//     error text in the payload and an empty message, as the shim does;
//   - the callee's SetEvent is dropped: the shim of the caller keeps only
//     the callee's response, and the endorser puts into the transaction the
//     one event of the invoked chaincode, whose ID the validator requires
//     to match the transaction's chaincode;
//   - a chaincode on another channel (name/channel, or the channel
//     argument, of a ledger connected with Ledger.Connect) runs on a
//     separate simulation of that channel, whose reads and writes are
//     discarded: a cross-channel call is a query;
//   - at commit, the namespace of the invoked chaincode and every namespace
//     the transaction wrote is validated against its own policies (the
//     chaincode policy of Deploy, or key-level ones), with the same
//     endorsements.
//
// GetSignedProposal returns the proposal of the chaincode the transaction
// invokes, to every chaincode of the transaction, unsigned; Stub.Again
// simulates the same proposal again, as a peer does when a client retries
// an endorsement. Private data and
// rich (CouchDB) queries are not supported and return errors. Range reads are not checked for phantoms at
// commit, channel ACLs (Peer_ChaincodeToChaincode) are not checked, and an
// endorsement policy is evaluated letting one endorsing peer satisfy
// several principals of its MSP.
package fakestub

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"reflect"
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

// DefaultNamespace is the namespace of a chaincode passed to Submit or
// Evaluate without having been deployed, and of State, Keys and Put. No
// Fabric chaincode can have this name.
const DefaultNamespace = "_default"

// Ledger is the state of one channel: one namespace per chaincode.
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
	// TotalQueryLimit, when positive, caps the results of every range
	// query as a peer's ledger.state.totalQueryLimit does (100000 by
	// default on a peer, LevelDB or CouchDB): a query without pagination
	// silently ends there, a page is at most that long. 0: no cap.
	TotalQueryLimit int
	// ChaincodePolicy is the endorsement policy of DefaultNamespace (a
	// serialized common.SignaturePolicyEnvelope, see MSPPolicy); nil means
	// any one endorsement satisfies it.
	ChaincodePolicy []byte
	// DefaultChaincodeName is the chaincode name that the signed proposal
	// of a transaction run in DefaultNamespace gives (GetSignedProposal);
	// empty: DefaultNamespace. A test of a chaincode that checks which
	// chaincode a proposal invokes sets it to the name the chaincode
	// expects, as if it were deployed under it.
	DefaultChaincodeName string
	// PeerBatching makes the peer answer as a Fabric v3.1 peer does with
	// its defaults (core.yaml chaincode.runtimeParams useWriteBatch and
	// useGetMultipleKeys true): StartWriteBatch stages writes until
	// FinishWriteBatch (or the end of the invocation) sends them in
	// WRITE_BATCH_STATE messages, and GetMultipleStates reads in
	// GET_STATE_MULTIPLE messages. false (the zero value): a v2.5 peer,
	// or a v3.1 peer with both off, where the shim falls back on one
	// PUT_STATE, DEL_STATE or GET_STATE message per key and
	// StartWriteBatch does nothing. What a transaction reads, writes and
	// answers is the same either way, except that a write the peer refuses
	// fails FinishWriteBatch instead of the PutState in a batch.
	PeerBatching bool
	// MaxSizeWriteBatch and MaxSizeGetMultipleKeys are the peer's
	// chaincode.runtimeParams chunk sizes (0: 1000, the peer's default;
	// the shim raises anything below 100 to 100).
	MaxSizeWriteBatch, MaxSizeGetMultipleKeys uint32

	namespaces map[string]*namespace
	chaincodes map[string]*deployment
	channels   map[string]*Ledger // other channels this peer has joined
	txCount    int
	commits    uint64
}

// namespace is the committed state of one chaincode.
type namespace struct {
	state    map[string][]byte
	versions map[string]uint64                         // committed version of each key, for MVCC
	vparams  map[string][]byte                         // key-level endorsement policies
	history  map[string][]*queryresult.KeyModification // oldest first
}

// deployment is a chaincode deployed on the channel.
type deployment struct {
	cc     shim.Chaincode
	policy []byte // nil: any one endorsement
}

// NewLedger returns an empty ledger of the channel, its clock at
// DefaultStart and advancing one second a transaction.
func NewLedger(channelID string) *Ledger {
	return &Ledger{
		ChannelID:  channelID,
		Clock:      DefaultStart,
		Step:       time.Second,
		namespaces: map[string]*namespace{},
		chaincodes: map[string]*deployment{},
		channels:   map[string]*Ledger{},
	}
}

// Deploy defines chaincode cc under name on the channel, with its
// endorsement policy (a serialized common.SignaturePolicyEnvelope, see
// MSPPolicy; nil: any one endorsement). Submit and Evaluate run cc in
// namespace name, and Stub.InvokeChaincode(name, ...) calls it. Deploying
// a name again replaces its definition, as a chaincode upgrade does, and
// keeps its state.
func (l *Ledger) Deploy(name string, cc shim.Chaincode, policy []byte) error {
	if name == "" || name == DefaultNamespace {
		return fmt.Errorf("fakestub: invalid chaincode name %q", name)
	}
	if cc == nil {
		return fmt.Errorf("fakestub: deploying %q: nil chaincode", name)
	}
	if policy != nil {
		if _, err := satisfies(policy, nil); err != nil {
			return fmt.Errorf("fakestub: deploying %q: %w", name, err)
		}
	}
	l.chaincodes[name] = &deployment{cc: cc, policy: append([]byte(nil), policy...)}
	return nil
}

// Connect joins the peer to another channel's ledger, both ways, so that a
// chaincode can invoke a chaincode of the other channel (as a query).
func (l *Ledger) Connect(other *Ledger) {
	l.channels[other.ChannelID] = other
	other.channels[l.ChannelID] = l
}

// ns returns the namespace name, creating it.
func (l *Ledger) ns(name string) *namespace {
	n, ok := l.namespaces[name]
	if !ok {
		n = &namespace{
			state:    map[string][]byte{},
			versions: map[string]uint64{},
			vparams:  map[string][]byte{},
			history:  map[string][]*queryresult.KeyModification{},
		}
		l.namespaces[name] = n
	}
	return n
}

// namespaceOf returns the name cc was deployed under, else
// DefaultNamespace.
func (l *Ledger) namespaceOf(cc shim.Chaincode) string {
	t := reflect.TypeOf(cc)
	for _, name := range sortedKeys(l.chaincodes) {
		d := l.chaincodes[name]
		if reflect.TypeOf(d.cc) == t && t.Comparable() && d.cc == cc {
			return name
		}
	}
	return DefaultNamespace
}

// policyOf returns the chaincode endorsement policy of namespace name.
func (l *Ledger) policyOf(name string) []byte {
	if d, ok := l.chaincodes[name]; ok {
		return d.policy
	}
	return l.ChaincodePolicy
}

// newTx starts a transaction with the next transaction ID and timestamp.
func (l *Ledger) newTx(creator []byte, transient map[string][]byte) *txn {
	l.txCount++
	id := sha256.Sum256([]byte("fakestub/tx/" + strconv.Itoa(l.txCount)))
	t := &txn{
		ledger:    l,
		id:        hex.EncodeToString(id[:]),
		timestamp: timestamppb.New(l.Clock),
		creator:   append([]byte(nil), creator...),
		transient: map[string][]byte{},
		rw:        map[string]*rwset{},
		executing: map[string]bool{},
	}
	for k, v := range transient {
		t.transient[k] = append([]byte(nil), v...)
	}
	l.Clock = l.Clock.Add(l.Step)
	return t
}

// NewStub starts a transaction in DefaultNamespace: a stub with the next
// transaction ID and timestamp, the given creator (a serialized
// msp.SerializedIdentity) and arguments (the function name first). Pass it
// to Commit to apply its writes.
func (l *Ledger) NewStub(creator []byte, args ...string) *Stub {
	return l.newTx(creator, nil).invoke(DefaultNamespace, stringArgs(args))
}

func stringArgs(args []string) [][]byte {
	out := make([][]byte, len(args))
	for i, a := range args {
		out[i] = []byte(a)
	}
	return out
}

// Commit applies the writes of the transaction of s, in every namespace,
// to the world state and the key history, in namespace and key order,
// without validating it.
func (l *Ledger) Commit(s *Stub) {
	l.commits++
	t := s.tx
	for _, name := range sortedKeys(t.rw) {
		rw, n := t.rw[name], l.ns(name)
		for k, p := range rw.vpWrites {
			if len(p) == 0 {
				delete(n.vparams, k)
			} else {
				n.vparams[k] = p
			}
		}
		for _, k := range sortedKeys(rw.writes) {
			w := rw.writes[k]
			if w.delete {
				delete(n.state, k)
				delete(n.versions, k)
			} else {
				n.state[k] = w.value
				n.versions[k] = l.commits
			}
			n.history[k] = append(n.history[k], &queryresult.KeyModification{
				TxId:      t.id,
				Value:     w.value,
				Timestamp: t.timestamp,
				IsDelete:  w.delete,
			})
		}
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
	// Writes is the number of keys the transaction wrote or deleted, in
	// every namespace, whether or not they were committed.
	Writes int
	// Messages counts, by type, the state messages the transaction's
	// chaincodes sent to the peer: GET_STATE, GET_STATE_MULTIPLE,
	// PUT_STATE, DEL_STATE, PUT_STATE_METADATA and WRITE_BATCH_STATE (the
	// round trips Ledger.PeerBatching saves; other message types are not
	// counted).
	Messages map[peer.ChaincodeMessage_Type]int
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
// msp.SerializedIdentity), its arguments (the function name first), its
// transient data and the MSPs whose peers endorse it (nil: the creator's
// MSP; if the creator is not a serialized identity, endorsement policies
// are not checked).
type Tx struct {
	Creator   []byte
	Args      []string
	Transient map[string][]byte
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
	name := l.namespaceOf(cc)
	stubs := make([]*Stub, len(txs))
	results := make([]Result, len(txs))
	for i, tx := range txs {
		stubs[i] = l.newTx(tx.Creator, tx.Transient).invoke(name, stringArgs(tx.Args))
		results[i] = l.invoke(cc, stubs[i])
	}
	// Endorsements first, every one against the state before the block,
	// as the peer's validator checks them in parallel before the ledger
	// commits anything; then, in order, reads and commit.
	updated := vpUpdates{}
	for i, tx := range txs {
		r := &results[i]
		if !r.OK() {
			continue
		}
		endorsers := tx.Endorsers
		if endorsers == nil {
			endorsers = creatorMSP(tx.Creator)
		}
		var valid map[string]bool
		r.Validation, r.ValidationDetail, valid = l.validateEndorsement(stubs[i], endorsers, updated)
		updated.add(stubs[i], valid)
	}
	for i := range txs {
		r := &results[i]
		if r.Validation != peer.TxValidationCode_VALID {
			continue
		}
		if r.Validation, r.ValidationDetail = l.validateReads(stubs[i]); r.Validation == peer.TxValidationCode_VALID {
			l.Commit(stubs[i])
			r.Committed = true
		}
	}
	return results
}

// Evaluate runs a transaction through cc.Invoke as a query: its writes are
// never committed.
func (l *Ledger) Evaluate(cc shim.Chaincode, creator []byte, args ...string) Result {
	return l.invoke(cc, l.newTx(creator, nil).invoke(l.namespaceOf(cc), stringArgs(args)))
}

func (l *Ledger) invoke(cc shim.Chaincode, s *Stub) Result {
	resp, err := s.run(cc)
	if err != nil {
		// The shim answers ERROR instead of COMPLETED: the endorsement
		// fails with its text.
		resp = &peer.Response{Status: shim.ERROR, Message: err.Error()}
	}
	msgs := make(map[peer.ChaincodeMessage_Type]int, len(s.tx.msgs))
	for k, v := range s.tx.msgs {
		msgs[k] = v
	}
	return Result{
		TxID:       s.tx.id,
		Timestamp:  s.tx.timestamp.AsTime(),
		Response:   resp,
		Event:      s.event,
		Writes:     s.tx.writeCount(),
		Messages:   msgs,
		Validation: peer.TxValidationCode_NOT_VALIDATED,
	}
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
// of key in DefaultNamespace, or nil.
func (l *Ledger) ValidationParameter(key string) []byte {
	return l.ValidationParameterIn(DefaultNamespace, key)
}

// ValidationParameterIn returns the committed key-level endorsement policy
// of key in namespace ns, or nil.
func (l *Ledger) ValidationParameterIn(ns, key string) []byte {
	return append([]byte(nil), l.ns(ns).vparams[key]...)
}

// State returns the committed value of key in DefaultNamespace, or nil if
// it has none.
func (l *Ledger) State(key string) []byte { return l.StateIn(DefaultNamespace, key) }

// StateIn returns the committed value of key in namespace ns, or nil.
func (l *Ledger) StateIn(ns, key string) []byte {
	v, ok := l.ns(ns).state[key]
	if !ok {
		return nil
	}
	return append([]byte(nil), v...)
}

// Keys returns every key of DefaultNamespace's committed state, in byte
// order.
func (l *Ledger) Keys() []string { return l.KeysIn(DefaultNamespace) }

// KeysIn returns every key of namespace ns's committed state, in byte
// order.
func (l *Ledger) KeysIn(ns string) []string { return sortedKeys(l.ns(ns).state) }

// Put writes key directly into the committed world state of
// DefaultNamespace, as a transaction of its own; tests use it to set up
// state the contract cannot produce.
func (l *Ledger) Put(key string, value []byte) {
	s := l.NewStub(nil)
	s.rw().writes[key] = write{value: append([]byte(nil), value...)}
	l.Commit(s)
}

// PutWithPolicy writes key directly into the committed world state of
// DefaultNamespace with the key-level endorsement policy ep, as a
// transaction of its own that no policy checks; tests use it to set up
// records as the contract writes them, or as a coalition would.
func (l *Ledger) PutWithPolicy(key string, value, ep []byte) {
	s := l.NewStub(nil)
	s.rw().writes[key] = write{value: append([]byte(nil), value...)}
	if err := s.SetStateValidationParameter(key, ep); err != nil {
		panic(err)
	}
	l.Commit(s)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

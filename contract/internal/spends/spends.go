// SPDX-License-Identifier: Apache-2.0

package spends

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"sync"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/proto"
)

// spendRetention is how long a transaction's record of spends is kept after
// its last call, and a tombstone after its eviction. It must exceed the
// peers' core.chaincode.executetimeout.
const spendRetention = 10 * time.Minute

// MaxTrackedTx is the largest number of transactions whose spends are kept.
const MaxTrackedTx = 1 << 16

// maxTxSpends is the largest number of nonces one transaction may spend.
const maxTxSpends = 4096

// tombstoneBits and tombstoneHashes are the size of each of the two
// generations of the tombstone filter (tombstones, 4 MiB each, allocated
// at the first eviction) and its number of hash functions: with n evictions
// in a generation the false-positive rate is about (1-e^(-4n/2^25))^4, 2e-4
// for n = 10^6, 1% for n = 3.2*10^6.
const (
	tombstoneBits   = 1 << 25
	tombstoneHashes = 4
)

// errTooManySpends means the call is refused: the transaction would spend
// too many nonces, or its earlier spends were evicted.
var errTooManySpends = errors.New("too many spends in progress")

// callRecordID is the record ID of the calls-th call of transaction txID
// (from 0) that recorded verifications: txID for the first, so that
// GetVerification(txId) reads the Verification of a lone SubmitProof, and
// "<txID>/<calls>" for the later ones. SubmitProofs stores the item at
// index i under BatchRecordID(callRecordID(txID, calls), i).
func callRecordID(txID string, calls int) string {
	if calls == 0 {
		return txID
	}
	return txID + "/" + strconv.Itoa(calls)
}

// spendScope identifies one transaction's simulations on one peer
// connection.
type spendScope struct {
	conn    any // the shim handler of the peer connection; nil when unknown
	channel string
	txID    string
}

// txSpends is what the earlier calls of a transaction spent.
type txSpends struct {
	scope  spendScope
	calls  int               // calls that recorded verifications
	nonces map[string]string // nonce key -> record ID that consumed it
	nyms   map[string]int    // pseudonym count key -> uses in the transaction
	last   time.Time         // the last call (monotonic clock)
	elem   *list.Element     // in spendTracker.order
}

// SpendTracker holds the transactions' spends of one chaincode process.
type SpendTracker struct {
	mu    sync.Mutex
	txs   map[spendScope]*txSpends
	order *list.List // of *txSpends, the most recent last call first
	dead  tombstones
	now   func() time.Time // time.Now; tests replace it
	max   int              // maxTrackedTx; tests lower it
}

func NewSpendTracker() *SpendTracker {
	return &SpendTracker{txs: map[spendScope]*txSpends{}, order: list.New(), now: time.Now, max: MaxTrackedTx}
}

// Tracked is the number of transactions whose spends t holds.
func (t *SpendTracker) Tracked() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.txs)
}

// Limit lowers the number of transactions t holds to n (tests).
func (t *SpendTracker) Limit(n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.max = n
}

// DefaultSpends is the tracker of a Contract made without New.
var DefaultSpends = NewSpendTracker()

// tombstones are the scopes of evicted records, each for at least
// spendRetention: a Bloom filter of two generations, the current one and
// the one before, the current one replaced every spendRetention. A scope
// added is found until its generation is dropped (no false negatives); a
// scope never added may be found (a false positive: the call is refused).
type tombstones struct {
	cur, prev        []uint64
	since, prevSince time.Time // when cur and prev were started
}

// positions are the filter's bit positions of scope.
func (scope spendScope) positions() [tombstoneHashes]uint64 {
	h := sha256.New()
	fmt.Fprintf(h, "%p\x00%d:%s%d:%s", scope.conn, len(scope.channel), scope.channel, len(scope.txID), scope.txID)
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	var p [tombstoneHashes]uint64
	for i := range p {
		p[i] = binary.BigEndian.Uint64(sum[8*i:]) % tombstoneBits
	}
	return p
}

// rotate makes the current generation the previous one once it is
// spendRetention old, and drops the previous one once it is 2
// spendRetention old: a scope added to a generation at t, while it is
// less than spendRetention old, is kept until at least t+spendRetention.
func (d *tombstones) rotate(now time.Time) {
	if d.cur != nil && now.Sub(d.since) >= spendRetention {
		d.prev, d.prevSince, d.cur = d.cur, d.since, nil
	}
	if d.prev != nil && now.Sub(d.prevSince) >= 2*spendRetention {
		d.prev = nil
	}
}

// add notes that scope was evicted.
func (d *tombstones) add(scope spendScope, now time.Time) {
	d.rotate(now)
	if d.cur == nil {
		d.cur, d.since = make([]uint64, tombstoneBits/64), now
	}
	for _, b := range scope.positions() {
		d.cur[b/64] |= 1 << (b % 64)
	}
}

// has reports whether scope may have been evicted within spendRetention.
func (d *tombstones) has(scope spendScope, now time.Time) bool {
	d.rotate(now)
	if d.cur == nil && d.prev == nil {
		return false
	}
	in := func(g []uint64, p [tombstoneHashes]uint64) bool {
		if g == nil {
			return false
		}
		for _, b := range p {
			if g[b/64]&(1<<(b%64)) == 0 {
				return false
			}
		}
		return true
	}
	p := scope.positions()
	return in(d.cur, p) || in(d.prev, p)
}

// errEvicted is the refusal of a call whose transaction's earlier spends
// may have been evicted.
func errEvicted(scope spendScope) error {
	return fmt.Errorf("%w: the spends of transaction %s's earlier calls in this chaincode process were evicted (more than %d other transactions spent since); "+
		"the call is refused rather than let a nonce be spent twice: submit the transaction again", errTooManySpends, scope.txID, MaxTrackedTx)
}

// SpendCall is one SubmitProof or SubmitProofs call's view of its
// transaction's earlier spends, and what it spends itself until commit.
type SpendCall struct {
	t      *SpendTracker
	scope  spendScope
	direct bool     // a client's call: the only call of its simulation, not kept
	found  bool     // begin found the transaction's record
	prior  txSpends // a copy of the earlier calls' spends
	nonces map[string]string
	nyms   map[string]int
}

// Begin returns the call's view of what its transaction spent before. A
// direct call (isDirectCall; deployed is the chaincode's deployed name)
// starts afresh. A
// readOnly call (VerifyProof, VerifyProofs) only looks: it never starts
// afresh, is never refused, and must not commit. Another call whose
// transaction's record was evicted is refused (errEvicted).
func (t *SpendTracker) Begin(stub shim.ChaincodeStubInterface, readOnly bool, deployed string) (*SpendCall, error) {
	scope := spendScope{conn: ConnectionOf(stub), channel: stub.GetChannelID(), txID: stub.GetTxID()}
	direct := !readOnly && isDirectCall(stub, deployed)
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	t.sweep(now)
	if direct {
		t.remove(scope)
	}
	c := &SpendCall{t: t, scope: scope, direct: direct, nonces: map[string]string{}, nyms: map[string]int{}}
	if direct {
		return c, nil
	}
	if s, ok := t.txs[scope]; ok {
		s.last = now
		t.order.MoveToFront(s.elem)
		c.found = true
		c.prior.calls = s.calls
		c.prior.nonces, c.prior.nyms = s.nonces, s.nyms
		return c, nil
	}
	if !readOnly && t.dead.has(scope, now) {
		return nil, errEvicted(scope)
	}
	return c, nil
}

// sweep forgets the transactions whose last call is spendRetention old or
// older: the oldest calls are at the back of order.
func (t *SpendTracker) sweep(now time.Time) {
	for e := t.order.Back(); e != nil; e = t.order.Back() {
		s := e.Value.(*txSpends)
		if now.Sub(s.last) < spendRetention {
			return
		}
		t.order.Remove(e)
		delete(t.txs, s.scope)
	}
}

// remove forgets scope's record, if any.
func (t *SpendTracker) remove(scope spendScope) {
	if s, ok := t.txs[scope]; ok {
		t.order.Remove(s.elem)
		delete(t.txs, scope)
	}
}

// Later reports whether an earlier call of the transaction recorded
// verifications, so that this call's records are not under the
// transaction ID (or BatchRecordID of it).
func (c *SpendCall) Later() bool { return c != nil && c.prior.calls > 0 }

// RecordID is the record ID of this call's verifications (callRecordID).
func (c *SpendCall) RecordID() string { return callRecordID(c.scope.txID, c.prior.calls) }

// SpentBy returns the record ID that consumed nonce key nk earlier in the
// transaction (earlier calls, or this call before), if any.
func (c *SpendCall) SpentBy(nk string) (string, bool) {
	if c == nil {
		return "", false
	}
	if id, ok := c.nonces[nk]; ok {
		return id, true
	}
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	id, ok := c.prior.nonces[nk]
	return id, ok
}

// NymUses returns the uses of the pseudonym count key ck earlier in the
// transaction.
func (c *SpendCall) NymUses(ck string) int {
	if c == nil {
		return 0
	}
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	return c.prior.nyms[ck] + c.nyms[ck]
}

// Spend notes that this call consumes nonce key nk for record recordID.
func (c *SpendCall) Spend(nk, recordID string) {
	if c != nil {
		c.nonces[nk] = recordID
	}
}

// UseNym notes that this call uses the pseudonym of count key ck once.
func (c *SpendCall) UseNym(ck string) {
	if c != nil {
		c.nyms[ck]++
	}
}

// Commit adds this call's spends to its transaction's, once the call has
// succeeded; a call that fails leaves nothing spent. A call that spent
// nothing changes nothing. A full tracker evicts the record of the oldest
// last call for a new one, and keeps its tombstone.
func (c *SpendCall) Commit() error {
	if c.direct || len(c.nonces) == 0 && len(c.nyms) == 0 {
		return nil
	}
	t := c.t
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	s, ok := t.txs[c.scope]
	if !ok {
		if c.found || t.dead.has(c.scope, now) {
			// Evicted since begin: the earlier calls' spends are lost.
			return errEvicted(c.scope)
		}
		for len(t.txs) >= t.max {
			old := t.order.Back().Value.(*txSpends)
			t.order.Remove(old.elem)
			delete(t.txs, old.scope)
			t.dead.add(old.scope, now)
		}
		s = &txSpends{scope: c.scope, nonces: map[string]string{}, nyms: map[string]int{}}
		s.elem = t.order.PushFront(s)
		t.txs[c.scope] = s
	}
	if len(s.nonces)+len(c.nonces) > maxTxSpends {
		return fmt.Errorf("%w: the transaction would spend more than %d nonces", errTooManySpends, maxTxSpends)
	}
	for nk, id := range c.nonces { //bbs:maporder-ok copies a map into a map: order does not matter
		s.nonces[nk] = id
	}
	for ck, n := range c.nyms { //bbs:maporder-ok sums per key into a map: order does not matter
		s.nyms[ck] += n
	}
	s.calls++
	s.last = now
	t.order.MoveToFront(s.elem)
	return nil
}

// isDirectCall reports whether the call is a client's call of the
// contract, not another chaincode's. With the name the chaincode is deployed
// under (deployed, Contract.ChaincodeName), it is when the signed
// proposal's header names that chaincode (invokedChaincode, the rule of
// requireDirect): a peer refuses a chaincode calling back into a chaincode
// already executing in the transaction, so a call from another chaincode
// always has that chaincode's name there, even when it forwards exactly
// its own proposal's arguments. Without a deployed name, it falls back to
// the stub's arguments being exactly those of the proposal's invocation. A
// stub without a readable signed proposal is not a direct call.
func isDirectCall(stub shim.ChaincodeStubInterface, deployed string) bool {
	if deployed != "" {
		name, err := base.InvokedChaincode(stub)
		return err == nil && name == deployed
	}
	sp, err := stub.GetSignedProposal()
	if err != nil || sp == nil {
		return false
	}
	var prop peer.Proposal
	if proto.Unmarshal(sp.GetProposalBytes(), &prop) != nil {
		return false
	}
	var payload peer.ChaincodeProposalPayload
	if proto.Unmarshal(prop.GetPayload(), &payload) != nil {
		return false
	}
	var cis peer.ChaincodeInvocationSpec
	if proto.Unmarshal(payload.GetInput(), &cis) != nil {
		return false
	}
	want, got := cis.GetChaincodeSpec().GetInput().GetArgs(), stub.GetArgs()
	if len(want) != len(got) {
		return false
	}
	for i := range want {
		if !bytes.Equal(want[i], got[i]) {
			return false
		}
	}
	return true
}

// ConnectionOf identifies the peer connection of a shim stub: its handler,
// one per connection (a chaincode server serves every peer that dials it,
// each on its own connection, and each peer simulates the transaction). The
// shim does not export it, so it is read by reflection; a stub of another
// type (a test double) has one connection, nil. TestConnectionOfShimStub
// fails if the shim's stub changes shape.
func ConnectionOf(stub shim.ChaincodeStubInterface) any {
	s, ok := base.ShimStubOf(stub).(*shim.ChaincodeStub)
	if !ok || s == nil {
		return nil
	}
	f := reflect.ValueOf(s).Elem().FieldByName("handler")
	if !f.IsValid() || f.Kind() != reflect.Pointer || f.IsNil() {
		return nil
	}
	// The pointer itself, as an unsafe.Pointer: it keeps the handler
	// alive while it is a key, so that its address is not reused by
	// another connection's handler.
	return f.UnsafePointer()
}

// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"fmt"
	"sort"

	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// The peer's default chunk sizes (Fabric v3.1 core.yaml
// chaincode.runtimeParams maxSizeWriteBatch and maxSizeGetMultipleKeys)
// and the shim's floor under them (fabric-chaincode-go/v2 handler.go
// defaultMaxSizeWriteBatch, defaultMaxSizeGetMultipleKeys).
const (
	peerDefaultBatchSize = 1000
	shimMinBatchSize     = 100
)

// batchKey is what a shim write batch keeps one record per (the shim's
// batchKey): a key's value (put or delete) and its metadata are two
// records; a later record of the same kind replaces an earlier one.
type batchKey struct {
	key      string
	metadata bool
}

// batchOp is one record of a write batch, applied by the peer when the
// batch is sent.
type batchOp struct {
	kind  peer.WriteRecord_Type
	key   string
	value []byte // PUT_STATE's value, PUT_STATE_METADATA's policy
}

// batchSize is the chunk size the shim uses given the peer's setting
// (0: the peer's default).
func batchSize(peerMax uint32) int {
	if peerMax == 0 {
		peerMax = peerDefaultBatchSize
	}
	if peerMax < shimMinBatchSize {
		peerMax = shimMinBatchSize
	}
	return int(peerMax)
}

// count notes one message of type typ from the chaincode to the peer.
func (s *Stub) count(typ peer.ChaincodeMessage_Type) {
	if s.tx.msgs == nil {
		s.tx.msgs = map[peer.ChaincodeMessage_Type]int{}
	}
	s.tx.msgs[typ]++
}

// write sends op to the peer at once, or stages it in the write batch.
func (s *Stub) write(op batchOp) error {
	if s.batch != nil {
		s.batch[batchKey{key: op.key, metadata: op.kind == peer.WriteRecord_PUT_STATE_METADATA}] = op
		return nil
	}
	switch op.kind {
	case peer.WriteRecord_PUT_STATE:
		s.count(peer.ChaincodeMessage_PUT_STATE)
	case peer.WriteRecord_DEL_STATE:
		s.count(peer.ChaincodeMessage_DEL_STATE)
	default:
		s.count(peer.ChaincodeMessage_PUT_STATE_METADATA)
	}
	return s.apply(op)
}

// apply is the peer's side of a write: its checks, then the read-write set.
func (s *Stub) apply(op batchOp) error {
	if err := s.checkWrite(op.key); err != nil {
		return err
	}
	switch op.kind {
	case peer.WriteRecord_PUT_STATE:
		s.rw().writes[op.key] = write{value: op.value}
	case peer.WriteRecord_DEL_STATE:
		s.rw().writes[op.key] = write{delete: true}
	default:
		if len(op.value) > 0 {
			if _, err := satisfies(op.value, nil); err != nil {
				return err
			}
		}
		s.rw().vpWrites[op.key] = op.value
	}
	return nil
}

// StartWriteBatch stages the following writes in the stub until
// FinishWriteBatch or the end of the invocation, if the peer takes write
// batches (Ledger.PeerBatching); otherwise it does nothing, as the shim
// does. A second call while a batch is open keeps that batch.
func (s *Stub) StartWriteBatch() {
	if s.tx.ledger.PeerBatching && s.batch == nil {
		s.batch = map[batchKey]batchOp{}
	}
}

// FinishWriteBatch sends the staged writes to the peer, in chunks of
// Ledger.MaxSizeWriteBatch records (one WRITE_BATCH_STATE message each),
// and closes the batch. The peer applies the records in order and stops at
// the first it refuses (a key that is not valid UTF-8, a write after a
// paginated query, a malformed key-level policy): that error is returned
// here, not by the PutState that staged the record. The shim sends the
// records in the order of a Go map, so which of several bad records is
// reported is not fixed on a peer; this fake applies them in key order.
// Without an open batch it does nothing and returns nil.
func (s *Stub) FinishWriteBatch() error {
	b := s.batch
	s.batch = nil
	if len(b) == 0 {
		return nil
	}
	keys := make([]batchKey, 0, len(b))
	for k := range b {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].key != keys[j].key {
			return keys[i].key < keys[j].key
		}
		return !keys[i].metadata && keys[j].metadata
	})
	size := batchSize(s.tx.ledger.MaxSizeWriteBatch)
	for start := 0; start < len(keys); start += size {
		s.count(peer.ChaincodeMessage_WRITE_BATCH_STATE)
		for _, k := range keys[start:min(start+size, len(keys))] {
			if err := s.apply(b[k]); err != nil {
				// handleWriteBatch gets the peer's HandleTransaction
				// error; sendBatch wraps it.
				return fmt.Errorf("failed send batch: %s failed: transaction ID: %s: %w",
					peer.ChaincodeMessage_WRITE_BATCH_STATE, s.tx.id, err)
			}
		}
	}
	return nil
}

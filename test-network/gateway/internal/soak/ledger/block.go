// SPDX-License-Identifier: Apache-2.0

// Package ledger reads what a peer's ledger holds, without the chaincode:
// the transactions of each block (ID, validation code) and their write sets
// for one chaincode namespace, and the world state of that namespace
// rebuilt by replaying the valid transactions' writes in block order, as
// the peer's committer applies them.
package ledger

import (
	"fmt"

	"github.com/hyperledger/fabric-protos-go-apiv2/common"
	"github.com/hyperledger/fabric-protos-go-apiv2/ledger/rwset"
	"github.com/hyperledger/fabric-protos-go-apiv2/ledger/rwset/kvrwset"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/proto"
)

// Write is one key written by a transaction: a value, or a deletion.
type Write struct {
	Key    string
	Value  []byte
	Delete bool
}

// Tx is one endorser transaction of a block.
type Tx struct {
	TxID  string
	Block uint64
	Index int // position in the block
	// Code is the peer's validation code ("VALID", "MVCC_READ_CONFLICT",
	// "DUPLICATE_TXID", ...), from the block's transactions filter.
	Code string
	// Writes are the transaction's writes in the namespace, in write-set
	// order (empty for a transaction that writes nothing there).
	Writes []Write
	// Also are its writes in the other namespaces asked for (BlockTxs's
	// also: a chaincode that calls the namespace's, like the poll
	// example), by namespace; they are not in the state Replay makes.
	Also map[string][]Write
}

// Valid reports whether the peer committed the transaction as valid.
func (t Tx) Valid() bool { return t.Code == peer.TxValidationCode_VALID.String() }

// BlockTxs returns the endorser transactions of block b with their
// validation codes and their writes in namespace ns. Config and other
// non-endorser transactions are left out. A block whose structure cannot be
// read is an error (a peer never commits one). The writes in the
// namespaces also are in each Tx's Also.
func BlockTxs(b *common.Block, ns string, also ...string) ([]Tx, error) {
	num := b.GetHeader().GetNumber()
	var filter []byte
	if md := b.GetMetadata().GetMetadata(); len(md) > int(common.BlockMetadataIndex_TRANSACTIONS_FILTER) {
		filter = md[common.BlockMetadataIndex_TRANSACTIONS_FILTER]
	}
	var out []Tx
	for i, envBytes := range b.GetData().GetData() {
		tx, ok, err := envelopeTx(envBytes, ns, also)
		if err != nil {
			return nil, fmt.Errorf("block %d, transaction %d: %w", num, i, err)
		}
		if !ok {
			continue
		}
		if i >= len(filter) {
			return nil, fmt.Errorf("block %d: no validation code for transaction %d (filter of %d)", num, i, len(filter))
		}
		tx.Block, tx.Index = num, i
		tx.Code = peer.TxValidationCode(filter[i]).String()
		out = append(out, tx)
	}
	return out, nil
}

// envelopeTx decodes one envelope; ok is false for a non-endorser one.
func envelopeTx(envBytes []byte, ns string, also []string) (tx Tx, ok bool, err error) {
	env := &common.Envelope{}
	if err := proto.Unmarshal(envBytes, env); err != nil {
		return tx, false, fmt.Errorf("envelope: %w", err)
	}
	payload := &common.Payload{}
	if err := proto.Unmarshal(env.GetPayload(), payload); err != nil {
		return tx, false, fmt.Errorf("payload: %w", err)
	}
	ch := &common.ChannelHeader{}
	if err := proto.Unmarshal(payload.GetHeader().GetChannelHeader(), ch); err != nil {
		return tx, false, fmt.Errorf("channel header: %w", err)
	}
	if common.HeaderType(ch.GetType()) != common.HeaderType_ENDORSER_TRANSACTION {
		return tx, false, nil
	}
	tx.TxID = ch.GetTxId()
	ptx := &peer.Transaction{}
	if err := proto.Unmarshal(payload.GetData(), ptx); err != nil {
		return tx, false, fmt.Errorf("transaction %s: %w", tx.TxID, err)
	}
	for _, action := range ptx.GetActions() {
		w, err := actionWrites(action, ns)
		if err != nil {
			return tx, false, fmt.Errorf("transaction %s: %w", tx.TxID, err)
		}
		tx.Writes = append(tx.Writes, w...)
		for _, a := range also {
			w, err := actionWrites(action, a)
			if err != nil {
				return tx, false, fmt.Errorf("transaction %s: %w", tx.TxID, err)
			}
			if len(w) > 0 {
				if tx.Also == nil {
					tx.Also = map[string][]Write{}
				}
				tx.Also[a] = append(tx.Also[a], w...)
			}
		}
	}
	return tx, true, nil
}

// actionWrites decodes one action's read-write set and returns its writes
// in namespace ns.
func actionWrites(action *peer.TransactionAction, ns string) ([]Write, error) {
	ccPayload := &peer.ChaincodeActionPayload{}
	if err := proto.Unmarshal(action.GetPayload(), ccPayload); err != nil {
		return nil, fmt.Errorf("chaincode action payload: %w", err)
	}
	prp := &peer.ProposalResponsePayload{}
	if err := proto.Unmarshal(ccPayload.GetAction().GetProposalResponsePayload(), prp); err != nil {
		return nil, fmt.Errorf("proposal response payload: %w", err)
	}
	cca := &peer.ChaincodeAction{}
	if err := proto.Unmarshal(prp.GetExtension(), cca); err != nil {
		return nil, fmt.Errorf("chaincode action: %w", err)
	}
	txrw := &rwset.TxReadWriteSet{}
	if err := proto.Unmarshal(cca.GetResults(), txrw); err != nil {
		return nil, fmt.Errorf("read-write set: %w", err)
	}
	var out []Write
	for _, nsrw := range txrw.GetNsRwset() {
		if nsrw.GetNamespace() != ns {
			continue
		}
		kv := &kvrwset.KVRWSet{}
		if err := proto.Unmarshal(nsrw.GetRwset(), kv); err != nil {
			return nil, fmt.Errorf("namespace %s read-write set: %w", ns, err)
		}
		for _, w := range kv.GetWrites() {
			out = append(out, Write{Key: w.GetKey(), Value: w.GetValue(), Delete: w.GetIsDelete()})
		}
	}
	return out, nil
}

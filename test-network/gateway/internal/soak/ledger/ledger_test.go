// SPDX-License-Identifier: Apache-2.0

package ledger

import (
	"testing"

	"github.com/hyperledger/fabric-protos-go-apiv2/common"
	"github.com/hyperledger/fabric-protos-go-apiv2/ledger/rwset"
	"github.com/hyperledger/fabric-protos-go-apiv2/ledger/rwset/kvrwset"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/proto"
)

func marshal(t *testing.T, m proto.Message) []byte {
	t.Helper()
	b, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// envelope builds an endorser transaction as a peer commits it: writes
// per namespace inside the chaincode action of the proposal response.
func envelope(t *testing.T, txID string, typ common.HeaderType, writes map[string][]*kvrwset.KVWrite) []byte {
	t.Helper()
	txrw := &rwset.TxReadWriteSet{DataModel: rwset.TxReadWriteSet_KV}
	for ns, ws := range writes {
		txrw.NsRwset = append(txrw.NsRwset, &rwset.NsReadWriteSet{Namespace: ns, Rwset: marshal(t, &kvrwset.KVRWSet{Writes: ws})})
	}
	cca := &peer.ChaincodeAction{Results: marshal(t, txrw)}
	prp := &peer.ProposalResponsePayload{Extension: marshal(t, cca)}
	cap := &peer.ChaincodeActionPayload{Action: &peer.ChaincodeEndorsedAction{ProposalResponsePayload: marshal(t, prp)}}
	ptx := &peer.Transaction{Actions: []*peer.TransactionAction{{Payload: marshal(t, cap)}}}
	ch := &common.ChannelHeader{Type: int32(typ), TxId: txID, ChannelId: "mychannel"}
	payload := &common.Payload{Header: &common.Header{ChannelHeader: marshal(t, ch)}, Data: marshal(t, ptx)}
	return marshal(t, &common.Envelope{Payload: marshal(t, payload)})
}

func block(num uint64, codes []peer.TxValidationCode, envs ...[]byte) *common.Block {
	filter := make([]byte, len(codes))
	for i, c := range codes {
		filter[i] = byte(c)
	}
	md := make([][]byte, 5)
	md[common.BlockMetadataIndex_TRANSACTIONS_FILTER] = filter
	return &common.Block{Header: &common.BlockHeader{Number: num}, Data: &common.BlockData{Data: envs}, Metadata: &common.BlockMetadata{Metadata: md}}
}

func TestBlockTxs(t *testing.T) {
	w := func(k, v string) *kvrwset.KVWrite { return &kvrwset.KVWrite{Key: k, Value: []byte(v)} }
	b := block(7, []peer.TxValidationCode{peer.TxValidationCode_VALID, peer.TxValidationCode_MVCC_READ_CONFLICT, peer.TxValidationCode_VALID},
		envelope(t, "a", common.HeaderType_ENDORSER_TRANSACTION, map[string][]*kvrwset.KVWrite{
			"bbs": {w("k1", "v1"), {Key: "k0", IsDelete: true}}, "_lifecycle": {w("x", "y")}}),
		envelope(t, "b", common.HeaderType_ENDORSER_TRANSACTION, map[string][]*kvrwset.KVWrite{"bbs": {w("k1", "lost")}}),
		envelope(t, "", common.HeaderType_CONFIG, nil))
	txs, err := BlockTxs(b, "bbs")
	if err != nil {
		t.Fatal(err)
	}
	if len(txs) != 2 {
		t.Fatalf("%d transactions, want 2 (the config one left out): %+v", len(txs), txs)
	}
	a, bb := txs[0], txs[1]
	if a.TxID != "a" || a.Block != 7 || a.Index != 0 || !a.Valid() || len(a.Writes) != 2 || a.Writes[0].Key != "k1" || !a.Writes[1].Delete {
		t.Errorf("tx a = %+v", a)
	}
	if bb.TxID != "b" || bb.Code != "MVCC_READ_CONFLICT" || bb.Valid() || bb.Index != 1 {
		t.Errorf("tx b = %+v", bb)
	}
	if a.Also != nil {
		t.Errorf("tx a has writes of other namespaces, none asked for: %+v", a.Also)
	}
	// The writes of a calling chaincode's namespace (a poll vote calling
	// bbs), asked for beside bbs's: in Also, not in Writes.
	vote := block(8, []peer.TxValidationCode{peer.TxValidationCode_VALID},
		envelope(t, "v", common.HeaderType_ENDORSER_TRANSACTION, map[string][]*kvrwset.KVWrite{
			"bbs": {w("rec", "r")}, "poll": {w("vote", "yes")}, "other": {w("o", "o")}}))
	vtxs, err := BlockTxs(vote, "bbs", "poll")
	if err != nil {
		t.Fatal(err)
	}
	if len(vtxs) != 1 || len(vtxs[0].Writes) != 1 || vtxs[0].Writes[0].Key != "rec" || len(vtxs[0].Also) != 1 ||
		len(vtxs[0].Also["poll"]) != 1 || string(vtxs[0].Also["poll"][0].Value) != "yes" {
		t.Errorf("vote tx = %+v", vtxs)
	}
	st := Replay(append([]Tx{{TxID: "z", Code: "VALID", Writes: []Write{{Key: "k0", Value: []byte("old")}}}}, txs...))
	if len(st) != 1 || string(st["k1"]) != "v1" {
		t.Errorf("state = %q: want only k1=v1 (k0 deleted, the invalid write skipped)", st)
	}
}

func TestBlockTxsErrors(t *testing.T) {
	env := envelope(t, "a", common.HeaderType_ENDORSER_TRANSACTION, nil)
	for name, b := range map[string]*common.Block{
		"garbage envelope": block(1, []peer.TxValidationCode{0}, []byte{0xff, 0xff}),
		"no filter entry":  block(1, nil, env),
	} {
		if _, err := BlockTxs(b, "bbs"); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestStateHash(t *testing.T) {
	base := State{"a": []byte("1"), "b": []byte("2")}
	same := State{"b": []byte("2"), "a": []byte("1")}
	if base.Hash() != same.Hash() {
		t.Error("hash depends on map order")
	}
	for name, other := range map[string]State{
		"value differs":      {"a": []byte("1"), "b": []byte("3")},
		"key missing":        {"a": []byte("1")},
		"key and value swap": {"a": []byte("12"), "b": nil},
		"boundary moved":     {"a1": nil, "b": []byte("2")},
	} {
		if other.Hash() == base.Hash() {
			t.Errorf("%s: same hash", name)
		}
	}
}

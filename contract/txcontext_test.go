// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
	"github.com/stretchr/testify/require"
)

// TestRequestParsedOnce: beforeTransaction keeps its parse of a
// VerifyProof or SubmitProof request in the transaction context, and the
// transaction decodes that parse instead of parsing again, only when the
// argument is byte for byte the one parsed; any other context or argument
// is parsed as before.
func TestRequestParsedOnce(t *testing.T) {
	_, k := registered(t)
	c := sign(t, k, nil)
	argA := jsonArg(t, c.present(t, "acme", []byte("parsed once nonce A"), 0))
	argB := jsonArg(t, c.present(t, "acme", []byte("parsed once nonce B"), 0))
	parseOf := func(arg string) *request.Request {
		r, err := request.Parse([]byte(arg))
		require.NoError(t, err)
		return r
	}
	// contract-api makes each transaction's context of this type.
	_, isTx := New().GetTransactionContextHandler().(*base.TxContext)
	require.True(t, isTx, "the contract's transaction context handler is not a *txContext")
	ledger := fakestub.NewLedger("mychannel")
	for _, fn := range []string{"VerifyProof", "SubmitProof", Name + ":SubmitProof"} {
		tc := new(base.TxContext)
		tc.SetStub(ledger.NewStub(nil, fn, argA))
		require.NoError(t, New().beforeTransaction(tc), fn)
		require.Equal(t, argA, tc.ParsedArg, fn)
		require.Equal(t, parseOf(argA), tc.Parsed, fn)
	}
	for _, fn := range []string{"GetIssuer", "VerifyProofs"} {
		tc := new(base.TxContext)
		tc.SetStub(ledger.NewStub(nil, fn, "acme"))
		require.NoError(t, New().beforeTransaction(tc), fn)
		require.Nil(t, tc.Parsed, fn)
	}

	wantA, err := base.DecodeRequest([]byte(argA))
	require.NoError(t, err)
	wantB, err := base.DecodeRequest([]byte(argB))
	require.NoError(t, err)
	// The kept parse is used for its own argument: here, to show which
	// path ran, the context keeps B's parse under A's text.
	tc := &base.TxContext{ParsedArg: argA, Parsed: parseOf(argB)}
	got, err := base.DecodeRequestArg(tc, []byte(argA))
	require.NoError(t, err)
	require.Equal(t, wantB, got)
	// Another argument, no kept parse, or a plain context: parsed afresh.
	for name, ctx := range map[string]contractapi.TransactionContextInterface{
		"other argument": &base.TxContext{ParsedArg: argB, Parsed: parseOf(argB)},
		"nothing kept":   new(base.TxContext),
		"plain context":  new(contractapi.TransactionContext),
	} {
		got, err := base.DecodeRequestArg(ctx, []byte(argA))
		require.NoError(t, err, name)
		require.Equal(t, wantA, got, name)
	}
	// A malformed argument is refused as decodeRequest refuses it.
	bad := []byte(`{"issuer":"acme","issuer":"acme"}`)
	_, wantErr := base.DecodeRequest(bad)
	_, gotErr := base.DecodeRequestArg(tc, bad)
	require.Error(t, wantErr)
	require.Equal(t, wantErr.Error(), gotErr.Error())
}

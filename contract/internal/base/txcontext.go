// SPDX-License-Identifier: Apache-2.0

package base

import (
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// TxContext is the contract's transaction context: contract-api's, plus the
// request argument as beforeTransaction parsed it with request.Parse, so
// that VerifyProof and SubmitProof do not parse it a second time.
// contract-api makes a new context for every transaction.
type TxContext struct {
	contractapi.TransactionContext
	ParsedArg string           // the request argument parsed
	Parsed    *request.Request // its parse
	// chaincodeName is the name the chaincode is deployed under
	// (Contract.ChaincodeName), set by beforeTransaction.
	ChaincodeName string
	// The submitter as SubmitterOf found it, once it has.
	submitter     *Submitter
	submitterErr  error
	submitterDone bool
}

// KeepParsedRequest remembers r, the parse of the request argument arg, for
// the rest of the transaction (nothing when ctx is not a txContext).
func KeepParsedRequest(ctx contractapi.TransactionContextInterface, arg string, r *request.Request) {
	if tc, ok := ctx.(*TxContext); ok {
		tc.ParsedArg, tc.Parsed = arg, r
	}
}

// DecodeRequestArg decodes the request argument arg as decodeRequest does,
// from the parse beforeTransaction kept when it is of this very argument.
// request.Parse is deterministic and the argument is byte for byte the
// same, so the result, error included, is decodeRequest's.
func DecodeRequestArg(ctx contractapi.TransactionContextInterface, arg []byte) (*request.Decoded, error) {
	if tc, ok := ctx.(*TxContext); ok && tc.Parsed != nil && tc.ParsedArg == string(arg) {
		return tc.Parsed.Decode()
	}
	return DecodeRequest(arg)
}

// DeployedName returns the name the chaincode is deployed under, "" when
// ctx is not the contract's own context.
func DeployedName(ctx contractapi.TransactionContextInterface) string {
	if tc, ok := ctx.(*TxContext); ok {
		return tc.ChaincodeName
	}
	return ""
}

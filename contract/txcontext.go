// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// txContext is the contract's transaction context: contract-api's, plus the
// request argument as beforeTransaction parsed it with request.Parse, so
// that VerifyProof and SubmitProof do not parse it a second time.
// contract-api makes a new context for every transaction.
type txContext struct {
	contractapi.TransactionContext
	parsedArg string           // the request argument parsed
	parsed    *request.Request // its parse
	// chaincodeName is the name the chaincode is deployed under
	// (Contract.ChaincodeName), set by beforeTransaction.
	chaincodeName string
}

// keepParsedRequest remembers r, the parse of the request argument arg, for
// the rest of the transaction (nothing when ctx is not a txContext).
func keepParsedRequest(ctx contractapi.TransactionContextInterface, arg string, r *request.Request) {
	if tc, ok := ctx.(*txContext); ok {
		tc.parsedArg, tc.parsed = arg, r
	}
}

// decodeRequestArg decodes the request argument arg as decodeRequest does,
// from the parse beforeTransaction kept when it is of this very argument.
// request.Parse is deterministic and the argument is byte for byte the
// same, so the result, error included, is decodeRequest's.
func decodeRequestArg(ctx contractapi.TransactionContextInterface, arg []byte) (*request.Decoded, error) {
	if tc, ok := ctx.(*txContext); ok && tc.parsed != nil && tc.parsedArg == string(arg) {
		return tc.parsed.Decode()
	}
	return decodeRequest(arg)
}

// deployedName returns the name the chaincode is deployed under, "" when
// ctx is not the contract's own context.
func deployedName(ctx contractapi.TransactionContextInterface) string {
	if tc, ok := ctx.(*txContext); ok {
		return tc.chaincodeName
	}
	return ""
}

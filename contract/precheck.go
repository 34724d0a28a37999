// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// argKind is how precheckArgs checks one transaction argument.
type argKind int

const (
	argString  argKind = iota // checked by the transaction itself
	argInteger                // a decimal integer of at most maxIntegerText characters
	argRequest                // a verification request: request.Parse
)

// maxIntegerText bounds the text of an integer argument.
const maxIntegerText = 20

// transactionArgs are the argument kinds of the transactions that take
// something other than plain strings.
var transactionArgs = map[string][]argKind{
	"ListIssuers":      {argInteger, argString},
	"GetIssuerHistory": {argString, argInteger, argString},
	"RevokeIssuerKey":  {argString, argInteger},
	"GetPolicy":        {argString, argInteger},
	"ListPolicies":     {argInteger, argString},
	"VerifyProof":      {argRequest},
	"SubmitProof":      {argRequest},
}

// precheckArgs checks the arguments that contract-api would otherwise
// reject with an error quoting them whole (an integer that does not parse,
// a request field the schema does not allow), so that every error is
// bounded and a request is held to request.Parse's rules before anything
// else reads it.
func precheckArgs(ctx contractapi.TransactionContextInterface) error {
	fn, params := ctx.GetStub().GetFunctionAndParameters()
	if i := strings.LastIndex(fn, ":"); i >= 0 {
		fn = fn[i+1:]
	}
	kinds, ok := transactionArgs[fn]
	if !ok {
		return nil
	}
	for i, p := range params {
		if i >= len(kinds) {
			break // contract-api reports the count
		}
		switch kinds[i] {
		case argInteger:
			if len(p) > maxIntegerText {
				return fmt.Errorf("%w: argument %d must be an integer, got %d characters", base.ErrInvalidArgument, i+1, len(p))
			}
		case argRequest:
			r, err := request.Parse([]byte(p))
			if err != nil {
				return err
			}
			base.KeepParsedRequest(ctx, p, r)
		}
	}
	return nil
}

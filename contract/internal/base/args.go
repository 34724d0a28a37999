// SPDX-License-Identifier: Apache-2.0

package base

import (
	"encoding/base64"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// DecodeArg decodes a standard base64 transaction argument of 1 to limit
// bytes, checking the length on the text first.
func DecodeArg(name, s string, limit int) ([]byte, error) {
	if s == "" || base64.StdEncoding.DecodedLen(len(s)) > limit+2 {
		return nil, fmt.Errorf("%w: %s: must be standard base64 of 1 to %d bytes", ErrInvalidArgument, name, limit)
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil || len(b) == 0 || len(b) > limit || base64.StdEncoding.EncodeToString(b) != s {
		return nil, fmt.Errorf("%w: %s: must be canonical standard base64 of 1 to %d bytes", ErrInvalidArgument, name, limit)
	}
	return b, nil
}

// RawRequest parses the transaction's request argument itself, with
// request.Parse, rather than trusting the value contract-api decoded: the
// contract-api validates an argument against the metadata schema only when
// the function name matches exactly, and never rejects duplicate fields.
// It returns the decoded request and the raw argument.
func RawRequest(ctx contractapi.TransactionContextInterface) (*request.Decoded, []byte, error) {
	args := ctx.GetStub().GetArgs()
	if len(args) != 2 {
		return nil, nil, fmt.Errorf("%w: want exactly one argument, the request, got %d", request.ErrInvalid, len(args)-1)
	}
	d, err := DecodeRequestArg(ctx, args[1])
	if err != nil {
		return nil, nil, err
	}
	return d, args[1], nil
}

// DecodeRequest parses one request as rawRequest does.
func DecodeRequest(raw []byte) (*request.Decoded, error) {
	r, err := request.Parse(raw)
	if err != nil {
		return nil, err
	}
	return r.Decode()
}

// SPDX-License-Identifier: Apache-2.0

package base

import (
	"errors"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// Every error the contract returns starts with a stable code of package
// codes and ": ", then the error's text (see codes for the format). The
// code is assigned at the transaction boundary, from the sentinel errors
// the error wraps, by the first row of errorCodes that matches (errors.Is):
// the more specific sentinels come first, since an error may wrap several.
// An error that wraps none gets codes.Internal. A new error of the
// contract that wraps a sentinel, as in
//
//	fmt.Errorf("%w: ...", ErrInvalidArgument)
//
// gets its code without more; a new sentinel needs a row here (and in
// codes, if none of its codes fits).
var errorCodes = []struct {
	err  error
	code string
}{
	{ErrUntrusted, codes.UntrustedRecord},
	{ErrPseudonymUsed, codes.PseudonymUsed},
	{ErrReplay, codes.Replay},
	{ErrRevoked, codes.Revoked},
	{ErrRetired, codes.Retired},
	{ErrPolicyNotSatisfied, codes.PolicyNotSatisfied},
	{ErrProofRejected, codes.ProofRejected},
	{ErrAccessDenied, codes.AccessDenied},
	{ErrExists, codes.Exists},
	{ErrNotFound, codes.NotFound},
	{ErrNotConfigured, codes.NotConfigured},
	{request.ErrInvalid, codes.InvalidRequest},
	{ErrInvalidArgument, codes.InvalidArgument},
	{records.ErrInvalidKey, codes.InvalidArgument},
	{registration.ErrInvalid, codes.InvalidArgument},
	{policy.ErrInvalid, codes.InvalidArgument},
}

// ErrorCode returns the code of err as the contract reports it: that of
// the first sentinel err wraps, codes.Internal if none; "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var ce *codedError
	if errors.As(err, &ce) {
		return ce.code
	}
	for _, c := range errorCodes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return codes.Internal
}

// codedError is an error with its code in front of its text.
type codedError struct {
	code string
	err  error
}

func (e *codedError) Error() string { return e.code + ": " + e.err.Error() }

func (e *codedError) Unwrap() error { return e.err }

// WithCode returns err with its code (ErrorCode) in front of its text;
// nil for nil, err itself when it has its code already.
func WithCode(err error) error {
	if err == nil {
		return nil
	}
	var ce *codedError
	if errors.As(err, &ce) {
		return err
	}
	return &codedError{code: ErrorCode(err), err: err}
}

// Coded is the transaction boundary: every transaction of the contract
// starts with
//
//	defer coded(&err)
//
// (err its named error result), so that the error it returns carries its
// code. TestErrorCodes drives every transaction into its errors and fails
// for one whose error has no code, or the generic code where a sentinel
// applies.
func Coded(err *error) { *err = WithCode(*err) }

// CodeResponse gives an error response without a code one: contract-api's
// messages for an unknown transaction get codes.UnknownTransaction, for
// the arguments (their count, their conversion) codes.InvalidArgument, any
// other codes.Internal.
func CodeResponse(r *peer.Response) *peer.Response {
	if r == nil || r.Status < shim.ERRORTHRESHOLD || hasCode(r.Message) {
		return r
	}
	code := codes.Internal
	switch m := r.Message; {
	case strings.HasPrefix(m, "Function ") && strings.Contains(m, " not found in contract "),
		strings.HasPrefix(m, "Contract not found with name "), m == "Blank function name passed":
		code = codes.UnknownTransaction
	case strings.HasPrefix(m, "incorrect number of params"), strings.HasPrefix(m, "error managing parameter"):
		code = codes.InvalidArgument
	}
	r.Message = code + ": " + r.Message
	return r
}

// hasCode reports whether msg starts with a code and ": ".
func hasCode(msg string) bool {
	c := codes.Find(msg)
	return c != "" && strings.HasPrefix(msg, c+": ")
}

// SPDX-License-Identifier: Apache-2.0

package base

import (
	"errors"
	"fmt"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// TestErrorCodeTable: ErrorCode follows the table, the more specific
// sentinel first; an error without a sentinel is codes.Internal; every
// code of the table is one of codes.All; withCode never codes twice.
func TestErrorCodeTable(t *testing.T) {
	require.Equal(t, "", ErrorCode(nil))
	require.Equal(t, codes.Internal, ErrorCode(errors.New("reading the world state: peer went away")))
	require.Equal(t, codes.InvalidArgument, ErrorCode(fmt.Errorf("%w: x", ErrInvalidArgument)))
	require.Equal(t, codes.Replay, ErrorCode(fmt.Errorf("request 3: %w", fmt.Errorf("%w: x", ErrReplay))))
	require.Equal(t, codes.Revoked, ErrorCode(fmt.Errorf("%w: %w", ErrInvalidArgument, ErrRevoked)))
	require.Equal(t, codes.InvalidRequest, ErrorCode(fmt.Errorf("%w: x", request.ErrInvalid)))
	for _, c := range errorCodes {
		require.Contains(t, codes.All, c.code)
	}
	err := WithCode(fmt.Errorf("%w: the nonce", ErrReplay))
	require.Equal(t, "BBS_REPLAY: replay: the nonce", err.Error())
	require.Same(t, err, WithCode(err))
	require.Equal(t, err.Error(), WithCode(fmt.Errorf("%w", err)).Error())
	require.ErrorIs(t, err, ErrReplay)
	require.NoError(t, WithCode(nil))
}

// TestCodeResponse: an error response without a code gets one (contract-
// api's texts), one with a code or a success is unchanged.
func TestCodeResponse(t *testing.T) {
	for msg, want := range map[string]string{
		"Function Nope not found in contract bbs":            "BBS_UNKNOWN_TRANSACTION: Function Nope not found in contract bbs",
		"Contract not found with name x":                     "BBS_UNKNOWN_TRANSACTION: Contract not found with name x",
		"incorrect number of params. Expected 2, received 1": "BBS_INVALID_ARGUMENT: incorrect number of params. Expected 2, received 1",
		"error managing parameter param0. conversion error":  "BBS_INVALID_ARGUMENT: error managing parameter param0. conversion error",
		"something else":            "BBS_INTERNAL: something else",
		"BBS_REPLAY: replay: x":     "BBS_REPLAY: replay: x",
		"BBS_REPLAYED but no colon": "BBS_INTERNAL: BBS_REPLAYED but no colon",
		"error handling success response. BBS_NOT_FOUND: unknown": "BBS_INTERNAL: error handling success response. BBS_NOT_FOUND: unknown",
	} {
		r := CodeResponse(&peer.Response{Status: 500, Message: msg})
		require.Equal(t, want, r.Message, msg)
	}
	ok := &peer.Response{Status: 200, Message: "fine"}
	require.Equal(t, "fine", CodeResponse(ok).Message)
}

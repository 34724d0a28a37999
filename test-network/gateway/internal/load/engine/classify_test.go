// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestClassify(t *testing.T) {
	aborted := status.Error(codes.Aborted, "failed to endorse transaction, see attached details for more info")
	tests := []struct {
		name  string
		err   error
		retry bool
		cause string
	}{
		{"nil", nil, false, "ok"},
		{"resource exhausted", status.Error(codes.ResourceExhausted, "slow down"), true, "too-many-requests"},
		{"peer limiter (plain error, code Unknown)", status.Error(codes.Unknown, "too many requests for /gateway.Gateway, exceeding concurrency limit (500)"), true, "too-many-requests"},
		{"limiter inside endorsement details", &StageError{Stage: "endorse", Err: aborted, Details: []string{"Too many requests for /protos.Endorser, exceeding concurrency limit (2500)"}}, true, "too-many-requests"},
		{"unavailable", fmt.Errorf("submit: %w", status.Error(codes.Unavailable, "connection refused")), true, "unavailable"},
		{"message too large is final", status.Error(codes.ResourceExhausted, "grpc: received message larger than max (5000000 vs. 4194304)"), false, "message-too-large"},
		{"grpc deadline", status.Error(codes.DeadlineExceeded, "context deadline exceeded"), false, "timeout"},
		{"context deadline", fmt.Errorf("status: %w", context.DeadlineExceeded), false, "timeout"},
		{"cancelled", context.Canceled, false, "cancelled"},
		{"replay", &StageError{Stage: "endorse", Err: aborted, Details: []string{"chaincode response 500, BBS_REPLAY: replay: the nonce was already used with issuer \"x\""}}, false, "replay"},
		{"rejected proof", &StageError{Stage: "endorse", Err: aborted, Details: []string{"chaincode response 500, BBS_PROOF_REJECTED: proof rejected: bbs: invalid proof"}}, false, "proof-rejected"},
		{"short nonce", &StageError{Stage: "endorse", Err: aborted, Details: []string{"BBS_INVALID_REQUEST: invalid verification request: nonce is 8 bytes; SubmitProof needs at least 16"}}, false, "invalid-request"},
		{"duplicate key", &StageError{Stage: "endorse", Err: aborted, Details: []string{"chaincode response 500, BBS_EXISTS: already exists: publicKey is already registered"}}, false, "exists"},
		{"not configured is retried", &StageError{Stage: "endorse", Err: aborted, Details: []string{"chaincode response 500, BBS_NOT_CONFIGURED: not configured: ..."}}, true, "not-configured"},
		{"the code, not the words", &StageError{Stage: "endorse", Err: aborted, Details: []string{"chaincode response 500, BBS_NOT_FOUND: issuer \"replay\": not found"}}, false, "not-found"},
		{"evaluate error text", status.Error(codes.Unknown, "evaluate call to endorser returned error: chaincode response 500, BBS_ACCESS_DENIED: access denied: x"), false, "access-denied"},
		{"no such transaction", &StageError{Stage: "endorse", Err: aborted, Details: []string{"chaincode response 500, BBS_UNKNOWN_TRANSACTION: Function SubmitProofs not found in contract bbs"}}, false, "unknown-transaction"},
		{"words without a code", &StageError{Stage: "endorse", Err: aborted, Details: []string{"chaincode response 500, replay: the nonce was already used"}}, false, "error"},
		{"unrecognised", errors.New("boom"), false, "error"},
		{"aborted, no details", aborted, false, "error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Classify(tt.err)
			if got.Retry != tt.retry || got.Cause != tt.cause {
				t.Errorf("Classify(%v) = %+v, want retry %v cause %q", tt.err, got, tt.retry, tt.cause)
			}
		})
	}
}

func TestMessagesDetailsFirst(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", &StageError{Stage: "endorse", Err: errors.New("top"), Details: []string{"d1", "d2"}})
	got := Messages(err)
	want := []string{"d1", "d2", "wrapped: endorse: top"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Messages = %q, want %q", got, want)
	}
}

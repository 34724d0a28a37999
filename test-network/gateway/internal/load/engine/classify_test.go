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
		{"replay", &StageError{Stage: "endorse", Err: aborted, Details: []string{"chaincode response 500, replay: the nonce was already used with issuer \"x\""}}, false, "replay"},
		{"rejected proof", &StageError{Stage: "endorse", Err: aborted, Details: []string{"chaincode response 500, proof rejected: bbs: invalid proof"}}, false, "proof-rejected"},
		{"short nonce", &StageError{Stage: "endorse", Err: aborted, Details: []string{"invalid argument: nonce is 8 bytes, at least 16 required"}}, false, "nonce"},
		{"duplicate key", &StageError{Stage: "endorse", Err: aborted, Details: []string{"invalid argument: public key already registered by issuer a"}}, false, "key-registered"},
		{"issuer exists", &StageError{Stage: "endorse", Err: aborted, Details: []string{"issuer \"a\": already exists"}}, false, "exists"},
		{"no such transaction", &StageError{Stage: "endorse", Err: aborted, Details: []string{"chaincode response 500, Function SubmitProofs not found in contract bbs"}}, false, "no-such-transaction"},
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

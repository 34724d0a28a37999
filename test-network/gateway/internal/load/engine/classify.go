// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"context"
	"errors"
	"strings"

	bbscodes "github.com/fabric-bbs/fabric-bbs/contract/codes"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Class is what an error means for the transaction that got it.
type Class struct {
	// Retry is true when the answer means "not now": the same stage may be
	// tried again after a back-off.
	Retry bool
	// Cause is a short name for counting: "too-many-requests",
	// "unavailable", "timeout", "replay", "proof-rejected", ...
	Cause string
}

// StageError is an error of one stage of a transaction (propose, endorse,
// submit, status) with the messages the endorsing peers attached (the
// Fabric Gateway's error details), so that Classify can read them.
type StageError struct {
	Stage   string
	Err     error
	Details []string
}

func (e *StageError) Error() string { return e.Stage + ": " + e.Err.Error() }

// Unwrap gives the stage's error (a gRPC status error, a context error).
func (e *StageError) Unwrap() error { return e.Err }

// causeOf names the cause of a contract error by its stable code (package
// contract/codes): the code without "BBS_", in lower case, '_' as '-'
// ("BBS_PROOF_REJECTED" is "proof-rejected").
func causeOf(code string) string {
	return strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(code, "BBS_"), "_", "-"))
}

// Classify tells whether err is worth a retry, and names its cause.
//
// Retried: gRPC ResourceExhausted and any message saying "too many
// requests" (a peer's concurrency limit: Fabric answers it with a plain
// error, so the text is what identifies it, also inside the endorsement
// details the gateway attaches), and gRPC Unavailable (no answer yet).
// A contract error is named by its stable code (codes.Find in the texts
// of [Messages]; causeOf), and retried when codes.Retryable says so
// (BBS_NOT_CONFIGURED, BBS_INTERNAL). Everything else is definitive and
// never retried: a gRPC message over the size limit, a timeout or
// cancellation (the outcome is unknown; the caller decides), anything
// unrecognised ("error").
func Classify(err error) Class {
	if err == nil {
		return Class{Cause: "ok"}
	}
	msgs := Messages(err)
	for _, m := range msgs {
		lm := strings.ToLower(m)
		if strings.Contains(lm, "larger than max") { // gRPC message size: ResourceExhausted, but final
			return Class{Cause: "message-too-large"}
		}
		if strings.Contains(lm, "too many requests") {
			return Class{Retry: true, Cause: "too-many-requests"}
		}
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return Class{Cause: "timeout"}
	case errors.Is(err, context.Canceled):
		return Class{Cause: "cancelled"}
	}
	if st, ok := status.FromError(err); ok {
		switch st.Code() {
		case codes.ResourceExhausted:
			return Class{Retry: true, Cause: "too-many-requests"}
		case codes.Unavailable:
			return Class{Retry: true, Cause: "unavailable"}
		case codes.DeadlineExceeded:
			return Class{Cause: "timeout"}
		case codes.Canceled:
			return Class{Cause: "cancelled"}
		}
	}
	for _, m := range msgs {
		if code := bbscodes.Find(m); code != "" {
			return Class{Retry: bbscodes.Retryable(code), Cause: causeOf(code)}
		}
	}
	return Class{Cause: "error"}
}

// Messages returns the texts of err: the endorsement details' messages
// first (when err has any), then err's own text.
func Messages(err error) []string {
	var out []string
	var se *StageError
	if errors.As(err, &se) {
		out = append(out, se.Details...)
	}
	return append(out, err.Error())
}

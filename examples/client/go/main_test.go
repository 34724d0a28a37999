// SPDX-License-Identifier: Apache-2.0

package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	bbscodes "github.com/fabric-bbs/fabric-bbs/examples/client/go/codes"
	"github.com/hyperledger/fabric-protos-go-apiv2/gateway"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestRegistrationArgs(t *testing.T) {
	doc := "{\"id\": \"issuer1\", \"scheme\": \"bbs+2020\", \"proof\": \"AA==\"}\n"
	got, err := registrationArgs([]byte(doc))
	if err != nil || !slices.Equal(got, []string{strings.TrimSpace(doc)}) {
		t.Errorf("document: %q, %v; want the document as one argument", got, err)
	}
	got, err = registrationArgs([]byte(` ["issuer1", "bbs+2020", "AAAA", "a description"] `))
	if err != nil || !slices.Equal(got, []string{"issuer1", "bbs+2020", "AAAA", "a description"}) {
		t.Errorf("arguments: %q, %v", got, err)
	}
	for _, bad := range []string{"", "  ", "issuer1", "[]", `["a", 1]`, `{"id": `, `[{"id": "x"}]`, "null"} {
		if got, err := registrationArgs([]byte(bad)); err == nil {
			t.Errorf("registrationArgs(%q) = %q, want an error", bad, got)
		}
	}
}

// endorseError is an error as the Gateway answers a refused endorsement: a
// gRPC status whose details carry each peer's message.
func endorseError(t *testing.T, messages ...string) error {
	t.Helper()
	st := status.New(codes.Aborted, "failed to endorse transaction, see attached details for more info")
	for i, m := range messages {
		var err error
		st, err = st.WithDetails(&gateway.ErrorDetail{Address: fmt.Sprintf("127.0.0.1:%d", 7051+i), MspId: "Org1MSP", Message: m})
		if err != nil {
			t.Fatal(err)
		}
	}
	return fmt.Errorf("endorse error: %w", st.Err())
}

func TestContractErrorCode(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{nil, ""},
		{errors.New("connection refused"), ""},
		{endorseError(t, `chaincode response 500, BBS_REPLAY: replay: the nonce was already used with key version 1 of issuer "issuer1" (or the same key elsewhere), by transaction 0a1b; a nonce can be used once per key`), bbscodes.Replay},
		{endorseError(t, `chaincode response 500, BBS_EXISTS: issuer "issuer1": already exists`), bbscodes.Exists},
		{endorseError(t, `chaincode response 500, BBS_PSEUDONYM_USED: pseudonym already used: context "poll-1"`), bbscodes.PseudonymUsed},
		{endorseError(t, `chaincode response 500, BBS_NOT_FOUND: issuer "replay": not found`), bbscodes.NotFound},
		{endorseError(t, `chaincode response 500, BBS_ACCESS_DENIED: access denied: not the owner`), bbscodes.AccessDenied},
		{endorseError(t, `chaincode response 500, BBS_POLICY_NOT_SATISFIED: policy "grads" version 1 not satisfied: message 2 not found`), bbscodes.PolicyNotSatisfied},
		{status.Error(codes.Unknown, `evaluate call to endorser returned error: chaincode response 500, BBS_NOT_FOUND: issuer "x": not found`), bbscodes.NotFound},
		// The words of an error without its code are not a code.
		{endorseError(t, `chaincode response 500, replay: the nonce was already used`), ""},
		// A gRPC error of the Gateway's own, with no contract text.
		{endorseError(t), ""},
	}
	for _, c := range cases {
		if got := contractErrorCode(c.err); got != c.want {
			t.Errorf("contractErrorCode(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

func TestContractMessageJoinsThePeersMessages(t *testing.T) {
	got := contractMessage(endorseError(t, "chaincode response 500, replay: a", "chaincode response 500, replay: b"))
	if want := "chaincode response 500, replay: a; chaincode response 500, replay: b"; got != want {
		t.Errorf("contractMessage = %q, want %q", got, want)
	}
}

func TestParseFlagsRequiresTheFiles(t *testing.T) {
	for _, name := range []string{"PEER_ENDPOINT", "TLS_CA_CERT", "CERT_PATH", "KEY_PATH", "MSP_ID", "CHANNEL_NAME", "CHAINCODE_NAME", "REQUEST"} {
		t.Setenv(name, "") // unset for this test: the defaults are under test
	}
	for _, args := range [][]string{
		{},
		{"-tls-ca", "ca.pem", "-cert", "c.pem", "-key", "k.pem"},
		{"-tls-ca", "ca.pem", "-cert", "c.pem", "-key", "k.pem", "-request", "r.json", "extra"},
	} {
		if _, err := parseFlags(args, io.Discard); err == nil {
			t.Errorf("parseFlags(%q): no error", args)
		}
	}
	c, err := parseFlags([]string{"-tls-ca", "ca.pem", "-cert", "c.pem", "-key", "k.pem", "-request", "r.json"}, io.Discard)
	if err != nil || c.channel != "mychannel" || c.chaincode != "bbs" || c.mspID != "Org1MSP" {
		t.Errorf("parseFlags: %+v, %v", c, err)
	}
}

// TestRetryNotFound: BBS_NOT_FOUND is retried while retry is set, up to
// attempts calls; success and every other error end the retries.
func TestRetryNotFound(t *testing.T) {
	notFound := endorseError(t, `chaincode response 500, BBS_NOT_FOUND: issuer "x": not found`)
	other := endorseError(t, `chaincode response 500, BBS_REPLAY: nonce already used`)
	for _, tc := range []struct {
		name      string
		retry     bool
		errs      []error // f's answers in order; the last repeats
		wantCalls int
		wantErr   error
	}{
		{"found at once", true, []error{nil}, 1, nil},
		{"found on the third call", true, []error{notFound, notFound, nil}, 3, nil},
		{"never found", true, []error{notFound}, 4, notFound},
		{"not retried without a registration", false, []error{notFound, nil}, 1, notFound},
		{"another refusal is not retried", true, []error{other, nil}, 1, other},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			err := retryNotFound(tc.retry, 4, time.Millisecond, func() error {
				e := tc.errs[min(calls, len(tc.errs)-1)]
				calls++
				return e
			})
			if calls != tc.wantCalls || err != tc.wantErr {
				t.Fatalf("calls %d, error %v; want %d, %v", calls, err, tc.wantCalls, tc.wantErr)
			}
		})
	}
}

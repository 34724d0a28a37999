// SPDX-License-Identifier: Apache-2.0

package gatewaycli

import (
	"errors"
	"fmt"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/fabconn"
	"testing"

	"github.com/hyperledger/fabric-protos-go-apiv2/gateway"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// gatewayErr is a gRPC status error with the Gateway's error details, as the
// peer's Gateway returns from Submit.
func gatewayErr(t *testing.T, code codes.Code, msgs ...string) error {
	t.Helper()
	st := status.New(code, "insufficient number of orderers could successfully process transaction to satisfy quorum requirement")
	for i, m := range msgs {
		var err error
		st, err = st.WithDetails(&gateway.ErrorDetail{Address: fmt.Sprintf("127.0.0.1:%d", 7050+i), MspId: "OrdererMSP", Message: m})
		if err != nil {
			t.Fatal(err)
		}
	}
	return st.Err()
}

func TestOrderedDespiteSubmitError(t *testing.T) {
	const processed = "received unsuccessful response from orderer: status=SERVICE_UNAVAILABLE, info=failed to submit request: request already processed"
	const down = "failed to create BroadcastClient: rpc error: code = Unavailable desc = connection refused"
	tests := []struct {
		name string
		err  func(t *testing.T) error
		want bool
	}{
		{"two orderers already processed it", func(t *testing.T) error { return gatewayErr(t, codes.Unavailable, processed, processed) }, true},
		{"one already processed it", func(t *testing.T) error { return gatewayErr(t, codes.Unavailable, processed) }, true},
		{"wrapped", func(t *testing.T) error { return fmt.Errorf("submit: %w", gatewayErr(t, codes.Unavailable, processed)) }, true},
		{"one already processed, one unreachable", func(t *testing.T) error { return gatewayErr(t, codes.Unavailable, processed, down) }, false},
		{"unreachable orderers only", func(t *testing.T) error { return gatewayErr(t, codes.Unavailable, down, down) }, false},
		{"no details", func(t *testing.T) error { return gatewayErr(t, codes.Unavailable) }, false},
		{"another code", func(t *testing.T) error { return gatewayErr(t, codes.Aborted, processed) }, false},
		{"not a gRPC error", func(*testing.T) error { return errors.New(processed) }, false},
		{"nil", func(*testing.T) error { return nil }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fabconn.OrderedDespiteSubmitError(tt.err(t)); got != tt.want {
				t.Errorf("orderedDespiteSubmitError = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCommitAfterSubmitErrorKeepsOtherErrors(t *testing.T) {
	err := gatewayErr(t, codes.Unavailable, "connection refused")
	commit, got := commitAfterSubmitError(nil, err)
	if commit != nil || !errors.Is(got, err) {
		t.Errorf("commitAfterSubmitError = %v, %v; want nil, the submit error", commit, got)
	}
}

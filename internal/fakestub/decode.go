// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"encoding/json"
	"testing"
)

// Decode returns the JSON payload of a successful result as a T, failing
// the test if the transaction failed or its payload is not a T.
func Decode[T any](t testing.TB, r Result) T {
	t.Helper()
	if !r.OK() {
		t.Fatalf("transaction failed: %s", r.Response.GetMessage())
	}
	var v T
	if err := json.Unmarshal(r.Response.GetPayload(), &v); err != nil {
		t.Fatalf("decoding payload %s: %v", r.Response.GetPayload(), err)
	}
	return v
}

// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// issuerOf reads issuer id as the contract does, with its directory.
func issuerOf(t *testing.T, e *env, id string) *Issuer {
	t.Helper()
	is, err := getIssuer(e.ledger.NewStub(nil), id)
	require.NoError(t, err)
	return is
}

// accumulatorHeadKey is the key of issuer id's accumulator head.
func accumulatorHeadKey(t *testing.T, e *env, id string) string {
	t.Helper()
	key, err := accumulatorKey(e.ledger.NewStub(nil), issuerOf(t, e, id))
	require.NoError(t, err)
	require.NotEmpty(t, key)
	return key
}

// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// TestRequestLimitsMatchBBS keeps the request limits, which the Fabric-free
// request package states on its own, in step with the bbs package.
func TestRequestLimitsMatchBBS(t *testing.T) {
	require.Equal(t, bbs.MaxMessages-1, request.MaxMessageIndex)
	require.Equal(t, bbs.MaxMessages, request.MaxDisclosed)
	require.Equal(t, request.MaxRequestSize, MaxArgSize)
	for _, s := range bbs.Schemes() {
		require.LessOrEqual(t, len(s.Name()), request.MaxSchemeLength, s.Name())
	}
}

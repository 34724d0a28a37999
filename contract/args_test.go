// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// FuzzDecodeArg: GetPseudonymUses' argument decoder never panics, and
// accepts only canonical base64 of 1 to limit bytes.
func FuzzDecodeArg(f *testing.F) {
	for _, s := range []string{"", "YQ==", "YQ=\n=", "poll", b64(strings.Repeat("c", 97))} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := base.DecodeArg("pseudonym", s, request.MaxPseudonymSize)
		if err != nil {
			require.ErrorIs(t, err, base.ErrInvalidArgument)
			return
		}
		require.NotEmpty(t, b)
		require.LessOrEqual(t, len(b), request.MaxPseudonymSize)
		require.Equal(t, s, base64.StdEncoding.EncodeToString(b))
	})
}

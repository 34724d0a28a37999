// SPDX-License-Identifier: Apache-2.0

package request

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The pseudonym and context fields of requests of pseudonym schemes.

func TestPseudonymFields(t *testing.T) {
	nym, ctx := b64(make([]byte, 48)), b64([]byte("poll-2026-17"))
	r, err := Parse(withFields(t, "pseudonym", nym, "context", ctx))
	require.NoError(t, err)
	d, err := r.Decode()
	require.NoError(t, err)
	require.Equal(t, make([]byte, 48), d.Pseudonym)
	require.Equal(t, []byte("poll-2026-17"), d.Context)
	require.Equal(t, r, d.Encode())

	for _, c := range []struct {
		name   string
		fields []any
		want   string
	}{
		{"pseudonym without context", []any{"pseudonym", nym}, "each requires the other"},
		{"context without pseudonym", []any{"context", ctx}, "each requires the other"},
		{"pseudonym over the limit", []any{"pseudonym", b64(make([]byte, MaxPseudonymSize+1)), "context", ctx}, "pseudonym: "},
		{"context over the limit", []any{"pseudonym", nym, "context", b64(make([]byte, MaxContextSize+1))}, "context: "},
		{"context not base64", []any{"pseudonym", nym, "context", "poll-2026-17"}, "context: not standard base64"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(withFields(t, c.fields...))
			require.ErrorIs(t, err, ErrInvalid)
			require.True(t, strings.Contains(err.Error(), c.want), err.Error())
		})
	}
	// The limits are inclusive.
	_, err = Parse(withFields(t, "pseudonym", b64(make([]byte, MaxPseudonymSize)), "context", b64(make([]byte, MaxContextSize))))
	require.NoError(t, err)
}

// withFields is validBody with the fields name1, value1, name2, value2, ….
func withFields(t *testing.T, kv ...any) []byte {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(validBody), &m))
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return b
}

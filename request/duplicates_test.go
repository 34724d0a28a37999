package request

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestParseRejectsDuplicateKeys: a field given twice, at the top level or
// in a nested object, is refused (encoding/json would keep the last one).
func TestParseRejectsDuplicateKeys(t *testing.T) {
	for name, body := range map[string]string{
		"issuer twice":        `{"issuer":"a","proof":"AA==","nonce":"","issuer":"b"}`,
		"same value twice":    `{"issuer":"a","proof":"AA==","nonce":"","nonce":""}`,
		"bindSubmitter twice": `{"issuer":"a","proof":"AA==","nonce":"","bindSubmitter":true,"bindSubmitter":false}`,
		"nested":              `{"issuer":"a","proof":"AA==","nonce":"","disclosed":[{"index":0,"message":"","index":1}]}`,
		"nested second item":  `{"issuer":"a","proof":"AA==","nonce":"","disclosed":[{"index":0,"message":""},{"message":"","message":"AA==","index":1}]}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse([]byte(body))
			require.ErrorIs(t, err, ErrInvalid)
			require.Contains(t, err.Error(), "duplicate field")
		})
	}
}

// TestDuplicateKeysOnlyWithinOneObject: the same key in two different
// objects, or a key equal to a string value, is not a duplicate.
func TestDuplicateKeysOnlyWithinOneObject(t *testing.T) {
	for _, body := range []string{
		`{"issuer":"a","proof":"AA==","nonce":"","disclosed":[{"index":0,"message":""},{"index":1,"message":""}]}`,
		`{"issuer":"issuer","proof":"AA==","nonce":""}`,
		`{"a":{"a":{"a":["a",{"a":1}]}},"b":[[{"a":1}],{"a":2}]}`,
	} {
		require.NoError(t, CheckDuplicateKeys([]byte(body)), body)
	}
	require.Error(t, CheckDuplicateKeys([]byte(`{"a":[{"x":1}],"b":{"c":{"d":1,"d":2}}}`)))
	require.Error(t, CheckDuplicateKeys([]byte(`[{"x":[],"x":{}}]`)))
}

// TestErrorsDoNotEchoArguments: however long the offending value, an
// error quotes a bounded part of it.
func TestErrorsDoNotEchoArguments(t *testing.T) {
	long := strings.Repeat("x", 100_000)
	digits := strings.Repeat("9", 100_000)
	for name, body := range map[string]string{
		"issuer":        `{"issuer":"` + long + `","proof":"AA==","nonce":""}`,
		"unknown field": `{"` + long + `":1,"issuer":"a","proof":"AA==","nonce":""}`,
		"duplicate":     `{"` + long + `":1,"` + long + `":1}`,
		"nested field":  `{"issuer":"a","proof":"AA==","nonce":"","disclosed":[{"` + long + `":1}]}`,
		"huge number":   `{"issuer":"a","proof":"AA==","nonce":"","keyVersion":` + digits + `}`,
		"wrong type":    `{"issuer":"a","proof":"AA==","nonce":"","disclosed":[{"index":` + digits + `,"message":""}]}`,
		"scheme":        `{"issuer":"` + long + `","scheme":"` + long + `","proof":"AA==","nonce":""}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse([]byte(body))
			require.ErrorIs(t, err, ErrInvalid)
			require.Less(t, len(err.Error()), 600, "error: %.200s", err)
		})
	}
	_, err := Parse([]byte(`{"issuer":"` + long + `","scheme":"` + long + `","proof":"AA==","nonce":""}`))
	require.ErrorContains(t, err, "scheme", "the scheme's length is checked first")
}

func TestExcerpt(t *testing.T) {
	require.Equal(t, `"abc"`, Excerpt("abc"))
	long := strings.Repeat("é", 100)
	got := Excerpt(long)
	require.Contains(t, got, "(200 bytes)")
	require.Less(t, len(got), MaxExcerpt+30)
	require.NotContains(t, got, `\x`, "cut at a rune boundary")
}

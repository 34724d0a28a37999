// SPDX-License-Identifier: Apache-2.0

package request

import (
	"encoding/json"
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

// TestFirstDuplicateKeyPaths: the one-pass walk of valid JSON and the
// tokenizer walk find the same first duplicate, keys compared as
// encoding/json decodes them.
func TestFirstDuplicateKeyPaths(t *testing.T) {
	for _, c := range []struct {
		body  string
		key   string
		found bool
	}{
		{body: `{}`},
		{body: `[]`},
		{body: `"a"`},
		{body: `{"a":1,"b":"a","c":["a","b"]}`},
		{body: `{"a":1,"a":2}`, key: "a", found: true},
		{body: `{"a":"x\"}{,","a":2}`, key: "a", found: true},
		{body: `{"a\"b":1,"a\"b":2}`, key: `a"b`, found: true},
		{body: `{"nonce":1,"\u006eonce":2}`, key: "nonce", found: true},
		{body: `{"é":1,"\u00e9":2}`, key: "é", found: true},
		{body: "{\"a\xff\":1,\"a\xfe\":2}", key: "a\uFFFD", found: true},
		{body: `{"a\\":1,"a\\\\":2,"a\\":3}`, key: `a\`, found: true},
		{body: `{"x":{"a":1,"b":2},"a":{"b":{"a":1}},"y":[{"a":1},{"a":1}]}`},
		{body: `{"x":{"a":1,"b":{"c":[1,{"d":1}]},"b":2}}`, key: "b", found: true},
		{body: `[{"a":1},{"b":1,"c":{},"b":2}]`, key: "b", found: true},
		{body: ` { "a" : [ ] , "b" : { } , "a" : null } `, key: "a", found: true},
		{body: `{"a":true,"b":false,"c":null,"d":-1.5e3,"a":0}`, key: "a", found: true},
	} {
		t.Run(c.body, func(t *testing.T) {
			require.True(t, json.Valid([]byte(c.body)))
			key, _, found := firstDuplicateKeyValid([]byte(c.body), nil)
			require.Equal(t, c.found, found)
			require.Equal(t, c.key, key)
			key, _, found, err := firstDuplicateKeyTokens([]byte(c.body), nil)
			require.NoError(t, err)
			require.Equal(t, c.found, found)
			require.Equal(t, c.key, key)
		})
	}
	// Malformed JSON goes to the tokenizer, which names the error.
	_, _, err := FirstDuplicateKey([]byte(`{"a":}`))
	require.Error(t, err)
}

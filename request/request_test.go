// SPDX-License-Identifier: Apache-2.0

package request

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// validBody is a well-formed request with every field set.
const validBody = `{
  "issuer": "acme.university-1_x",
  "scheme": "bbs+2020",
  "keyVersion": 2,
  "proof": "AQID",
  "nonce": "BAUG",
  "header": "Bwg=",
  "disclosed": [{"index": 0, "message": "aGk="}, {"index": 3, "message": ""}],
  "bindSubmitter": true,
  "salt": "c2FsdA==",
  "policy": {"id": "poll-17", "version": 2}
}`

func TestParseValid(t *testing.T) {
	r, err := Parse([]byte(validBody))
	require.NoError(t, err)
	d, err := r.Decode()
	require.NoError(t, err)
	require.Equal(t, &Decoded{
		Issuer:        "acme.university-1_x",
		Scheme:        "bbs+2020",
		KeyVersion:    2,
		Proof:         []byte{1, 2, 3},
		Nonce:         []byte{4, 5, 6},
		Header:        []byte{7, 8},
		Disclosed:     []Message{{Index: 0, Message: []byte("hi")}, {Index: 3, Message: []byte{}}},
		BindSubmitter: true,
		Salt:          []byte("salt"),
		Policy:        &PolicyRef{ID: "poll-17", Version: 2},
	}, d)
}

func TestParseMinimal(t *testing.T) {
	r, err := Parse([]byte(`{"issuer":"x","proof":"AA==","nonce":""}`))
	require.NoError(t, err)
	d, err := r.Decode()
	require.NoError(t, err)
	require.Equal(t, "x", d.Issuer)
	require.Empty(t, d.Scheme)
	require.Zero(t, d.KeyVersion)
	require.Equal(t, []byte{0}, d.Proof)
	require.Empty(t, d.Nonce)
	require.Empty(t, d.Header)
	require.Empty(t, d.Salt)
	require.NotNil(t, d.Disclosed)
	require.Empty(t, d.Disclosed)
	require.False(t, d.BindSubmitter)
	require.Nil(t, d.Policy)
}

func TestParsePolicyRef(t *testing.T) {
	for _, tt := range []struct {
		name string
		ref  any
		want *PolicyRef
	}{
		{"id only: the current version", map[string]any{"id": "p"}, &PolicyRef{ID: "p"}},
		{"version 0: the current version", map[string]any{"id": "p", "version": 0}, &PolicyRef{ID: "p"}},
		{"version", map[string]any{"id": "a.b_c-1", "version": 7}, &PolicyRef{ID: "a.b_c-1", Version: 7}},
		{"largest version", map[string]any{"id": "p", "version": MaxPolicyVersion}, &PolicyRef{ID: "p", Version: MaxPolicyVersion}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Parse(withField(t, "policy", tt.ref))
			require.NoError(t, err)
			d, err := r.Decode()
			require.NoError(t, err)
			require.Equal(t, tt.want, d.Policy)
		})
	}
}

// withField returns validBody with one field replaced (or removed when
// value is nil).
func withField(t *testing.T, name string, value any) []byte {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(validBody), &m))
	if value == nil {
		delete(m, name)
	} else {
		m[name] = value
	}
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return b
}

func TestParseRejects(t *testing.T) {
	big := func(n int) string { return b64(make([]byte, n)) }
	manyDisclosed := make([]map[string]any, MaxDisclosed+1)
	for i := range manyDisclosed {
		manyDisclosed[i] = map[string]any{"index": i % (MaxMessageIndex + 1), "message": ""}
	}
	tests := []struct {
		name string
		body []byte
		want string
	}{
		{"empty body", nil, "malformed JSON"},
		{"not JSON", []byte("issuer=x"), "malformed JSON"},
		{"JSON array", []byte(`[]`), "malformed JSON"},
		{"JSON null", []byte(`null`), "must be a JSON object"},
		{"trailing data", []byte(`{"issuer":"x","proof":"AA==","nonce":""} {}`), "malformed JSON"},
		{"trailing garbage", []byte(`{"issuer":"x","proof":"AA==","nonce":""}]`), "malformed JSON"},
		{"unknown field", withField(t, "extra", 1), `unknown field "extra"`},
		{"field in other case", []byte(`{"Issuer":"x","proof":"AA==","nonce":""}`), `unknown field "Issuer"`},
		{"unknown disclosed field", withField(t, "disclosed", []any{map[string]any{"index": 0, "message": "", "x": 1}}), `disclosed[0]: unknown field "x"`},
		{"disclosed in other case", withField(t, "disclosed", []any{map[string]any{"Index": 0, "message": ""}}), `disclosed[0]: unknown field "Index"`},
		{"disclosed not array", withField(t, "disclosed", "x"), "disclosed: malformed JSON"},
		{"disclosed item not object", withField(t, "disclosed", []any{1}), "disclosed: malformed JSON"},
		{"disclosed item null", withField(t, "disclosed", []any{nil}), "disclosed[0]: must be an object"},
		{"issuer wrong type", withField(t, "issuer", 5), "malformed JSON"},
		{"keyVersion wrong type", withField(t, "keyVersion", "2"), "malformed JSON"},
		{"keyVersion fraction", withField(t, "keyVersion", 1.5), "malformed JSON"},
		{"missing issuer", withField(t, "issuer", nil), "issuer"},
		{"bad issuer", withField(t, "issuer", "a b"), "issuer"},
		{"issuer too long", withField(t, "issuer", strings.Repeat("a", 65)), "issuer"},
		{"scheme too long", withField(t, "scheme", strings.Repeat("s", MaxSchemeLength+1)), "scheme"},
		{"negative keyVersion", withField(t, "keyVersion", -1), "keyVersion: -1 is negative"},
		{"missing proof", withField(t, "proof", nil), "proof: empty"},
		{"proof bad base64", withField(t, "proof", "AQI"), "proof: not standard base64"},
		{"proof url base64", withField(t, "proof", "-_-_"), "proof: not standard base64"},
		{"proof non-canonical base64", withField(t, "proof", "AQN="), "proof: not standard base64"},
		{"proof with newline", withField(t, "proof", "AQID\n"), "proof: not standard base64"},
		{"proof over limit", withField(t, "proof", big(MaxProofSize+1)), "proof: 65537 bytes, over the limit of 65536"},
		{"nonce bad base64", withField(t, "nonce", "!!!!"), "nonce: not standard base64"},
		{"nonce over limit", withField(t, "nonce", big(MaxNonceSize+1)), "nonce: 4097 bytes, over the limit of 4096"},
		{"header bad base64", withField(t, "header", "@"), "header: not standard base64"},
		{"header over limit", withField(t, "header", big(MaxHeaderSize+1)), "header: 16385 bytes, over the limit of 16384"},
		{"salt bad base64", withField(t, "salt", "a"), "salt: not standard base64"},
		{"salt over limit", withField(t, "salt", big(MaxSaltSize+1)), "salt: 257 bytes, over the limit of 256"},
		{"salt without binding", withField(t, "bindSubmitter", false), "salt: only allowed with bindSubmitter"},
		{"too many disclosed", withField(t, "disclosed", manyDisclosed), "disclosed: 1025 messages, over the limit of 1024"},
		{"negative index", withField(t, "disclosed", []any{map[string]any{"index": -1, "message": ""}}), "index -1 outside 0..1023"},
		{"index too large", withField(t, "disclosed", []any{map[string]any{"index": 1024, "message": ""}}), "index 1024 outside 0..1023"},
		{"indices descending", withField(t, "disclosed", []any{map[string]any{"index": 2, "message": ""}, map[string]any{"index": 1, "message": ""}}), "strictly ascending"},
		{"index repeated", withField(t, "disclosed", []any{map[string]any{"index": 1, "message": ""}, map[string]any{"index": 1, "message": ""}}), "strictly ascending"},
		{"message bad base64", withField(t, "disclosed", []any{map[string]any{"index": 0, "message": "x"}}), "disclosed[0].message: not standard base64"},
		{"message over limit", withField(t, "disclosed", []any{map[string]any{"index": 0, "message": big(MaxMessageSize + 1)}}), "disclosed[0].message: 16385 bytes, over the limit of 16384"},
		{"proof far over limit", withField(t, "proof", big(10*MaxProofSize)), "proof: over the limit of 65536 bytes"},
		{"policy null", withField(t, "policy", json.RawMessage("null")), "policy: must be an object"},
		{"policy not object", withField(t, "policy", "poll-17"), "policy: must be an object"},
		{"policy array", withField(t, "policy", []any{map[string]any{"id": "p"}}), "policy: must be an object"},
		{"policy unknown field", withField(t, "policy", map[string]any{"id": "p", "v": 1}), `policy: unknown field "v"`},
		{"policy field in other case", withField(t, "policy", map[string]any{"ID": "p"}), `policy: unknown field "ID"`},
		{"policy duplicate field", []byte(`{"issuer":"x","proof":"AA==","nonce":"","policy":{"id":"p","id":"q"}}`), "duplicate"},
		{"policy without id", withField(t, "policy", map[string]any{"version": 1}), `policy.id: "" does not match`},
		{"policy bad id", withField(t, "policy", map[string]any{"id": "a/b"}), `policy.id: "a/b" does not match`},
		{"policy id too long", withField(t, "policy", map[string]any{"id": strings.Repeat("p", 65)}), "policy.id"},
		{"policy id wrong type", withField(t, "policy", map[string]any{"id": 5}), "malformed JSON"},
		{"policy negative version", withField(t, "policy", map[string]any{"id": "p", "version": -1}), "policy.version: -1 is outside 0..2147483647"},
		{"policy version over limit", withField(t, "policy", map[string]any{"id": "p", "version": MaxPolicyVersion + 1}), "policy.version: 2147483648 is outside"},
		{"policy version fraction", withField(t, "policy", map[string]any{"id": "p", "version": 1.5}), "malformed JSON"},
		{"policy version string", withField(t, "policy", map[string]any{"id": "p", "version": "1"}), "malformed JSON"},
		{"request over limit", append([]byte(validBody), bytes.Repeat([]byte(" "), MaxRequestSize)...), "over the limit of 1048576"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.body)
			require.Error(t, err)
			require.True(t, errors.Is(err, ErrInvalid), "error %v does not wrap ErrInvalid", err)
			require.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestLimitsAreInclusive(t *testing.T) {
	disclosed := make([]map[string]any, MaxDisclosed)
	for i := range disclosed {
		disclosed[i] = map[string]any{"index": i, "message": ""}
	}
	disclosed[0]["message"] = b64(make([]byte, MaxMessageSize))
	body, err := json.Marshal(map[string]any{
		"issuer":        strings.Repeat("a", 64),
		"scheme":        strings.Repeat("s", MaxSchemeLength),
		"proof":         b64(make([]byte, MaxProofSize)),
		"nonce":         b64(make([]byte, MaxNonceSize)),
		"header":        b64(make([]byte, MaxHeaderSize)),
		"salt":          b64(make([]byte, MaxSaltSize)),
		"bindSubmitter": true,
		"disclosed":     disclosed,
	})
	require.NoError(t, err)
	require.LessOrEqual(t, len(body), MaxRequestSize)
	r, err := Parse(body)
	require.NoError(t, err)
	d, err := r.Decode()
	require.NoError(t, err)
	require.Len(t, d.Disclosed, MaxDisclosed)
	require.Len(t, d.Disclosed[0].Message, MaxMessageSize)
	require.Len(t, d.Proof, MaxProofSize)

	padded := append([]byte(`{"issuer":"x","proof":"AA==","nonce":""}`), ' ')
	padded = append(padded, bytes.Repeat([]byte(" "), MaxRequestSize-len(padded))...)
	require.Len(t, padded, MaxRequestSize)
	_, err = Parse(padded)
	require.NoError(t, err)
}

func TestEncodeRoundTrip(t *testing.T) {
	r, err := Parse([]byte(validBody))
	require.NoError(t, err)
	d, err := r.Decode()
	require.NoError(t, err)
	body, err := json.Marshal(d.Encode())
	require.NoError(t, err)
	r2, err := Parse(body)
	require.NoError(t, err)
	require.Equal(t, r, r2)
}

// TestParseNonRevoked: nonRevoked is a boolean flag kept by Decode and
// Encode; other spellings and types are refused.
func TestParseNonRevoked(t *testing.T) {
	r, err := Parse([]byte(`{"issuer":"x","proof":"AQ==","nonce":"","nonRevoked":true}`))
	require.NoError(t, err)
	d, err := r.Decode()
	require.NoError(t, err)
	require.True(t, d.NonRevoked)
	body, err := json.Marshal(d.Encode())
	require.NoError(t, err)
	require.JSONEq(t, `{"issuer":"x","proof":"AQ==","nonce":"","nonRevoked":true}`, string(body))
	for body, want := range map[string]string{
		`{"issuer":"x","proof":"AQ==","nonce":"","nonRevoked":1}`:    "malformed JSON",
		`{"issuer":"x","proof":"AQ==","nonce":"","nonrevoked":true}`: `unknown field "nonrevoked"`,
	} {
		_, err := Parse([]byte(body))
		require.ErrorIs(t, err, ErrInvalid, body)
		require.Contains(t, err.Error(), want, body)
	}
}

func TestEncodeOmitsEmptyOptionalFields(t *testing.T) {
	d := &Decoded{Issuer: "x", Proof: []byte{1}, Disclosed: []Message{}}
	body, err := json.Marshal(d.Encode())
	require.NoError(t, err)
	require.JSONEq(t, `{"issuer":"x","proof":"AQ==","nonce":""}`, string(body))
}

func TestEncodeMessagesNeverNil(t *testing.T) {
	require.NotNil(t, EncodeMessages(nil))
	require.Equal(t, []DisclosedMessage{{Index: 4, Message: "/w=="}}, EncodeMessages([]Message{{Index: 4, Message: []byte{0xff}}}))
}

func TestValidIssuerID(t *testing.T) {
	for id, want := range map[string]bool{
		"a": true, "A.b_c-9": true, strings.Repeat("z", 64): true,
		"": false, strings.Repeat("z", 65): false, "a/b": false, "a b": false, "é": false, "a\x00": false, "a\n": false,
	} {
		require.Equal(t, want, ValidIssuerID(id), "%q", id)
	}
}

func ExampleParse() {
	r, err := Parse([]byte(`{"issuer":"acme","proof":"AQID","nonce":"","disclosed":[{"index":1,"message":"aGk="}]}`))
	if err != nil {
		panic(err)
	}
	d, _ := r.Decode()
	fmt.Printf("%s %v %d %q\n", d.Issuer, d.Proof, d.Disclosed[0].Index, d.Disclosed[0].Message)
	// Output: acme [1 2 3] 1 "hi"
}

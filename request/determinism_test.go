// SPDX-License-Identifier: Apache-2.0

package request

import (
	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
	"strings"
	"testing"
)

// determinismRuns is how many times each hostile input is parsed: Go
// randomises map iteration on every range, so an error picked in map order
// differs within a few runs (one request with five unknown fields gave
// five different reasons in 40 runs before checkFieldNames used document
// order).
const determinismRuns = 50

// oneAnswer runs f determinismRuns times under GOMAXPROCS 1 and 2 and
// fails unless every run gives the same text; it returns that text.
func oneAnswer(t *testing.T, f func() string) string {
	t.Helper()
	return oneanswer.Check(t, determinismRuns, f)
}

// TestParseOneAnswer: a request with several faults at once (unknown
// fields in every object, duplicate keys, several bad values) is refused
// with the same reason on every run, and the reason names the first fault
// in document order.
func TestParseOneAnswer(t *testing.T) {
	const ok = `"issuer":"x","proof":"AA==","nonce":""`
	tests := []struct {
		name, body, want string
	}{
		{"unknown fields", `{"zz":1,"b":2,` + ok + `,"a":3,"Isuer":4,"m":5,"c":6,"y":7}`, `unknown field "zz"`},
		{"a field in another case", `{"zz":1,` + ok + `,"Issuer":4}`, `duplicate field "Issuer": the same name as "issuer" in another case`},
		{"unknown fields after the known", `{` + ok + `,"q":1,"p":2,"o":3,"n":4,"m":5,"l":6}`, `unknown field "q"`},
		{"unknown fields, escaped", `{"\u0078":1,` + ok + `,"\u0061":2,"\ud83d\ude00":3,"w":4}`, `unknown field "x"`},
		{"unknown fields, invalid UTF-8", "{\"\xff\":1," + ok + ",\"b\":2,\"a\":3}", "unknown field \"\ufffd\""},
		{"unknown field in policy", `{` + ok + `,"policy":{"z":1,"id":"p","y":2,"x":3,"w":4,"v":5}}`, `policy: unknown field "z"`},
		{"unknown fields at two depths", `{` + ok + `,"policy":{"id":"p","z":1},"e":1,"d":2,"c":3}`, `unknown field "e"`},
		{"unknown fields in a disclosed item", `{` + ok + `,"disclosed":[{"index":0,"message":"","z":1,"y":2,"x":3,"w":4,"v":5}]}`, `disclosed[0]: unknown field "z"`},
		{"unknown fields in several disclosed items", `{` + ok + `,"disclosed":[{"index":0,"message":""},{"index":1,"k":1,"j":2,"i":3},{"h":1,"g":2,"f":3}]}`, `disclosed[1]: unknown field "k"`},
		{"unknown fields and a null item", `{` + ok + `,"disclosed":[{"index":0,"message":""},null,{"z":1,"y":2}]}`, `disclosed[1]: must be an object`},
		{"several duplicate keys", `{"nonce":"","nonce":"","proof":"AA==","proof":"AA==","issuer":"x","issuer":"x"}`, `duplicate field "nonce"`},
		{"duplicate keys at two depths", `{` + ok + `,"policy":{"id":"p","id":"q"},"disclosed":[{"index":0,"index":0}]}`, `duplicate field "id"`},
		{"duplicate and unknown keys", `{"z":1,"y":2,` + ok + `,"x":1,"x":2}`, `duplicate field "x"`},
		{"several wrong types", `{"issuer":1,"proof":2,"nonce":3,"keyVersion":"a","header":4,"salt":5}`, `malformed JSON: json: cannot unmarshal number into Go struct field Request.issuer of type string`},
		{"several bad values", `{"issuer":"bad id!","scheme":"` + strings.Repeat("s", MaxSchemeLength+1) + `","keyVersion":-1,"proof":"*","nonce":"*","salt":"*"}`, `scheme: 65 bytes, over the limit`},
		{"several bad base64 values", `{"issuer":"x","proof":"*","nonce":"*","header":"*","salt":"*","bindSubmitter":true,"pseudonym":"*","context":"*"}`, `proof: not standard base64`},
		{"several bad disclosed items", `{` + ok + `,"disclosed":[{"index":5,"message":"*"},{"index":2,"message":"*"},{"index":-1,"message":"*"}]}`, `disclosed[0].message: not standard base64`},
		{"several bad policy values", `{` + ok + `,"policy":{"id":"bad id!","version":-1}}`, `policy.id: "bad id!" does not match`},
		{"wrong types in disclosed items", `{` + ok + `,"disclosed":[{"index":"a","message":1},{"index":"b","message":2}]}`, `DisclosedMessage.disclosed.index of type int`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := oneAnswer(t, func() string {
				_, err := Parse([]byte(tt.body))
				if err == nil {
					return "accepted"
				}
				return err.Error()
			})
			if !strings.Contains(got, tt.want) {
				t.Fatalf("Parse answered %q, want it to contain %q", got, tt.want)
			}
		})
	}
}

// TestObjectKeys: the keys of an object in document order, decoded as
// encoding/json decodes them; nothing for what is not an object.
func TestObjectKeys(t *testing.T) {
	for body, want := range map[string]string{
		`{"b":1,"a":{"c":2},"\u0064":[3,{"e":4}],"f":null}`: "b a d f",
		"{\"\xff\": 1}": "\ufffd",
		`{}`:            "",
		`[{"a":1}]`:     "",
		`null`:          "",
		`"a"`:           "",
	} {
		if got := strings.Join(objectKeys([]byte(body)), " "); got != want {
			t.Errorf("objectKeys(%s) = %q, want %q", body, got, want)
		}
	}
}

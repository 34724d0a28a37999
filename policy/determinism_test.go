// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"fmt"
	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// oneAnswer runs f 50 times under GOMAXPROCS 1 and 2 and fails unless
// every run gives the same text (Go randomises map iteration on every
// range, so an answer picked in map order differs within a few runs); it
// returns that text.
func oneAnswer(t *testing.T, f func() string) string {
	t.Helper()
	return oneanswer.Check(t, 50, f)
}

// TestParseOneAnswer: a policy document with several faults at once
// (unknown fields in several objects, null values, duplicate keys, several
// bad values) is refused with the same reason on every run. Of several
// unknown fields of one object, the least in byte order is named, then
// null values in the same order (object in strictjson.go).
func TestParseOneAnswer(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"unknown fields", `{"zz":1,"id":"p","y":2,"issuers":[{"id":"a"}],"x":3,"IE":4,"w":5}`, `policy: unknown field "IE"`},
		{"a field in another case", `{"zz":1,"id":"p","issuers":[{"id":"a"}],"ID":4}`, `duplicate key "ID": the same name as "id" in another case`},
		{"unknown fields at several depths", `{"id":"p","issuers":[{"id":"a","q":1,"r":2},{"id":"b","s":1}],"disclosed":[{"index":0,"t":1}],"header":{"u":1},"z":1}`, `policy: unknown field "z"`},
		{"unknown fields in items", `{"id":"p","issuers":[{"id":"a"},{"id":"b","s":1,"r":2,"q":3}],"disclosed":[{"index":0,"t":1}]}`, `issuers[1]: unknown field "q"`},
		{"null values", `{"id":"p","issuers":null,"description":null,"header":null,"disclosed":null}`, `policy.description: must not be null`},
		{"unknown fields and null values", `{"id":null,"issuers":null,"k":1,"j":2}`, `policy: unknown field "j"`},
		{"duplicate keys", `{"id":"p","id":"q","issuers":[{"id":"a","id":"b"}],"issuers":[]}`, `duplicate key "id"`},
		{"several bad values", `{"id":"bad id!","issuers":[{"id":"bad!"},{"id":"a","keyVersions":[0,0]}],"messageCount":-1,"disclosed":[{"index":-1},{"index":-1}],"minNonceLength":-5}`, `id: "bad id!" does not match`},
		{"several bad rules", `{"id":"p","issuers":[{"id":"a"},{"id":"a"}],"disclosed":[{"index":3,"equals":"*"},{"index":3,"oneOf":[]},{"index":2,"prefix":""}]}`, `disclosed[0].equals: not standard base64`},
		{"several wrong types", `{"id":1,"issuers":"a","messageCount":"b","bindSubmitter":"c"}`, `id: wrong type`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := oneAnswer(t, func() string {
				p, err := Parse([]byte(tt.doc))
				if err != nil {
					return err.Error()
				}
				b, err := p.Marshal()
				return fmt.Sprintf("accepted %s %v", b, err)
			})
			if !strings.Contains(got, tt.want) {
				t.Fatalf("Parse answered %q, want it to contain %q", got, tt.want)
			}
		})
	}
}

// TestEvaluateOneAnswer: a statement that fails several rules gets the
// same first unmet rule on every run.
func TestEvaluateOneAnswer(t *testing.T) {
	p, err := Parse([]byte(`{"id":"p","issuers":[{"id":"ministry-nl"},{"id":"ministry-be","keyVersions":[3,1]}],"messageCount":10,
		"disclosed":[{"index":5,"prefix":"MTk="},{"index":0},{"index":3,"equals":"QkU="},{"index":4,"oneOf":["Tkw=","QkU="]}],
		"header":{"prefix":"dmMx"},"bindSubmitter":true,"minNonceLength":16}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		st   Statement
		want string
	}{
		{"everything wrong", Statement{Issuer: "other", KeyVersion: 2, MessageCount: 3, Header: []byte("x"), NonceLength: 1}, `issuers 0: issuer must be "ministry-be" or "ministry-nl"`},
		{"key version and the rest", Statement{Issuer: "ministry-be", KeyVersion: 2, MessageCount: 3}, `keyVersions`},
		{"several disclosed rules", Statement{Issuer: "ministry-nl", MessageCount: 10, Disclosed: []request.Message{{Index: 3, Message: []byte("NL")}, {Index: 4, Message: []byte("x")}, {Index: 5, Message: []byte("20")}}}, `disclosed 0: message 0 must be disclosed`},
		{"disclosed twice", Statement{Issuer: "ministry-nl", MessageCount: 10, Disclosed: []request.Message{{Index: 5}, {Index: 0}, {Index: 5}, {Index: 0}}}, `discloses message 5 more than once`},
		{"several values wrong", Statement{Issuer: "ministry-nl", MessageCount: 10, Disclosed: []request.Message{{Index: 0}, {Index: 3, Message: []byte("NL")}, {Index: 4, Message: []byte("x")}, {Index: 5, Message: []byte("20")}}}, `disclosed message 3 must equal "BE"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := oneAnswer(t, func() string {
				u := p.Evaluate(tt.st)
				if u == nil {
					return "met"
				}
				return fmt.Sprintf("%s %d: %s", u.Rule, u.Index, u.Reason)
			})
			if !strings.Contains(got, tt.want) {
				t.Fatalf("Evaluate answered %q, want it to contain %q", got, tt.want)
			}
		})
	}
}

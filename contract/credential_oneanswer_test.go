// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/stretchr/testify/require"
)

// credentialKind makes a fresh credential of one kind for a nonce seed.
type credentialKind struct {
	name string
	make func(n byte) map[string]any
	// labelMap is true for the kinds whose proofValue carries a CBOR
	// label map (bbs-2023, baseline and pseudonym).
	labelMap bool
}

// credentialFault is a refusal class: several faults of one kind at once
// in one credential, so that an answer that depends on which fault is met
// first (Go map order) differs between runs.
type credentialFault struct {
	name  string
	kinds func(k credentialKind) bool // nil: every kind
	arg   func(t *testing.T, k credentialKind, c map[string]any) string
	want  string
}

// editLabelMap rewrites the label map of c's derived proofValue (baseline
// or pseudonym) with f.
func editLabelMap(t *testing.T, c map[string]any, f func(m map[string]string) map[string]string) {
	t.Helper()
	proof := c["proof"].(map[string]any)
	pv := proof["proofValue"].(string)
	var err error
	if p, perr := vc.ParsePseudonymDerivedProofValue(pv); perr == nil {
		p.LabelMap = f(p.LabelMap)
		proof["proofValue"], err = p.Encode()
	} else {
		p, perr := vc.ParseDerivedProofValue(pv)
		require.NoError(t, perr)
		p.LabelMap = f(p.LabelMap)
		proof["proofValue"], err = p.Encode()
	}
	require.NoError(t, err)
}

// sortedLabels are m's keys in label order (c14n2 before c14n10).
func sortedLabels(t *testing.T, m map[string]string) []string {
	t.Helper()
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	num := func(s string) int { n, _ := strconv.Atoi(strings.TrimPrefix(s, "c14n")); return n }
	sort.Slice(keys, func(i, j int) bool { return num(keys[i]) < num(keys[j]) })
	require.GreaterOrEqual(t, len(keys), 4, "the credential needs 4 blank nodes")
	return keys
}

func appendContext(c map[string]any, entries ...any) {
	ctx, ok := c["@context"].([]any)
	if !ok {
		ctx = []any{c["@context"]}
	}
	c["@context"] = append(ctx, entries...)
}

// credentialFaults are the refusal classes the reviews found, each with
// several faults at once.
var credentialFaults = []credentialFault{
	{
		name:  "labelMap gives two labels the same issuer label, twice",
		kinds: func(k credentialKind) bool { return k.labelMap },
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			editLabelMap(t, c, func(m map[string]string) map[string]string {
				out := map[string]string{}
				for i, k := range sortedLabels(t, m) {
					out[k] = "b" + strconv.Itoa(i/2)
				}
				return out
			})
			return credentialArg(t, c)
		},
		want: "to two labels",
	},
	{
		name:  "labelMap lacks several canonical labels",
		kinds: func(k credentialKind) bool { return k.labelMap },
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			editLabelMap(t, c, func(m map[string]string) map[string]string {
				out := map[string]string{}
				for i, k := range sortedLabels(t, m) {
					out["c14n"+strconv.Itoa(1000+i)] = m[k]
				}
				return out
			})
			return credentialArg(t, c)
		},
		want: "labelMap has no label for",
	},
	{
		name: "proofValue not decodable",
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			c["proof"].(map[string]any)["proofValue"] = "u2V0DhVkCEJgx"
			return credentialArg(t, c)
		},
		want: "BBS_INVALID_REQUEST",
	},
	{
		name: "inline context with several invalid term definitions",
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			appendContext(c, map[string]any{"ta": 1.0, "tb": true, "tc": []any{}, "td": 2.0, "te": 3.0, "tf": 4.0})
			return credentialArg(t, c)
		},
		want: "JSON-LD",
	},
	{
		name: "a term definition with several unknown keys",
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			appendContext(c, map[string]any{"tt": map[string]any{"@id": "https://t.example/tt", "x": 1.0, "y": 2.0, "z": 3.0, "w": 4.0, "v": 5.0}})
			return credentialArg(t, c)
		},
		want: "JSON-LD",
	},
	{
		name: "several unknown contexts",
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			appendContext(c, "https://u1.example/ctx", "https://u2.example/ctx", "https://u3.example/ctx", "https://u4.example/ctx")
			return credentialArg(t, c)
		},
		want: "BBS_INVALID_REQUEST",
	},
	{
		name: "several relative IRIs",
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			s := c["credentialSubject"].(map[string]any)
			for _, p := range []string{"a", "b", "c", "d", "e", "f"} {
				s["https://ex.example/"+p] = map[string]any{"@id": "relative-" + p}
			}
			return credentialArg(t, c)
		},
		want: "not an absolute IRI",
	},
	{
		name: "several undefined terms",
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			for _, p := range []string{"zz", "yy", "xx", "ww"} {
				c[p] = map[string]any{"a": 1.0, "b": 2.0}
			}
			return credentialArg(t, c)
		},
		want: "BBS_",
	},
	{
		name: "several keys that look like keywords",
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			s := c["credentialSubject"].(map[string]any)
			for _, p := range []string{"@zz", "@yy", "@xx", "@ww"} {
				s[p] = "x"
			}
			return credentialArg(t, c)
		},
		want: "BBS_",
	},
	{
		name: "several duplicate keys",
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			arg := credentialArg(t, c)
			out := strings.Replace(arg, `"credential":{`, `"credential":{"type":1,"issuer":2,"proof":3,"credentialSubject":4,`, 1)
			require.NotEqual(t, arg, out)
			return out
		},
		want: "duplicate",
	},
	{
		name: "several failing policy rules",
		arg: func(t *testing.T, _ credentialKind, c map[string]any) string {
			return credentialPolicyArg(t, c, "strict", 0)
		},
		want: "policy",
	},
}

// oneAnswerEnv is a ledger with an issuer of every credential kind, their
// contexts, and a credential policy for all of them with several rules
// that no credential meets.
func oneAnswerEnv(t *testing.T) (*env, []credentialKind) {
	e := newEnv(t)
	wsk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", wsk)
	registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	psk := register2020Issuer(t, e, "uscis", 25)
	kp := registerNymIssuer(t, e, "rental", 34)
	h := newNymHolder(t, kp.sk, 6)
	r := e.submit(e.alice, "CreatePolicy", `{"id":"strict","issuers":[{"id":"windsurf"},{"id":"uscis"},{"id":"rental"}],"credential":{"types":["DriverLicense","Passport"],"claims":[
		{"pointer":"/credentialSubject/nope","equals":"X"},{"pointer":"/credentialSubject/zz","atMost":1},{"pointer":"/credentialSubject/yy","prefix":"Q"},{"pointer":"/credentialSubject/xx"}]}}`)
	require.True(t, r.Committed, r.Response.GetMessage())
	return e, []credentialKind{
		{"bbs-2023", func(n byte) map[string]any {
			return windCredentialIn(t, wsk, windCtxURL, windCtxDoc, nil, testNonce(n))
		}, true},
		{"bbs-2023 pseudonym", func(n byte) map[string]any { return h.derive(t, "https://one.example/", testNonce(n)) }, true},
		{"BbsBlsSignatureProof2020", func(n byte) map[string]any { return cred2020(t, psk, nil, testNonce(n)) }, false},
	}
}

// TestCredentialRefusalsOneAnswer: a credential of every kind (bbs-2023
// derived, bbs-2023 pseudonym, BbsBlsSignatureProof2020) with several
// faults of one refusal class at once gets the same answer, byte for
// byte, from VerifyCredential and SubmitCredential on every run and under
// GOMAXPROCS 1 and 2, as every endorser must; and so does a
// SubmitCredentials batch of all of them with valid items among them.
func TestCredentialRefusalsOneAnswer(t *testing.T) {
	e, kinds := oneAnswerEnv(t)
	n := byte(130)
	for _, k := range kinds {
		var batch []string
		for _, f := range credentialFaults {
			if f.kinds != nil && !f.kinds(k) {
				continue
			}
			n++
			arg := f.arg(t, k, k.make(n))
			batch = append(batch, arg)
			t.Run(k.name+"/"+f.name, func(t *testing.T) {
				// SubmitCredential takes VerifyCredential's path up to the
				// answer: fewer runs of it.
				for _, c := range []struct {
					fn   string
					runs int
				}{{"VerifyCredential", determinismRuns}, {"SubmitCredential", 20}} {
					fn := c.fn
					e.ledger.Step = 0
					got := oneAnswer(t, c.runs, func() string { return answer(e.evaluate(e.bob, fn, arg)) })
					if testing.Verbose() {
						t.Log(fn, got)
					}
					require.Contains(t, got, f.want)
					require.NotContains(t, got, `"valid":true`)
				}
			})
		}
		n++
		valid := credentialArg(t, k.make(n))
		batch = append([]string{valid}, append(batch, valid)...)
		t.Run(k.name+"/SubmitCredentials", func(t *testing.T) {
			e.ledger.Step = 0
			got := oneAnswer(t, 10, func() string {
				return answer(e.evaluate(e.bob, "SubmitCredentials", credentialBatchArg(t, batch...)))
			})
			var out struct {
				Results []json.RawMessage `json:"results"`
			}
			payload := got[strings.Index(got, "payload ")+len("payload "):]
			if i := strings.Index(payload, "\nevent "); i >= 0 {
				payload = payload[:i]
			}
			require.NoError(t, json.Unmarshal([]byte(payload), &out), got)
			require.Len(t, out.Results, len(batch), fmt.Sprint(got))
		})
	}
}

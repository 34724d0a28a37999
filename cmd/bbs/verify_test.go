// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
)

func TestVerify(t *testing.T) {
	f := newFixture(t, "bbs+2020")
	dir := f.dir
	other := readJSON(t, dir, "other.json")["publicKey"].(string)
	ietf := newFixture(t, "bbs-bls12381-sha256")
	writeFile(t, dir, "ietf-key.json", string(readFile(t, ietf.dir, "key.json")))
	writeCert(t, dir, "user1.pem", "User1@org1.example.com", "org1.example.com")
	writeCert(t, dir, "user2.pem", "User2@org1.example.com", "org1.example.com")
	mustBBS(t, dir, "prove", "--credential", "cred.json", "--issuer", "issuer1", "--reveal", "1",
		"--bind-submitter", "user1.pem", "--msp", "Org1MSP", "--channel", "mychannel", "--out", "bound.json")

	// req mutates a copy of req.json.
	req := func(name string, f func(m map[string]any)) string {
		return mutateJSON(t, dir, "req.json", name, f)
	}
	proof := b64dec(t, readJSON(t, dir, "req.json")["proof"])
	setProof := func(b []byte) func(m map[string]any) {
		return func(m map[string]any) { m["proof"] = base64.StdEncoding.EncodeToString(b) }
	}
	flip := func(i int) []byte {
		p := append([]byte(nil), proof...)
		p[i] ^= 0x01
		return p
	}
	disclosed := func(m map[string]any) []any { return m["disclosed"].([]any) }
	entry := func(index int, msg string) map[string]any {
		return map[string]any{"index": index, "message": base64.StdEncoding.EncodeToString([]byte(msg))}
	}

	req("flip-middle.json", setProof(flip(len(proof)/2)))
	req("flip-last.json", setProof(flip(len(proof)-1)))
	req("flip-count.json", setProof(flip(1)))
	req("truncated.json", setProof(proof[:len(proof)-1]))
	req("extended.json", setProof(append(append([]byte(nil), proof...), 0)))
	req("proof-empty.json", setProof(nil))
	req("proof-notb64.json", func(m map[string]any) { m["proof"] = "!!!!" })
	req("nonce.json", func(m map[string]any) { m["nonce"] = "bm9uY2U/" })
	req("nonce-empty.json", func(m map[string]any) { m["nonce"] = "" })
	req("msg-changed.json", func(m map[string]any) { disclosed(m)[0] = entry(0, "name=Mallory") })
	req("index-changed.json", func(m map[string]any) { disclosed(m)[1].(map[string]any)["index"] = 3 })
	req("index-out-of-range.json", func(m map[string]any) { disclosed(m)[1].(map[string]any)["index"] = 7 })
	req("index-past-limit.json", func(m map[string]any) { disclosed(m)[1].(map[string]any)["index"] = 5000 })
	req("index-negative.json", func(m map[string]any) { disclosed(m)[0].(map[string]any)["index"] = -1 })
	req("extra.json", func(m map[string]any) { m["disclosed"] = append(disclosed(m), entry(3, "country=BE")) })
	req("missing.json", func(m map[string]any) { m["disclosed"] = disclosed(m)[:1] })
	req("none.json", func(m map[string]any) { delete(m, "disclosed") })
	req("unsorted.json", func(m map[string]any) { d := disclosed(m); d[0], d[1] = d[1], d[0] })
	req("header.json", func(m map[string]any) { m["header"] = "aGVhZGVy" })
	req("no-issuer.json", func(m map[string]any) { delete(m, "issuer") })
	req("no-scheme.json", func(m map[string]any) { delete(m, "scheme") })
	req("unknown-scheme.json", func(m map[string]any) { m["scheme"] = "bbs+2030" })
	req("ietf-scheme.json", func(m map[string]any) { m["scheme"] = "bbs-bls12381-sha256" })
	req("unknown-field.json", func(m map[string]any) { m["extra"] = 1 })
	req("salt-unbound.json", func(m map[string]any) { m["salt"] = "AA==" })
	writeFile(t, dir, "notjson.json", "proof=abc")
	writeFile(t, dir, "pk-bad.txt", "not base64\n")
	writeFile(t, dir, "pk-short.txt", base64.StdEncoding.EncodeToString(make([]byte, 95)))
	writeFile(t, dir, "pk-nokey.json", `{"scheme": "bbs+2020"}`)
	writeFile(t, dir, "pk-broken.json", `{"publicKey": `)
	identity := make([]byte, 96)
	identity[0] = 0xc0

	valid, invalid, bad := 0, 1, 2
	tests := []struct {
		name string
		args []string
		code int
		// want must appear on stdout for codes 0 and 1, on stderr for 2.
		want []string
	}{
		{"valid", []string{"--request", "req.json"}, valid, []string{"valid: the bbs+2020 proof verifies; disclosed messages 0,2\n  [0] \"name=Alice Müller\"\n  [2] base64:AAECA/8=\n"}},
		{"valid from stdin", []string{"--request", "-"}, valid, []string{"valid"}},
		{"key file in base64", []string{"--request", "req.json", "--public-key", "@key.pub"}, valid, nil},
		{"key pair file", []string{"--request", "req.json", "--public-key", "@key.json"}, valid, nil},
		{"credential file", []string{"--request", "req.json", "--public-key", "@cred.json"}, valid, nil},
		{"no scheme in request: default", []string{"--request", "no-scheme.json"}, valid, nil},
		{"explicit matching scheme", []string{"--request", "req.json", "--scheme", "bbs+2020"}, valid, nil},
		{"nothing disclosed claimed by none", []string{"--request", "none.json"}, invalid, []string{"invalid:", "reveals 2 messages, 0 given"}},

		{"wrong key", []string{"--request", "req.json", "--public-key", other}, invalid, []string{"invalid:", "invalid proof"}},
		{"tampered proof middle", []string{"--request", "flip-middle.json"}, invalid, []string{"invalid:"}},
		{"tampered proof last byte", []string{"--request", "flip-last.json"}, invalid, []string{"invalid:"}},
		{"tampered message count", []string{"--request", "flip-count.json"}, invalid, []string{"invalid: proof:", "malformed proof"}},
		{"truncated proof", []string{"--request", "truncated.json"}, invalid, []string{"invalid: proof:", "malformed proof"}},
		{"extended proof", []string{"--request", "extended.json"}, invalid, []string{"invalid: proof:", "malformed proof"}},
		{"wrong nonce", []string{"--request", "nonce.json"}, invalid, []string{"invalid:"}},
		{"empty nonce", []string{"--request", "nonce-empty.json"}, invalid, []string{"invalid:"}},
		{"disclosed message changed", []string{"--request", "msg-changed.json"}, invalid, []string{"invalid:"}},
		{"disclosed index changed", []string{"--request", "index-changed.json"}, invalid, []string{"invalid:", "proof reveals index 2, message given for index 3"}},
		{"disclosed index out of range", []string{"--request", "index-out-of-range.json"}, invalid, []string{"invalid:", "index 7"}},
		{"extra disclosed message", []string{"--request", "extra.json"}, invalid, []string{"invalid:", "reveals 2 messages, 3 given"}},
		{"missing disclosed message", []string{"--request", "missing.json"}, invalid, []string{"invalid:", "reveals 2 messages, 1 given"}},
		{"request scheme is another scheme", []string{"--request", "ietf-scheme.json"}, invalid, []string{"invalid: proof:"}},
		{"--scheme is another scheme", []string{"--request", "no-scheme.json", "--scheme", "bbs-bls12381-sha256"}, invalid, []string{"invalid: proof:"}},

		{"proof empty", []string{"--request", "proof-empty.json"}, bad, []string{"proof-empty.json:", "proof: empty"}},
		{"proof not base64", []string{"--request", "proof-notb64.json"}, bad, []string{"proof-notb64.json:", "proof: not standard base64"}},
		{"disclosed unsorted", []string{"--request", "unsorted.json"}, bad, []string{"unsorted.json:", "disclosed[1]", "strictly ascending"}},
		{"disclosed index negative", []string{"--request", "index-negative.json"}, bad, []string{"index-negative.json:", "disclosed[0]: index -1"}},
		{"disclosed index past the limit", []string{"--request", "index-past-limit.json"}, bad, []string{"index-past-limit.json:", "disclosed[1]: index 5000"}},
		{"header with bbs+2020", []string{"--request", "header.json"}, bad, []string{"header.json:", "header"}},
		{"request without issuer", []string{"--request", "no-issuer.json"}, bad, []string{"no-issuer.json:", "issuer"}},
		{"request unknown field", []string{"--request", "unknown-field.json"}, bad, []string{"unknown-field.json:", `unknown field "extra"`}},
		{"salt on unbound request", []string{"--request", "salt-unbound.json"}, bad, []string{"salt-unbound.json:", "salt: only allowed with bindSubmitter"}},
		{"request not JSON", []string{"--request", "notjson.json"}, bad, []string{"notjson.json:", "malformed JSON"}},
		{"request is a credential", []string{"--request", "cred.json"}, bad, []string{"cred.json:", "unknown field"}},
		{"request missing", []string{"--request", "nope.json"}, bad, []string{"nope.json", "no such file"}},
		{"request scheme unknown", []string{"--request", "unknown-scheme.json"}, bad, []string{"unknown-scheme.json: scheme", "unknown scheme", "bbs+2030"}},
		{"--scheme unknown", []string{"--request", "no-scheme.json", "--scheme", "bbs+2030"}, bad, []string{"--scheme", "unknown scheme"}},
		{"--scheme conflicts with the request", []string{"--request", "req.json", "--scheme", "bbs-bls12381-sha256"}, bad, []string{`req.json: scheme: "bbs+2020", but --scheme is "bbs-bls12381-sha256"`}},
		{"public key not base64", []string{"--request", "req.json", "--public-key", "a*b"}, bad, []string{"--public-key: not standard base64"}},
		{"public key short", []string{"--request", "req.json", "--public-key", base64.StdEncoding.EncodeToString(make([]byte, 95))}, bad, []string{"--public-key:", "malformed public key", "95 bytes"}},
		{"public key identity", []string{"--request", "req.json", "--public-key", base64.StdEncoding.EncodeToString(identity)}, bad, []string{"--public-key:", "identity"}},
		{"public key file not base64", []string{"--request", "req.json", "--public-key", "@pk-bad.txt"}, bad, []string{"pk-bad.txt: not standard base64"}},
		{"public key file short", []string{"--request", "req.json", "--public-key", "@pk-short.txt"}, bad, []string{"pk-short.txt:", "malformed public key"}},
		{"public key JSON without publicKey", []string{"--request", "req.json", "--public-key", "@pk-nokey.json"}, bad, []string{"pk-nokey.json: publicKey: missing"}},
		{"public key JSON broken", []string{"--request", "req.json", "--public-key", "@pk-broken.json"}, bad, []string{"pk-broken.json:"}},
		{"public key of another scheme", []string{"--request", "req.json", "--public-key", "@ietf-key.json"}, bad, []string{"ietf-key.json: scheme: the key is for bbs-bls12381-sha256"}},
		{"public key file missing", []string{"--request", "req.json", "--public-key", "@nope.pub"}, bad, []string{"--public-key:", "nope.pub"}},
		{"missing --public-key", []string{"--request", "req.json", "--public-key", ""}, bad, []string{"missing --public-key", "bbs verify --help"}},
		{"missing --request", nil, bad, []string{"missing --request"}},

		{"bound to the submitter", []string{"--request", "bound.json", "--submitter-cert", "user1.pem", "--msp", "Org1MSP", "--channel", "mychannel"}, valid, []string{"valid"}},
		{"bound, binding not checked", []string{"--request", "bound.json"}, valid, []string{"valid", "stderr:note: the nonce is bound to a submitter"}},
		{"bound to another submitter", []string{"--request", "bound.json", "--submitter-cert", "user2.pem", "--msp", "Org1MSP", "--channel", "mychannel"}, invalid, []string{"invalid: nonce is not bound to submitter user2.pem"}},
		{"bound, other MSP", []string{"--request", "bound.json", "--submitter-cert", "user1.pem", "--msp", "Org2MSP", "--channel", "mychannel"}, invalid, []string{"invalid: nonce is not bound"}},
		{"bound, other channel", []string{"--request", "bound.json", "--submitter-cert", "user1.pem", "--msp", "Org1MSP", "--channel", "other"}, invalid, []string{"invalid: nonce is not bound"}},
		{"binding asked of an unbound request", []string{"--request", "req.json", "--submitter-cert", "user1.pem", "--msp", "Org1MSP", "--channel", "mychannel"}, invalid, []string{"invalid: the request is not bound"}},
		{"binding flags incomplete", []string{"--request", "bound.json", "--submitter-cert", "user1.pem"}, bad, []string{"--submitter-cert, --msp and --channel go together"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"verify", "--public-key", f.pub}, tt.args...)
			stdin := ""
			if tt.name == "valid from stdin" {
				stdin = string(readFile(t, dir, "req.json"))
			}
			r := runBBS(t, dir, stdin, args...)
			want := tt.want
			if tt.code != bad {
				want = make([]string, len(tt.want))
				for i, w := range tt.want {
					if e, ok := strings.CutPrefix(w, "stderr:"); ok {
						want[i] = e
					} else {
						want[i] = "stdout:" + w
					}
				}
			}
			check(t, r, tt.code, want...)

			// --json says the same, on stdout.
			rj := runBBS(t, dir, stdin, append(args, "--json")...)
			if rj.code != tt.code {
				t.Errorf("--json: exit %d, want %d\n%v", rj.code, tt.code, rj)
			}
			if strings.Contains(rj.stderr, "Run 'bbs verify --help'") {
				return // a usage error: no JSON
			}
			var res VerifyResult
			if err := json.Unmarshal([]byte(rj.stdout), &res); err != nil {
				t.Fatalf("--json printed %q: %v", rj.stdout, err)
			}
			if res.Valid != (tt.code == valid) || (res.Reason == "") != (tt.code == valid) {
				t.Errorf("--json printed %+v for exit %d", res, tt.code)
			}
			if tt.name == "valid" {
				want := `{"valid":true,"reason":"","issuer":"issuer1","scheme":"bbs+2020","disclosed":[{"index":0,"message":"bmFtZT1BbGljZSBNw7xsbGVy"},{"index":2,"message":"AAECA/8="}]}` + "\n"
				if rj.stdout != want {
					t.Errorf("--json printed\n%s want\n%s", rj.stdout, want)
				}
			}
		})
	}
}

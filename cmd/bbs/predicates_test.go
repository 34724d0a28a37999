// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/x509/pkix"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// intMessages are signed with integer positions 1 (int64) and 2 (date).
const intMessages = `["name=Alice", "42", "1990-01-01", "country=FR"]`

// newIntFixture makes, in a fresh folder, an IETF key (key.json, key.pub),
// a credential with integer positions 1:int64,2:date (cred.json), range
// parameters of base 16 (age.params) and set parameters of three countries
// (eu.params).
func newIntFixture(t *testing.T, scheme string) string {
	t.Helper()
	dir := t.TempDir()
	r := mustBBS(t, dir, "keygen", "--scheme", scheme, "--out", "key.json")
	writeFile(t, dir, "key.pub", r.stdout)
	writeFile(t, dir, "msgs.json", intMessages)
	r = mustBBS(t, dir, "sign", "--key", "key.json", "--messages", "msgs.json", "--integers", "1:int64,2:date", "--out", "cred.json")
	check(t, r, 0, "integer positions to register: 1:int64,2:date")
	mustBBS(t, dir, "params", "range", "--base", "16", "--discard-secret", "--out", "age.params")
	writeFile(t, dir, "eu.json", `["country=DE", "country=FR", "country=IT"]`)
	mustBBS(t, dir, "params", "set", "--scheme", scheme, "--elements", "eu.json", "--discard-secret", "--out", "eu.params")
	return dir
}

func TestSignIntegers(t *testing.T) {
	dir := newIntFixture(t, bbs.BLS12381SHA256Name)
	c := readJSON(t, dir, "cred.json")
	ints, _ := json.Marshal(c["integers"])
	if string(ints) != `[{"index":1,"type":"int64"},{"index":2,"type":"date"}]` {
		t.Fatalf("integers %s", ints)
	}
	msgs := c["messages"].([]any)
	if got := b64dec(t, msgs[1].(map[string]any)["b64"]); string(got) != string(bbs.IntegerMessage(42)) {
		t.Errorf("message 1 is %x", got)
	}
	if got := b64dec(t, msgs[2].(map[string]any)["b64"]); string(got) != string(bbs.IntegerMessage(7305)) { // 1990-01-01
		t.Errorf("message 2 is %x", got)
	}
	r := mustBBS(t, dir, "inspect", "cred.json")
	check(t, r, 0, "stdout:signatureValid:  yes")

	// A proof disclosing integers verifies with the positions, and shows
	// their values; without them the messages are hashed and it does not.
	mustBBS(t, dir, "prove", "--credential", "cred.json", "--reveal", "1,2", "--nonce-random", "--issuer", "i1", "--out", "req.json")
	r = mustBBS(t, dir, "verify", "--public-key", "@key.pub", "--request", "req.json", "--integers", "1:int64,2:date")
	check(t, r, 0, "stdout:[1] 42 (int64)", "stdout:[2] 1990-01-01 (date)")
	check(t, runBBS(t, dir, "", "verify", "--public-key", "@key.pub", "--request", "req.json"), 1, "stdout:invalid")
	check(t, runBBS(t, dir, "", "verify", "--public-key", "@key.pub", "--request", "req.json", "--integers", "1:int64"), 1, "stdout:invalid")

	for _, tc := range []struct {
		name  string
		msgs  string
		args  []string
		code  int
		wants []string
	}{
		{"not a number", `["a", "4x"]`, []string{"--integers", "1:int64"}, 2, []string{`m.json: [1]: integer position (int64): "4x" is not a decimal integer`}},
		{"leading zero", `["a", "042"]`, []string{"--integers", "1:int64"}, 2, []string{`"042" is not a decimal integer`}},
		{"over int64", `["a", "9223372036854775808"]`, []string{"--integers", "1:int64"}, 2, []string{`is not a decimal integer`}},
		{"not a date", `["a", "1990-13-01"]`, []string{"--integers", "1:date"}, 2, []string{`"1990-13-01" is not a date YYYY-MM-DD`}},
		{"beyond the messages", `["a", "1"]`, []string{"--integers", "2:int64"}, 2, []string{"--integers: position 2: outside the 2 messages"}},
		{"unknown type", `["a", "1"]`, []string{"--integers", "1:uint"}, 2, []string{`type "uint" is not "int64" or "date"`}},
		{"descending", `["a", "1", "2"]`, []string{"--integers", "2:int64,1:int64"}, 2, []string{"ascending without repeats"}},
		{"no type", `["a", "1"]`, []string{"--integers", "1"}, 2, []string{`"1" is not IDX:TYPE`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			writeFile(t, dir, "m.json", tc.msgs)
			r := runBBS(t, dir, "", append([]string{"sign", "--key", "key.json", "--messages", "m.json", "--out", "x.json"}, tc.args...)...)
			check(t, r, tc.code, tc.wants...)
		})
	}
	mustBBS(t, dir, "keygen", "--scheme", "bbs+2020", "--out", "plus.json")
	check(t, runBBS(t, dir, "", "sign", "--key", "plus.json", "--messages", "msgs.json", "--integers", "1:int64"), 2,
		"--integers: bbs+2020 has no integer messages: its messages are hashed by definition")
	mustBBS(t, dir, "keygen", "--scheme", "bbs-nym-bls12381-sha256", "--out", "nym.json")
	// A pseudonym key takes --integers, with the holder's commitment
	// (TestNymPredicates).
	check(t, runBBS(t, dir, "", "sign", "--key", "nym.json", "--messages", "msgs.json", "--integers", "1:int64"), 2,
		"the key of nym.json is of the pseudonym scheme bbs-nym-bls12381-sha256: give --commitment")

	// An edited credential: an integer position that is not 8 bytes.
	mutateJSON(t, dir, "cred.json", "bad.json", func(m map[string]any) { m["messages"].([]any)[1] = "42" })
	check(t, runBBS(t, dir, "", "prove", "--credential", "bad.json", "--reveal", "0", "--nonce-random", "--issuer", "i1"), 2,
		"bad.json: messages[1]: an integer position holds 2 bytes, not 8")
	mutateJSON(t, dir, "cred.json", "bad2.json", func(m map[string]any) { m["integers"] = []any{map[string]any{"index": 1, "type": "int64"}} })
	check(t, runBBS(t, dir, "", "prove", "--credential", "bad2.json", "--reveal", "0", "--nonce-random", "--issuer", "i1"), 2,
		"signature: does not verify")
}

func TestRegisterRequestIntegers(t *testing.T) {
	dir := newIntFixture(t, bbs.BLS12381SHAKE256Name)
	ca := fakeid.NewCA(t, "Org1MSP", pkix.Name{CommonName: "ca"})
	writeFile(t, dir, "cert.pem", string(ca.Enroll(t, pkix.Name{CommonName: "u"}, nil).PEM))
	args := []string{"register-request", "--key", "key.json", "--id", "i1", "--channel", "ch", "--msp", "Org1MSP", "--cert", "cert.pem"}
	mustBBS(t, dir, append(args, "--integers", "1:int64,2:date", "--counts", "4", "--out", "reg.json")...)
	settings := readJSON(t, dir, "reg.json")["settings"]
	got, _ := json.Marshal(settings)
	if string(got) != `{"integers":[{"index":1,"type":"int64"},{"index":2,"type":"date"}],"messageCounts":[4]}` {
		t.Errorf("settings %s", got)
	}
	// verify reads the positions from the registration document.
	mustBBS(t, dir, "prove", "--credential", "cred.json", "--reveal", "1", "--nonce-random", "--issuer", "i1",
		"--range", "2:..2008-03-01", "--out", "req.json")
	r := mustBBS(t, dir, "verify", "--public-key", "@key.pub", "--request", "req.json", "--settings", "reg.json")
	check(t, r, 0, "stdout:[1] 42 (int64)", "stdout:proven: message 2 at most 2008-03-01 (Bulletproofs)")
	writeFile(t, dir, "settings.json", `{"integers":[{"index":1,"type":"int64"},{"index":2,"type":"date"}]}`)
	mustBBS(t, dir, "verify", "--public-key", "@key.pub", "--request", "req.json", "--settings", "settings.json")
	check(t, runBBS(t, dir, "", "verify", "--public-key", "@key.pub", "--request", "req.json", "--settings", "settings.json", "--integers", "1:int64"), 2,
		"give --integers or --settings, not both")

	mustBBS(t, dir, "keygen", "--scheme", "bbs+2020", "--out", "plus.json")
	r = runBBS(t, dir, "", "register-request", "--key", "plus.json", "--id", "i1", "--channel", "ch", "--msp", "Org1MSP", "--cert", "cert.pem",
		"--counts", "3", "--integers", "1:int64")
	check(t, r, 2, "--integers: bbs+2020 has no integer messages: its messages are hashed by definition")
	check(t, runBBS(t, dir, "", append(args, "--integers", "1:int64,1:date")...), 2, "ascending without repeats")
}

func TestParams(t *testing.T) {
	dir := t.TempDir()
	r := mustBBS(t, dir, "params", "range", "--base", "4", "--secret-out", "r.secret", "--out", "r.params")
	check(t, r, 0, "range parameters of base 4, 421 bytes, SHA-256 ", "secret key in r.secret (mode 0600)")
	st, err := os.Stat(filepath.Join(dir, "r.secret"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("secret file: %v %v", st, err)
	}
	secret := b64dec(t, strings.TrimSpace(string(readFile(t, dir, "r.secret"))))
	if len(secret) != 32 {
		t.Errorf("secret of %d bytes", len(secret))
	}
	p, err := predicate.ParseParams(b64dec(t, strings.TrimSpace(string(readFile(t, dir, "r.params")))))
	if err != nil || p.Kind() != predicate.RangeParams || p.Base() != 4 {
		t.Fatalf("params: %v", err)
	}
	if strings.Contains(string(readFile(t, dir, "r.params")), strings.TrimSpace(string(readFile(t, dir, "r.secret")))) {
		t.Fatal("the secret is in the parameters file")
	}
	// Never overwritten without --force; the secret file neither.
	check(t, runBBS(t, dir, "", "params", "range", "--base", "4", "--secret-out", "r.secret", "--out", "r2.params"), 2, "--out r.secret: file exists")
	mustBBS(t, dir, "params", "range", "--base", "4", "--secret-out", "r.secret", "--out", "r.params", "--force")

	check(t, mustBBS(t, dir, "inspect", "r.params"), 0, "stdout:kind:    range parameters", "stdout:base:    4", "stdout:size:    421")
	writeFile(t, dir, "ints.json", `["18", "21", "-5"]`)
	r = mustBBS(t, dir, "params", "set", "--elements", "ints.json", "--type", "int64", "--discard-secret", "--out", "ints.params")
	check(t, r, 0, "set parameters of 3 elements (bbs-bls12381-sha256, int64)", "secret key discarded")
	writeFile(t, dir, "dates.json", `["2000-01-01", {"b64": "MjAwMC0wMS0wMg=="}]`)
	mustBBS(t, dir, "params", "set", "--elements", "dates.json", "--type", "date", "--discard-secret", "--out", "dates.params")
	check(t, mustBBS(t, dir, "inspect", "--json", "dates.params"), 0, `stdout:{"kind":"set parameters","elements":2,"size":261,`)

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"range", "--base", "3", "--discard-secret"}, "--base: 3 is not a power of two from 2 to 256"},
		{[]string{"range", "--base", "512", "--discard-secret"}, "--base: 512 is not a power of two"},
		{[]string{"range", "--base", "16"}, "give exactly one of --secret-out FILE and --discard-secret"},
		{[]string{"range", "--base", "16", "--discard-secret", "--secret-out", "s"}, "give exactly one of --secret-out FILE and --discard-secret"},
		{[]string{"range", "--base", "16", "--discard-secret", "--elements", "ints.json"}, "--elements, --type and --scheme are for set parameters"},
		{[]string{"set", "--discard-secret"}, "missing --elements"},
		{[]string{"set", "--elements", "ints.json", "--base", "4", "--discard-secret"}, "--base is for range parameters"},
		{[]string{"set", "--elements", "ints.json", "--type", "uint", "--discard-secret"}, `--type: "uint" is not bytes, int64 or date`},
		{[]string{"set", "--elements", "dates.json", "--type", "int64", "--discard-secret"}, `dates.json: [0]: "2000-01-01" is not a decimal integer`},
		{[]string{"set", "--elements", "ints.json", "--scheme", "bbs+2020", "--discard-secret"}, "--scheme: bbs+2020 has no integer messages"},
		{[]string{"set", "--elements", "ints.json", "--secret-out", "s", "--out", "s"}, "--secret-out and --out are the same file"},
		{[]string{"frob"}, "want one sub-command: range or set"},
		{nil, "want one sub-command: range or set"},
	} {
		check(t, runBBS(t, dir, "", append([]string{"params"}, tc.args...)...), 2, tc.want)
	}
	writeFile(t, dir, "dup.json", `["a", "b", "a"]`)
	check(t, runBBS(t, dir, "", "params", "set", "--elements", "dup.json", "--discard-secret"), 2, "dup.json: [2]: repeats [0]")
	writeFile(t, dir, "empty.json", `[]`)
	check(t, runBBS(t, dir, "", "params", "set", "--elements", "empty.json", "--discard-secret"), 2, "empty.json: no elements")
}

func TestProvePredicates(t *testing.T) {
	for _, scheme := range []string{bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name} {
		t.Run(scheme, func(t *testing.T) { testProvePredicates(t, scheme) })
	}
}

func testProvePredicates(t *testing.T, scheme string) {
	dir := newIntFixture(t, scheme)
	prove := func(args ...string) result {
		return runBBS(t, dir, "", append([]string{"prove", "--credential", "cred.json", "--reveal", "0", "--nonce-random", "--issuer", "i1"}, args...)...)
	}
	verify := func(args ...string) result {
		return runBBS(t, dir, "", append([]string{"verify", "--public-key", "@key.pub", "--integers", "1:int64,2:date"}, args...)...)
	}
	// Bulletproofs on both sides, CCS08, a set.
	check(t, prove("--range", "1:18..", "--range", "2:1900-01-01..2008-03-01:age=@age.params",
		"--in-set", "3:eu=@eu.params", "--out", "req.json"), 0)
	req := readJSON(t, dir, "req.json")
	var wire struct{ Predicates []request.PredicateJSON }
	if err := json.Unmarshal(readFile(t, dir, "req.json"), &wire); err != nil {
		t.Fatal(err)
	}
	preds, _ := json.Marshal(wire.Predicates)
	if string(preds) != `[{"kind":"range","index":1,"min":18},{"kind":"range","index":2,"min":-25567,"max":13939,"params":"age"},{"kind":"inSet","index":3,"params":"eu"}]` {
		t.Fatalf("predicates %s", preds)
	}
	if req["predicateProof"] == nil {
		t.Fatal("no predicateProof")
	}
	r := verify("--request", "req.json", "--params", "age=@age.params", "--params", "eu=@eu.params")
	check(t, r, 0, "stdout:proven: message 1 at least 18 (Bulletproofs)",
		`stdout:proven: message 2 in 1900-01-01..2008-03-01 (range parameters "age")`, `stdout:proven: message 3 in the set "eu"`)
	r = verify("--request", "req.json", "--params", "age=@age.params", "--params", "eu=@eu.params", "--json")
	check(t, r, 0, `stdout:"predicates":[{"kind":"range","index":1,"min":18}`)
	mustBBS(t, dir, "inspect", "req.json")

	// The bounds are the edges: exactly the value is provable.
	check(t, prove("--range", "1:42..42", "--range", "2:1990-01-01..1990-01-01", "--out", "edge.json"), 0)
	check(t, verify("--request", "edge.json"), 0, "stdout:proven: message 1 in 42..42 (Bulletproofs)")
	check(t, prove("--range", "1:..42", "--out", "upper.json"), 0)
	check(t, verify("--request", "upper.json"), 0, "stdout:proven: message 1 at most 42 (Bulletproofs)")

	// Tampering: another predicate proof, another bound, other parameters.
	other := readJSON(t, dir, "edge.json")
	mutateJSON(t, dir, "req.json", "swapped.json", func(m map[string]any) {
		m["predicates"], m["predicateProof"] = other["predicates"], other["predicateProof"]
	})
	check(t, verify("--request", "swapped.json"), 1, "stdout:invalid")
	mutateJSON(t, dir, "req.json", "bound.json", func(m map[string]any) {
		m["predicates"].([]any)[0].(map[string]any)["min"] = 19
	})
	check(t, verify("--request", "bound.json", "--params", "age=@age.params", "--params", "eu=@eu.params"), 1, "stdout:invalid")
	mutateJSON(t, dir, "req.json", "flipped.json", func(m map[string]any) {
		p := b64dec(t, m["predicateProof"])
		p[len(p)/2] ^= 1
		m["predicateProof"] = b64(p)
	})
	check(t, verify("--request", "flipped.json", "--params", "age=@age.params", "--params", "eu=@eu.params"), 1, "stdout:invalid")
	writeFile(t, dir, "eu2.json", `["country=DE", "country=FR"]`)
	mustBBS(t, dir, "params", "set", "--scheme", scheme, "--elements", "eu2.json", "--discard-secret", "--out", "eu2.params")
	check(t, verify("--request", "req.json", "--params", "age=@age.params", "--params", "eu=@eu2.params"), 1, "stdout:invalid")

	// Verify's input errors.
	check(t, verify("--request", "req.json", "--params", "age=@age.params"), 2, `names the parameters "eu": give --params eu=@FILE`)
	check(t, verify("--request", "req.json", "--params", "age=@eu.params", "--params", "eu=@eu.params"), 2, "--params age: holds set parameters")
	check(t, verify("--request", "req.json", "--params", "age=@age.params", "--params", "eu=@age.params"), 2, "--params eu: holds range parameters")
	check(t, verify("--request", "req.json", "--params", "age"), 2, `--params: "age": want ID=@FILE`)
	check(t, prove("--out", "plain.json"), 0)
	check(t, verify("--request", "plain.json", "--params", "age=@age.params"), 2, "--params: the request has no predicates")
	check(t, runBBS(t, dir, "", "verify", "--public-key", "@key.pub", "--request", "edge.json"), 2, "not an integer position: give the issuer's --integers or --settings")
	check(t, verify("--request", "edge.json", "--params", "x=@age.params", "--params", "x=@age.params"), 2, "--params: x given twice")

	// Prove's refusals.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--range", "1:43.."}, "--range 1:43..: the credential's message 1 is 42, outside the range: no proof of a false statement is made"},
		{[]string{"--range", "2:1990-01-02.."}, "the credential's message 2 is 1990-01-01, outside the range"},
		{[]string{"--range", "0:1.."}, "--range 0:1..: message 0 is revealed (--reveal)"},
		{[]string{"--range", "3:1.."}, "--range 3:1..: message 3 is not an integer position of the credential"},
		{[]string{"--range", "9:1.."}, "--range 9:1..: message 9: the credential has 4 messages"},
		{[]string{"--range", "1:.."}, "want MIN..MAX, MIN.. or ..MAX"},
		{[]string{"--range", "1:18"}, "want MIN..MAX, MIN.. or ..MAX"},
		{[]string{"--range", "x:18.."}, "want IDX:MIN..MAX"},
		{[]string{"--range", "1:50..18"}, "MIN is above MAX"},
		{[]string{"--range", "2:..13939"}, `MAX: "13939" is not a date YYYY-MM-DD (years 0001 to 9999) (message 2: date position)`},
		{[]string{"--range", "1:..2008-03-01"}, `MAX: "2008-03-01" is not a decimal integer`},
		{[]string{"--range", "1:18..:age"}, `want ID=@FILE`},
		{[]string{"--range", "1:18..:age=@eu.params"}, "eu.params holds set parameters, not range parameters"},
		{[]string{"--range", "1:18..:a/b=@age.params"}, `the parameters' ID "a/b" does not match`},
		{[]string{"--range", "1:18..:age=@missing.params"}, "missing.params"},
		{[]string{"--in-set", "3:eu=@age.params"}, "age.params holds range parameters, not set parameters"},
		{[]string{"--in-set", "3"}, "want IDX:ID=@FILE"},
		{[]string{"--in-set", "1:eu=@eu.params"}, "value not signed by the parameters"},
		{[]string{"--range", "1:18..", "--non-revoked", "missing-witness.json"}, "missing-witness.json"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := prove(append(tc.args, "--out", "refused.json")...)
			if r.code == 0 {
				t.Fatalf("accepted: %v", r)
			}
			check(t, r, r.code, tc.want)
			if _, err := os.Stat(filepath.Join(dir, "refused.json")); err == nil {
				t.Fatal("a refused request was written")
			}
		})
	}
	many := []string{}
	for i := 0; i <= 16; i++ {
		many = append(many, "--range", "1:0..")
	}
	check(t, prove(many...), 2, "17 predicates, at most 16 in a request")
	check(t, prove("--range", "1:0..", "--range", "1:1.."), 2, "--range 1:1..: a second range predicate on message 1")
}

// TestPredicatesOtherSchemes: bbs+2020 credentials have no predicates.
func TestPredicatesOtherSchemes(t *testing.T) {
	f := newFixture(t, "bbs+2020")
	mustBBS(t, f.dir, "params", "range", "--base", "4", "--discard-secret", "--out", "p.params")
	r := runBBS(t, f.dir, "", "prove", "--credential", "cred.json", "--reveal", "0", "--nonce-random", "--issuer", "i1", "--range", "1:0..")
	check(t, r, 2, "bbs+2020 has no integer messages: its messages are hashed by definition")
	r = runBBS(t, f.dir, "", "prove", "--credential", "cred.json", "--reveal", "0", "--nonce-random", "--issuer", "i1", "--in-set", "1:s=@p.params")
	check(t, r, 2, "bbs+2020 has no integer messages")
}

// TestNymPredicates: a pseudonym credential with integer positions (sign
// --commitment --integers, nym-finalize) presents its pseudonym with range
// and set predicates on hidden issuer messages (prove --context --range
// --in-set); bbs verify accepts it with the issuer's integer positions and
// refuses it without them, with another context or bound, with a tampered
// predicate proof; a disclosed integer verifies as its value; a value
// outside its range is refused at proving, as is --non-revoked.
func TestNymPredicates(t *testing.T) {
	for _, scheme := range []string{bbs.NymBLS12381SHA256Name, bbs.NymBLS12381SHAKE256Name} {
		t.Run(scheme, func(t *testing.T) {
			dir := t.TempDir()
			pub := strings.TrimSpace(mustBBS(t, dir, "keygen", "--scheme", scheme, "--out", "issuer.json").stdout)
			writeFile(t, dir, "issuer.pub", pub)
			writeFile(t, dir, "msgs.json", intMessages)
			mustBBS(t, dir, "nym-commit", "--scheme", scheme, "--secret-out", "nym-secret.json", "--out", "commitment.json")
			r := mustBBS(t, dir, "sign", "--key", "issuer.json", "--messages", "msgs.json", "--commitment", "commitment.json",
				"--integers", "1:int64,2:date", "--out", "signed.json")
			check(t, r, 0, "integer positions to register: 1:int64,2:date")
			mustBBS(t, dir, "nym-finalize", "--credential", "signed.json", "--secret", "nym-secret.json", "--out", "credential.json")
			check(t, mustBBS(t, dir, "inspect", "credential.json"), 0, "stdout:integers:       1:int64,2:date")
			if ints, _ := json.Marshal(readJSON(t, dir, "credential.json")["integers"]); string(ints) != `[{"index":1,"type":"int64"},{"index":2,"type":"date"}]` {
				t.Fatalf("integers %s", ints)
			}
			mustBBS(t, dir, "params", "range", "--base", "16", "--discard-secret", "--out", "age.params")
			writeFile(t, dir, "eu.json", `["country=DE", "country=FR", "country=IT"]`)
			mustBBS(t, dir, "params", "set", "--scheme", scheme, "--elements", "eu.json", "--discard-secret", "--out", "eu.params")

			prove := func(out string, args ...string) result {
				t.Helper()
				return runBBS(t, dir, "", append([]string{"prove", "--credential", "credential.json", "--context", "poll-1", "--reveal", "0",
					"--nonce-random", "--issuer", "i1", "--out", out}, args...)...)
			}
			check(t, prove("req.json", "--range", "1:18..100:age=@age.params", "--range", "2:..2008-03-01", "--in-set", "3:eu=@eu.params"), 0)
			req := readJSON(t, dir, "req.json")
			if req["pseudonym"] == nil || req["predicateProof"] == nil || len(req["predicates"].([]any)) != 3 {
				t.Fatalf("request %v", req)
			}
			verify := func(file string, args ...string) result {
				t.Helper()
				return runBBS(t, dir, "", append([]string{"verify", "--public-key", "@issuer.pub", "--request", file}, args...)...)
			}
			params := []string{"--params", "age=@age.params", "--params", "eu=@eu.params"}
			check(t, verify("req.json", append([]string{"--integers", "1:int64,2:date"}, params...)...), 0,
				"stdout:proven: message 1 in 18..100", "stdout:proven: message 2 at most 2008-03-01 (Bulletproofs)",
				"stdout:proven: message 3 in the set \"eu\"", "stdout:pseudonym ")
			check(t, verify("req.json", params...), 2, "which is not an integer position: give the issuer's --integers or --settings")

			// Another context, another bound, a tampered predicate proof.
			edit := func(name string, f func(map[string]any)) {
				m := readJSON(t, dir, "req.json")
				f(m)
				writeJSON(t, dir, name, m)
			}
			edit("ctx.json", func(m map[string]any) { m["context"] = b64([]byte("poll-2")) })
			edit("bound.json", func(m map[string]any) {
				m["predicates"].([]any)[0].(map[string]any)["min"] = 21
			})
			edit("tampered.json", func(m map[string]any) {
				pp := b64dec(t, m["predicateProof"])
				pp[len(pp)-1] ^= 1
				m["predicateProof"] = b64(pp)
			})
			for _, f := range []string{"ctx.json", "bound.json", "tampered.json"} {
				if r := verify(f, append([]string{"--integers", "1:int64,2:date"}, params...)...); r.code != exitFailed || !strings.Contains(r.stdout, "invalid:") {
					t.Errorf("%s: %v, want invalid", f, r)
				}
			}

			// A disclosed integer, without predicates.
			check(t, prove("disc.json", "--reveal", "0,1"), 0)
			check(t, verify("disc.json", "--integers", "1:int64,2:date"), 0, "stdout:[1] 42 (int64)")
			check(t, verify("disc.json"), 1, "stdout:invalid:")

			check(t, prove("x.json", "--range", "1:43.."), 2, "outside the range: no proof of a false statement is made")
			check(t, prove("x.json", "--range", "1:18..", "--non-revoked", "nym-secret.json"), 2, "pseudonym credentials have no presentation with non-revocation")
		})
	}
}

// TestPredicateRequestMeetsPolicy: the request bbs prove writes meets the
// policy rules it was made for, as the chaincode evaluates them, and a
// request proving a weaker statement does not.
func TestPredicateRequestMeetsPolicy(t *testing.T) {
	dir := newIntFixture(t, bbs.BLS12381SHA256Name)
	p, err := policy.Parse([]byte(`{"id": "adults", "issuers": [{"id": "i1"}], "messageCount": 4, "disclosed": [{"index": 0}],
	  "predicates": [{"index": 1, "range": {"min": 18}, "params": "age"},
	                 {"index": 2, "range": {"maxDate": {"yearsBeforeTx": 18}}},
	                 {"index": 3, "inSet": "eu"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	evaluate := func(file string) *policy.Unmet {
		req, err := decodeRequest(file, readFile(t, dir, file))
		if err != nil {
			t.Fatal(err)
		}
		return p.Evaluate(policy.Statement{Issuer: req.Issuer, KeyVersion: 1, MessageCount: 4, Disclosed: req.Disclosed,
			NonceLength: len(req.Nonce), Time: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC), Predicates: req.Predicates})
	}
	prove := func(out string, args ...string) {
		mustBBS(t, dir, append([]string{"prove", "--credential", "cred.json", "--reveal", "0", "--nonce-random", "--issuer", "i1", "--out", out}, args...)...)
	}
	prove("ok.json", "--range", "1:18..:age=@age.params", "--range", "2:..2008-12-01", "--in-set", "3:eu=@eu.params")
	if u := evaluate("ok.json"); u != nil {
		t.Fatalf("unmet: %v", u)
	}
	prove("late.json", "--range", "1:18..:age=@age.params", "--range", "2:..2008-12-02", "--in-set", "3:eu=@eu.params")
	if u := evaluate("late.json"); u == nil || u.Index != 2 || !strings.Contains(u.Reason, "at most 2008-12-01") {
		t.Fatalf("unmet: %v", u)
	}
	prove("bp.json", "--range", "1:18..", "--range", "2:..2008-12-01", "--in-set", "3:eu=@eu.params")
	if u := evaluate("bp.json"); u == nil || u.Index != 1 || !strings.Contains(u.Reason, `with the range parameters "age" (the request uses Bulletproofs)`) {
		t.Fatalf("unmet: %v", u)
	}
}

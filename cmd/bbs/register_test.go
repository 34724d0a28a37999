// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/x509/pkix"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
)

// TestRegisterRequestOnTheContract: the documents register-request and
// rotate-request print register and rotate the key through the contract
// for the identity of --cert, and for no other identity or channel.
func TestRegisterRequestOnTheContract(t *testing.T) {
	ca := fakeid.NewCA(t, "Org1MSP", pkix.Name{Organization: []string{"org1.example.com"}, CommonName: "ca.org1.example.com"})
	user := ca.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "User1@org1.example.com"}, nil)
	other := ca.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "User2@org1.example.com"}, nil)
	schemes := bbs.Schemes()
	for _, s := range bbs.PseudonymSchemes() {
		schemes = append(schemes, s)
	}
	for _, s := range schemes {
		t.Run(s.Name(), func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "cert.pem"), user.PEM, 0o644); err != nil {
				t.Fatal(err)
			}
			mustBBS(t, dir, "keygen", "--scheme", s.Name(), "--out", "k1.json")
			mustBBS(t, dir, "keygen", "--scheme", s.Name(), "--out", "k2.json")
			common := []string{"--id", "acme", "--channel", "mychannel", "--msp", "Org1MSP", "--cert", "cert.pem"}
			reg := mustBBS(t, dir, append([]string{"register-request", "--key", "k1.json", "--counts", "3,5", "--description", "Acme"}, common...)...).stdout
			var doc map[string]any
			if err := json.Unmarshal([]byte(reg), &doc); err != nil || doc["scheme"] != s.Name() || doc["description"] != "Acme" {
				t.Fatalf("%v %v", doc, err)
			}
			rot := mustBBS(t, dir, append([]string{"rotate-request", "--key", "k2.json", "--version", "2"}, common...)...).stdout

			cc, err := contract.NewChaincode()
			if err != nil {
				t.Fatal(err)
			}
			for _, ch := range []string{"mychannel", "otherchannel"} {
				l := fakestub.NewLedger(ch)
				l.DefaultChaincodeName = contract.Name
				if r := l.Submit(cc, user.Creator, "bbs:SetEndorsementConfig", `{"mode":"owner","orgs":["Org1MSP"]}`); !r.Committed {
					t.Fatalf("SetEndorsementConfig: %s", r.Response.GetMessage())
				}
				if r := l.Submit(cc, other.Creator, "bbs:RegisterIssuer", reg); r.OK() {
					t.Fatal("another identity registered the key")
				}
				r := l.Submit(cc, user.Creator, "bbs:RegisterIssuer", reg)
				if ch == "otherchannel" {
					if r.OK() {
						t.Fatal("registered on another channel")
					}
					continue
				}
				if !r.Committed {
					t.Fatalf("RegisterIssuer: %s", r.Response.GetMessage())
				}
				is := fakestub.Decode[contract.Issuer](t, r)
				if len(is.Settings.MessageCounts) != 2 {
					t.Fatalf("settings %+v", is.Settings)
				}
				if r := l.Submit(cc, user.Creator, "bbs:RotateIssuerKey", rot); !r.Committed {
					t.Fatalf("RotateIssuerKey: %s", r.Response.GetMessage())
				}
			}
		})
	}
}

func TestRegisterRequestRejects(t *testing.T) {
	dir := t.TempDir()
	ca := fakeid.NewCA(t, "Org1MSP", pkix.Name{CommonName: "ca"})
	user := ca.Enroll(t, pkix.Name{CommonName: "u"}, nil)
	writeFile(t, dir, "cert.pem", string(user.PEM))
	writeFile(t, dir, "bad.pem", "not a certificate")
	mustBBS(t, dir, "keygen", "--out", "k.json")
	common := []string{"--key", "k.json", "--id", "acme", "--channel", "ch", "--msp", "Org1MSP"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append([]string{"register-request"}, common...), "--cert is required"},
		{append([]string{"register-request", "--cert", "cert.pem"}, common...), "--counts is required for a bbs+2020 key"},
		{append([]string{"register-request", "--cert", "cert.pem", "--counts", "5,3"}, common...), "ascending"},
		{append([]string{"register-request", "--cert", "cert.pem", "--counts", "0"}, common...), "not a message count"},
		{append([]string{"register-request", "--cert", "bad.pem", "--counts", "5"}, common...), "no PEM block"},
		{append(append([]string{"register-request", "--cert", "cert.pem", "--counts", "5"}, common...), "--id", "a b"), "not a valid issuer ID"},
		{append([]string{"rotate-request", "--cert", "cert.pem"}, common...), "--version is required"},
	} {
		check(t, runBBS(t, dir, "", c.args...), exitBadInput, c.want)
	}
}

// TestNymPredicatesOnTheContract: a pseudonym issuer registered with
// integer positions (register-request --integers) and a presentation that
// bbs prove makes with its pseudonym and a range predicate (prove --context
// --range) are accepted by the contract, which reports the predicate
// proven; a request whose bound was changed is not valid.
func TestNymPredicatesOnTheContract(t *testing.T) {
	ca := fakeid.NewCA(t, "Org1MSP", pkix.Name{Organization: []string{"org1.example.com"}, CommonName: "ca.org1.example.com"})
	user := ca.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "User1@org1.example.com"}, nil)
	dir := t.TempDir()
	writeFile(t, dir, "cert.pem", string(user.PEM))
	scheme := bbs.NymBLS12381SHA256Name
	mustBBS(t, dir, "keygen", "--scheme", scheme, "--out", "issuer.json")
	reg := mustBBS(t, dir, "register-request", "--key", "issuer.json", "--id", "polls", "--channel", "mychannel", "--msp", "Org1MSP",
		"--cert", "cert.pem", "--counts", "4", "--integers", "1:int64,2:date").stdout
	writeFile(t, dir, "msgs.json", intMessages)
	mustBBS(t, dir, "nym-commit", "--scheme", scheme, "--secret-out", "nym-secret.json", "--out", "commitment.json")
	mustBBS(t, dir, "sign", "--key", "issuer.json", "--messages", "msgs.json", "--commitment", "commitment.json",
		"--integers", "1:int64,2:date", "--out", "signed.json")
	mustBBS(t, dir, "nym-finalize", "--credential", "signed.json", "--secret", "nym-secret.json", "--out", "credential.json")
	mustBBS(t, dir, "prove", "--credential", "credential.json", "--context", "poll-1", "--reveal", "0", "--nonce-random",
		"--issuer", "polls", "--range", "2:..2008-03-01", "--out", "req.json")
	mutateJSON(t, dir, "req.json", "tighter.json", func(m map[string]any) { m["predicates"].([]any)[0].(map[string]any)["max"] = 7000 })

	cc, err := contract.NewChaincode()
	if err != nil {
		t.Fatal(err)
	}
	l := fakestub.NewLedger("mychannel")
	l.DefaultChaincodeName = contract.Name
	if r := l.Submit(cc, user.Creator, "bbs:SetEndorsementConfig", `{"mode":"owner","orgs":["Org1MSP"]}`); !r.Committed {
		t.Fatalf("SetEndorsementConfig: %s", r.Response.GetMessage())
	}
	if r := l.Submit(cc, user.Creator, "bbs:RegisterIssuer", reg); !r.Committed {
		t.Fatalf("RegisterIssuer: %s", r.Response.GetMessage())
	}
	type result struct {
		Valid      bool   `json:"valid"`
		Reason     string `json:"reason"`
		Predicates []struct {
			Kind  string `json:"kind"`
			Index int    `json:"index"`
		} `json:"predicates"`
	}
	r := l.Submit(cc, user.Creator, "bbs:SubmitProof", string(readFile(t, dir, "req.json")))
	if !r.Committed {
		t.Fatalf("SubmitProof: %s", r.Response.GetMessage())
	}
	res := fakestub.Decode[result](t, l.Evaluate(cc, user.Creator, "bbs:VerifyProof", string(readFile(t, dir, "req.json"))))
	if !res.Valid || len(res.Predicates) != 1 || res.Predicates[0].Kind != "range" || res.Predicates[0].Index != 2 {
		t.Fatalf("VerifyProof: %+v", res)
	}
	if res := fakestub.Decode[result](t, l.Evaluate(cc, user.Creator, "bbs:VerifyProof", string(readFile(t, dir, "tighter.json")))); res.Valid {
		t.Fatalf("a tighter bound than proven verified: %+v", res)
	}
}

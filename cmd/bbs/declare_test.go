// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/x509/pkix"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
)

// TestDeclareMethodsOnTheContract: the argument declare-methods prints,
// from methods given in any order, is what DeclareVerificationMethods
// takes: the contract records them sorted on the key version, and
// --clear's [] clears them.
func TestDeclareMethodsOnTheContract(t *testing.T) {
	ca := fakeid.NewCA(t, "Org1MSP", pkix.Name{Organization: []string{"org1.example.com"}, CommonName: "ca.org1.example.com"})
	user := ca.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "User1@org1.example.com"}, nil)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cert.pem"), user.PEM, 0o644); err != nil {
		t.Fatal(err)
	}
	mustBBS(t, dir, "keygen", "--out", "k.json")
	reg := mustBBS(t, dir, "register-request", "--key", "k.json", "--id", "dmv", "--channel", "mychannel",
		"--msp", "Org1MSP", "--cert", "cert.pem", "--counts", "3").stdout
	// Out of order: the chaincode wants them ascending.
	methods := mustBBS(t, dir, "declare-methods", "--method", "did:web:dmv.example#key-2", "--method", "did:web:dmv.example#key-1").stdout
	if want := `["did:web:dmv.example#key-1","did:web:dmv.example#key-2"]` + "\n"; methods != want {
		t.Fatalf("declare-methods printed %q, want %q", methods, want)
	}
	mustBBS(t, dir, "declare-methods", "--clear", "--out", "clear.json")
	cleared, err := os.ReadFile(filepath.Join(dir, "clear.json"))
	if err != nil || string(cleared) != "[]\n" {
		t.Fatalf("--clear wrote %q, %v", cleared, err)
	}

	cc, err := contract.NewChaincode()
	if err != nil {
		t.Fatal(err)
	}
	l := fakestub.NewLedger("mychannel")
	l.DefaultChaincodeName = contract.Name
	for _, tx := range [][]string{
		{"bbs:SetEndorsementConfig", `{"mode":"owner","orgs":["Org1MSP"]}`},
		{"bbs:RegisterIssuer", reg},
	} {
		if r := l.Submit(cc, user.Creator, tx...); !r.Committed {
			t.Fatalf("%s: %s", tx[0], r.Response.GetMessage())
		}
	}
	declare := func(arg string) []string {
		t.Helper()
		// As the file is, final newline included (jq --rawfile keeps it).
		r := l.Submit(cc, user.Creator, "bbs:DeclareVerificationMethods", "dmv", "1", arg)
		if !r.Committed {
			t.Fatalf("DeclareVerificationMethods %s: %s", arg, r.Response.GetMessage())
		}
		return fakestub.Decode[contract.Issuer](t, r).Keys[0].VerificationMethods
	}
	if got := declare(methods); !slices.Equal(got, []string{"did:web:dmv.example#key-1", "did:web:dmv.example#key-2"}) {
		t.Fatalf("declared %v", got)
	}
	if got := declare(string(cleared)); len(got) != 0 {
		t.Fatalf("after --clear: %v", got)
	}
}

// TestDeclareMethodsRejects: what the chaincode would refuse is refused
// before it is submitted, with the method and the rule.
func TestDeclareMethodsRejects(t *testing.T) {
	dir := t.TempDir()
	var many []string
	for i := range 17 {
		many = append(many, "--method", "did:web:dmv.example#key-"+string(rune('a'+i)))
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "give --method (one or more), or --clear"},
		{[]string{"--clear", "--method", "did:web:a.example#k"}, "or --clear"},
		{[]string{"--method", "did:web:dmv.example"}, `"did:web:dmv.example" is not a DID URL`},
		{[]string{"--method", "https://dmv.example#k"}, "is not a DID URL"},
		{[]string{"--method", "did:key:zUC7#zUC7"}, "is a did:key"},
		{[]string{"--method", "did:web:a.example#" + strings.Repeat("k", 600)}, "over the limit of 512"},
		{[]string{"--method", "did:web:a.example#k", "--method", "did:web:a.example#k"}, `"did:web:a.example#k" is given twice`},
		{many, "17 methods, at most 16"},
		{[]string{"--method", "did:web:a.example#k", "extra"}, `unexpected argument "extra"`},
	} {
		check(t, runBBS(t, dir, "", append([]string{"declare-methods"}, c.args...)...), exitBadInput, c.want)
	}
}

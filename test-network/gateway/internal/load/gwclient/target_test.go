// SPDX-License-Identifier: Apache-2.0

package gwclient

import (
	"flag"
	"io"
	"strings"
	"testing"
)

func TestTargetResolve(t *testing.T) {
	tests := []struct {
		name          string
		peer2Optional bool
		args          []string
		peers         int
		schemes       string
		err           string // substring; "" means no error
	}{
		{"defaults", false, nil, 2, strings.Join(AllSchemes, ","), ""},
		{"listed schemes", false, []string{"-schemes", " bbs+2020,,bbs-bls12381-sha256 "}, 2, "bbs+2020,bbs-bls12381-sha256", ""},
		{"org1 only", true, []string{"-peer2", ""}, 1, strings.Join(AllSchemes, ","), ""},
		{"peer2 required", false, []string{"-peer2", ""}, 0, "", "-peer2"},
		{"remote peer", true, []string{"-peer1", "10.0.0.1:7051"}, 0, "", "only 127.0.0.1"},
		{"no users", false, []string{"-users", " , "}, 0, "", "-users: none"},
		{"unknown scheme", false, []string{"-schemes", "rsa"}, 0, "", `unknown scheme "rsa"`},
		{"no scheme", false, []string{"-schemes", ","}, 0, "", "-schemes: none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tg Target
			fs := flag.NewFlagSet("t", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			tg.Register(fs, "users", tt.peer2Optional)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			err := tg.Resolve()
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Resolve() = %v, want an error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Resolve() = %v", err)
			}
			if len(tg.Peers) != tt.peers || strings.Join(tg.Schemes, ",") != tt.schemes || len(tg.Users) != 2 ||
				tg.Channel != "mychannel" || tg.Chaincode != "bbs" {
				t.Errorf("resolved %+v", tg)
			}
		})
	}
}

func TestResolveBeforeRegister(t *testing.T) {
	var tg Target
	if err := tg.Resolve(); err == nil {
		t.Fatal("Resolve before Register: no error")
	}
}

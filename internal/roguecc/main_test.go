// SPDX-License-Identifier: Apache-2.0

package main

import "testing"

func TestPolicy(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"and:Org1MSP", "1 of Org1MSP.peer"},
		{"and:Org2MSP,Org1MSP", "2 of Org1MSP.peer, Org2MSP.peer"},
		{"or:Org2MSP,Org1MSP", "1 of Org1MSP.peer, Org2MSP.peer"},
		{"nobody", "1 of NobodyMSP.peer"},
	} {
		spec, want := c.spec, c.want
		vp, err := policy(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if got := describe(vp); got != want {
			t.Errorf("%s: %q, want %q", spec, got, want)
		}
	}
	for _, bad := range []string{"", "and:", "xor:Org1MSP", "Org1MSP"} {
		if _, err := policy(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

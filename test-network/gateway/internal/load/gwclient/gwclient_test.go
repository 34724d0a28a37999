// SPDX-License-Identifier: Apache-2.0

package gwclient

import "testing"

func TestCheckLoopback(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:7051": true, "localhost:7051": false, "10.0.0.1:7051": false,
		"peer0.org1.example.com:7051": true, "peer0.org2.example.com:9051": true,
		"peer1.org1.example.com:7051": false, "peer0.org3.example.com:7051": false,
		"peer0.org1.example.com.evil.test:7051": false, "PEER0.ORG1.EXAMPLE.COM:7051": false,
		"peer0.org1.example.com": false, "127.0.0.1": false, "[::1]:7051": false,
	} {
		if err := CheckLoopback(addr); (err == nil) != ok {
			t.Errorf("CheckLoopback(%q) = %v, want ok %v", addr, err, ok)
		}
	}
}

func TestDialRefusesRemote(t *testing.T) {
	if _, err := Dial(t.TempDir(), Peer{Org: 1, Address: "10.0.0.1:7051"}, "User1", "mychannel", "bbs"); err == nil {
		t.Error("Dial accepted a peer that is not on 127.0.0.1")
	}
}

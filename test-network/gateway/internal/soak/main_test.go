// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestParseFaults(t *testing.T) {
	tests := []struct {
		in   string
		want string // fmt of the faults, or "error"
	}{
		{"", "[]"},
		{"none", "[]"},
		{"cc-kill@0.15,peer-restart:2@0.35,orderer-restart@0.55,cc-kill@0.8",
			"[{cc-kill  0.15} {peer-restart 2 0.35} {orderer-restart  0.55} {cc-kill  0.8}]"},
		{" cc-kill@0 ", "[{cc-kill  0}]"},
		{"cc-kill", "error"},
		{"cc-kill@1", "error"},
		{"cc-kill@-0.1", "error"},
		{"cc-kill@NaN", "error"},
		{"cc-kill@x", "error"},
		{"cc-kill:1@0.1", "error"},
		{"peer-restart@0.1", "error"},
		{"peer-restart:3@0.1", "error"},
		{"reboot@0.1", "error"},
		{"peer-kill:1@0.2,orderer-kill@0.6", "[{peer-kill 1 0.2} {orderer-kill  0.6}]"},
		{"peer-kill@0.2", "error"},
		{"orderer-kill:1@0.2", "error"},
		{"bft-leader-stop@0.25,bft-leader-kill@0.55", "[{bft-leader-stop  0.25} {bft-leader-kill  0.55}]"},
		{"bft-leader-kill:2@0.5", "error"},
		{"cc-kill@0.5,cc-kill@0.4", "error"},
		{"cc-kill@0.5,,cc-kill@0.6", "error"},
		{"net:latency@0.1,net:latency:200:80@0.2,net:peer-partition-2@0.3,net:orderer-partition-leader@0.4,net:bandwidth:32@0.5,net:reset@0.6",
			"[{net latency 0.1} {net latency:200:80 0.2} {net peer-partition-2 0.3} {net orderer-partition-leader 0.4} {net bandwidth:32 0.5} {net reset 0.6}]"},
		{"net@0.1", "error"},
		{"cc-upgrade@0.5", "[{cc-upgrade  0.5}]"},
		{"cc-upgrade:2@0.5", "error"},
		{"disk-full:2@0.5", "[{disk-full 2 0.5}]"},
		{"disk-full@0.5", "error"},
		{"net:latency:x@0.1", "error"},
		{"net:peer-partition-3@0.1", "error"},
		{"net:orderer-partition-5@0.1", "error"},
		{"net:flood@0.1", "error"},
	}
	for _, tt := range tests {
		f, err := parseFaults(tt.in)
		got := fmt.Sprint(f)
		if err != nil {
			got = "error"
		} else if f == nil {
			got = "[]"
		}
		if got != tt.want {
			t.Errorf("parseFaults(%q) = %s (%v), want %s", tt.in, got, err, tt.want)
		}
	}
}

const hashA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"

func soakLine(class, group string) string {
	return fmt.Sprintf(`{"tx":"SubmitProof","args":["{}"],"proofs":1,"class":%q,"group":%q,"keySha256":%q,"nonceSha256":%q}`, class, group, hashA, hashA)
}

func TestReadLines(t *testing.T) {
	tests := []struct {
		name, in string
		n        int // lines read; -1: error
	}{
		{"two and a blank", soakLine("valid", "g1") + "\n\n" + soakLine("tampered", "g2") + "\n", 2},
		{"malformed without hashes", `{"tx":"SubmitProof","args":["x"],"class":"malformed","group":"g"}`, 1},
		{"valid without hashes", `{"tx":"SubmitProof","args":["x"],"class":"valid","group":"g"}`, -1},
		{"unknown class", soakLine("replay", "g"), -1},
		{"no group", soakLine("valid", ""), -1},
		{"other transaction", `{"tx":"SubmitProofs","args":["[]"],"class":"valid","group":"g"}`, -1},
		{"two arguments", `{"tx":"SubmitProof","args":["a","b"],"class":"tampered","group":"g"}`, -1},
		{"not JSON", "{", -1},
	}
	for _, tt := range tests {
		ls, err := readLines(strings.NewReader(tt.in))
		if (err != nil) != (tt.n < 0) || (err == nil && len(ls) != tt.n) {
			t.Errorf("%s: %d lines, %v; want %d", tt.name, len(ls), err, tt.n)
		}
	}
}

// makeLines are n lines of one scheme with loadgen's class cycle.
func makeLines(scheme string, n int) []line {
	classes := []string{"valid", "valid", "valid", "valid", "valid", "valid", "valid", "valid", "valid", "valid",
		"valid", "valid", "valid", "valid", "valid", "tampered", "malformed", "misbound"}
	out := make([]line, n)
	for i := range out {
		out[i].Name, out[i].Args = "SubmitProof", []string{fmt.Sprintf("%s-%d", scheme, i)}
		out[i].Class, out[i].Group = classes[i%len(classes)], fmt.Sprintf("%s/%d", scheme, i)
		out[i].KeySHA256, out[i].NonceSHA256 = scheme, fmt.Sprint(i)
	}
	return out
}

func TestMakePlan(t *testing.T) {
	p := makePlan([][]line{makeLines("a", 360), makeLines("b", 360), makeLines("c", 360)}, 3, 50)
	if len(p.reqs) != 1080 || len(p.resubmits) != 3 {
		t.Fatalf("%d requests, %d probes", len(p.reqs), len(p.resubmits))
	}
	if p.reqs[0].Group != "a/0" || p.reqs[1].Group != "b/0" || p.reqs[2].Group != "c/0" || p.reqs[3].Group != "a/1" {
		t.Errorf("schemes not interleaved: %s %s %s %s", p.reqs[0].Group, p.reqs[1].Group, p.reqs[2].Group, p.reqs[3].Group)
	}
	count := map[string]int{}
	originals := map[int]int{}
	concurrent := 0
	for i, it := range p.items {
		class := p.reqs[it.req].Class
		if it.kind == "replay" {
			class = "replay"
			if class := p.reqs[it.req].Class; class != "valid" {
				t.Errorf("item %d replays a %s request", i, class)
			}
			if it.concurrent {
				concurrent++
				if prev := p.items[i-1]; prev.req != it.req && !(prev.kind == "replay" && prev.concurrent) {
					t.Errorf("concurrent replay %d does not follow its original", i)
				}
			}
		} else {
			originals[it.req]++
		}
		count[class]++
	}
	total := len(p.items)
	for _, r := range p.resubmits {
		if originals[r] != 0 || p.reqs[r].Class != "valid" {
			t.Errorf("probe request %d is also in the load (or not valid)", r)
		}
	}
	for r, n := range originals {
		if n != 1 {
			t.Errorf("request %d sent %d times as original", r, n)
		}
	}
	pct := func(c string) float64 { return 100 * float64(count[c]) / float64(total) }
	if p := pct("replay"); p < 9.5 || p > 10.5 {
		t.Errorf("replays %.1f%% of %d, want 10%%", p, total)
	}
	for _, c := range []string{"tampered", "malformed", "misbound"} {
		if p := pct(c); p < 4.5 || p > 5.5 {
			t.Errorf("%s %.1f%%, want 5%%", c, p)
		}
	}
	if concurrent == 0 || concurrent == count["replay"] {
		t.Errorf("%d of %d replays concurrent, want some and not all", concurrent, count["replay"])
	}
	txs := p.txs()
	if len(txs) != total || txs[0].Name != "SubmitProof" || txs[0].Args[0] != p.args[p.items[0].req] {
		t.Errorf("txs = %d, first %+v", len(txs), txs[0])
	}
}

func TestRelaunched(t *testing.T) {
	tests := []struct {
		before, after string
		want          bool
	}{
		{"1 10\n2 20", "1 11\n2 21", true},
		{"1 10\n2 20", "2 21\n1 11", true},
		{"1 10\n2 20", "1 10\n2 21", false}, // org 1's process was not killed
		{"1 10\n2 20", "2 21", false},       // org 1 not relaunched yet
		{"1 10\n2 20", "", false},
		{"", "1 11", false}, // nothing was running
		{"ccaas 5", "ccaas 6", true},
		{"ccaas 5", "ccaas 5", false},
	}
	for _, tt := range tests {
		if got := relaunched(tt.before, tt.after); got != tt.want {
			t.Errorf("relaunched(%q, %q) = %v, want %v", tt.before, tt.after, got, tt.want)
		}
	}
}

func TestParseFlags(t *testing.T) {
	base := []string{"-org-dir", "o", "-data", "d"}
	for _, tt := range []struct {
		args []string
		ok   bool
	}{
		{append(base, "-network", "n.sh"), true},
		{append(base, "-faults", "none"), true},
		{base, false}, // faults need -network
		{append(base, "-faults", "none", "-peer1", "10.1.1.1:7051"), false},
		{append(base, "-faults", "none", "-schemes", "bbs"), false},
		{append(base, "-faults", "none", "-inflight", "0"), false},
		{[]string{"-data", "d", "-faults", "none"}, false},
	} {
		o, code := parseFlags(tt.args, io.Discard)
		if (o != nil) != tt.ok || (!tt.ok && code != 2) {
			t.Errorf("parseFlags(%q) = %v, %d; want ok %v", tt.args, o != nil, code, tt.ok)
		}
	}
}

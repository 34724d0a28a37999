// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"bytes"
	"testing"
)

// FuzzParseFaults: parseFaults never panics, and every plan it accepts has
// known kinds, fractions in [0, 1) that do not decrease, and an org for
// peer-restart and peer-kill only.
func FuzzParseFaults(f *testing.F) {
	f.Add("cc-kill@0.15,peer-restart:2@0.35,orderer-restart@0.55,cc-kill@0.8")
	f.Add("none")
	f.Add("peer-restart:1@0.9999")
	f.Add("cc-kill@1e-3,")
	f.Fuzz(func(t *testing.T, s string) {
		faults, err := parseFaults(s)
		if err != nil {
			return
		}
		prev := 0.0
		for _, fl := range faults {
			takesArg, known := faultKinds[fl.Kind]
			if !known || !(fl.At >= 0 && fl.At < 1) || fl.At < prev || takesArg != (fl.Arg != "") {
				t.Fatalf("accepted %q as %+v", s, faults)
			}
			prev = fl.At
		}
	})
}

// FuzzReadLines: readLines never panics, and every line it accepts is a
// one-argument SubmitProof of a known class with a group, with both hashes
// when it may be recorded, or a one-argument SubmitProofs of class batch
// with its key hash and 1 to 64 nonce hashes of 64 digits.
func FuzzReadLines(f *testing.F) {
	f.Add([]byte(soakLine("valid", "g") + "\n\n" + soakLine("misbound", "h")))
	f.Add([]byte(`{"tx":"SubmitProof","args":["x"],"class":"malformed","group":"g"}`))
	f.Add([]byte("{}\n"))
	f.Add([]byte(batchLine("b", 2)))
	f.Add([]byte(soakLine("old-key", "o") + "\n" + soakLine("new-key", "n")))
	f.Fuzz(func(t *testing.T, data []byte) {
		ls, err := readLines(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, l := range ls {
			mayRecord, known := lineClasses[l.Class]
			batch := l.Class == "batch"
			ok := known && l.Group != "" && len(l.Args) == 1
			if batch {
				ok = ok && l.Name == "SubmitProofs" && len(l.KeySHA256) == 64 && len(l.BatchNonceSHA256s) >= 1 && len(l.BatchNonceSHA256s) <= 64
				for _, h := range l.BatchNonceSHA256s {
					ok = ok && len(h) == 64
				}
			} else {
				ok = ok && l.Name == "SubmitProof" && (!mayRecord || (len(l.KeySHA256) == 64 && len(l.NonceSHA256) == 64))
			}
			if !ok {
				t.Fatalf("accepted %+v", l)
			}
		}
	})
}

// FuzzParseMem: parseVmRSS and parsePIDs never panic; an RSS read is never
// negative, a PID always positive.
func FuzzParseMem(f *testing.F) {
	f.Add("Name:\tpeer\nVmRSS:\t  123456 kB\n")
	f.Add("orderer 10\npeer0.org1 20\nchaincode.peer0.org1 30\n")
	f.Add("VmRSS: 99999999999999999999 kB")
	f.Fuzz(func(t *testing.T, s string) {
		if n, err := parseVmRSS(s); err == nil && n < 0 {
			t.Fatalf("parseVmRSS(%q) = %d", s, n)
		}
		for name, pids := range parsePIDs(s) {
			for _, pid := range pids {
				if pid <= 0 || name == "" {
					t.Fatalf("parsePIDs(%q): %q %d", s, name, pid)
				}
			}
		}
	})
}

// SPDX-License-Identifier: Apache-2.0

package load

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func TestStatCPUTicks(t *testing.T) {
	// Fields 14 and 15 are utime and stime; the command name may hold
	// spaces and parentheses.
	line := "4242 (peer (x) node) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 567 0 0 20 0 12 0 100 0 0"
	got, err := statCPUTicks([]byte(line))
	if err != nil || got != 1234+567 {
		t.Fatalf("statCPUTicks = %d, %v; want %d", got, err, 1234+567)
	}
	for _, bad := range []string{"", "4242 peer S 1", "4242 (peer) S 1 2 3", "4242 (peer) S 1 4242 4242 0 -1 4194560 100 0 0 0 x 567 0"} {
		if _, err := statCPUTicks([]byte(bad)); err == nil {
			t.Errorf("statCPUTicks(%q) accepted", bad)
		}
	}
}

// TestProcessCPU: only the processes whose executable is under the prefix
// count; entries that are not processes, or whose exe cannot be read, are
// skipped.
func TestProcessCPU(t *testing.T) {
	proc := t.TempDir()
	net := filepath.Join(t.TempDir(), "test-network") + "/"
	stat := func(utime, stime int) string {
		return "1 (x) S 1 1 1 0 -1 0 0 0 0 0 " + strconv.Itoa(utime) + " " + strconv.Itoa(stime) + " 0 0 20 0 1 0 1 0 0"
	}
	add := func(pid, exe, statLine string) {
		dir := filepath.Join(proc, pid)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if exe != "" {
			if err := os.Symlink(exe, filepath.Join(dir, "exe")); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, "stat"), []byte(statLine), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	add("10", net+".bin/peer", stat(300, 100))                      // 4 s
	add("11", net+".state/peers/p/ledger/chaincode", stat(150, 50)) // 2 s
	add("12", "/usr/bin/other", stat(9999, 9999))                   // not ours
	add("13", "", stat(9999, 9999))                                 // no exe link
	add("self", net+".bin/peer", stat(9999, 9999))                  // not a pid
	got, byRole, err := processCPU(proc, net)
	if err != nil || got != 6*time.Second {
		t.Fatalf("processCPU = %v, %v; want 6s", got, err)
	}
	if want := map[string]time.Duration{"peer": 4 * time.Second, "chaincode": 2 * time.Second}; !maps.Equal(byRole, want) {
		t.Errorf("processCPU by role = %v, want %v", byRole, want)
	}
	add("14", net+".bin/orderer", "garbage")
	if _, _, err := processCPU(proc, net); err == nil {
		t.Error("a malformed stat of one of ours was accepted")
	}
	if _, _, err := processCPU(filepath.Join(proc, "missing"), net); err == nil {
		t.Error("a missing proc dir was accepted")
	}
}

// TestCPUSplit: the per-role CPU of a run per committed transaction, in
// a fixed order, and per verified proof for batches.
func TestCPUSplit(t *testing.T) {
	before := map[string]time.Duration{"peer": time.Second, "chaincode": time.Second}
	after := map[string]time.Duration{"peer": 3 * time.Second, "chaincode": 5 * time.Second,
		"orderer": 500 * time.Millisecond, "bbs-load": 100 * time.Millisecond, "zz": 10 * time.Millisecond}
	split := cpuSplit(before, after, 100)
	if want := map[string]float64{"peer": 20, "chaincode": 40, "orderer": 5, "bbs-load": 1, "zz": 0.1}; !maps.Equal(split, want) {
		t.Fatalf("cpuSplit = %v, want %v", split, want)
	}
	if cpuSplit(before, after, 0) != nil {
		t.Error("a split with nothing committed")
	}
	if got, want := formatSplit(split), "peer 20.00, chaincode 40.00, orderer 5.00, bbs-load 1.00, zz 0.10"; got != want {
		t.Errorf("formatSplit = %q, want %q", got, want)
	}
	var out bytes.Buffer
	batch := runReport{NetworkCPUMsPerTx: 66.1, NetworkCPUMsPerTxBy: split}
	batch.Scheme, batch.Mode, batch.Committed, batch.VerifiedProofs, batch.TxPerSecond = "bbs+2020", "batch", 100, 3200, 15
	light := runReport{NetworkCPUMsPerTx: 13, NetworkCPUMsPerTxBy: map[string]float64{"peer": 13}}
	light.Scheme, light.Mode, light.Committed = "bbs+2020", "light", 10
	writeCPUSplits(&out, []runReport{light, {NetworkCPUMsPerTx: 1}, batch}, 2)
	want := "bbs+2020 light: network CPU ms per committed tx 13.00 (peer 13.00)\n" +
		"bbs+2020 batch: network CPU ms per committed tx 66.10 = 2.07 ms per verified proof (peer 20.00, chaincode 40.00, orderer 5.00, bbs-load 1.00, zz 0.10); the network busy 50% of 2 cores\n"
	if out.String() != want {
		t.Errorf("writeCPUSplits:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestCPUMsPerTx(t *testing.T) {
	if got := cpuMsPerTx(7050*time.Millisecond, 1000); got != 7.05 {
		t.Errorf("cpuMsPerTx = %v, want 7.05", got)
	}
	if got := cpuMsPerTx(time.Second, 0); got != 0 {
		t.Errorf("cpuMsPerTx with nothing committed = %v, want 0", got)
	}
}

func TestWriteCPURatios(t *testing.T) {
	run := func(scheme, mode string, cpu float64) runReport {
		r := runReport{NetworkCPUMsPerTx: cpu}
		r.Scheme, r.Mode, r.Committed = scheme, mode, 1000
		return r
	}
	var out bytes.Buffer
	writeCPURatios(&out, []runReport{
		run("bbs+2020", "light", 7.05), run("bbs+2020", "single", 10.68), run("bbs+2020", "batch", 70),
		run("bbs-bls12381-sha256", "light", 7), run("bbs-bls12381-sha256", "single", 0), // not measured
	})
	want := "bbs+2020:  network CPU per committed tx: light write 7.05 ms, SubmitProof 10.68 ms: (b)/(a) on otherwise idle cores = 66%\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

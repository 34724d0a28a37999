// SPDX-License-Identifier: Apache-2.0

package load

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestRoundsSummary(t *testing.T) {
	run := func(scheme, mode string, tx, proofs float64) runReport {
		committed := 1000
		if tx == 0 {
			committed = 0
		}
		return runReport{Summary: engine.Summary{Scheme: scheme, Mode: mode, Committed: committed, TxPerSecond: tx, ProofsPerSec: proofs}}
	}
	reps := []report{
		{Runs: []runReport{run("bbs+2020", "light", 300, 0), run("bbs+2020", "single", 200, 200),
			run("bbs+2020", "batch", 30, 960), run("bbs-bls12381-sha256", "light", 400, 0), run("bbs-bls12381-sha256", "single", 0, 0)}},
		{Runs: []runReport{run("bbs+2020", "light", 250, 0), run("bbs+2020", "single", 225, 225),
			run("bbs-bls12381-sha256", "light", 410, 0), run("bbs-bls12381-sha256", "single", 205, 205)}},
		{Runs: []runReport{run("bbs+2020", "light", 320, 0), run("bbs+2020", "single", 160, 160),
			{Summary: engine.Summary{Scheme: "bbs+2020", Mode: "batch", NA: "contract has no SubmitProofs"}}}},
	}
	dir := t.TempDir()
	var paths []string
	for i, r := range reps {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "report-r"+string(rune('1'+i))+".json")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	var out, errOut bytes.Buffer
	if code := summarize(paths, &out, &errOut); code != 0 {
		t.Fatalf("summarize: %d, %s", code, errOut.String())
	}
	// Compare with runs of spaces collapsed: the columns are for people.
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	got := squeeze(out.String())
	for _, want := range []string{
		"3 rounds",
		"bbs+2020               light   300.0 (300.0, 250.0, 320.0)",
		"bbs+2020               single  200.0 (200.0, 225.0, 160.0)  200.0 (200.0, 225.0, 160.0)",
		"bbs+2020               batch   30.0 (30.0)                   960.0 (960.0)",
		"bbs-bls12381-sha256    single  205.0 (205.0)",
		// 200/300, 225/250, 160/320: 67%, 90%, 50%.
		"bbs+2020: SubmitProof tx/s / light write tx/s, same round: median 67% (67%, 90%, 50%)",
		// Round 1's SubmitProof committed nothing: only round 2 pairs.
		"bbs-bls12381-sha256: SubmitProof tx/s / light write tx/s, same round: median 50% (50%)",
	} {
		if !strings.Contains(got, squeeze(want)) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
	if code := summarize([]string{filepath.Join(dir, "missing.json")}, &out, &errOut); code != 1 {
		t.Errorf("missing report: exit %d, want 1", code)
	}
}

// TestRoundsSummaryCPU: with -cpu-prefix figures, the summary adds per
// scheme the light write's network CPU per transaction over SubmitProof's,
// per round (rounds without both are left out) and its median.
func TestRoundsSummaryCPU(t *testing.T) {
	run := func(mode string, tx, cpu float64) runReport {
		r := runReport{NetworkCPUMsPerTx: cpu}
		r.Scheme, r.Mode, r.Committed, r.TxPerSecond = "bbs+2020", mode, 1000, tx
		return r
	}
	reps := []report{
		{Runs: []runReport{run("light", 300, 7), run("single", 200, 10)}},
		{Runs: []runReport{run("light", 250, 8), run("single", 225, 10)}},
		{Runs: []runReport{run("light", 320, 0), run("single", 160, 11)}},
		{Runs: []runReport{run("light", 300, 6), run("single", 150, 10)}},
	}
	var out bytes.Buffer
	writeRoundsSummary(&out, reps)
	want := "bbs+2020: light write / SubmitProof network CPU per tx, same round (the tx/s ratio on otherwise idle cores): median 70% (70%, 80%, 60%)"
	if !strings.Contains(out.String(), want) {
		t.Errorf("summary lacks %q:\n%s", want, out.String())
	}
}

// TestRoundsSummaryCPUMedians: per scheme and mode, the network CPU per
// committed transaction of each round and its median, per verified proof
// for batches, and each role's median over the rounds that had it.
func TestRoundsSummaryCPUMedians(t *testing.T) {
	run := func(mode string, cpu float64, proofs int, by map[string]float64) runReport {
		r := runReport{NetworkCPUMsPerTx: cpu, NetworkCPUMsPerTxBy: by}
		r.Scheme, r.Mode, r.Committed, r.VerifiedProofs, r.TxPerSecond = "bbs+2020", mode, 100, proofs, 10
		return r
	}
	roles := func(peer, cc float64) map[string]float64 { return map[string]float64{"peer": peer, "chaincode": cc} }
	reps := []report{
		{Runs: []runReport{run("light", 10, 0, roles(6, 1)), run("batch", 64, 3200, roles(20, 40))}},
		{Runs: []runReport{run("light", 12, 0, roles(7, 2)), run("batch", 96, 3200, roles(30, 60))}},
		{Runs: []runReport{run("light", 0, 0, nil), run("batch", 80, 3200, roles(25, 50))}},
	}
	var out bytes.Buffer
	writeRoundsSummary(&out, reps)
	for _, want := range []string{
		"network CPU ms per committed tx: median (each round); by role, medians\n",
		// The third round measured no CPU for the light write.
		"bbs+2020 light: 11.00 (10.00, 12.00); peer 6.50, chaincode 1.50\n",
		"bbs+2020 batch: 80.00 (64.00, 96.00, 80.00) = 2.50 (2.00, 3.00, 2.50) per verified proof; peer 25.00, chaincode 50.00\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
}

// SPDX-License-Identifier: Apache-2.0

package load

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// Rounds: bench-network.sh with BENCH_ROUNDS=N runs bbs-load N times on one
// network, each round with its own loadgen data, so the light write (a) and
// SubmitProof (b) alternate: a b (c) a b a b ... per scheme. On a shared or
// noisy machine one run moves by ±30%; the summary gives every round's
// figures and their medians, and (b)/(a) per round (from runs a few seconds
// apart) with its median.
//
//	bbs-load -summarize report-r1.json,report-r2.json,report-r3.json

// readReports reads bbs-load JSON reports, one per round, in order.
func readReports(paths []string) ([]report, error) {
	out := make([]report, 0, len(paths))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		var r report
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// median of xs (the mean of the middle two for an even count); xs must not
// be empty.
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// roundKey is a scheme and a mode.
type roundKey struct{ scheme, mode string }

// roundFigures is one scheme and mode over the rounds that ran it.
type roundFigures struct {
	txPerSec, proofsPerSec []float64
	// cpu is the network CPU ms per committed transaction of each round
	// that measured it, perProof per verified proof (batches), byRole each
	// role's share of it.
	cpu, perProof []float64
	byRole        map[string][]float64
}

// writeRoundsSummary prints, per scheme and mode, each round's committed
// tx/s and verified proofs/s and their medians, then per scheme (b)/(a):
// SubmitProof's tx/s over the light write's of the same round, each round
// and the median. Runs that are n/a or committed nothing are left out.
func writeRoundsSummary(w io.Writer, reps []report) {
	type key = roundKey
	figs := map[key]*roundFigures{}
	var order []key
	ratios := map[string][]float64{}
	cpuRatios := map[string][]float64{} // light's CPU per tx over single's
	var schemes []string
	for _, rep := range reps {
		byMode := map[key]float64{}
		cpuByMode := map[key]float64{}
		for _, run := range rep.Runs {
			if run.NA == "" && run.Committed > 0 && run.NetworkCPUMsPerTx > 0 {
				cpuByMode[key{run.Scheme, run.Mode}] = run.NetworkCPUMsPerTx
			}
			if run.NA != "" || run.Committed == 0 {
				continue
			}
			k := key{run.Scheme, run.Mode}
			f := figs[k]
			if f == nil {
				f = &roundFigures{}
				figs[k] = f
				order = append(order, k)
			}
			f.txPerSec = append(f.txPerSec, run.TxPerSecond)
			f.proofsPerSec = append(f.proofsPerSec, run.ProofsPerSec)
			byMode[k] = run.TxPerSecond
			if run.NetworkCPUMsPerTx > 0 {
				f.cpu = append(f.cpu, run.NetworkCPUMsPerTx)
				if run.VerifiedProofs > run.Committed {
					f.perProof = append(f.perProof, run.NetworkCPUMsPerTx*float64(run.Committed)/float64(run.VerifiedProofs))
				}
				if f.byRole == nil {
					f.byRole = map[string][]float64{}
				}
				for role, v := range run.NetworkCPUMsPerTxBy {
					f.byRole[role] = append(f.byRole[role], v)
				}
			}
		}
		for _, k := range order {
			if k.mode != "light" {
				continue
			}
			light, single := byMode[k], byMode[key{k.scheme, "single"}]
			if light > 0 && single > 0 {
				if _, seen := ratios[k.scheme]; !seen {
					schemes = append(schemes, k.scheme)
				}
				ratios[k.scheme] = append(ratios[k.scheme], single/light)
			}
			lightCPU, singleCPU := cpuByMode[k], cpuByMode[key{k.scheme, "single"}]
			if lightCPU > 0 && singleCPU > 0 {
				cpuRatios[k.scheme] = append(cpuRatios[k.scheme], lightCPU/singleCPU)
			}
		}
	}
	list := func(xs []float64, format string) string {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = fmt.Sprintf(format, x)
		}
		return strings.Join(parts, ", ")
	}
	fmt.Fprintf(w, "%d rounds; median (each round)\n", len(reps))
	fmt.Fprintf(w, "%-22s %-7s %-30s %s\n", "scheme", "mode", "tx/s", "verified proofs/s")
	for _, k := range order {
		f := figs[k]
		tx := fmt.Sprintf("%.1f (%s)", median(f.txPerSec), list(f.txPerSec, "%.1f"))
		proofs := "-"
		if k.mode != "light" {
			proofs = fmt.Sprintf("%.1f (%s)", median(f.proofsPerSec), list(f.proofsPerSec, "%.1f"))
		}
		fmt.Fprintf(w, "%-22s %-7s %-30s %s\n", k.scheme, k.mode, tx, proofs)
	}
	writeCPUMedians(w, order, figs, list)
	for _, s := range schemes {
		pct := make([]float64, len(ratios[s]))
		for i, r := range ratios[s] {
			pct[i] = 100 * r
		}
		fmt.Fprintf(w, "%s: SubmitProof tx/s / light write tx/s, same round: median %.0f%% (%s)\n",
			s, median(pct), list(pct, "%.0f%%"))
		if c := cpuRatios[s]; len(c) > 0 {
			cpct := make([]float64, len(c))
			for i, r := range c {
				cpct[i] = 100 * r
			}
			fmt.Fprintf(w, "%s: light write / SubmitProof network CPU per tx, same round (the tx/s ratio on otherwise idle cores): median %.0f%% (%s)\n",
				s, median(cpct), list(cpct, "%.0f%%"))
		}
	}
}

// writeCPUMedians prints, per scheme and mode that measured it
// (-cpu-prefix), the network CPU ms per committed transaction of each
// round and its median, per verified proof for batches, and the median of
// each role's share (a role's median over the rounds that had it; the
// medians of the parts need not add up to the median of the whole).
func writeCPUMedians(w io.Writer, order []roundKey, figs map[roundKey]*roundFigures, list func([]float64, string) string) {
	header := false
	for _, k := range order {
		f := figs[k]
		if len(f.cpu) == 0 {
			continue
		}
		if !header {
			fmt.Fprintf(w, "network CPU ms per committed tx: median (each round); by role, medians\n")
			header = true
		}
		line := fmt.Sprintf("%s %s: %.2f (%s)", k.scheme, k.mode, median(f.cpu), list(f.cpu, "%.2f"))
		if len(f.perProof) > 0 {
			line += fmt.Sprintf(" = %.2f (%s) per verified proof", median(f.perProof), list(f.perProof, "%.2f"))
		}
		roles := make(map[string]float64, len(f.byRole))
		for role, xs := range f.byRole {
			roles[role] = median(xs)
		}
		if len(roles) > 0 {
			line += "; " + formatSplit(roles)
		}
		fmt.Fprintln(w, line)
	}
}

// summarize answers -summarize: the rounds summary of the given reports.
func summarize(paths []string, stdout, stderr io.Writer) int {
	reps, err := readReports(paths)
	if err != nil {
		fmt.Fprintf(stderr, "bbs-load: -summarize: %v\n", err)
		return 1
	}
	writeRoundsSummary(stdout, reps)
	return 0
}

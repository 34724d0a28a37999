// SPDX-License-Identifier: Apache-2.0

package load

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Network CPU per transaction. On a machine shared with other work the
// committed tx/s of a run moves with the other load, but the CPU time the
// network's own processes spend per committed transaction does much less;
// when the network is CPU-bound (both modes keep the cores busy), the
// quiet-machine ratio of SubmitProof's tx/s to the light write's is about
// the inverse ratio of their CPU per transaction. -cpu-prefix DIR sums the
// user and system CPU time of every process whose executable is under DIR
// (the test network's peers, orderer, chaincode processes and bbs-load
// itself, all under test-network/) before and after each run.

// clockTicks is USER_HZ, the unit of /proc/<pid>/stat's CPU times: 100 on
// every Linux architecture Go supports.
const clockTicks = 100

// processCPU returns the CPU time (user + system) of the processes whose
// executable path starts with prefix, read from procDir (/proc), in total
// and by role (roleOf).
func processCPU(procDir, prefix string) (time.Duration, map[string]time.Duration, error) {
	entries, err := os.ReadDir(procDir)
	if err != nil {
		return 0, nil, err
	}
	var ticks uint64
	byRole := map[string]time.Duration{}
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		exe, err := os.Readlink(filepath.Join(procDir, e.Name(), "exe"))
		if err != nil || !strings.HasPrefix(exe, prefix) {
			continue // gone, not ours, or not readable
		}
		b, err := os.ReadFile(filepath.Join(procDir, e.Name(), "stat"))
		if err != nil {
			continue // exited meanwhile
		}
		t, err := statCPUTicks(b)
		if err != nil {
			return 0, nil, fmt.Errorf("%s/%s/stat: %w", procDir, e.Name(), err)
		}
		ticks += t
		byRole[roleOf(exe)] += time.Duration(t) * time.Second / clockTicks
	}
	return time.Duration(ticks) * time.Second / clockTicks, byRole, nil
}

// roleOf names a network process by its executable: peer, orderer,
// chaincode (every chaincode process: the external builder's builds are
// named chaincode), bbs-load, or the executable's base name.
func roleOf(exe string) string {
	base := filepath.Base(exe)
	if strings.HasPrefix(base, "chaincode") || strings.HasPrefix(base, "bbs-chaincode") {
		return "chaincode"
	}
	return base
}

// cpuSplit is the network CPU per committed transaction by role, in ms
// (the CPU of each role during the run over the committed transactions).
func cpuSplit(before, after map[string]time.Duration, committed int) map[string]float64 {
	if committed == 0 {
		return nil
	}
	out := map[string]float64{}
	for role, a := range after {
		if d := a - before[role]; d > 0 {
			out[role] = cpuMsPerTx(d, committed)
		}
	}
	return out
}

// formatSplit writes a split in a fixed order: peer, chaincode, orderer,
// bbs-load, then any other role by name.
func formatSplit(split map[string]float64) string {
	known := []string{"peer", "chaincode", "orderer", "bbs-load"}
	var roles []string
	roles = append(roles, known...)
	var others []string
	for r := range split {
		if !slices.Contains(known, r) {
			others = append(others, r)
		}
	}
	slices.Sort(others)
	roles = append(roles, others...)
	var parts []string
	for _, r := range roles {
		if v, ok := split[r]; ok {
			parts = append(parts, fmt.Sprintf("%s %.2f", r, v))
		}
	}
	return strings.Join(parts, ", ")
}

// writeCPUSplits prints, per run, the network CPU per committed
// transaction by role (peers, chaincode processes, orderer, bbs-load), per
// proof for SubmitProofs, and how busy the network kept the machine's cpus
// cores (CPU per transaction × tx/s): well below 100%, the run's tx/s
// was bounded by something else than the network's CPU (other load on a
// shared machine, or a run too short to fill the pipeline).
func writeCPUSplits(w io.Writer, runs []runReport, cpus int) {
	for _, r := range runs {
		if r.NetworkCPUMsPerTx <= 0 || len(r.NetworkCPUMsPerTxBy) == 0 {
			continue
		}
		perProof := ""
		if r.Committed > 0 && r.VerifiedProofs > r.Committed {
			per := float64(r.VerifiedProofs) / float64(r.Committed)
			perProof = fmt.Sprintf(" = %.2f ms per verified proof", r.NetworkCPUMsPerTx/per)
		}
		busy := ""
		if cpus > 0 && r.TxPerSecond > 0 {
			busy = fmt.Sprintf("; the network busy %.0f%% of %d cores", r.NetworkCPUMsPerTx*r.TxPerSecond/10/float64(cpus), cpus)
		}
		fmt.Fprintf(w, "%s %s: network CPU ms per committed tx %.2f%s (%s)%s\n",
			r.Scheme, r.Mode, r.NetworkCPUMsPerTx, perProof, formatSplit(r.NetworkCPUMsPerTxBy), busy)
	}
}

// statCPUTicks returns utime + stime (fields 14 and 15) of a
// /proc/<pid>/stat line. The command name (field 2) is in parentheses and
// may hold spaces and parentheses, so fields are counted after the last ')'.
func statCPUTicks(stat []byte) (uint64, error) {
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, fmt.Errorf("no command name")
	}
	f := strings.Fields(s[i+1:]) // f[0] is field 3 (state)
	if len(f) < 13 {
		return 0, fmt.Errorf("%d fields after the command name, want at least 13", len(f))
	}
	var sum uint64
	for _, field := range f[11:13] { // fields 14 (utime) and 15 (stime)
		v, err := strconv.ParseUint(field, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("CPU time %q: %w", field, err)
		}
		sum += v
	}
	return sum, nil
}

// cpuMsPerTx is the network's CPU milliseconds per committed transaction.
func cpuMsPerTx(cpu time.Duration, committed int) float64 {
	if committed == 0 {
		return 0
	}
	return float64(cpu.Microseconds()) / 1000 / float64(committed)
}

// writeCPURatios prints, per scheme, the network CPU per committed
// transaction of (a) and (b) and what it predicts for (b)/(a) on a machine
// with nothing else running: (a)'s CPU per transaction over (b)'s.
func writeCPURatios(w io.Writer, runs []runReport) {
	type pair struct{ light, single float64 }
	byScheme := map[string]*pair{}
	var order []string
	for _, r := range runs {
		if r.NetworkCPUMsPerTx <= 0 || (r.Mode != "light" && r.Mode != "single") {
			continue
		}
		p := byScheme[r.Scheme]
		if p == nil {
			p = &pair{}
			byScheme[r.Scheme] = p
			order = append(order, r.Scheme)
		}
		if r.Mode == "light" {
			p.light = r.NetworkCPUMsPerTx
		} else {
			p.single = r.NetworkCPUMsPerTx
		}
	}
	for _, s := range order {
		p := byScheme[s]
		if p.light > 0 && p.single > 0 {
			fmt.Fprintf(w, "%s:  network CPU per committed tx: light write %.2f ms, SubmitProof %.2f ms: (b)/(a) on otherwise idle cores = %.0f%%\n",
				s, p.light, p.single, 100*p.light/p.single)
		}
	}
}

// SPDX-License-Identifier: Apache-2.0

package load

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

// report is the JSON report of one bbs-load invocation.
type report struct {
	Date         string      `json:"date"`
	CPUs         int         `json:"cpus"`
	LoadAvgStart string      `json:"loadAvgStart"`
	LoadAvgEnd   string      `json:"loadAvgEnd"`
	Config       reportCfg   `json:"config"`
	Runs         []runReport `json:"runs"`
}

type reportCfg struct {
	InFlight   int      `json:"inFlight"`
	Count      int      `json:"count"`
	DurationS  float64  `json:"durationS"`
	Clients    []string `json:"clients"`
	Channel    string   `json:"channel"`
	Chaincode  string   `json:"chaincode"`
	Backoff    string   `json:"backoff"`
	RetryLimit int      `json:"retriesPerStage"`
}

// runReport is one run's summary with the machine's load average around it
// (the machine may be shared).
type runReport struct {
	engine.Summary
	LoadAvgBefore string `json:"loadAvgBefore"`
	LoadAvgAfter  string `json:"loadAvgAfter,omitempty"`
	// NetworkCPUMsPerTx is the CPU time of the -cpu-prefix processes
	// during the run per committed transaction, in ms (0: not measured).
	NetworkCPUMsPerTx float64 `json:"networkCpuMsPerTx,omitempty"`
	// NetworkCPUMsPerTxBy splits it by role: peer (both peers), chaincode
	// (every chaincode process), orderer, bbs-load.
	NetworkCPUMsPerTxBy map[string]float64 `json:"networkCpuMsPerTxBy,omitempty"`
}

func newReport(o *options, clients []engine.Client) *report {
	r := &report{
		Date:         time.Now().UTC().Format(time.RFC3339),
		CPUs:         runtime.NumCPU(),
		LoadAvgStart: engine.LoadAvg(),
		Config: reportCfg{InFlight: o.inFlight, Count: o.count, DurationS: o.duration.Seconds(),
			Channel: o.Channel, Chaincode: o.Chaincode,
			Backoff:    fmt.Sprintf("%v doubling to %v, equal jitter", engine.DefaultBackoff.Base, engine.DefaultBackoff.Max),
			RetryLimit: engine.DefaultBackoff.Retries},
	}
	for _, c := range clients {
		r.Config.Clients = append(r.Config.Clients, c.Name())
	}
	return r
}

func (r *report) write(path string) error {
	if path == "" {
		return nil
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// writeRecords writes one JSON record per line.
func writeRecords(path string, recs []engine.Record) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	for i := range recs {
		if err := enc.Encode(&recs[i]); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeResults writes the answer of each committed record to
// dir/<index>.json (index from 000001).
func writeResults(dir string, recs []engine.Record) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, r := range recs {
		if r.Outcome != engine.Committed {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%06d.json", i+1)), r.Result, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// SPDX-License-Identifier: Apache-2.0

package load

import (
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/gwclient"
)

// options are bbs-load's flags.
type options struct {
	gwclient.Target
	data             string
	modes            []mode
	count, inFlight  int
	duration, drain  time.Duration
	timeout          time.Duration
	setup            bool
	probe            string
	jsonOut, records string
	results          string
	summarize        []string
	cpuPrefix        string
	rate             float64
}

func parseFlags(args []string, stderr io.Writer) (*options, int) {
	o := &options{}
	fs := flag.NewFlagSet("bbs-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o.Register(fs, "client `identities` of each org", true)
	fs.StringVar(&o.data, "data", "", "loadgen's output `dir` (required)")
	modeList := fs.String("modes", "light,single,batch", "`modes` to run, in order")
	fs.IntVar(&o.count, "count", 1000, "transactions per run (at most)")
	fs.IntVar(&o.inFlight, "inflight", 200, "transactions in flight (at most)")
	fs.Float64Var(&o.rate, "rate", 0, "per run: start at most `N` transactions per second (0: no limit); with -inflight 1, a pause between transactions that depend on each other, so that every endorser has committed the previous one")
	fs.DurationVar(&o.duration, "duration", 5*time.Minute, "per run: stop sending after this long")
	fs.DurationVar(&o.drain, "drain", 60*time.Second, "per run: time left to in-flight transactions after -duration")
	fs.DurationVar(&o.timeout, "timeout", 60*time.Second, "timeout of each gateway call")
	fs.BoolVar(&o.setup, "setup", true, "commit each scheme's setup.jsonl first (the bench issuer)")
	fs.StringVar(&o.jsonOut, "json", "", "write the JSON report to `file`")
	fs.StringVar(&o.probe, "probe", "", "only tell whether the contract has transaction `TX` (exit 0 yes, 3 no)")
	fs.StringVar(&o.cpuPrefix, "cpu-prefix", "", "per run, sum the CPU time of the processes whose executable path starts with `prefix` (the network's: peers, orderer, chaincode, bbs-load) and report it per committed transaction")
	fs.StringVar(&o.results, "results", "", "write the answer of every committed transaction to `dir`/<scheme>-<mode>/<index>.json (index from 000001, in input order)")
	fs.StringVar(&o.records, "records", "", "write every transaction's record to `dir`/<scheme>-<mode>.jsonl")
	summary := fs.String("summarize", "", "only print the rounds summary of bbs-load JSON `reports` (comma-separated, one per round)")
	if err := fs.Parse(args); err != nil {
		return nil, 2
	}
	usage := func(format string, a ...any) (*options, int) {
		fmt.Fprintf(stderr, "bbs-load: "+format+"\n", a...)
		return nil, 2
	}
	if fs.NArg() != 0 {
		return usage("unexpected argument %q", fs.Arg(0))
	}
	if *summary != "" {
		o.summarize = gwclient.SplitList(*summary)
		return o, 0
	}
	if o.OrgDir == "" || (o.data == "" && o.probe == "") {
		return usage("-org-dir and -data are required")
	}
	if o.count < 1 || o.inFlight < 1 || o.duration <= 0 || o.drain <= 0 || o.timeout <= 0 || o.rate < 0 {
		return usage("-count and -inflight must be >= 1, durations > 0, -rate >= 0")
	}
	if err := o.Resolve(); err != nil {
		return usage("%v", err)
	}
	for _, name := range gwclient.SplitList(*modeList) {
		m, ok := modeByName(name)
		if !ok {
			return usage("-modes: unknown mode %q (light, single, batch, or NAME=FILE)", name)
		}
		o.modes = append(o.modes, m)
	}
	if len(o.modes) == 0 {
		return usage("-modes: none")
	}
	return o, 0
}

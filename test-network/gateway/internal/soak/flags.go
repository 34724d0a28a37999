// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/gwclient"
)

// options are bbs-soak's flags.
type options struct {
	gwclient.Target
	data               string
	inFlight           int
	rate               float64
	fill               bool // -rate fill: rate = transactions / -duration
	tx                 int
	memInterval        time.Duration
	memFactor          float64
	memSlackMiB        int64
	memBlockCacheMiB   int64
	plotOut            string
	duration, drain    time.Duration
	timeout, down      time.Duration
	netHold            time.Duration
	faults             []fault
	network            string
	resubmits, lateGap int
	vanish             int
	sample             int
	jsonOut            string
	args               []string
}

func parseFlags(args []string, stderr io.Writer) (*options, int) {
	o := &options{args: args}
	fs := flag.NewFlagSet("bbs-soak", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o.Register(fs, "client `identities` of each org (clients = 2 x users)", false)
	fs.StringVar(&o.data, "data", "", "loadgen's output `dir` with soak.jsonl per scheme (required)")
	fs.IntVar(&o.inFlight, "inflight", 40, "transactions in flight (at most)")
	rate := fs.String("rate", "25", "transactions started per `second` at most (0: no limit; fill: the load's transactions spread over -duration), so that the load spans the faults")
	fs.IntVar(&o.tx, "tx", 0, "send at most this many of the load's transactions (0: all); the load ends at -tx or -duration, whichever comes first")
	fs.DurationVar(&o.duration, "duration", 10*time.Minute, "stop sending after this long")
	fs.DurationVar(&o.memInterval, "mem-interval", 5*time.Second, "sample the memory (RSS) of every node and chaincode process this often (0: not; needs -network)")
	fs.Float64Var(&o.memFactor, "mem-factor", 2, "memory bound: a process ends at most mem-factor x its RSS 30 s after it started + mem-slack-mib")
	fs.Int64Var(&o.memSlackMiB, "mem-slack-mib", 64, "memory bound's slack in `MiB` (see -mem-factor)")
	fs.Int64Var(&o.memBlockCacheMiB, "mem-block-cache-mib", 0, "the block cache of a Fabric v3 orderer or peer, in `MiB` (50 from Fabric v3.0 on; 0: none, v2.5): its bound is mem-factor x (its RSS 30 s after it started + this) + mem-slack-mib")
	fs.StringVar(&o.plotOut, "plot", "", "write the SVG plot (throughput, latency, faults) to `file` (default: next to -json, .svg)")
	fs.DurationVar(&o.drain, "drain", 90*time.Second, "time left to in-flight transactions after -duration")
	fs.DurationVar(&o.timeout, "timeout", 30*time.Second, "timeout of each gateway call")
	fs.DurationVar(&o.down, "down", 5*time.Second, "how long a stopped peer or orderer stays down")
	fs.DurationVar(&o.netHold, "net-hold", 20*time.Second, "how long a network fault (net:SCENARIO, Toxiproxy) lasts before it heals")
	faults := fs.String("faults", "cc-kill@0.15,peer-restart:2@0.35,orderer-restart@0.55,cc-kill@0.8",
		"fault `plan`: KIND[:ARG]@FRACTION,... (cc-kill, peer-restart:1|2, orderer-restart, peer-kill:1|2 and orderer-kill: SIGKILL; net:SCENARIO: a Toxiproxy fault, network.sh net-fault; cc-upgrade: a new package committed as the next sequence; disk-full:1|2: that peer's file system filled, then freed; none)")
	fs.StringVar(&o.network, "network", "", "`path` of network.sh (required with faults)")
	fs.IntVar(&o.resubmits, "resubmits", 3, "same-signed-transaction resubmissions (probes)")
	fs.IntVar(&o.vanish, "vanish", 0, "vanishing clients: submit, close the connection before the status, resubmit the same signed bytes from a new one")
	fs.IntVar(&o.lateGap, "late-gap", 200, "a late replay follows its original by this many transactions")
	fs.IntVar(&o.sample, "sample", 20, "requests cross-checked with GetVerification on each peer")
	fs.StringVar(&o.jsonOut, "json", "", "write the JSON report to `file`")
	if err := fs.Parse(args); err != nil {
		return nil, 2
	}
	usage := func(format string, a ...any) (*options, int) {
		fmt.Fprintf(stderr, "bbs-soak: "+format+"\n", a...)
		return nil, 2
	}
	if fs.NArg() != 0 {
		return usage("unexpected argument %q", fs.Arg(0))
	}
	if o.OrgDir == "" || o.data == "" {
		return usage("-org-dir and -data are required")
	}
	if *rate == "fill" {
		o.fill = true
	} else if r, err := strconv.ParseFloat(*rate, 64); err == nil {
		o.rate = r
	} else {
		return usage("-rate: a number of transactions per second, or fill")
	}
	if o.tx < 0 || o.vanish < 0 || o.memInterval < 0 || !(o.memFactor >= 1) || o.memSlackMiB < 0 || o.memBlockCacheMiB < 0 {
		return usage("-tx and -mem-interval must be >= 0, -mem-factor >= 1, -mem-slack-mib and -mem-block-cache-mib >= 0")
	}
	if o.plotOut == "" && o.jsonOut != "" {
		o.plotOut = strings.TrimSuffix(o.jsonOut, ".json") + ".svg"
	}
	if o.inFlight < 1 || !(o.rate >= 0) || o.duration <= 0 || o.drain <= 0 || o.timeout <= 0 || o.down < 0 || o.netHold < 0 ||
		o.resubmits < 0 || o.lateGap < 1 || o.sample < 0 {
		return usage("-inflight and -late-gap must be >= 1, durations > 0, counts >= 0")
	}
	if err := o.Resolve(); err != nil {
		return usage("%v", err)
	}
	var err error
	if o.faults, err = parseFaults(*faults); err != nil {
		return usage("-faults: %v", err)
	}
	if len(o.faults) > 0 && o.network == "" {
		return usage("-faults needs -network (the path of network.sh)")
	}
	return o, 0
}

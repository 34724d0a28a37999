package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/load/gwclient"
)

// allSchemes are the schemes "-schemes all" selects, in report order.
var allSchemes = []string{"bbs+2020", "bbs-bls12381-sha256", "bbs-bls12381-shake256"}

// options are bbs-load's flags.
type options struct {
	orgDir, data       string
	peers              []gwclient.Peer
	users              []string
	channel, chaincode string
	schemes            []string
	modes              []mode
	count, inFlight    int
	duration, drain    time.Duration
	timeout            time.Duration
	setup              bool
	probe              string
	jsonOut, records   string
	summarize          []string
	cpuPrefix          string
}

func parseFlags(args []string, stderr io.Writer) (*options, int) {
	o := &options{}
	fs := flag.NewFlagSet("bbs-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.orgDir, "org-dir", "", "the network's organizations `dir` ($ORG_DIR; required)")
	peer1 := fs.String("peer1", "127.0.0.1:7051", "Org1's gateway peer `address` (127.0.0.1 only)")
	peer2 := fs.String("peer2", "127.0.0.1:9051", "Org2's gateway peer `address` (127.0.0.1 only; empty: Org1 only)")
	users := fs.String("users", "User1,User2", "client `identities` of each org")
	fs.StringVar(&o.channel, "channel", "mychannel", "channel `name`")
	fs.StringVar(&o.chaincode, "chaincode", "bbs", "chaincode `name`")
	fs.StringVar(&o.data, "data", "", "loadgen's output `dir` (required)")
	schemes := fs.String("schemes", "all", "`schemes`: all, or a comma-separated list")
	modeList := fs.String("modes", "light,single,batch", "`modes` to run, in order")
	fs.IntVar(&o.count, "count", 1000, "transactions per run (at most)")
	fs.IntVar(&o.inFlight, "inflight", 200, "transactions in flight (at most)")
	fs.DurationVar(&o.duration, "duration", 5*time.Minute, "per run: stop sending after this long")
	fs.DurationVar(&o.drain, "drain", 60*time.Second, "per run: time left to in-flight transactions after -duration")
	fs.DurationVar(&o.timeout, "timeout", 60*time.Second, "timeout of each gateway call")
	fs.BoolVar(&o.setup, "setup", true, "commit each scheme's setup.jsonl first (the bench issuer)")
	fs.StringVar(&o.jsonOut, "json", "", "write the JSON report to `file`")
	fs.StringVar(&o.probe, "probe", "", "only tell whether the contract has transaction `TX` (exit 0 yes, 3 no)")
	fs.StringVar(&o.cpuPrefix, "cpu-prefix", "", "per run, sum the CPU time of the processes whose executable path starts with `prefix` (the network's: peers, orderer, chaincode, bbs-load) and report it per committed transaction")
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
		o.summarize = splitList(*summary)
		return o, 0
	}
	if o.orgDir == "" || (o.data == "" && o.probe == "") {
		return usage("-org-dir and -data are required")
	}
	if o.count < 1 || o.inFlight < 1 || o.duration <= 0 || o.drain <= 0 || o.timeout <= 0 {
		return usage("-count and -inflight must be >= 1, durations > 0")
	}
	for i, addr := range []string{*peer1, *peer2} {
		if addr == "" && i == 1 {
			continue
		}
		if err := gwclient.CheckLoopback(addr); err != nil {
			return usage("-peer%d: %v", i+1, err)
		}
		o.peers = append(o.peers, gwclient.Peer{Org: i + 1, Address: addr})
	}
	o.users = splitList(*users)
	if len(o.users) == 0 {
		return usage("-users: none")
	}
	if *schemes == "all" {
		o.schemes = allSchemes
	} else {
		o.schemes = splitList(*schemes)
	}
	for _, s := range o.schemes {
		if !contains(allSchemes, s) {
			return usage("-schemes: unknown scheme %q (known: %s)", s, strings.Join(allSchemes, ", "))
		}
	}
	for _, name := range splitList(*modeList) {
		m, ok := modeByName(name)
		if !ok {
			return usage("-modes: unknown mode %q (light, single, batch)", name)
		}
		o.modes = append(o.modes, m)
	}
	if len(o.schemes) == 0 || len(o.modes) == 0 {
		return usage("no scheme or no mode selected")
	}
	return o, 0
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

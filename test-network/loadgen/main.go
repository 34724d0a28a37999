// SPDX-License-Identifier: Apache-2.0

// Command loadgen writes the transactions that the network load tool
// (test-network/gateway/cmd/bbs-load, bbs-load) sends: for each BBS scheme, an issuer
// key and its registration, distinct valid SubmitProof requests, batches of
// them for SubmitProofs, and RegisterIssuer arguments for a light write.
// Everything is derived from -seed: the same flags write the same bytes.
//
//	loadgen -out DIR -org-dir DIR [-orgs 2] [-users User1,User2] [-seed S]
//	        [-schemes all|NAME,...] [-light N] [-single N] [-batch-tx N]
//	        [-batch-size 32] [-workers NCPU] [-soak N] [-channel mychannel] [-poll-chaincode poll]
//	        [-growth K [-growth-probe 20] [-growth-revoke 4] [-growth-bits 10000] [-growth-revocations 10000]]
//
// Registrations carry proofs of possession for the identity that submits
// them (package registration): -org-dir, -orgs and -users name the
// clients of bbs-load and bbs-soak, in their order (org 1's users, then
// org 2's); the setup registration is for the first, light write i for
// client i mod their number, the client bbs-load sends it with.
//
// It writes, per scheme, DIR/<scheme dir>/ (see [schemeDir]):
//
//	issuer.json   the bench issuer: {"id","scheme","publicKey","description"}
//	setup.jsonl   RegisterIssuer of the bench issuer (run once, before the load)
//	light.jsonl   RegisterIssuer with distinct IDs and distinct keys (mode light;
//	              each verifies a proof of possession, so not a light write any more)
//	single.jsonl  SubmitProof, one m10r2 unbound request each (mode single)
//	batch.jsonl   SubmitProofs, a JSON array of -batch-size requests each (mode batch)
//	soak.jsonl    with -soak N: N SubmitProof lines of the soak tool, valid,
//	              tampered, malformed and misbound requests (see [SoakTx])
//	mix.jsonl     with -mix N: N lines of the soak tool's other kinds (see [MixTx]):
//	              SubmitProofs batches, and proofs under key versions 1 and 2 of
//	              the rotating issuer; mix-setup.jsonl registers that issuer,
//	              issuer-change.jsonl rotates it to version 2 and revokes version 1
//	growth/       with -growth K (bbs-bls12381-sha256): the growth benchmark's
//	              probes for K ledger sizes and the revocation shapes (growth.go)
//
// Each line of a .jsonl file is one transaction, {"tx": NAME, "args":
// [STRING...], "proofs": N} (see [Tx]). Every nonce is 32 bytes and distinct
// across all files of a seed, so every request commits once on a fresh
// network. Proofs reveal 2 of 10 messages (m10r2).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

func run(args []string, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.out, "out", "", "output `dir` (required; created)")
	fs.StringVar(&o.seed, "seed", "fabric-bbs-load", "`seed` of every key, message, nonce and proof")
	schemes := fs.String("schemes", "all", "`schemes`: all, or a comma-separated list of scheme names")
	fs.IntVar(&o.light, "light", 1000, "RegisterIssuer transactions for the light write (`N`)")
	fs.IntVar(&o.single, "single", 1000, "SubmitProof transactions (`N`)")
	fs.IntVar(&o.batchTx, "batch-tx", 0, "SubmitProofs transactions (`N`)")
	fs.IntVar(&o.batchSize, "batch-size", 32, "requests per SubmitProofs transaction")
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "proofs derived in parallel (default: the number of CPUs)")
	fs.IntVar(&o.soak, "soak", 0, "SubmitProof lines of soak.jsonl (`N`; 0: no soak.jsonl)")
	fs.IntVar(&o.mix, "mix", 0, "lines of mix.jsonl (`N`; 0: none): SubmitProofs batches and proofs under a key rotated and revoked during the soak, with mix-setup.jsonl and issuer-change.jsonl")
	fs.StringVar(&o.pollChaincode, "poll-chaincode", "poll", "`name` of the poll example chaincode the mix's votes (vote.jsonl) go to (\"\": no votes)")
	fs.StringVar(&o.channel, "channel", "mychannel", "`channel` the registrations are for and the misbound soak requests are bound on")
	fs.IntVar(&o.growth.steps, "growth", 0, "growth probes for `K` ledger sizes (growth/, bbs-bls12381-sha256 only; see growth.go; 0: none)")
	fs.IntVar(&o.growth.probe, "growth-probe", 20, "growth: transactions per probe (`N`)")
	fs.IntVar(&o.growth.revoke, "growth-revoke", 4, "growth: single revocations per ledger size (`N`), the holder's witness update")
	fs.IntVar(&o.growth.bits, "growth-bits", 10000, "growth: entries set in the large status list (`N`)")
	fs.IntVar(&o.growth.revocations, "growth-revocations", 10000, "growth: handles revoked in batches after the last size (`N`)")
	orgDir := fs.String("org-dir", "", "the network's organizations `dir` (required): the certificates of the submitting clients, for the registrations' proofs of possession")
	orgs := fs.Int("orgs", 2, "organisations whose clients submit (`N`: 1 or 2, as bbs-load's -peer2)")
	users := fs.String("users", "User1,User2", "`users` of each organisation who submit, as bbs-load's -users")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || o.out == "" {
		fmt.Fprintln(stderr, "usage: loadgen -out DIR [flags]")
		fs.PrintDefaults()
		return 2
	}
	if o.light < 0 || o.single < 0 || o.batchTx < 0 || o.soak < 0 || o.mix < 0 || o.batchSize < 1 || o.workers < 1 ||
		o.growth.steps < 0 || o.growth.probe < 1 || o.growth.revoke < 1 || o.growth.bits < 0 || o.growth.bits > growthLargeEntries-1 || o.growth.revocations < 1 {
		fmt.Fprintln(stderr, "loadgen: counts must be >= 0, -batch-size, -workers, -growth-probe, -growth-revoke and -growth-revocations >= 1, -growth-bits < 1048576")
		return 2
	}
	var err error
	if *orgDir == "" || *orgs < 1 || *orgs > 2 {
		fmt.Fprintln(stderr, "loadgen: -org-dir is required and -orgs must be 1 or 2")
		return 2
	}
	if o.submitters, err = loadSubmitters(*orgDir, *orgs, splitList(*users)); err != nil || len(o.submitters) == 0 {
		fmt.Fprintf(stderr, "loadgen: submitters: %v\n", err)
		return 2
	}
	if o.schemes, err = parseSchemes(*schemes); err != nil {
		fmt.Fprintf(stderr, "loadgen: %v\n", err)
		return 2
	}
	for _, s := range o.schemes {
		if err := generate(&o, s, stderr); err != nil {
			fmt.Fprintf(stderr, "loadgen: %s: %v\n", s.Name(), err)
			return 1
		}
	}
	return 0
}

// schemeDir is the folder name of a scheme's files: its name with '+'
// spelled "plus" (bbs+2020 -> bbsplus2020).
func schemeDir(name string) string { return strings.ReplaceAll(name, "+", "plus") }

// splitList splits a comma-separated list, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

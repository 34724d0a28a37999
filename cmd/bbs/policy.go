// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
)

var policyCmd = &command{
	name:    "policy",
	summary: "check a verification policy document (check FILE)",
	usage:   "check FILE",
	about: `
"bbs policy check FILE" parses a verification policy document (the JSON that
the chaincode's CreatePolicy and UpdatePolicy take) with package policy, as
strictly as the chaincode does, and prints its canonical form, the bytes the
ledger stores, to standard output; standard error names the policy and the
SHA-256 of the canonical form, which GetPolicy reports as policySha256. An
invalid document (unknown or misspelt fields, empty or contradictory rules,
non-canonical base64) is reported with the field at fault and exit status 1;
exit status 2 is a usage error or a file that cannot be read.

A request names a policy with "bbs prove --policy ID[:VERSION]".`,
	example: `
bbs policy check grads.json > grads.canonical.json
#   bbs policy check: grads.json: valid policy "grads" (1 issuer(s)); canonical form 101 bytes, SHA-256 27b4af71…
bbs policy check - < grads.json
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		return func(args []string) error {
			if len(args) == 0 {
				return usagef("missing sub-command: check FILE")
			}
			if args[0] != "check" {
				return usagef("unknown sub-command %q; want check FILE", args[0])
			}
			if len(args) != 2 {
				return usagef("check takes one FILE (\"-\" for standard input), got %d arguments", len(args)-1)
			}
			return checkPolicy(e, args[1])
		}
	},
}

// checkPolicy parses the policy document in path strictly (policy.Parse)
// and prints its canonical form.
func checkPolicy(e *env, path string) error {
	data, err := readInput(path)
	if err != nil {
		return err
	}
	name := displayName(path)
	p, err := policy.Parse(data)
	if err != nil {
		return failed(fmt.Errorf("%s: %w", name, err))
	}
	canonical, err := p.Marshal()
	if err != nil {
		return failed(fmt.Errorf("%s: %w", name, err))
	}
	if _, err := fmt.Fprintf(e.stdout, "%s\n", canonical); err != nil {
		return failed(fmt.Errorf("write standard output: %w", err))
	}
	sum := sha256.Sum256(canonical)
	fmt.Fprintf(e.stderr, "bbs policy check: %s: valid policy %q (%d issuer(s)); canonical form %d bytes, SHA-256 %s\n",
		name, p.ID, len(p.Issuers), len(canonical), hex.EncodeToString(sum[:]))
	return nil
}

// parsePolicyRef parses prove's --policy ID[:VERSION]: the ID of a policy
// on the ledger, optionally one of its versions (1 or more; without one the
// chaincode applies the current version).
func parsePolicyRef(s string) (*request.PolicyRef, error) {
	id, version, hasVersion := strings.Cut(s, ":")
	if !request.ValidIssuerID(id) {
		return nil, usagef("--policy: ID %q does not match %s (want ID or ID:VERSION)", id, policy.IDPattern)
	}
	ref := &request.PolicyRef{ID: id}
	if !hasVersion {
		return ref, nil
	}
	v, err := strconv.Atoi(version)
	if err != nil || v < 1 || v > request.MaxPolicyVersion {
		return nil, usagef("--policy: version %q is not a number from 1 to %d (give ID alone for the current version)", version, request.MaxPolicyVersion)
	}
	ref.Version = v
	return ref, nil
}

// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// options are loadgen's flags.
type options struct {
	out       string
	seed      string
	schemes   []bbs.Scheme
	light     int
	single    int
	batchTx   int
	batchSize int
	workers   int
	soak      int        // soak.jsonl lines per scheme (0: none)
	mix       int        // mix.jsonl lines per scheme (0: none; see mix.go)
	growth    growthPlan // the growth probes (steps 0: none; see growth.go)
	channel   string     // the channel of the registrations; misbound requests are bound on it
	// pollChaincode is the poll example's chaincode name ("": no poll
	// votes in the mix; see vote.go).
	pollChaincode string
	// submitters are the identities of bbs-load's clients, in its order:
	// the setup registration is for the first, light write i for i % len.
	submitters []submitter
}

// allSchemes are the schemes "-schemes all" selects, in report order.
var allSchemes = []string{"bbs+2020", "bbs-bls12381-sha256", "bbs-bls12381-shake256"}

// parseSchemes reads "all" or a comma-separated list of scheme names.
func parseSchemes(s string) ([]bbs.Scheme, error) {
	if s == "all" {
		s = strings.Join(allSchemes, ",")
	}
	var out []bbs.Scheme
	seen := map[string]bool{}
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		sc, err := bbs.SchemeByName(name)
		if err != nil {
			return nil, fmt.Errorf("-schemes: %w", err)
		}
		if seen[sc.Name()] {
			return nil, fmt.Errorf("-schemes: %s given twice", name)
		}
		seen[sc.Name()] = true
		out = append(out, sc)
	}
	return out, nil
}

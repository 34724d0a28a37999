// SPDX-License-Identifier: Apache-2.0

package load

import (
	"fmt"
	"io"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

// writeRatios prints, per scheme, the figures the throughput targets are set on:
// SubmitProof's committed tx/s as a share of the light write's (target
// >= 80%), and SubmitProofs' verified proofs/s against SubmitProof's
// (target >= 5x, >= 1000 proofs/s). Missing or n/a runs are skipped.
func writeRatios(w io.Writer, sums []engine.Summary) {
	type modes struct{ light, single, batch *engine.Summary }
	byScheme := map[string]*modes{}
	var order []string
	for i := range sums {
		s := &sums[i]
		if s.NA != "" {
			continue
		}
		m := byScheme[s.Scheme]
		if m == nil {
			m = &modes{}
			byScheme[s.Scheme] = m
			order = append(order, s.Scheme)
		}
		switch s.Mode {
		case "light":
			m.light = s
		case "single":
			m.single = s
		case "batch":
			m.batch = s
		}
	}
	for _, scheme := range order {
		m := byScheme[scheme]
		line := ""
		if m.light != nil && m.single != nil && m.light.TxPerSecond > 0 {
			line += fmt.Sprintf("  SubmitProof tx/s = %.0f%% of the light write's", 100*m.single.TxPerSecond/m.light.TxPerSecond)
		}
		if m.single != nil && m.batch != nil && m.single.ProofsPerSec > 0 {
			line += fmt.Sprintf("  SubmitProofs verified proofs/s = %.1fx SubmitProof's", m.batch.ProofsPerSec/m.single.ProofsPerSec)
		}
		if line != "" {
			fmt.Fprintf(w, "%s:%s\n", scheme, line)
		}
	}
}

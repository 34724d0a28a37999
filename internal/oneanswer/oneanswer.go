// SPDX-License-Identifier: Apache-2.0

// Package oneanswer is a test helper: it runs a computation many times under
// GOMAXPROCS 1 and 2 and requires one answer, byte for byte. Go randomises
// the order of every range over a map, so an answer that depends on map
// order, goroutine scheduling or the number of processors differs within a
// few runs. Every endorser must sign the same bytes for the same input.
package oneanswer

import (
	"runtime"
	"testing"
)

// Check runs f runs times under GOMAXPROCS 1, then runs times under
// GOMAXPROCS 2, and fails t unless every run returns the same text; it
// returns that text. GOMAXPROCS is restored afterwards.
func Check(t testing.TB, runs int, f func() string) string {
	t.Helper()
	saved := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(saved)
	first, firstProcs := "", 0
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		for i := range runs {
			got := f()
			if firstProcs == 0 {
				first, firstProcs = got, procs
				continue
			}
			if got != first {
				t.Fatalf("run %d under GOMAXPROCS %d answered\n  %.2000s\nwhere the first run (GOMAXPROCS %d) answered\n  %.2000s", i, procs, got, firstProcs, first)
			}
		}
	}
	return first
}

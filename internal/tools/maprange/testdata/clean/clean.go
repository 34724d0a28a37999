// SPDX-License-Identifier: Apache-2.0

// Package clean is the maprange checker's test input with nothing to
// report: its one map range is annotated.
package clean

import "sort"

// Keys returns m's keys, sorted.
func Keys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m { //bbs:maporder-ok keys collected, sorted below
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

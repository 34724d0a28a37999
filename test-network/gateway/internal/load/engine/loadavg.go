// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"os"
	"strings"
)

// LoadAvg is the machine's 1, 5 and 15 minute load averages, the first
// three fields of /proc/loadavg ("" where unknown), for the reports of
// bbs-load and bbs-soak.
func LoadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

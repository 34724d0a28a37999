// SPDX-License-Identifier: Apache-2.0

//go:build unix

package predicate

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) this process has used,
// every goroutine's, garbage collection's and other threads' included; ok
// is false where it cannot be read.
func processCPU() (d time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

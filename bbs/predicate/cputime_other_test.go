// SPDX-License-Identifier: Apache-2.0

//go:build !unix

package predicate

import "time"

// processCPU cannot be read here.
func processCPU() (time.Duration, bool) { return 0, false }

// SPDX-License-Identifier: Apache-2.0

package oneanswer

import (
	"fmt"
	"testing"
)

// recorder is a testing.TB that records a failure instead of stopping.
type recorder struct {
	testing.TB
	failed bool
	msg    string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed, r.msg = true, fmt.Sprintf(format, args...)
	panic(r)
}

func run(t *testing.T, f func() string) (r *recorder) {
	r = &recorder{TB: t}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
	}()
	Check(r, 10, f)
	return r
}

func TestCheckAcceptsOneAnswer(t *testing.T) {
	if r := run(t, func() string { return "same" }); r.failed {
		t.Fatalf("a constant answer failed: %s", r.msg)
	}
}

func TestCheckFailsOnMapOrder(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8}
	r := run(t, func() string {
		for k := range m {
			return k
		}
		return ""
	})
	if !r.failed {
		t.Fatal("an answer in map order passed")
	}
}

func TestCheckFailsOnGOMAXPROCS(t *testing.T) {
	n := 0
	r := run(t, func() string { n++; return fmt.Sprint(n > 10) })
	if !r.failed {
		t.Fatal("an answer that changed under GOMAXPROCS 2 passed")
	}
}

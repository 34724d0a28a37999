// SPDX-License-Identifier: Apache-2.0

// Package ex is the maprange checker's test input. A line comment
// of the word want and a quoted text marks a line the checker must report
// with a message containing that text; want+1 marks the next line. No
// other line may be reported.
package ex

import (
	"maps"
	"reflect"
	"slices"
	"sort"
)

// Set is a named map type.
type Set map[string]bool

type holder struct{ m map[string]int }

func get() map[string]int { return map[string]int{"a": 1} }

// Plain ranges over a map parameter, unannotated.
func Plain(m map[string]int) (s []string) {
	for k := range m { // want "range over a map (map[string]int)"
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

// Annotated ranges over maps with the annotation on the line and on the
// line before.
func Annotated(m map[string]int) int {
	n := 0
	for _, v := range m { //bbs:maporder-ok a sum does not depend on the order
		n += v
	}
	//bbs:maporder-ok counting does not depend on the order
	for range m {
		n++
	}
	return n
}

// Named ranges over a map-typed named type.
func Named(s Set) (n int) {
	for range s { // want "range over a map (ex.Set)"
		n++
	}
	return n
}

// Returned ranges over a map a function returns.
func Returned() (n int) {
	for _, v := range get() { // want "range over a map"
		n += v
	}
	return n
}

// Field ranges over a struct's map field, through a value and a pointer.
func Field(h holder, p *holder) (n int) {
	for range h.m { // want "range over a map"
		n++
	}
	for range p.m { // want "range over a map"
		n++
	}
	return n
}

// Generic ranges over a type parameter whose constraint allows a map.
func Generic[M ~map[string]int](m M) (n int) {
	for range m { // want "range over a map (M)"
		n++
	}
	return n
}

type mapLike interface{ ~map[int]int }

// Constrained ranges over a type parameter of a named constraint.
func Constrained[M mapLike](x M) (n int) {
	for range x { // want "range over a map (M)"
		n++
	}
	return n
}

// NotMaps ranges over everything but maps: nothing to report.
func NotMaps(s []int, a [3]int, p *[3]int, str string, c chan int, k int, seq func(func(int) bool)) (n int) {
	for range s {
		n++
	}
	for range a {
		n++
	}
	for range p {
		n++
	}
	for range str {
		n++
	}
	for range k {
		n++
	}
	for range seq {
		n++
	}
	close(c)
	for range c {
		n++
	}
	return n
}

// Iterators takes a map's keys and values in map order, or sorted.
func Iterators(m map[string]int) (n int) {
	for range maps.Keys(m) { // want "maps.Keys yields in map order"
		n++
	}
	vals := slices.Collect(maps.Values(m)) // want "maps.Values"
	for _, k := range slices.Sorted(maps.Keys(m)) {
		n += len(k)
	}
	return n + len(vals)
}

// Reflect reads a map through package reflect.
func Reflect(v reflect.Value) int {
	keys := v.MapKeys() // want "reflect.Value.MapKeys"
	it := v.MapRange()  // want "reflect.Value.MapRange"
	_ = it
	return len(keys)
}

// Unexplained has an annotation without a reason.
func Unexplained(m map[string]int) (n int) {
	// want+1 "needs a reason"
	//bbs:maporder-ok
	for range m {
		n++
	}
	return n
}

// Stale has an annotation that accepts nothing.
func Stale(s []int) (n int) {
	// want+1 "accepts no map iteration"
	//bbs:maporder-ok this loop used to range over a map
	for range s {
		n++
	}
	return n
}

// Nested has an annotated range and an unannotated one on the next line:
// an annotation after code accepts its own line only.
func Nested(m map[string]int) (n int) {
	for range m { //bbs:maporder-ok counting does not depend on the order
		for range m { // want "range over a map"
			n++
		}
	}
	return n
}

// TooFar has the annotation two lines before the range.
func TooFar(m map[string]int) (n int) {
	// want+1 "accepts no map iteration"
	//bbs:maporder-ok too far away

	for range m { // want "range over a map"
		n++
	}
	return n
}

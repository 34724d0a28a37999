// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// wantRE is a testdata marker: `// want "text"` (this line) or
// `// want+1 "text"` (the next line).
var wantRE = regexp.MustCompile(`// want(\+1)? "([^"]*)"`)

// wants reads the markers of a testdata file: line -> wanted text.
func wants(t *testing.T, file string) map[int]string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int]string{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if m := wantRE.FindStringSubmatch(sc.Text()); m != nil {
			at := line
			if m[1] != "" {
				at++
			}
			out[at] = m[2]
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCheckReportsExactly: every marked line of testdata/ex is reported,
// by file and line, with the wanted message (an unannotated range over a
// map, a map-typed named type, a map a function returns, a map field, a
// type parameter allowing a map; maps.Keys, maps.Values, reflect's
// MapKeys and MapRange; an annotation without a reason or accepting
// nothing), and no other line: not the annotated ranges, not the ranges
// over slices, arrays, strings, integers, channels or functions, not
// slices.Sorted(maps.Keys(m)).
func TestCheckReportsExactly(t *testing.T) {
	file, err := filepath.Abs(filepath.Join("testdata", "ex", "ex.go"))
	if err != nil {
		t.Fatal(err)
	}
	want := wants(t, file)
	if len(want) < 10 {
		t.Fatalf("testdata has %d markers", len(want))
	}
	findings, checked, err := Check("", []string{"./testdata/ex"})
	if err != nil {
		t.Fatal(err)
	}
	if checked != 1 {
		t.Errorf("%d packages checked, want 1", checked)
	}
	got := map[int]string{}
	for _, f := range findings {
		if f.Pos.Filename != file {
			t.Errorf("finding in another file: %s", f)
			continue
		}
		if prev, dup := got[f.Pos.Line]; dup {
			t.Errorf("line %d reported twice: %q and %q", f.Pos.Line, prev, f.Message)
		}
		got[f.Pos.Line] = f.Message
	}
	lines := make([]int, 0, len(want)+len(got))
	for l := range want {
		lines = append(lines, l)
	}
	for l := range got {
		if _, ok := want[l]; !ok {
			lines = append(lines, l)
		}
	}
	sort.Ints(lines)
	for _, l := range lines {
		w, wanted := want[l]
		g, reported := got[l]
		switch {
		case wanted && !reported:
			t.Errorf("testdata/ex/ex.go:%d: not reported, want %q", l, w)
		case !wanted && reported:
			t.Errorf("testdata/ex/ex.go:%d: reported %q, want nothing", l, g)
		case !strings.Contains(g, w):
			t.Errorf("testdata/ex/ex.go:%d: reported %q, want %q", l, g, w)
		}
	}
}

// TestRun: the command exits 1 and prints each finding as file:line:col
// relative to the working directory for testdata/ex, exits 0 and prints
// nothing for testdata/clean (an annotated range only), and exits 2 when
// a package does not load.
func TestRun(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"./testdata/ex"}, &out, &errOut); code != 1 {
		t.Fatalf("testdata/ex: exit %d, want 1\n%s%s", code, out.String(), errOut.String())
	}
	file := filepath.Join("testdata", "ex", "ex.go")
	firstWant := 0
	for l := range wants(t, file) {
		if firstWant == 0 || l < firstWant {
			firstWant = l
		}
	}
	first, _, _ := strings.Cut(out.String(), "\n")
	if want := fmt.Sprintf("%s:%d:", file, firstWant); !strings.HasPrefix(first, want) {
		t.Errorf("first line %q, want the prefix %q", first, want)
	}
	if !strings.Contains(errOut.String(), Annotation) {
		t.Errorf("stderr does not name the annotation: %q", errOut.String())
	}

	out.Reset()
	errOut.Reset()
	if code := run([]string{"./testdata/clean"}, &out, &errOut); code != 0 || out.Len() != 0 {
		t.Fatalf("testdata/clean: exit %d, want 0\n%s%s", code, out.String(), errOut.String())
	}

	errOut.Reset()
	if code := run([]string{"./testdata/nonexistent"}, &out, &errOut); code != 2 {
		t.Fatalf("a package that does not exist: exit %d, want 2\n%s", code, errOut.String())
	}
	if code := run([]string{"-x"}, &out, &errOut); code != 2 {
		t.Fatalf("a flag: exit %d, want 2", code)
	}
}

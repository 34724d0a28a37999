// SPDX-License-Identifier: Apache-2.0

// Command maprange reports every place where Go's map iteration order can
// enter the non-test code of this module's packages: a range over a value
// whose type is a map (directly, through a named type, a type parameter
// whose constraint allows a map, a function result or a struct field),
// and the calls maps.Keys, maps.Values, maps.All and reflect.Value's
// MapKeys and MapRange. Go randomises that order on every range, and the
// chaincode must answer the same bytes on every endorser.
//
// A reviewed place is accepted when its line carries the annotation, or
// the line before it carries nothing else:
//
//	//bbs:maporder-ok <why the order cannot reach output, error text, state or events>
//
// The reason is required. An annotation that accepts nothing is reported
// too, so that none outlives the code it was written for.
//
// Usage (from the module root; make maprange):
//
//	GOFLAGS=-mod=vendor GOPROXY=off go run ./internal/tools/maprange [packages]
//
// The packages default to ./chaincode/ and ./internal/ccmain: every package
// of this module that the chaincode binary links is checked (not vendor/,
// not the standard library). Dependencies are imported from the compiler's
// export data, which `go list -export` builds (and caches, as go vet does),
// so no package outside the standard library is needed.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Annotation is the comment that accepts a reviewed map iteration.
const Annotation = "//bbs:maporder-ok"

// defaultPatterns are the chaincode's main packages.
var defaultPatterns = []string{"./chaincode/", "./internal/ccmain"}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "usage: maprange [packages]")
		return 2
	}
	findings, checked, err := Check("", args)
	if err != nil {
		fmt.Fprintln(stderr, "maprange:", err)
		return 2
	}
	wd, _ := os.Getwd()
	for _, f := range findings {
		fmt.Fprintln(stdout, f.relative(wd))
	}
	if len(findings) > 0 {
		fmt.Fprintf(stderr, "maprange: %d finding(s) in %d package(s): sort the keys first, or annotate the line with\n\t%s <why the order cannot reach output>\n", len(findings), checked, Annotation)
		return 1
	}
	return 0
}

// Finding is one reported place.
type Finding struct {
	Pos     token.Position
	Message string
}

func (f Finding) String() string { return fmt.Sprintf("%s: %s", f.Pos, f.Message) }

func (f Finding) relative(wd string) string {
	if rel, err := filepath.Rel(wd, f.Pos.Filename); err == nil && !strings.HasPrefix(rel, "..") {
		p := f.Pos
		p.Filename = rel
		return Finding{p, f.Message}.String()
	}
	return f.String()
}

// listed is the part of `go list -json` that Check reads.
type listed struct {
	ImportPath string
	Dir        string
	Export     string
	GoFiles    []string
	CgoFiles   []string
	ImportMap  map[string]string
	Standard   bool
	Module     *struct{ Main bool }
	Error      *struct{ Err string }
}

// Check lists patterns (the defaults when empty) and their dependencies
// with `go list -export -deps` run in dir (the current directory when
// empty), type-checks the non-test files of every package of the main
// module among them, and returns the findings in file and line order and
// the number of packages checked.
func Check(dir string, patterns []string) ([]Finding, int, error) {
	if len(patterns) == 0 {
		patterns = defaultPatterns
	}
	cmd := exec.Command("go", append([]string{"list", "-e", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,CgoFiles,ImportMap,Standard,Module,Error"}, patterns...)...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return nil, 0, fmt.Errorf("go list: %v\n%s", err, errOut.String())
	}
	var pkgs []*listed
	exports := map[string]string{}
	for dec := json.NewDecoder(&out); ; {
		p := new(listed)
		if err := dec.Decode(p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, 0, fmt.Errorf("go list output: %v", err)
		}
		if p.Error != nil {
			return nil, 0, fmt.Errorf("package %s: %s", p.ImportPath, p.Error.Err)
		}
		exports[p.ImportPath] = p.Export
		if !p.Standard && p.Module != nil && p.Module.Main {
			pkgs = append(pkgs, p)
		}
	}
	var findings []Finding
	for _, p := range pkgs {
		f, err := checkPackage(p, exports)
		if err != nil {
			return nil, 0, err
		}
		findings = append(findings, f...)
	}
	sort.Slice(findings, func(i, j int) bool {
		a, b := findings[i].Pos, findings[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return findings, len(pkgs), nil
}

// checkPackage type-checks p from its source, importing every dependency
// from its export data, and returns its findings.
func checkPackage(p *listed, exports map[string]string) ([]Finding, error) {
	if len(p.CgoFiles) > 0 {
		return nil, fmt.Errorf("package %s: cgo files are not supported", p.ImportPath)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	sources := map[*ast.File][]byte{}
	for _, name := range p.GoFiles {
		path := filepath.Join(p.Dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		sources[f] = src
	}
	lookup := func(path string) (io.ReadCloser, error) {
		if m, ok := p.ImportMap[path]; ok {
			path = m
		}
		file := exports[path]
		if file == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup)}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	if _, err := conf.Check(p.ImportPath, fset, files, info); err != nil {
		return nil, fmt.Errorf("type-checking %s: %v", p.ImportPath, err)
	}

	var findings []Finding
	for _, f := range files {
		notes := annotations(fset, f, sources[f])
		used := map[int]bool{}
		report := func(pos token.Pos, msg string) {
			at := fset.Position(pos)
			if _, ok := notes[at.Line]; ok {
				used[at.Line] = true
				return
			}
			if n, ok := notes[at.Line-1]; ok && n.alone {
				used[at.Line-1] = true
				return
			}
			findings = append(findings, Finding{at, msg})
		}
		sorted := map[*ast.CallExpr]bool{} // maps.Keys(m) in slices.Sorted(maps.Keys(m))
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.RangeStmt:
				if t := info.TypeOf(n.X); t != nil && allowsMap(t) {
					report(n.For, fmt.Sprintf("range over a map (%s): Go randomises its order", types.TypeString(t, func(p *types.Package) string { return p.Name() })))
				}
			case *ast.CallExpr:
				if isSortingCall(info, n) && len(n.Args) > 0 {
					if arg, ok := ast.Unparen(n.Args[0]).(*ast.CallExpr); ok {
						sorted[arg] = true
					}
				}
				if name := mapOrderCall(info, n); name != "" && !sorted[n] {
					report(n.Pos(), fmt.Sprintf("%s yields in map order, which Go randomises", name))
				}
			}
			return true
		})
		for line, note := range notes {
			switch {
			case note.reason == "":
				findings = append(findings, Finding{fset.Position(note.pos), Annotation + " needs a reason: why the order cannot reach output"})
			case !used[line]:
				findings = append(findings, Finding{fset.Position(note.pos), Annotation + " accepts no map iteration on this line or the next"})
			}
		}
	}
	return findings, nil
}

type annotation struct {
	pos    token.Pos
	reason string
	alone  bool // the comment is alone on its line: it may accept the next line
}

// annotations returns the file's annotations (src is its text) by line.
func annotations(fset *token.FileSet, f *ast.File, src []byte) map[int]annotation {
	notes := map[int]annotation{}
	for _, g := range f.Comments {
		for _, c := range g.List {
			rest, ok := strings.CutPrefix(c.Text, Annotation)
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			at := fset.Position(c.Slash)
			start := at.Offset - (at.Column - 1)
			alone := start >= 0 && len(strings.TrimSpace(string(src[start:at.Offset]))) == 0
			notes[at.Line] = annotation{c.Slash, strings.TrimSpace(rest), alone}
		}
	}
	return notes
}

// allowsMap reports whether a range over a value of type t iterates a
// map: t's underlying type is a map, or t is a type parameter one of
// whose permitted types is.
func allowsMap(t types.Type) bool {
	if tp, ok := t.(*types.TypeParam); ok {
		iface, _ := tp.Constraint().Underlying().(*types.Interface)
		if iface == nil {
			return false
		}
		for i := 0; i < iface.NumEmbeddeds(); i++ {
			if embeddedAllowsMap(iface.EmbeddedType(i)) {
				return true
			}
		}
		return false
	}
	_, ok := t.Underlying().(*types.Map)
	return ok
}

func embeddedAllowsMap(t types.Type) bool {
	switch e := t.(type) {
	case *types.Union:
		for i := 0; i < e.Len(); i++ {
			if allowsMap(e.Term(i).Type()) {
				return true
			}
		}
		return false
	case *types.Interface:
		for i := 0; i < e.NumEmbeddeds(); i++ {
			if embeddedAllowsMap(e.EmbeddedType(i)) {
				return true
			}
		}
		return false
	default:
		return allowsMap(t)
	}
}

// isSortingCall reports whether call is slices.Sorted, slices.SortedFunc
// or slices.SortedStableFunc, whose result does not depend on the order in
// which the sequence yields.
func isSortingCall(info *types.Info, call *ast.CallExpr) bool {
	obj := calledFunc(info, call)
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "slices" {
		return false
	}
	switch obj.Name() {
	case "Sorted", "SortedFunc", "SortedStableFunc":
		return true
	}
	return false
}

// calledFunc returns the package-level function or method that call
// calls by name (pkg.F, x.M, pkg.F[T]), or nil.
func calledFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch fn := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		id = fn.Sel
	case *ast.IndexExpr: // maps.Keys[M]
		if sel, ok := fn.X.(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
	case *ast.IndexListExpr:
		if sel, ok := fn.X.(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
	}
	if id == nil {
		return nil
	}
	obj, _ := info.Uses[id].(*types.Func)
	return obj
}

// mapOrderCall names the call when it is one of the functions whose
// results come in map order: maps.Keys, maps.Values, maps.All, and
// reflect.Value's MapKeys and MapRange.
func mapOrderCall(info *types.Info, call *ast.CallExpr) string {
	obj := calledFunc(info, call)
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	switch pkg, name := obj.Pkg().Path(), obj.Name(); {
	case pkg == "maps" && (name == "Keys" || name == "Values" || name == "All"):
		return "maps." + name
	case pkg == "reflect" && (name == "MapKeys" || name == "MapRange"):
		if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil {
			return "reflect.Value." + name
		}
	}
	return ""
}

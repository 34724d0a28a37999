// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"

	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

// TestAPINoGnarkTypes: no exported function, method, type, constant or
// variable of the package names a gnark-crypto type (bls12381., fr.) in its
// declaration, so the package's API does not tie its users to the curve
// library's types or versions. The arithmetic that package revocation needs
// is in internal/bbsrev.
func TestAPINoGnarkTypes(t *testing.T) {
	fs := token.NewFileSet()
	pkgs, err := parser.ParseDir(fs, ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	gnark := func(n ast.Node) (found string) {
		ast.Inspect(n, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := s.X.(*ast.Ident); ok && (x.Name == "bls12381" || x.Name == "fr") && found == "" {
					found = x.Name + "." + s.Sel.Name
				}
			}
			return true
		})
		return found
	}
	exportedType := map[string]bool{}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				if g, ok := d.(*ast.GenDecl); ok {
					for _, s := range g.Specs {
						if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.IsExported() {
							exportedType[ts.Name.Name] = true
						}
					}
				}
			}
		}
	}
	for _, p := range pkgs {
		for name, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() {
						continue
					}
					if d.Recv != nil {
						recv := d.Recv.List[0].Type
						if st, ok := recv.(*ast.StarExpr); ok {
							recv = st.X
						}
						if id, ok := recv.(*ast.Ident); !ok || !exportedType[id.Name] {
							continue
						}
					}
					if g := gnark(d.Type); g != "" {
						t.Errorf("%s: %s has %s in its signature", name, d.Name.Name, g)
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if !s.Name.IsExported() {
								continue
							}
							// Exported fields and interface methods only.
							ast.Inspect(s.Type, func(n ast.Node) bool {
								fl, ok := n.(*ast.Field)
								if !ok {
									return true
								}
								for _, nm := range fl.Names {
									if nm.IsExported() {
										if g := gnark(fl.Type); g != "" {
											t.Errorf("%s: %s.%s is of %s", name, s.Name.Name, nm.Name, g)
										}
									}
								}
								return false
							})
						case *ast.ValueSpec:
							for _, nm := range s.Names {
								if nm.IsExported() && s.Type != nil {
									if g := gnark(s.Type); g != "" {
										t.Errorf("%s: %s is of %s", name, nm.Name, g)
									}
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestBbsrevHooksRefuseForeignValues: the hooks of internal/bbsrev take
// bbs values as any; values of another type, a nil proof or a
// CommittedProof the package did not make are an ErrInvalidArgument,
// never a panic.
func TestBbsrevHooksRefuseForeignValues(t *testing.T) {
	c := newCommitCase(t, bbsSHA256)
	p, _ := c.derive(t, []byte("n"))
	pk := c.sk.PublicKey()
	var g bls12381.G1Affine
	_, _, g1, _ := bls12381.Generators()
	g = g1
	for name, err := range map[string]error{
		"scheme":           first(bbsrev.ParseCommittedProof("bbs-bls12381-sha256", p.Bytes())),
		"public key":       bbsrev.VerifyCommittedProof(pk.Bytes(), p, c.header, []byte("n"), c.disclosed()),
		"disclosed":        bbsrev.VerifyCommittedProof(pk, p, c.header, []byte("n"), "messages"),
		"nil proof":        bbsrev.VerifyCommittedProof(pk, nil, c.header, []byte("n"), c.disclosed()),
		"foreign proof":    bbsrev.VerifyCommittedProofWithDH(pk, foreignProof{}, c.header, []byte("n"), c.disclosed(), pk, &g, &g),
		"DH key":           bbsrev.VerifyCommittedProofWithDH(pk, p, c.header, []byte("n"), c.disclosed(), 7, &g, &g),
		"relation key":     bbsrev.VerifyCommittedProofWithPairing(pk, p, c.header, []byte("n"), c.disclosed(), &bbsrev.PairingRelation{Key: "k", A: g}),
		"derive signature": thirdErr(bbsrev.DeriveCommittedProof(nil, bbsSHA256, pk, nil, c.header, nil, c.messages, nil, c.committed)),
	} { //bbs:maporder-ok each case is checked alone
		if !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%s: %v, want ErrInvalidArgument", name, err)
		}
	}
	// The hooks are the package's own functions: a proof made through them
	// verifies through them.
	q, _, err := bbsrev.DeriveCommittedProof(nil, bbsSHA256, pk, c.sig, c.header, []byte("n"), c.messages, c.revealed, c.committed)
	if err != nil {
		t.Fatal(err)
	}
	if err := bbsrev.VerifyCommittedProof(pk, q, c.header, []byte("n"), c.disclosed()); err != nil {
		t.Fatal(err)
	}
}

type foreignProof struct{ bbsrev.Sealed }

func (foreignProof) Bytes() []byte                                  { return nil }
func (foreignProof) DisclosedIndexes() []int                        { return nil }
func (foreignProof) MessageCount() int                              { return 0 }
func (foreignProof) Commitments() []bbsrev.MessageCommitment        { return nil }
func (foreignProof) CommitmentPoint(int) (bls12381.G1Affine, error) { return bls12381.G1Affine{}, nil }

func first[T any](_ T, err error) error { return err }

func thirdErr[A, B any](_ A, _ B, err error) error { return err }

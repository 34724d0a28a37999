// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// TestVerifyProofsManyProcs: under GOMAXPROCS above 1024, a batch of more
// than 1024 items verifies (gnark-crypto's MultiExp refuses more than 1024
// tasks, and VerifyProofs used to panic on its error), with every verdict
// the one VerifyProof gives, bad items among good ones included.
func TestVerifyProofsManyProcs(t *testing.T) {
	if testing.Short() {
		t.Skip("a batch of 1100 items")
	}
	const n, procs = 1100, 1100
	for _, s := range []Scheme{BBSPlus2020(), BLS12381SHA256()} {
		t.Run(s.Name(), func(t *testing.T) {
			pool := batchPool(t, s, 3)
			bad := pool[1]
			bad.Nonce = []byte("another nonce")
			base := append(slices.Clone(pool), bad)
			wantBase := singleVerdicts(s, base)
			if wantBase[len(pool)] == nil {
				t.Fatal("the spoiled item verifies")
			}
			items := make([]BatchItem, n)
			want := make([]error, n)
			for i := range items {
				k := i % len(pool)
				if i%500 == 7 {
					k = len(pool) // a few bad items, far apart
				}
				items[i], want[i] = base[k], wantBase[k]
			}
			saved := runtime.GOMAXPROCS(procs)
			got := VerifyProofs(s, items)
			runtime.GOMAXPROCS(saved)
			checkSameVerdicts(t, got, want)
		})
	}
}

// TestBatchMSMWorkers: the batch MSM gives the same sum whatever the
// number of workers, beyond MultiExp's limit of 1024 tasks included.
func TestBatchMSMWorkers(t *testing.T) {
	g, err := bbsSHA256.generators(8)
	if err != nil {
		t.Fatal(err)
	}
	const n = 3 * group.StrausMaxVarPoints // past the switch to MultiExp
	points := make([]bls12381.G1Affine, n)
	scalars := make([]fr.Element, n)
	for i := range points {
		points[i] = g.points[i%len(g.points)]
		scalars[i].SetUint64(uint64(1000003 * (i + 1)))
		if i%2 == 0 {
			scalars[i].Square(&scalars[i]).Square(&scalars[i]).Square(&scalars[i]) // long scalars too
		}
	}
	want := group.BatchMSM(nil, nil, points, scalars, 1)
	for _, workers := range []int{2, group.MaxMultiExpTasks, group.MaxMultiExpTasks + 1, 5000} {
		if got := group.BatchMSM(nil, nil, points, scalars, workers); !got.Equal(&want) {
			t.Errorf("%d workers: a different sum", workers)
		}
		if c := group.MultiExpConfig(workers); c.NbTasks < 1 || c.NbTasks > group.MaxMultiExpTasks {
			t.Errorf("%d workers: %d tasks", workers, c.NbTasks)
		}
	}
}

// TestSecretInverse: the blinded inversion is exactly fr's inversion, and
// refuses zero.
func TestSecretInverse(t *testing.T) {
	vals := make([]fr.Element, 20)
	vals[0].SetOne()
	vals[1].SetOne()
	vals[1].Neg(&vals[1])
	vals[2].SetUint64(2)
	for i := 3; i < len(vals); i++ {
		vals[i].SetRandom()
	}
	for i := range vals {
		var want fr.Element
		want.Inverse(&vals[i])
		got, err := secretInverse(&vals[i])
		if err != nil || !got.Equal(&want) {
			t.Fatalf("secretInverse(%s) = %s, %v; want %s", vals[i].String(), got.String(), err, want.String())
		}
	}
	if _, err := secretInverse(new(fr.Element)); err == nil {
		t.Error("the inverse of zero accepted")
	}
}

// publicInversions are the functions of the package allowed to call a
// field inversion (Inverse) directly: secretInverse blinds its input, and
// group.BatchToAffine inverts a product of Z coordinates. Every inversion of a
// secret scalar (1/(x+e) in signing and blind signing, 1/r1 and 1/r2 in
// proving) goes through secretInverse, whose time does not depend on it.
var publicInversions = map[string]bool{"secretInverse": true, "group.BatchToAffine": true}

// TestSecretInversionsBlinded: no function outside publicInversions calls
// Inverse; a new one must use secretInverse or be listed above, with why
// its input is public.
func TestSecretInversionsBlinded(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var found []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Inverse" || sel.Sel.Name == "BatchInvert") {
					found = append(found, fn.Name.Name)
					if !publicInversions[fn.Name.Name] {
						t.Errorf("%s: %s calls %s directly: use secretInverse for a secret value, or list %s in publicInversions",
							fset.Position(call.Pos()), fn.Name.Name, sel.Sel.Name, fn.Name.Name)
					}
				}
				return true
			})
		}
	}
	if !slices.Contains(found, "secretInverse") {
		t.Error("no inversion found in secretInverse: is the walk broken?")
	}
}

// TestPairingLineCachesUnchanged: gnark-crypto's fixed-Q Miller loop
// overwrites the line arrays it is given (it scales them by the G1
// points), so the two call sites (pairingProductIsOne and
// batchPairingHolds) pass copies of the cached lines. The caches must hold
// exactly the lines of their points after VerifyProof and VerifyProofs
// have run, with valid and invalid proofs.
func TestPairingLineCachesUnchanged(t *testing.T) {
	_, _, _, p2 := bls12381.Generators()
	wantP2 := bls12381.PrecomputeLines(p2)
	for _, s := range []Scheme{BBSPlus2020(), BLS12381SHA256()} {
		t.Run(s.Name(), func(t *testing.T) {
			items := batchPool(t, s, 8)
			items[2].Nonce = []byte("another nonce")
			items[5] = batchBreakers[0].spoil(t, s, items[5], items[6])
			for _, it := range items {
				s.VerifyProof(it.PublicKey, it.Proof, it.Header, it.Nonce, it.Disclosed)
			}
			VerifyProofs(s, items)
			VerifyProofs(s, items[:1])
			VerifyProofs(s, slices.Concat(items, items))
			if *generatorG2Lines() != wantP2 {
				t.Fatal("the cached lines of P2 changed")
			}
			for i, it := range items {
				got, err := publicKeyLines(it.PublicKey)
				if err != nil {
					t.Fatal(err)
				}
				if *got != bls12381.PrecomputeLines(it.PublicKey.w) {
					t.Fatalf("item %d: the cached lines of its public key changed", i)
				}
			}
		})
	}
}

// BenchmarkInverse compares fr's inversion with the blinded one
// (secretInverse: one share-stream seed, two multiplications more).
func BenchmarkInverse(b *testing.B) {
	var z fr.Element
	z.SetRandom()
	b.Run("plain", func(b *testing.B) {
		var inv fr.Element
		for b.Loop() {
			inv.Inverse(&z)
		}
	})
	b.Run("blinded", func(b *testing.B) {
		for b.Loop() {
			if _, err := secretInverse(&z); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"encoding/binary"
	"fmt"
	"io"
	"runtime"
	"slices"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"golang.org/x/crypto/blake2b"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// BatchItem is one proof to verify with VerifyProofs, with the statement
// VerifyProof takes: the issuer's public key, the header, the nonce and the
// disclosed messages.
type BatchItem struct {
	PublicKey *PublicKey
	Proof     *Proof
	Header    []byte
	Nonce     []byte
	Disclosed []DisclosedMessage
}

// VerifyProofs verifies many proofs of scheme s at once, under the same or
// different public keys. It returns one verdict per item, in input order:
// nil, an error wrapping ErrInvalidProof, or an argument error, exactly as
// s.VerifyProof(item.PublicKey, item.Proof, item.Header, item.Nonce,
// item.Disclosed) would return it. An empty batch returns an empty slice; a
// nil scheme makes every item ErrInvalidArgument.
//
// It is much cheaper than one VerifyProof per item: the equations of all
// proofs are combined into a few random linear combinations (see "Batch
// weights" below) checked with one pairing product and, in BBS+ 2020, one
// multi-scalar multiplication. For BBS+ 2020 proofs, which carry their
// commitments, everything folds: the pairing equations of all proofs become
// one product of one pairing per distinct key and one with P2, checked
// first (no generator is derived for a proof that fails it), and the two
// proof-of-knowledge equations of every proof become one multi-scalar
// multiplication over five points per proof (A', Ā, D and the two
// commitments) and each generator once, its scalars summed over the proofs
// that share it. IETF proofs recompute their commitments T1 and T2 for the
// challenge, so each is checked on its own as VerifyProof does, and only
// the pairing equations fold.
//
// When the combined check fails, the batch is split in halves and each half
// checked again with the same weights; a failing half is split in turn,
// down to sets of at most four items, and when both halves fail, bad items
// are not rare: then, as in those small sets, each item is verified alone
// as VerifyProof does (as is a batch of one). So one bad
// proof never hides a good one nor passes with it, and every verdict is the
// one VerifyProof gives, the item's own error included, except with the
// probability bounded below. The batch uses up to GOMAXPROCS goroutines;
// with two or more, one of them computes the folded pairing check while
// the others start on the items' own work (its answer is used only if
// every item passes that work, when it is the check that would come next).
// The verdicts are the same with one.
//
// # Batch weights
//
// Each item i gets three weights γi, αi, βi, integers in [1, 2^144], for its
// pairing equation and its two proof-of-knowledge equations. They are read
// from BLAKE2b in XOF mode (output length unknown, no key) over the
// transcript
//
//	"fabric-bbs/batch-verify/v1" ‖ lp(scheme name) ‖ u64(n) ‖ item 0 ‖ … ‖ item n−1
//
// with each item encoded as
//
//	u64(i) ‖ lp(public key) ‖ lp(proof) ‖ lp(header) ‖ lp(nonce) ‖
//	u64(number disclosed) ‖ (u64(index) ‖ lp(message)) for each disclosed message
//
// where lp(x) = u64(len(x)) ‖ x, u64 is big-endian and a nil key or proof
// is empty. The XOF gives 54 bytes per item, in item order: γi, αi, βi are
// 18 bytes each, read big-endian, plus one. The weights are deterministic
// (every peer computes the same ones, as chaincode must) and fixed by
// everything that determines the equations: keys (hence generators),
// proofs (hence challenges), headers, nonces, disclosed messages and their
// indices, the number and order of the items.
//
// # Soundness
//
// Every equation of item i is an element Xi of a group of prime order r
// (G1 for the proofs of knowledge; for the pairing equations the order-r
// subgroup of the pairing's target, where the products lie) that is the
// identity exactly when the equation holds, and a batch check is
// Σ wi·Xi = 0 (Π Xi^wi = 1). This is the small-exponents test of Bellare,
// Garay and Rabin (1998): if some Xj ≠ 0, then whatever the other weights,
// at most one value of wj modulo r passes, and the 2^144 possible weights
// are distinct modulo r (2^144 < r), so a uniform wj passes with
// probability at most 2^-144. The weights are random-oracle outputs on a
// transcript that fixes every Xi: a prover, or several provers each
// submitting some items, cannot choose proofs after seeing the weights, as
// changing any byte of the batch draws all of them afresh; each attempt
// succeeds with probability at most 2^-144, q attempts at most q·2^-144.
// The split checks subsets of a tree fixed before the weights (the halves
// of the items that pass preparation), at most 2n−1 of them with the same
// weights, so an invalid item passes a batch of n items with probability
// at most 2n·2^-144: at most 2^-128 for batches of up to 2^15 items. In
// every checked subset the first item's γ and α are 1 (see
// firstWeightsOne), which leaves the argument whole.
func VerifyProofs(s Scheme, items []BatchItem) []error {
	errs := make([]error, len(items))
	switch v := s.(type) {
	case nil:
		for i := range errs {
			errs[i] = fmt.Errorf("%w: nil scheme", ErrInvalidArgument)
		}
	case *bbsPlus2020:
		verifyBatch[*bbsPlusBatchEntry](v, v, items, errs)
	case *ietfScheme:
		verifyBatch[*ietfBatchEntry](v, v, items, errs)
	default:
		for i := range items {
			it := &items[i]
			errs[i] = s.VerifyProof(it.PublicKey, it.Proof, it.Header, it.Nonce, it.Disclosed)
		}
	}
	return errs
}

// batchWeights are the weights γ (pairing equation), α and β (first and
// second proof-of-knowledge equation) of one item.
type batchWeights struct {
	gamma, alpha, beta fr.Element
}

// batchDST separates the batch transcript from every other hash.
const batchDST = "fabric-bbs/batch-verify/v1"

// batchWeightSize is the number of bytes read per weight: 144 bits.
const batchWeightSize = 18

// newBatchWeights derives the weights of every item from the transcript of
// the whole batch, as VerifyProofs documents.
func newBatchWeights(s Scheme, items []BatchItem) []batchWeights {
	xof, err := blake2b.NewXOF(blake2b.OutputLengthUnknown, nil)
	if err != nil {
		panic(err) // fixed, valid parameters
	}
	writeBatchTranscript(xof, s.Name(), items)
	out := make([]batchWeights, len(items))
	var buf [3 * batchWeightSize]byte
	var one fr.Element
	one.SetOne()
	for i := range out {
		if _, err := io.ReadFull(xof, buf[:]); err != nil {
			panic(err) // far below the XOF's output limit
		}
		for k, w := range []*fr.Element{&out[i].gamma, &out[i].alpha, &out[i].beta} {
			w.SetBytes(buf[k*batchWeightSize : (k+1)*batchWeightSize])
			w.Add(w, &one)
		}
	}
	return out
}

// writeBatchTranscript writes the transcript of the weights to h.
func writeBatchTranscript(h io.Writer, scheme string, items []BatchItem) {
	var n [8]byte
	u64 := func(v uint64) {
		binary.BigEndian.PutUint64(n[:], v)
		h.Write(n[:])
	}
	lp := func(b []byte) {
		u64(uint64(len(b)))
		h.Write(b)
	}
	h.Write([]byte(batchDST))
	lp([]byte(scheme))
	u64(uint64(len(items)))
	for i := range items {
		it := &items[i]
		u64(uint64(i))
		if it.PublicKey != nil {
			lp(it.PublicKey.enc[:])
		} else {
			lp(nil)
		}
		if it.Proof != nil {
			lp(it.Proof.enc)
		} else {
			lp(nil)
		}
		lp(it.Header)
		lp(it.Nonce)
		u64(uint64(len(it.Disclosed)))
		for _, d := range it.Disclosed {
			u64(uint64(d.Index))
			lp(d.Message)
		}
	}
}

// batchVerifier is what a scheme provides to verifyBatch; E is its
// per-item state.
type batchVerifier[E any] interface {
	// batchPrepare checks an item's arguments, and does whatever its proof
	// needs alone before the first stage. A non-nil error is the item's
	// verdict, as VerifyProof would return it.
	batchPrepare(it *BatchItem) (E, error)
	// batchStages is the number of folded checks, run in order, each on
	// the items that passed the ones before.
	batchStages() int
	// batchStep does what stage k needs of one item before its folded
	// check. A non-nil error is the item's verdict.
	batchStep(k int, it *BatchItem, e E) error
	// batchHolds reports whether the folded equations of stage k hold for
	// entries with weights w (parallel to entries), on up to workers
	// goroutines.
	batchHolds(k int, entries []E, w []batchWeights, workers int) bool
	// batchSingle returns the verdict of one prepared item that failed a
	// folded check as part of a larger set: what VerifyProof returns.
	batchSingle(it *BatchItem, e E) error
	// batchSpeculate reports whether stage k's folded check may run beside
	// its batchStep calls: it reads nothing batchStep(k) writes, and has no
	// effect but its answer. Its answer is used only when no item fails
	// batchStep(k), so the verdicts are those of running it after.
	batchSpeculate(k int) bool
}

// verifyBatch runs the batch: weights, preparation of every item in
// parallel, then each stage's folded check, splitting a failing set as
// resolve says; batchSingle decides the items left alone. errs has one
// slot per item.
func verifyBatch[E any](s Scheme, v batchVerifier[E], items []BatchItem, errs []error) {
	if len(items) == 1 { // nothing to fold
		it := &items[0]
		errs[0] = s.VerifyProof(it.PublicKey, it.Proof, it.Header, it.Nonce, it.Disclosed)
		return
	}
	if len(items) == 0 {
		return
	}
	workers := batchWorkers(len(items))
	weights := newBatchWeights(s, items)
	entries := make([]E, len(items))
	group.ParallelFor(len(items), workers, func(i int) {
		entries[i], errs[i] = v.batchPrepare(&items[i])
	})
	decided := make([]bool, len(items)) // by batchSingle: out of later stages
	holdsOn := func(k int, idx []int, workers int) bool {
		es := make([]E, len(idx))
		ws := make([]batchWeights, len(idx))
		for j, i := range idx {
			es[j], ws[j] = entries[i], weights[i]
		}
		return v.batchHolds(k, es, ws, workers)
	}
	holds := func(k int, idx []int) bool { return holdsOn(k, idx, workers) }
	singles := func(idx []int) {
		for _, i := range idx {
			errs[i], decided[i] = v.batchSingle(&items[i], entries[i]), true
		}
	}
	// resolve decides the items of idx at stage k. failed says their
	// folded check is known to fail: it is not run again. A failing set is
	// split in halves; if one half passes, the other must fail (the two
	// sums add up to the whole's) and is split in turn; if both fail, bad
	// items are not rare and the set is decided item by item, as is a
	// failing set of at most batchSplitMin items. Skipping a check never
	// accepts anything.
	var resolve func(k int, idx []int, failed bool)
	resolve = func(k int, idx []int, failed bool) {
		switch {
		case len(idx) == 0:
			return
		case len(idx) == 1:
			singles(idx)
			return
		case !failed && holds(k, idx):
			return
		case len(idx) <= batchSplitMin:
			singles(idx)
			return
		}
		h1, h2 := idx[:len(idx)/2], idx[len(idx)/2:]
		switch {
		case holds(k, h1):
			resolve(k, h2, true)
		case holds(k, h2):
			resolve(k, h1, true)
		default:
			singles(idx)
		}
	}
	for k := 0; k < v.batchStages(); k++ {
		var live []int
		for i := range items {
			if errs[i] == nil && !decided[i] {
				live = append(live, i)
			}
		}
		// The folded check of all live items, beside the steps when the
		// scheme allows it: the first of the step goroutines computes it
		// (on itself alone) before joining the others, so its serial part
		// (the final exponentiation) overlaps the steps instead of leaving
		// a core idle after them. Its answer counts only if every step
		// passes, when it is the one resolve would get first.
		speculate := workers > 1 && len(live) > 1 && v.batchSpeculate(k)
		var specHolds bool
		step := func(j int) {
			i := live[j]
			errs[i] = v.batchStep(k, &items[i], entries[i])
		}
		if speculate {
			parallelForAfter(len(live), workers, func() { specHolds = holdsOn(k, live, 1) }, step)
		} else {
			group.ParallelFor(len(live), workers, step)
		}
		n := len(live)
		live = slices.DeleteFunc(live, func(i int) bool { return errs[i] != nil })
		if speculate && len(live) == n {
			if !specHolds {
				resolve(k, live, true)
			}
		} else {
			resolve(k, live, false)
		}
	}
}

// parallelForAfter calls first and f(i) for every i in [0, n) on up to
// workers goroutines (group.ParallelFor): first is the first call taken,
// and the goroutine that takes it goes on to take its share of the f(i).
func parallelForAfter(n, workers int, first func(), f func(i int)) {
	group.ParallelFor(n+1, workers, func(i int) {
		if i == 0 {
			first()
			return
		}
		f(i - 1)
	})
}

// batchSplitMin is the size of the largest failing set that is decided
// item by item rather than split again: below it, the folded checks of
// the halves cost about as much as the items' own, which the items that
// fail need anyway.
const batchSplitMin = 4

// batchWorkers is the number of goroutines a batch of n items uses: at most
// GOMAXPROCS and at most n.
func batchWorkers(n int) int {
	return max(1, min(runtime.GOMAXPROCS(0), n))
}

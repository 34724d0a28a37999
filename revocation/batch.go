// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

// Batch removal (VB20, section 4, batch update of deletions by the
// polynomial method). The issuer removes m distinct handles y_1..y_m from
// V in one version: V' = V·1/∏(y_i + α). With
//
//	D(X) = ∏ (y_i − X) = Σ_{j=0..m} D_j·X^j
//	W(X) = (∏(y_i + α) − D(X)) / (X + α) = Σ_{j=0..m−1} w_j·X^j
//
// (the division is exact: D(−α) = ∏(y_i + α)), the record publishes
// Ω_j = w_j·V' for j < m−1 (Ω_{m−1} = −D_m·V' = (−1)^(m+1)·V' is implied).
// A holder of x with witness C (for V) computes, from the record alone,
//
//	C' = (C − Σ x^j·Ω_j) · 1/D(x)
//
// since (x + α)·(C − Ω(x)) = V − (x + α)·W(x)·V' = D(x)·V'. One m-point
// multi-scalar multiplication instead of m sequential updates, and one
// ledger record for the whole batch:
//
//	I2OSP(version, 8) ‖ I2OSP(m, 4) ‖ m × y (32) ‖ V' (48) ‖ (m−1) × Ω (48)
//
// BatchRemovalSize(m) = 12 + 80·m bytes. VerifyBatchRemoval checks the
// polynomial identity V − (X + α)·Ω(X) = D(X)·V' coefficient by coefficient
// (α·Ω_0 = V − D_0·V', α·Ω_j = −Ω_{j−1} − D_j·V'), folded with 128-bit
// weights into one two-pairing product. The identity is what every holder
// needs: it makes the update above correct for every x that is not
// removed, and at X = −α it gives V' = V·1/∏(y_i + α).

// MaxBatch is the largest number of handles one batch removes.
const MaxBatch = 1000

// VerifyBatchRemoval sums MaxBatch+1 terms in one bbsrev.PublicLinearCombination:
// raising MaxBatch past bbsrev.MaxLinearTerms−1 makes this constant negative,
// which does not compile.
const _ uint = bbsrev.MaxLinearTerms - (MaxBatch + 1)

const batchWeightDST = "FABRIC_BBS_REVOCATION_VB20_BATCH_V1_WEIGHT_"

// BatchRemovalSize is the encoding size of a batch of m handles.
func BatchRemovalSize(m int) int { return 12 + (ScalarSize+PointSize)*m }

// BatchRemoval is the update record of one batch of revocations: the
// version it makes, the removed handles, the new value and the points Ω
// holders update their witnesses from.
type BatchRemoval struct {
	Version uint64
	handles []fr.Element
	value   bls12381.G1Affine
	omega   []bls12381.G1Affine // Ω_0..Ω_{m−1}; the last is ±V', not encoded
}

// Len returns the number of handles removed.
func (r *BatchRemoval) Len() int { return len(r.handles) }

// Handles returns the removed handles' 32-byte encodings, in record order.
func (r *BatchRemoval) Handles() [][]byte {
	out := make([][]byte, len(r.handles))
	for i := range r.handles {
		b := r.handles[i].Bytes()
		out[i] = b[:]
	}
	return out
}

// Value returns the new accumulator value's 48-byte encoding.
func (r *BatchRemoval) Value() []byte { b := r.value.Bytes(); return b[:] }

// Bytes returns the record's encoding (BatchRemovalSize(r.Len()) bytes).
func (r *BatchRemoval) Bytes() []byte {
	m := len(r.handles)
	out := make([]byte, 0, BatchRemovalSize(m))
	out = binary.BigEndian.AppendUint64(out, r.Version)
	out = binary.BigEndian.AppendUint32(out, uint32(m))
	for i := range r.handles {
		b := r.handles[i].Bytes()
		out = append(out, b[:]...)
	}
	b := r.value.Bytes()
	out = append(out, b[:]...)
	for i := range m - 1 {
		b := r.omega[i].Bytes()
		out = append(out, b[:]...)
	}
	return out
}

// dCoefficients returns D_0..D_m of D(X) = ∏ (y_i − X).
func dCoefficients(ys []fr.Element) []fr.Element {
	d := make([]fr.Element, 1, len(ys)+1)
	d[0].SetOne()
	for i := range ys {
		d = append(d, fr.Element{})
		for j := len(d) - 1; j >= 0; j-- {
			var t fr.Element
			t.Mul(&d[j], &ys[i]) // y·D_j
			if j > 0 {
				t.Sub(&t, &d[j-1]) // − D_{j−1}·X
			}
			d[j] = t
		}
	}
	return d
}

// lastOmega returns Ω_{m−1} = −D_m·V' = (−1)^(m+1)·V'.
func lastOmega(v *bls12381.G1Affine, m int) bls12381.G1Affine {
	o := *v
	if m%2 == 0 {
		o.Neg(&o)
	}
	return o
}

// checkHandles refuses an empty, oversized or repeating list.
func checkHandles(ys []fr.Element) error {
	if len(ys) == 0 || len(ys) > MaxBatch {
		return fmt.Errorf("%w: batch of %d handles, want 1 to %d", ErrMalformed, len(ys), MaxBatch)
	}
	// Positions sorted by handle (then position): equal handles are
	// neighbours, and the error names the first two positions of one.
	idx := make([]int, len(ys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := ys[a].Cmp(&ys[b]); c != 0 {
			return c
		}
		return a - b
	})
	first := -1 // the lowest pair found: deterministic whatever the sort
	for i := 1; i < len(idx); i++ {
		if ys[idx[i]].Equal(&ys[idx[i-1]]) && (first < 0 || idx[i-1] < idx[first-1]) {
			first = i
		}
	}
	if first > 0 {
		return fmt.Errorf("%w: handles %d and %d of the batch are the same", ErrMalformed, idx[first-1], idx[first])
	}
	return nil
}

// RemoveBatch revokes the distinct handles (1 to MaxBatch) from the
// accumulator value of version `version` in one step and returns the
// batch record of version version+1.
func (sk *SecretKey) RemoveBatch(version uint64, value []byte, handles [][]byte) (*BatchRemoval, error) {
	v, err := parseValue(value)
	if err != nil {
		return nil, err
	}
	if version == ^uint64(0) {
		return nil, fmt.Errorf("%w: last version", ErrVersion)
	}
	if len(handles) == 0 || len(handles) > MaxBatch {
		return nil, fmt.Errorf("%w: batch of %d handles, want 1 to %d", ErrMalformed, len(handles), MaxBatch)
	}
	ys := make([]fr.Element, len(handles))
	for i, h := range handles {
		if ys[i], err = parseScalar(h); err != nil {
			return nil, err
		}
	}
	if err := checkHandles(ys); err != nil {
		return nil, err
	}
	// a = ∏(y_i + α), inverted blinded (it involves α).
	var a fr.Element
	a.SetOne()
	for i := range ys {
		var t fr.Element
		t.Add(&ys[i], &sk.alpha)
		if t.IsZero() {
			return nil, fmt.Errorf("%w: handle is −α", ErrMalformed)
		}
		a.Mul(&a, &t)
	}
	bl, err := randomScalar(rand.Reader)
	if err != nil {
		return nil, err
	}
	var inv fr.Element
	inv.Mul(&a, &bl)
	inv.Inverse(&inv)
	inv.Mul(&inv, &bl)
	nv := secretMul(&v, &inv)
	m := len(ys)
	d := dCoefficients(ys)
	// w_{m−1} = −D_m; w_{j−1} = −α·w_j − D_j.
	w := make([]fr.Element, m)
	w[m-1].Neg(&d[m])
	for j := m - 1; j >= 1; j-- {
		var t fr.Element
		t.Mul(&sk.alpha, &w[j])
		t.Add(&t, &d[j])
		w[j-1].Neg(&t)
	}
	omega := make([]bls12381.G1Affine, m)
	for j := range m - 1 {
		omega[j] = secretMul(&nv, &w[j])
	}
	omega[m-1] = lastOmega(&nv, m)
	return &BatchRemoval{Version: version + 1, handles: ys, value: nv, omega: omega}, nil
}

// ParseBatchRemoval parses a batch record: the length checked against the
// count before anything is allocated, a version above 0, 1 to MaxBatch
// distinct canonical handles, the value and every Ω a G1 subgroup point
// other than the identity.
func ParseBatchRemoval(b []byte) (*BatchRemoval, error) {
	if len(b) < 12 {
		return nil, fmt.Errorf("%w: batch removal of %d bytes", ErrMalformed, len(b))
	}
	m := binary.BigEndian.Uint32(b[8:12])
	if m == 0 || m > MaxBatch || len(b) != BatchRemovalSize(int(m)) {
		return nil, fmt.Errorf("%w: batch removal of %d bytes for %d handles (1 to %d, %d bytes each and 12)", ErrMalformed, len(b), m, MaxBatch, ScalarSize+PointSize)
	}
	r := &BatchRemoval{Version: binary.BigEndian.Uint64(b), handles: make([]fr.Element, m), omega: make([]bls12381.G1Affine, m)}
	if r.Version == 0 {
		return nil, fmt.Errorf("%w: batch removal makes version 0", ErrMalformed)
	}
	off := 12
	var err error
	for i := range r.handles {
		if r.handles[i], err = parseScalar(b[off : off+ScalarSize]); err != nil {
			return nil, err
		}
		off += ScalarSize
	}
	if err := checkHandles(r.handles); err != nil {
		return nil, err
	}
	if r.value, err = parseValue(b[off : off+PointSize]); err != nil {
		return nil, err
	}
	off += PointSize
	for j := range int(m) - 1 {
		if r.omega[j], err = parseValue(b[off : off+PointSize]); err != nil {
			return nil, fmt.Errorf("Ω_%d: %w", j, err)
		}
		off += PointSize
	}
	r.omega[m-1] = lastOmega(&r.value, int(m))
	return r, nil
}

// BatchRemovalValue returns the version and the accumulator value V_k of a
// batch record (as ParseBatchRemoval would give them) without parsing its
// handles and Ω: a verifier that only needs the value of a past version
// (a presentation against version k) pays one point decoding, not m + 1.
// The framing is checked as ParseBatchRemoval checks it; the value is a G1
// subgroup point other than the identity.
func BatchRemovalValue(b []byte) (uint64, []byte, error) {
	if len(b) < 12 {
		return 0, nil, fmt.Errorf("%w: batch removal of %d bytes", ErrMalformed, len(b))
	}
	m := binary.BigEndian.Uint32(b[8:12])
	if m == 0 || m > MaxBatch || len(b) != BatchRemovalSize(int(m)) {
		return 0, nil, fmt.Errorf("%w: batch removal of %d bytes for %d handles (1 to %d, %d bytes each and 12)", ErrMalformed, len(b), m, MaxBatch, ScalarSize+PointSize)
	}
	version := binary.BigEndian.Uint64(b)
	if version == 0 {
		return 0, nil, fmt.Errorf("%w: batch removal makes version 0", ErrMalformed)
	}
	off := 12 + int(m)*ScalarSize
	v, err := parseValue(b[off : off+PointSize])
	if err != nil {
		return 0, nil, err
	}
	out := v.Bytes()
	return version, out[:], nil
}

// VerifyBatchRemoval checks that r is the removal of its handles from
// prev, the value of version r.Version−1, and that its Ω let every other
// holder update: α·Ω_0 = V − D_0·V' and α·Ω_j = −Ω_{j−1} − D_j·V' for
// 0 < j < m (checked as e(Ω_j, P̃_α) = e(right side, P̃)), folded with
// weights ρ_0 = 1 and ρ_j of 128 bits hashed from the key, prev and the
// record: e(Σ ρ_j·Ω_j, P̃_α)·e(−Σ ρ_j·R_j, P̃) = 1. A contract runs it
// before it records the batch.
func VerifyBatchRemoval(pk *PublicKey, prev []byte, r *BatchRemoval) error {
	if pk == nil || r == nil || len(r.handles) == 0 || len(r.omega) != len(r.handles) {
		return fmt.Errorf("%w: nil key or incomplete batch removal", ErrMalformed)
	}
	if len(r.handles) > MaxBatch {
		// Before the coefficients (quadratic in m) and the MSMs.
		return fmt.Errorf("%w: batch removal of %d handles, at most %d", ErrMalformed, len(r.handles), MaxBatch)
	}
	v, err := parseValue(prev)
	if err != nil {
		return err
	}
	m := len(r.handles)
	d := dCoefficients(r.handles)
	rho := batchWeights(pk, prev, r)
	// A = Σ ρ_j·Ω_j; B = ρ_0·V − (Σ ρ_j·D_j)·V' − Σ_{j≥1} ρ_j·Ω_{j−1}.
	aPts := make([]bls12381.G1Affine, 0, m)
	aSc := make([]fr.Element, 0, m)
	bPts := make([]bls12381.G1Affine, 0, m+1)
	bSc := make([]fr.Element, 0, m+1)
	var sumD fr.Element
	for j := range m {
		aPts = append(aPts, r.omega[j])
		aSc = append(aSc, rho[j])
		var t fr.Element
		sumD.Add(&sumD, t.Mul(&rho[j], &d[j]))
		if j >= 1 {
			bPts = append(bPts, r.omega[j-1])
			bSc = append(bSc, *t.Neg(&rho[j]))
		}
	}
	bPts = append(bPts, v, r.value)
	bSc = append(bSc, rho[0], *sumD.Neg(&sumD))
	a, err := linear(aPts, aSc)
	if err != nil {
		return err
	}
	b, err := linear(bPts, bSc)
	if err != nil {
		return err
	}
	b.Neg(&b)
	ok, err := bls12381.PairingCheckFixedQ(
		[]bls12381.G1Affine{a, b},
		[][2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff{*pk.preparedLines(), g2Lines},
	)
	if err != nil {
		return fmt.Errorf("%w: pairing: %v", ErrInvalid, err)
	}
	if !ok {
		return fmt.Errorf("%w: the batch is not the removal of its handles from this value", ErrInvalid)
	}
	return nil
}

// batchWeights returns ρ_0 = 1 and, for j ≥ 1, 128-bit weights from
// SHA-256 of the key, the previous value and the record.
func batchWeights(pk *PublicKey, prev []byte, r *BatchRemoval) []fr.Element {
	h := sha256.New()
	h.Write([]byte(batchWeightDST))
	h.Write(pk.enc[:])
	h.Write(prev)
	h.Write(r.Bytes())
	seed := h.Sum(nil)
	out := make([]fr.Element, len(r.handles))
	out[0].SetOne()
	for j := 1; j < len(out); j++ {
		s := sha256.Sum256(binary.BigEndian.AppendUint32(slices.Clone(seed), uint32(j)))
		out[j].SetBytes(s[:16])
		if out[j].IsZero() {
			out[j].SetOne()
		}
	}
	return out
}

// UpdateWitnessBatch applies the batch r to the witness of handle y at
// version r.Version−1 and returns the witness at r.Version:
// C' = (C − Σ y^j·Ω_j)·1/D(y). ErrRevoked if y is one of the removed
// handles. VerifyWitness against the new value confirms the result.
func UpdateWitnessBatch(handle, witness []byte, r *BatchRemoval) ([]byte, error) {
	if r == nil || len(r.handles) == 0 || len(r.omega) != len(r.handles) {
		return nil, fmt.Errorf("%w: nil or incomplete batch removal", ErrMalformed)
	}
	y, err := parseScalar(handle)
	if err != nil {
		return nil, err
	}
	c, err := parseValue(witness)
	if err != nil {
		return nil, err
	}
	// D(y) = ∏ (y_i − y).
	var dy fr.Element
	dy.SetOne()
	for i := range r.handles {
		var t fr.Element
		t.Sub(&r.handles[i], &y)
		if t.IsZero() {
			return nil, ErrRevoked
		}
		dy.Mul(&dy, &t)
	}
	// Ω(y) = Σ y^j·Ω_j with the holder's secret y masked: the (variable
	// time) MSMs see y^j + t_j and t_j for random t_j, each uniform.
	m := len(r.handles)
	masked := make([]fr.Element, m)
	masks := make([]fr.Element, m)
	var pw fr.Element
	pw.SetOne()
	for j := range m {
		if masks[j], err = randomScalar(rand.Reader); err != nil {
			return nil, err
		}
		masked[j].Add(&pw, &masks[j])
		pw.Mul(&pw, &y)
	}
	e1, err := linear(r.omega, masked)
	if err != nil {
		return nil, err
	}
	e2, err := linear(r.omega, masks)
	if err != nil {
		return nil, err
	}
	var diff bls12381.G1Jac
	diff.FromAffine(&c)
	var t bls12381.G1Jac
	t.FromAffine(&e1)
	diff.SubAssign(&t)
	t.FromAffine(&e2)
	diff.AddAssign(&t)
	var diffA bls12381.G1Affine
	diffA.FromJacobian(&diff)
	// 1/D(y) involves y: inverted blinded.
	bl, err := randomScalar(rand.Reader)
	if err != nil {
		return nil, err
	}
	dy.Mul(&dy, &bl)
	dy.Inverse(&dy)
	dy.Mul(&dy, &bl)
	nc := secretMul(&diffA, &dy)
	if nc.IsInfinity() {
		return nil, fmt.Errorf("%w: the batch does not update this witness", ErrInvalid)
	}
	out := nc.Bytes()
	return out[:], nil
}

// UpdateBatch applies the batch r, which must make version c.Version+1,
// to the credential's witness. ErrRevoked if r removes the credential's
// handle, ErrVersion if r does not follow c.Version.
func (c *Credential) UpdateBatch(r *BatchRemoval) error {
	h, err := c.Handle()
	if err != nil {
		return err
	}
	if r == nil || r.Version != c.Version+1 {
		return fmt.Errorf("%w: batch removal does not follow version %d", ErrVersion, c.Version)
	}
	w, err := UpdateWitnessBatch(h, c.Witness, r)
	if err != nil {
		return err
	}
	c.Witness, c.Version = w, r.Version
	return nil
}

// RecordRemoves reports whether b, a removal record (RemovalSize bytes,
// ParseRemoval's layout) or a batch removal record (ParseBatchRemoval's
// layout), of version removes handle (its 32-byte encoding). It reads the
// layout, the version and the handle bytes only: no point is parsed, so a
// contract can afford it for a record it already checked when it wrote
// it. Bytes of neither layout remove nothing.
func RecordRemoves(b []byte, version uint64, handle []byte) bool {
	if len(handle) != ScalarSize || len(b) < 12 || binary.BigEndian.Uint64(b) != version {
		return false
	}
	if len(b) == RemovalSize {
		return string(b[8:8+ScalarSize]) == string(handle)
	}
	m := binary.BigEndian.Uint32(b[8:12])
	if m == 0 || m > MaxBatch || len(b) != BatchRemovalSize(int(m)) {
		return false
	}
	for i := range int(m) {
		off := 12 + i*ScalarSize
		if string(b[off:off+ScalarSize]) == string(handle) {
			return true
		}
	}
	return false
}

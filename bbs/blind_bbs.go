// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// BlindBBS is the Blind BBS Signatures interface of an IETF ciphersuite
// (draft-irtf-cfrg-bbs-blind-signatures-02, api_id ciphersuite_id ||
// "BLIND_H2G_HM2S_"): a holder commits to messages the signer does not see
// (Commit), the signer signs its messages and the commitment (BlindSign),
// the holder checks the signature (VerifyBlindSign) and derives proofs
// that may keep every committed message hidden (ProofGen), which anyone
// verifies knowing only L, the number of signer messages (ProofVerify).
//
// Keys, signatures and proofs are the ciphersuite's own values (the
// scheme of BLS12381SHA256 or BLS12381SHAKE256, same encodings); a blind
// signature or proof does not verify through the plain interface (another
// api_id) and a plain one not through this one.
//
// The draft's -02 text is followed where its fixtures agree
// (testdata/bbs-blind, blind_bbs_test.go); they fix the points -02's prose
// leaves loose: B = P1 + Q_1·domain + Σ H_i·msg_i + C, e =
// hash_to_scalar(SK ‖ B), and the domain over every generator (Q_1,
// H_1..H_L, Q_2, J_1..J_M), as CoreVerify needs.
type BlindBBS struct {
	base *ietfScheme
	s    *nymScheme // the Blind BBS api_id in the pseudonym machinery (blind.go)
}

var (
	blindSHA256   = newBlindBBS(bbsSHA256)
	blindSHAKE256 = newBlindBBS(bbsSHAKE256)
)

// BlindBLS12381SHA256 returns Blind BBS over BLS12-381-SHA-256.
func BlindBLS12381SHA256() *BlindBBS { return blindSHA256 }

// BlindBLS12381SHAKE256 returns Blind BBS over BLS12-381-SHAKE-256.
func BlindBLS12381SHAKE256() *BlindBBS { return blindSHAKE256 }

func newBlindBBS(base *ietfScheme) *BlindBBS {
	api := base.suiteID + "BLIND_H2G_HM2S_"
	p1 := fmt.Sprintf("%x", group.AppendG1(nil, &base.p1))
	name := base.name + "/blind"
	return &BlindBBS{base: base, s: &nymScheme{
		name:  name,
		nym:   newIETFSchemeAPI(name, base.suiteID, api, base.expand, p1),
		blind: newIETFSchemeAPI(name+"/generators", base.suiteID, "BLIND_"+api, base.expand, p1),
	}}
}

// Scheme returns the ciphersuite whose keys, signatures and proofs b uses.
func (b *BlindBBS) Scheme() Scheme { return b.base }

// ProverBlindSize is the size of an encoded secret_prover_blind.
const ProverBlindSize = scalarSize

// Commit is the draft's Commit: a commitment with proof to the committed
// messages (C ‖ s^ ‖ m^_1..m^_M ‖ c, 48 + 32·(M+2) bytes) and the
// secret_prover_blind (32 bytes) the holder keeps. Its M+2 random scalars
// are hedged over the committed messages (32 fresh bytes of rand,
// crypto/rand when nil).
func (b *BlindBBS) Commit(rand io.Reader, committed [][]byte) (commitment, proverBlind []byte, err error) {
	if len(committed)+1 > MaxMessages {
		return nil, nil, fmt.Errorf("commit: %w: %d committed messages", ErrInvalidArgument, len(committed))
	}
	random, err := b.s.nymCommitRandomScalars(rand, len(committed)+2, committed, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("commit: %w", err)
	}
	com, blind, err := b.s.commitWithNym(committed, nil, random)
	if err != nil {
		return nil, nil, fmt.Errorf("commit: %w", err)
	}
	return com.encode(), group.AppendScalar(nil, &blind), nil
}

// parseCommitment is deserialize_and_validate_commit for a non-empty
// commitment: it parses it and checks its proof (ErrMalformedCommitment,
// ErrInvalidCommitment).
func (b *BlindBBS) parseCommitment(commitment []byte) (*blindCommit, error) {
	com, err := parseBlindCommit(commitment)
	if err != nil {
		return nil, err
	}
	bg, err := b.s.blind.generators(len(com.mHat) + 1)
	if err != nil {
		return nil, err
	}
	if err := b.s.verifyCommit(com, &bg); err != nil {
		return nil, err
	}
	return com, nil
}

// VerifyCommitment checks a commitment with proof as BlindSign does.
func (b *BlindBBS) VerifyCommitment(commitment []byte) error {
	_, err := b.parseCommitment(commitment)
	return err
}

// BlindSign is the draft's BlindSign: a signature over messages and the
// holder's commitment (empty: no commitment), whose proof it checks first.
func (b *BlindBBS) BlindSign(sk *SecretKey, commitment, header []byte, messages [][]byte) (*Signature, error) {
	if sk == nil {
		return nil, fmt.Errorf("%w: nil secret key", ErrInvalidArgument)
	}
	if err := checkScheme(b.base, "secret key", sk.scheme); err != nil {
		return nil, err
	}
	var c bls12381.G1Affine // the identity when there is no commitment
	m := 0
	if len(commitment) != 0 {
		com, err := b.parseCommitment(commitment)
		if err != nil {
			return nil, fmt.Errorf("blind sign: %w", err)
		}
		c, m = com.c, len(com.mHat)
	}
	L := len(messages)
	gens, err := b.s.nymGenerators(L, m)
	if err != nil {
		return nil, fmt.Errorf("blind sign: %w", err)
	}
	ms, err := b.s.nym.messagesToScalars(messages)
	if err != nil {
		return nil, fmt.Errorf("blind sign: %w", err)
	}
	// B = P1 + Σ H_i·msg_i + C (FinalizeBlindSign adds Q_1·domain), the
	// messages treated as secrets.
	fixed := make([]*group.G1Table, 0, L+1)
	scalars := make([]fr.Element, 0, L+1)
	fixed = append(fixed, b.s.nym.p1Table)
	scalars = append(scalars, oneScalar())
	for i := range ms {
		fixed = append(fixed, &gens.tables[1+i])
	}
	scalars = append(scalars, ms...)
	bb, err := secretMSMWithTables(fixed, scalars, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("blind sign: %w", err)
	}
	bb.Add(&bb, &c)
	if bb.IsInfinity() {
		return nil, fmt.Errorf("blind sign: degenerate B (identity)")
	}
	sig, err := b.s.finalizeBlindSign(sk, &bb, &gens, header)
	if err != nil {
		return nil, fmt.Errorf("blind sign: %w", err)
	}
	sig.scheme = b.base
	return sig, nil
}

// parseBlind decodes a secret_prover_blind (nil or empty: zero, no
// commitment).
func parseBlind(proverBlind []byte) (fr.Element, error) {
	if len(proverBlind) == 0 {
		return fr.Element{}, nil
	}
	z, err := group.DecodeScalar(proverBlind)
	if err != nil {
		return z, fmt.Errorf("%w: secret_prover_blind: %v", ErrInvalidArgument, err)
	}
	return z, nil
}

func (b *BlindBBS) checkKeySig(pk *PublicKey, sig *Signature) error {
	if pk == nil || sig == nil {
		return fmt.Errorf("%w: nil public key or signature", ErrInvalidArgument)
	}
	if err := checkScheme(b.base, "public key", pk.scheme); err != nil {
		return err
	}
	return checkScheme(b.base, "signature", sig.scheme)
}

// VerifyBlindSign is the draft's VerifyBlindSign, the holder's check of
// its signature over the signer's messages, its committed messages and
// secret_prover_blind (ErrInvalidSignature). The committed values are
// secrets: the check treats them so.
func (b *BlindBBS) VerifyBlindSign(pk *PublicKey, sig *Signature, header []byte, messages, committed [][]byte, proverBlind []byte) error {
	if err := b.checkKeySig(pk, sig); err != nil {
		return err
	}
	blind, err := parseBlind(proverBlind)
	if err != nil {
		return err
	}
	m, gens, err := b.s.prepareParameters(messages, committed, &blind, nil)
	if err != nil {
		return fmt.Errorf("verify blind sign: %w", err)
	}
	return b.s.nym.proverCheckSignature(pk, sig, &gens, header, m)
}

// ProofGen is the draft's BlindProofGen: a proof of the signature that
// discloses the signer messages at disclosed and the committed messages at
// disclosedCommitted (both 0-based within their lists) and hides the rest
// and secret_prover_blind. The signature is checked first. The random
// scalars are hedged as DeriveProof's, over the committed messages and the
// blind as well.
func (b *BlindBBS) ProofGen(rand io.Reader, pk *PublicKey, sig *Signature, header, ph []byte, messages, committed [][]byte, disclosed, disclosedCommitted []int, proverBlind []byte) (*Proof, error) {
	if err := b.checkKeySig(pk, sig); err != nil {
		return nil, err
	}
	blind, err := parseBlind(proverBlind)
	if err != nil {
		return nil, err
	}
	L := len(messages)
	m, gens, err := b.s.prepareParameters(messages, committed, &blind, nil)
	if err != nil {
		return nil, fmt.Errorf("blind proof: %w", err)
	}
	dis, _, err := splitIndices(disclosed, L)
	if err != nil {
		return nil, fmt.Errorf("blind proof: %w", err)
	}
	disC, _, err := splitIndices(disclosedCommitted, len(committed))
	if err != nil {
		return nil, fmt.Errorf("blind proof: committed messages: %w", err)
	}
	for _, j := range disC {
		dis = append(dis, j+L+1)
	}
	if err := b.s.nym.proverCheckSignature(pk, sig, &gens, header, m); err != nil {
		return nil, fmt.Errorf("blind proof: %w", err)
	}
	undisclosed := complement(dis, len(m))
	var com hedgeInput
	com.list(committed)
	random, err := ietfProofRandomScalars(rand, b.s.nym, 5+len(undisclosed), pk, sig, header, ph, messages, dis,
		group.AppendScalar(nil, &blind), com.b)
	if err != nil {
		return nil, fmt.Errorf("blind proof: %w", err)
	}
	init, err := b.s.nym.proofInit(pk, sig, &gens, random, header, m, undisclosed)
	if err != nil {
		return nil, fmt.Errorf("blind proof: %w", err)
	}
	dm := make([]fr.Element, len(dis))
	for k, i := range dis {
		dm[k] = m[i]
	}
	c, err := b.s.nym.challenge(init, dis, dm, ph)
	if err != nil {
		return nil, fmt.Errorf("blind proof: %w", err)
	}
	p, err := proofFinalize(init, &c, &sig.e, random, m, undisclosed)
	if err != nil {
		return nil, fmt.Errorf("blind proof: %w", err)
	}
	return &Proof{scheme: b.base, enc: p.encode(), body: p}, nil
}

// ProofVerify is the draft's BlindProofVerify: L is the number of signer
// messages; disclosed and disclosedCommitted give the disclosed signer and
// committed messages with their indexes within their lists, strictly
// ascending. The proof's hidden messages make up the rest: the signature
// was over L signer messages, secret_prover_blind and M committed
// messages, M = hidden + disclosed − L − 1 ≥ 0.
func (b *BlindBBS) ProofVerify(pk *PublicKey, proof *Proof, header, ph []byte, L int, disclosed, disclosedCommitted []DisclosedMessage) error {
	if pk == nil || proof == nil {
		return fmt.Errorf("%w: nil public key or proof", ErrInvalidArgument)
	}
	if err := checkScheme(b.base, "public key", pk.scheme); err != nil {
		return err
	}
	if err := checkScheme(b.base, "proof", proof.scheme); err != nil {
		return err
	}
	p, ok := proof.body.(*ietfProof)
	if !ok {
		return fmt.Errorf("%w: proof not made by ParseProof or ProofGen", ErrInvalidArgument)
	}
	total := len(p.mHat) + len(disclosed) + len(disclosedCommitted)
	if err := checkMessageCount(total); err != nil {
		return fmt.Errorf("blind proof verify: %w", err)
	}
	M := total - L - 1 // committed messages, secret_prover_blind aside
	if L < 0 || M < 0 {
		return fmt.Errorf("%w: L = %d signer messages, but the proof is over %d messages in all (L + 1 + committed)", ErrInvalidArgument, L, total)
	}
	idx := make([]int, 0, len(disclosed)+len(disclosedCommitted))
	raw := make([][]byte, 0, cap(idx))
	for list, ds := range [][]DisclosedMessage{disclosed, disclosedCommitted} {
		n, off := L, 0
		if list == 1 {
			n, off = M, L+1
		}
		for k, d := range ds {
			switch {
			case d.Index < 0 || d.Index >= n:
				return fmt.Errorf("%w: disclosed index %d out of range [0, %d)", ErrInvalidArgument, d.Index, n)
			case k > 0 && d.Index <= ds[k-1].Index:
				return fmt.Errorf("%w: disclosed indices not strictly ascending (%d after %d)", ErrInvalidArgument, d.Index, ds[k-1].Index)
			}
			idx, raw = append(idx, d.Index+off), append(raw, d.Message)
		}
	}
	dm, err := b.s.nym.messagesToScalars(raw)
	if err != nil {
		return fmt.Errorf("blind proof verify: %w", err)
	}
	gens, err := b.s.nymGenerators(L, M)
	if err != nil {
		return fmt.Errorf("blind proof verify: %w", err)
	}
	init, err := b.s.nym.proofVerifyInit(pk, p, &gens, header, idx, dm)
	if err != nil {
		return fmt.Errorf("blind proof verify: %w", err)
	}
	c, err := b.s.nym.challenge(init, idx, dm, ph)
	if err != nil {
		return fmt.Errorf("blind proof verify: %w", err)
	}
	if !c.Equal(&p.c) {
		return fmt.Errorf("%w: challenge mismatch", ErrInvalidProof)
	}
	return proofPairing(pk, p)
}

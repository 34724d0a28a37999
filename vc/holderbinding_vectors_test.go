// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// TestW3CHolderBindingVector checks the W3C anonymous_holder_binding
// vector (testdata/w3c-features/HolderBinding) value by value against this
// package and package bbs's Blind BBS -02: the holder's commitment with
// proof, bbsHeader = proofHash || mandatoryHash, the base proof's
// components (header d95d04, five components, as this package parses and
// re-encodes them), the issuer's blind signature over the 23 non-mandatory
// statements, the holder secret and secretProverBlind (VerifyBlindSign),
// the derived proof's components (header d95d05, six: label map,
// mandatory and selective indexes, presentation header,
// lengthBBSMessages = 23) and its 880-byte BBS proof under Blind BBS
// ProofVerify with L = 23.
func TestW3CHolderBindingVector(t *testing.T) {
	var com struct{ SecretProverBlind, CommitmentWithProof string }
	readFeature(t, "HolderBinding/commitmentInfo.json", &com)
	var hs struct{ HolderSecretHex string }
	readFeature(t, "FeatureInputs/holderSecret.json", &hs)
	b := bbs.BlindBLS12381SHA256()
	if err := b.VerifyCommitment(hexBytes(t, com.CommitmentWithProof)); err != nil {
		t.Errorf("the vector's commitment with proof under -02: %v", err)
	}
	var raw struct {
		BbsSignature, BbsHeader, PublicKey, HmacKey, FeatureOption string
		MandatoryPointers                                          []string
	}
	readFeature(t, "HolderBinding/addRawBaseSignatureInfo.json", &raw)
	var hashes struct{ ProofHash, MandatoryHash string }
	readFeature(t, "HolderBinding/addHashData.json", &hashes)
	if raw.BbsHeader != hashes.ProofHash+hashes.MandatoryHash || raw.FeatureOption != FeatureHolderBinding {
		t.Error("bbsHeader is not proofHash || mandatoryHash, or another feature")
	}
	var signed struct{ Proof struct{ ProofValue string } }
	readFeature(t, "HolderBinding/addSignedSDBase.json", &signed)
	base, err := ParseHolderBindingBaseProofValue(signed.Proof.ProofValue)
	if err != nil {
		t.Fatal(err)
	}
	if hex.EncodeToString(base.Signature) != raw.BbsSignature || hex.EncodeToString(base.Header) != raw.BbsHeader ||
		hex.EncodeToString(base.PublicKey) != raw.PublicKey || hex.EncodeToString(base.HMACKey) != raw.HmacKey ||
		!reflect.DeepEqual(base.MandatoryPointers, raw.MandatoryPointers) {
		t.Error("base proof components differ from addRawBaseSignatureInfo.json")
	}
	if again, err := encodeHolderBindingBase(base); err != nil || again != signed.Proof.ProofValue {
		t.Errorf("base proof value does not re-encode to the vector's: %v", err)
	}
	if _, err := ParseBaseProofValue(signed.Proof.ProofValue); err == nil {
		t.Error("the baseline parser accepts a holder binding base proof")
	}
	var tr struct {
		NonMandatory struct{ Value [][2]any } `json:"nonMandatory"`
	}
	readFeature(t, "HolderBinding/addBaseTransform.json", &tr)
	var msgs [][]byte
	for _, kv := range tr.NonMandatory.Value {
		msgs = append(msgs, []byte(kv[1].(string)))
	}
	s := ietfScheme()
	pk, err := s.ParsePublicKey(base.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := s.ParseSignature(base.Signature)
	if err != nil {
		t.Fatal(err)
	}
	secret, blind := hexBytes(t, hs.HolderSecretHex), hexBytes(t, com.SecretProverBlind)
	if err := b.VerifyBlindSign(pk, sig, base.Header, msgs, [][]byte{secret}, blind); err != nil {
		t.Errorf("the vector's blind signature under -02 VerifyBlindSign: %v", err)
	}
	// The derived proof.
	var dd struct {
		BbsProof            string
		LabelMap            struct{ Value [][2]string }
		MandatoryIndexes    []int
		AdjSelectiveIndexes []int
		PresentationHeader  map[string]int
		LengthBBSMessages   int
	}
	readFeature(t, "HolderBinding/derivedDisclosureData.json", &dd)
	var reveal struct{ Proof struct{ ProofValue string } }
	readFeature(t, "HolderBinding/derivedRevealDocument.json", &reveal)
	dp, err := ParseHolderBindingDerivedProofValue(reveal.Proof.ProofValue)
	if err != nil {
		t.Fatal(err)
	}
	labels := map[string]string{}
	for _, kv := range dd.LabelMap.Value {
		labels[kv[0]] = kv[1]
	}
	ph := make([]byte, len(dd.PresentationHeader))
	for k, x := range dd.PresentationHeader {
		i, _ := strconv.Atoi(k)
		ph[i] = byte(x)
	}
	if hex.EncodeToString(dp.Proof) != dd.BbsProof || !reflect.DeepEqual(dp.LabelMap, labels) ||
		!reflect.DeepEqual(dp.MandatoryIndexes, dd.MandatoryIndexes) || !reflect.DeepEqual(dp.SelectiveIndexes, dd.AdjSelectiveIndexes) ||
		!bytes.Equal(dp.PresentationHeader, ph) || dp.LengthBBSMessages != dd.LengthBBSMessages || dd.LengthBBSMessages != len(msgs) {
		t.Errorf("derived components differ from derivedDisclosureData.json: %+v", dp)
	}
	if again, err := dp.Encode(); err != nil || again != reveal.Proof.ProofValue {
		t.Errorf("derived proof value does not re-encode to the vector's: %v", err)
	}
	var quads []string
	readFeature(t, "HolderBinding/verifyNQuads.json", &quads)
	mandatory := map[int]bool{}
	for _, i := range dd.MandatoryIndexes {
		mandatory[i] = true
	}
	var mq []byte
	for _, i := range dd.MandatoryIndexes {
		mq = append(mq, quads[i]...)
	}
	if h := sha256.Sum256(mq); hex.EncodeToString(h[:]) != hashes.MandatoryHash {
		t.Errorf("the verifier's mandatory statements hash to %x, mandatoryHash %s", h, hashes.MandatoryHash)
	}
	var disclosed []bbs.DisclosedMessage
	for i, q := range quads {
		if !mandatory[i] {
			disclosed = append(disclosed, bbs.DisclosedMessage{Index: dd.AdjSelectiveIndexes[len(disclosed)], Message: []byte(q)})
		}
	}
	for _, d := range disclosed {
		if !bytes.Equal(d.Message, msgs[d.Index]) {
			t.Errorf("disclosed statement %d is not signed statement %d", d.Index, d.Index)
		}
	}
	proof, err := s.ParseProof(dp.Proof)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.ProofVerify(pk, proof, base.Header, ph, dd.LengthBBSMessages, disclosed, nil); err != nil {
		t.Errorf("the vector's proof under -02 BlindProofVerify: %v", err)
	}
}

// TestW3CHolderBindingVectorStatements checks the vector's statements
// without the license's contexts (which the shared set lacks): proofHash is
// SHA-256 of the canonical proof configuration; the canonical N-Quads
// relabelled with this package's HMAC label shuffle (the vector's hmacKey)
// and sorted are the vector's HMAC canonical N-Quads; those are exactly the
// mandatory and non-mandatory statements of addBaseTransform.json at their
// indexes; mandatoryHash is SHA-256 of the mandatory ones.
func TestW3CHolderBindingVectorStatements(t *testing.T) {
	var hashes struct{ ProofHash, MandatoryHash string }
	readFeature(t, "HolderBinding/addHashData.json", &hashes)
	cfg, err := os.ReadFile(filepath.Join("testdata", "w3c-features", "HolderBinding", "addProofConfigCanon.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if h := sha256.Sum256(cfg); hex.EncodeToString(h[:]) != hashes.ProofHash {
		t.Errorf("SHA-256 of the canonical proof configuration %x, proofHash %s", h, hashes.ProofHash)
	}
	var canon, hmacCanon []string
	readFeature(t, "HolderBinding/addBaseDocCanon.json", &canon)
	readFeature(t, "HolderBinding/addBaseDocHMACCanon.json", &hmacCanon)
	var tr struct {
		HmacKeyString string
		Mandatory     struct{ Value [][2]any } `json:"mandatory"`
		NonMandatory  struct{ Value [][2]any } `json:"nonMandatory"`
	}
	readFeature(t, "HolderBinding/addBaseTransform.json", &tr)
	key, err := hex.DecodeString(tr.HmacKeyString)
	if err != nil {
		t.Fatal(err)
	}
	label := regexp.MustCompile(`_:(c14n[0-9]+)`)
	ids := map[string]string{}
	for _, l := range canon {
		for _, m := range label.FindAllStringSubmatch(l, -1) {
			ids[m[1]] = m[1]
		}
	}
	shuffled := shuffledLabels(key, ids)
	var got []string
	for _, l := range canon {
		got = append(got, label.ReplaceAllStringFunc(l, func(s string) string { return "_:" + shuffled[s[2:]] }))
	}
	sort.Strings(got)
	if !reflect.DeepEqual(got, hmacCanon) {
		t.Errorf("HMAC-relabelled canonical N-Quads:\n%s\nwant\n%s", strings.Join(got, ""), strings.Join(hmacCanon, ""))
	}
	split := make([]string, len(hmacCanon))
	var mandatory []byte
	for _, g := range []struct {
		v         [][2]any
		mandatory bool
	}{{tr.Mandatory.Value, true}, {tr.NonMandatory.Value, false}} {
		for _, kv := range g.v {
			i := int(kv[0].(float64))
			if i < 0 || i >= len(split) || split[i] != "" {
				t.Fatalf("index %d repeated or out of range", i)
			}
			split[i] = kv[1].(string)
		}
	}
	for _, kv := range tr.Mandatory.Value {
		mandatory = append(mandatory, kv[1].(string)...)
	}
	if !reflect.DeepEqual(split, hmacCanon) {
		t.Error("mandatory and non-mandatory statements are not the HMAC canonical N-Quads at their indexes")
	}
	if h := sha256.Sum256(mandatory); hex.EncodeToString(h[:]) != hashes.MandatoryHash {
		t.Errorf("SHA-256 of the mandatory statements %x, mandatoryHash %s", h, hashes.MandatoryHash)
	}
}

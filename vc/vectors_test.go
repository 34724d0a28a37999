// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func readVector(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "w3c", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func readDoc(t testing.TB, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "w3c", name))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ParseDocument(b, Limits{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return d
}

func newTestLoader(t testing.TB) *Loader {
	t.Helper()
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestCoreContextsPinned: the embedded contexts are those of the shared
// vector set (its index.json), byte for byte.
func TestCoreContextsPinned(t *testing.T) {
	l := newTestLoader(t)
	for _, c := range coreContexts {
		b, err := coreContextFiles.ReadFile("contexts/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if hex.EncodeToString(sum[:]) != c.sha256 {
			t.Errorf("%s: sha256 %x, pinned %s", c.url, sum, c.sha256)
		}
		if got, _ := l.SHA256(c.url); got != c.sha256 {
			t.Errorf("%s: loader holds %s", c.url, got)
		}
	}
	if _, err := l.LoadDocument("https://example.com/ctx"); err == nil {
		t.Error("an unknown context loaded")
	}
}

// TestWindsurfBaseCanonical: RDFC-1.0 of the windsurf document gives the
// vector's canonical N-Quads, and the HMAC-shuffled labels its
// addBaseDocHMACCanon.
func TestWindsurfBaseCanonical(t *testing.T) {
	l := newTestLoader(t)
	doc := readDoc(t, "windDoc.json")
	quads, err := l.toQuads(doc, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := canonicalNQuads(quads, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	readVector(t, "addBaseDocCanon.json", &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("canonical N-Quads:\n%s\nwant\n%s", strings.Join(got, ""), strings.Join(want, ""))
	}
}

// TestWindsurfProofConfigHash: the canonical proof configuration and its
// hash are the vector's (addProofConfigCanon.txt, addHashData.json).
func TestWindsurfProofConfigHash(t *testing.T) {
	l := newTestLoader(t)
	var cfg map[string]any
	readVector(t, "addProofConfig.json", &cfg)
	doc := readDoc(t, "windDoc.json")
	quads, err := l.toQuads(cfg, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	lines, err := canonicalNQuads(quads, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/w3c/addProofConfigCanon.txt")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(lines, ""); got != string(want) {
		t.Errorf("canonical proof config:\n%s\nwant\n%s", got, want)
	}
	var hd struct{ ProofHash, MandatoryHash string }
	readVector(t, "addHashData.json", &hd)
	delete(cfg, "@context")
	h, err := canonicalProofConfigHash(l, cfg, doc, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if hex.EncodeToString(h[:]) != hd.ProofHash {
		t.Errorf("proofHash %x, want %s", h, hd.ProofHash)
	}
}

// TestWindsurfDerivedProofValue: the vector's derived proofValue parses to
// its disclosure data (label map, indexes, presentation header, proof) and
// encodes back to the same bytes.
func TestWindsurfDerivedProofValue(t *testing.T) {
	doc := readDoc(t, "derivedRevealDocument.json")
	pv := doc["proof"].(map[string]any)["proofValue"].(string)
	dp, err := ParseDerivedProofValue(pv)
	if err != nil {
		t.Fatal(err)
	}
	var dd struct {
		BBSProof            string
		LabelMap            struct{ Value [][2]string }
		MandatoryIndexes    []int
		AdjSelectiveIndexes []int
		PresentationHeader  map[string]byte
	}
	readVector(t, "derivedDisclosureData.json", &dd)
	if hex.EncodeToString(dp.Proof) != dd.BBSProof {
		t.Error("bbsProof differs")
	}
	wantMap := map[string]string{}
	for _, e := range dd.LabelMap.Value {
		wantMap[e[0]] = e[1]
	}
	if !reflect.DeepEqual(dp.LabelMap, wantMap) {
		t.Errorf("labelMap %v, want %v", dp.LabelMap, wantMap)
	}
	if !reflect.DeepEqual(dp.MandatoryIndexes, dd.MandatoryIndexes) || !reflect.DeepEqual(dp.SelectiveIndexes, dd.AdjSelectiveIndexes) {
		t.Errorf("indexes %v %v, want %v %v", dp.MandatoryIndexes, dp.SelectiveIndexes, dd.MandatoryIndexes, dd.AdjSelectiveIndexes)
	}
	var mat struct{ PresentationHeaderHex string }
	readVector(t, "BBSDeriveMaterial.json", &mat)
	if hex.EncodeToString(dp.PresentationHeader) != mat.PresentationHeaderHex {
		t.Errorf("presentation header %x, want %s", dp.PresentationHeader, mat.PresentationHeaderHex)
	}
	enc, err := dp.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if enc != pv {
		t.Errorf("re-encoded proofValue differs:\n%s\n%s", enc, pv)
	}
}

// TestWindsurfBaseProofValue: the vector's base proofValue parses to its
// signature, header, key, HMAC key and pointers, and encodes back.
func TestWindsurfBaseProofValue(t *testing.T) {
	doc := readDoc(t, "addSignedSDBase.json")
	pv := doc["proof"].(map[string]any)["proofValue"].(string)
	bp, err := ParseBaseProofValue(pv)
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		BBSSignature      string
		MandatoryPointers []string
	}
	readVector(t, "addRawBaseSignatureInfo.json", &raw)
	var km struct{ PublicKeyHex, HmacKeyString string }
	readVector(t, "BBSKeyMaterial.json", &km)
	var hd struct{ ProofHash, MandatoryHash string }
	readVector(t, "addHashData.json", &hd)
	if hex.EncodeToString(bp.Signature) != raw.BBSSignature {
		t.Error("signature differs")
	}
	if hex.EncodeToString(bp.Header) != hd.ProofHash+hd.MandatoryHash {
		t.Error("bbsHeader differs")
	}
	if hex.EncodeToString(bp.PublicKey) != km.PublicKeyHex {
		t.Error("public key differs")
	}
	if !strings.EqualFold(hex.EncodeToString(bp.HMACKey), km.HmacKeyString) {
		t.Error("HMAC key differs")
	}
	if !reflect.DeepEqual(bp.MandatoryPointers, raw.MandatoryPointers) {
		t.Error("mandatory pointers differ")
	}
	enc, err := bp.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if enc != pv {
		t.Error("re-encoded base proofValue differs")
	}
}

// TestWindsurfVerify: the vector's derived credential verifies; the
// intermediate values (mandatory hash, disclosed statements) are the
// vector's.
func TestWindsurfVerify(t *testing.T) {
	v := &Verifier{Loader: newTestLoader(t)}
	doc := readDoc(t, "derivedRevealDocument.json")
	res, err := v.Verify(doc)
	if err != nil {
		t.Fatal(err)
	}
	var km struct{ PublicKeyHex string }
	readVector(t, "BBSKeyMaterial.json", &km)
	if hex.EncodeToString(res.PublicKey) != km.PublicKeyHex {
		t.Error("did:key resolved to another key")
	}
	var hd struct{ ProofHash, MandatoryHash string }
	readVector(t, "addHashData.json", &hd)
	if hex.EncodeToString(res.ProofHash[:]) != hd.ProofHash || hex.EncodeToString(res.MandatoryHash[:]) != hd.MandatoryHash {
		t.Errorf("hashes %x %x, want %s %s", res.ProofHash, res.MandatoryHash, hd.ProofHash, hd.MandatoryHash)
	}
	// The disclosed statements are the base's non-mandatory statements at
	// the selective indexes (addBaseTransform.json's nonMandatory, in order).
	var tr struct {
		NonMandatory struct{ Value [][2]any }
	}
	readVector(t, "addBaseTransform.json", &tr)
	var gi struct{ SelectiveIndexes, NonMandatoryIndexes []int }
	readVector(t, "derivedGroupIndexes.json", &gi)
	for i, idx := range res.SelectiveIndexes {
		want := tr.NonMandatory.Value[idx][1].(string)
		if res.NonMandatory[i] != want {
			t.Errorf("disclosed %d: %q, want %q", i, res.NonMandatory[i], want)
		}
	}
	if len(res.Mandatory) != 14 {
		t.Errorf("%d mandatory statements, want 14", len(res.Mandatory))
	}
	if _, has := res.Document["proof"]; has {
		t.Error("verified document keeps its proof")
	}
}

// TestWindsurfTampered: a changed claim, a changed presentation header, a
// changed proof field or label map fail with ErrInvalidProof.
func TestWindsurfTampered(t *testing.T) {
	v := &Verifier{Loader: newTestLoader(t)}
	mutate := map[string]func(d map[string]any){
		"claim value": func(d map[string]any) {
			d["credentialSubject"].(map[string]any)["sailNumber"] = "Earth102"
		},
		"disclosed claim value": func(d map[string]any) {
			d["credentialSubject"].(map[string]any)["boards"].([]any)[1].(map[string]any)["year"] = 2020.0
		},
		"claim removed": func(d map[string]any) {
			delete(d["credentialSubject"].(map[string]any)["boards"].([]any)[1].(map[string]any), "brand")
		},
		"claim added": func(d map[string]any) {
			d["credentialSubject"].(map[string]any)["boards"].([]any)[1].(map[string]any)["color"] = "red"
		},
		"proof created": func(d map[string]any) {
			d["proof"].(map[string]any)["created"] = "2023-08-15T23:36:39Z"
		},
		"presentation header": func(d map[string]any) {
			p := d["proof"].(map[string]any)
			dp, _ := ParseDerivedProofValue(p["proofValue"].(string))
			dp.PresentationHeader = []byte{1, 2, 3, 4}
			p["proofValue"], _ = dp.Encode()
		},
		"label map swap": func(d map[string]any) {
			p := d["proof"].(map[string]any)
			dp, _ := ParseDerivedProofValue(p["proofValue"].(string))
			dp.LabelMap["c14n0"], dp.LabelMap["c14n1"] = dp.LabelMap["c14n1"], dp.LabelMap["c14n0"]
			p["proofValue"], _ = dp.Encode()
		},
	}
	names := make([]string, 0, len(mutate))
	for n := range mutate {
		names = append(names, n)
	}
	sortStrings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			doc := readDoc(t, "derivedRevealDocument.json")
			mutate[name](doc)
			_, err := v.Verify(doc)
			if !errors.Is(err, ErrInvalidProof) {
				t.Fatalf("got %v, want ErrInvalidProof", err)
			}
		})
	}
}

type windKeys struct {
	PublicKeyHex, PrivateKeyHex, HmacKeyString string
}

func windIssue(t *testing.T, l *Loader) (map[string]any, windKeys) {
	t.Helper()
	var km windKeys
	readVector(t, "BBSKeyMaterial.json", &km)
	skb, _ := hex.DecodeString(km.PrivateKeyHex)
	sk, err := ietfScheme().ParseSecretKey(skb)
	if err != nil {
		t.Fatal(err)
	}
	hk, _ := hex.DecodeString(km.HmacKeyString)
	var mandatory []string
	readVector(t, "windMandatory.json", &mandatory)
	var cfg map[string]any
	readVector(t, "addProofConfig.json", &cfg)
	signed, err := l.Issue(readDoc(t, "windDoc.json"), IssueOptions{SecretKey: sk, Created: cfg["created"].(string),
		MandatoryPointers: mandatory, HMACKey: hk}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return signed, km
}

// TestWindsurfIssue: issuing the windsurf document with the vector's keys
// gives the vector's base proof byte for byte (IETF Sign is
// deterministic), through the vector's HMAC-shuffled statements and
// mandatory/non-mandatory split.
func TestWindsurfIssue(t *testing.T) {
	l := newTestLoader(t)
	signed, km := windIssue(t, l)
	want := readDoc(t, "addSignedSDBase.json")
	if got, w := signed["proof"].(map[string]any)["proofValue"], want["proof"].(map[string]any)["proofValue"]; got != w {
		t.Errorf("proofValue:\n%s\nwant\n%s", got, w)
	}
	if p, d := firstDifference(normalizeArrays(signed), normalizeArrays(want), ""); d {
		t.Errorf("signed document differs from addSignedSDBase.json at %s", p)
	}
	hk, _ := hex.DecodeString(km.HmacKeyString)
	var mandatory []string
	readVector(t, "windMandatory.json", &mandatory)
	g, err := l.canonicalizeAndGroup(readDoc(t, "windDoc.json"), hk, map[string][]string{"mandatory": mandatory}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var hmacCanon []string
	readVector(t, "addBaseDocHMACCanon.json", &hmacCanon)
	if !reflect.DeepEqual(g.lines, hmacCanon) {
		t.Errorf("HMAC canonical N-Quads:\n%s\nwant\n%s", strings.Join(g.lines, ""), strings.Join(hmacCanon, ""))
	}
	var gi struct{ MandatoryIndexes, NonMandatoryIndexes []int }
	readVector(t, "derivedGroupIndexes.json", &gi)
	if !reflect.DeepEqual(g.groups["mandatory"].matching, gi.MandatoryIndexes) || !reflect.DeepEqual(g.groups["mandatory"].nonMatching, gi.NonMandatoryIndexes) {
		t.Errorf("mandatory %v / non-mandatory %v, want %v / %v", g.groups["mandatory"].matching, g.groups["mandatory"].nonMatching, gi.MandatoryIndexes, gi.NonMandatoryIndexes)
	}
}

// TestWindsurfDerive: deriving from the vector's base credential with the
// vector's selective pointers and presentation header gives the vector's
// reveal document, label map and indexes (the BBS proof itself is
// randomized), and the result verifies.
func TestWindsurfDerive(t *testing.T) {
	l := newTestLoader(t)
	var selective []string
	readVector(t, "windSelective.json", &selective)
	var mat struct{ PresentationHeaderHex string }
	readVector(t, "BBSDeriveMaterial.json", &mat)
	ph, _ := hex.DecodeString(mat.PresentationHeaderHex)
	derived, err := l.Derive(readDoc(t, "addSignedSDBase.json"), DeriveOptions{SelectivePointers: selective, PresentationHeader: ph}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := readDoc(t, "derivedRevealDocument.json")
	gotProof := derived["proof"].(map[string]any)
	wantProof := want["proof"].(map[string]any)
	gdp, err := ParseDerivedProofValue(gotProof["proofValue"].(string))
	if err != nil {
		t.Fatal(err)
	}
	wdp, _ := ParseDerivedProofValue(wantProof["proofValue"].(string))
	if !reflect.DeepEqual(gdp.LabelMap, wdp.LabelMap) || !reflect.DeepEqual(gdp.MandatoryIndexes, wdp.MandatoryIndexes) ||
		!reflect.DeepEqual(gdp.SelectiveIndexes, wdp.SelectiveIndexes) || string(gdp.PresentationHeader) != string(wdp.PresentationHeader) {
		t.Errorf("derived proof value %+v, want %+v", gdp, wdp)
	}
	delete(gotProof, "proofValue")
	delete(wantProof, "proofValue")
	if p, d := firstDifference(normalizeArrays(derived), normalizeArrays(want), ""); d {
		t.Errorf("reveal document differs at %s", p)
	}
	gotProof["proofValue"], _ = gdp.Encode()
	if _, err := (&Verifier{Loader: l}).Verify(derived); err != nil {
		t.Fatalf("our derived credential: %v", err)
	}
}

// TestIssueDeriveVerify: a credential issued and derived here verifies,
// revealing nothing beyond the mandatory pointers too.
func TestIssueDeriveVerify(t *testing.T) {
	l := newTestLoader(t)
	signed, _ := windIssue(t, l)
	for _, sel := range [][]string{nil, {"/credentialSubject/sails/0"}, {"/credentialSubject/boards/1/brand", "/credentialSubject/sails/3/size"}} {
		derived, err := l.Derive(signed, DeriveOptions{SelectivePointers: sel, PresentationHeader: []byte("nonce-0123456789")}, Limits{})
		if err != nil {
			t.Fatalf("%v: %v", sel, err)
		}
		res, err := (&Verifier{Loader: l}).Verify(derived)
		if err != nil {
			t.Fatalf("%v: %v", sel, err)
		}
		if string(res.PresentationHeader) != "nonce-0123456789" {
			t.Errorf("presentation header %q", res.PresentationHeader)
		}
	}
}

// TestDigitalBazaarCredentials: credentials derived by Digital Bazaar's
// library (testdata/interop/SOURCE.md) verify; a changed claim does not;
// deriving here from their base credential verifies.
func TestDigitalBazaarCredentials(t *testing.T) {
	l := newTestLoader(t)
	v := &Verifier{Loader: l}
	for _, name := range []string{"db-derived.json", "db-derived-mandatory-only.json"} {
		b, err := os.ReadFile(filepath.Join("testdata", "interop", name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := v.VerifyJSON(b); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		doc, _ := ParseDocument(b, Limits{})
		doc["validUntil"] = "2099-01-01T00:00:00Z"
		if _, err := v.Verify(doc); !errors.Is(err, ErrInvalidProof) {
			t.Errorf("%s with validUntil changed: got %v, want ErrInvalidProof", name, err)
		}
	}
	b, err := os.ReadFile(filepath.Join("testdata", "interop", "db-signed.json"))
	if err != nil {
		t.Fatal(err)
	}
	signed, _ := ParseDocument(b, Limits{})
	derived, err := l.Derive(signed, DeriveOptions{SelectivePointers: []string{"/credentialSubject/note"}}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(derived); err != nil {
		t.Errorf("derived here from their base credential: %v", err)
	}
}

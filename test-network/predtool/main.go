// SPDX-License-Identifier: Apache-2.0

// Command predtool makes the credentials and requests of the predicate
// end-to-end test (test-network/e2e/predicates.sh): an IETF issuer's
// credential whose message 1 is a birth date (an integer message: days
// since 1970-01-01 UTC), and a SubmitProof request that proves, with
// Bulletproofs, that the birth date is at most a given date, disclosing
// message 0 only:
//
//	predtool -key key.json -issuer ID -born 1996-12-02 -max 2008-12-02 \
//	  -policy adult -nonce "a nonce of 16+ bytes" > request.json
//
// key.json is the issuer's key file (bbs keygen --scheme bbs-bls12381-sha256).
// The holder can prove only what is true: a -max before -born is refused.
//
// With -min and -params-id ID -params FILE (FILE holding the standard
// base64 of range parameters, as CreatePredicateParams takes them), the
// range is proven with CCS08 over those parameters and the request names
// them. "predtool -gen-params 16" writes fresh range parameters of base 16
// in that form (their secret key is dropped).
package main

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/request"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "predtool:", err)
		os.Exit(1)
	}
}

func run() error {
	keyFile := flag.String("key", "", "the issuer's key file (bbs keygen)")
	issuer := flag.String("issuer", "", "the issuer's registry ID")
	born := flag.String("born", "", "the holder's birth date, YYYY-MM-DD (signed as message 1, an integer)")
	maxDate := flag.String("max", "", "the date the request proves the birth date is at most, YYYY-MM-DD")
	policyID := flag.String("policy", "", "the policy the request names")
	nonce := flag.String("nonce", "", "the request's nonce (its presentation header)")
	minDate := flag.String("min", "", "the date the request proves the birth date is at least, YYYY-MM-DD (optional)")
	paramsID := flag.String("params-id", "", "the ID of the range parameters the request names (CCS08)")
	paramsFile := flag.String("params", "", "a file holding those parameters, standard base64")
	genParams := flag.Int("gen-params", 0, "write fresh range parameters of this base (a power of two, 2 to 256) as standard base64 and exit")
	flag.Parse()
	if *genParams != 0 {
		p, _, err := predicate.GenerateRangeParams(rand.Reader, *genParams)
		if err != nil {
			return err
		}
		fmt.Println(base64.StdEncoding.EncodeToString(p.Bytes()))
		return nil
	}
	if *keyFile == "" || *issuer == "" || *born == "" || *maxDate == "" || len(*nonce) < 16 {
		return fmt.Errorf("-key, -issuer, -born, -max and -nonce (16 bytes or more) are required")
	}
	var kf struct{ Scheme, PublicKey, SecretKey string }
	b, err := os.ReadFile(*keyFile)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, &kf); err != nil {
		return fmt.Errorf("%s: %w", *keyFile, err)
	}
	s, err := bbs.SchemeByName(kf.Scheme)
	if err != nil {
		return err
	}
	skb, err := base64.StdEncoding.DecodeString(kf.SecretKey)
	if err != nil {
		return fmt.Errorf("secretKey: %w", err)
	}
	sk, err := s.ParseSecretKey(skb)
	if err != nil {
		return err
	}
	bd, err := time.Parse(time.DateOnly, *born)
	if err != nil {
		return fmt.Errorf("-born: %w", err)
	}
	md, err := time.Parse(time.DateOnly, *maxDate)
	if err != nil {
		return fmt.Errorf("-max: %w", err)
	}
	mm, err := bbs.NewMessageMap([]int{1})
	if err != nil {
		return err
	}
	header := []byte("credential-type: identity")
	msgs := [][]byte{[]byte("name=Holder Example"), bbs.DateMessage(bd), []byte("country=BE")}
	sig, err := bbs.SignMapped(s, sk, header, msgs, mm)
	if err != nil {
		return err
	}
	preds := []predicate.Predicate{{Kind: predicate.Range, Index: 1, Min: math.MinInt64, Max: bbs.Days(md)}}
	var min *int64
	if *minDate != "" {
		t, err := time.Parse(time.DateOnly, *minDate)
		if err != nil {
			return fmt.Errorf("-min: %w", err)
		}
		days := bbs.Days(t)
		min, preds[0].Min = &days, days
	}
	if (*paramsID == "") != (*paramsFile == "") {
		return fmt.Errorf("-params-id and -params go together")
	}
	if *paramsFile != "" {
		text, err := os.ReadFile(*paramsFile)
		if err != nil {
			return err
		}
		raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(text)))
		if err != nil {
			return fmt.Errorf("%s: %w", *paramsFile, err)
		}
		if preds[0].Params, err = predicate.ParseParams(raw); err != nil {
			return fmt.Errorf("%s: %w", *paramsFile, err)
		}
	}
	proof, pp, err := predicate.Prove(rand.Reader, s, sk.PublicKey(), sig, header, []byte(*nonce), msgs, []int{0}, mm, preds)
	if err != nil {
		return fmt.Errorf("proving birth date ≤ %s: %w", *maxDate, err)
	}
	max := bbs.Days(md)
	d := &request.Decoded{
		Issuer: *issuer, Proof: proof.Bytes(), Nonce: []byte(*nonce), Header: header,
		Disclosed:      []request.Message{{Index: 0, Message: msgs[0]}},
		Predicates:     []request.Predicate{{Kind: request.KindRange, Index: 1, Min: min, Max: &max, Params: *paramsID}},
		PredicateProof: pp,
	}
	if *policyID != "" {
		d.Policy = &request.PolicyRef{ID: *policyID}
	}
	out, err := json.Marshal(d.Encode())
	if err != nil {
		return err
	}
	fmt.Println(string(out))
	return nil
}

// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// Offline verification of a presentation with non-revocation (a request
// with "nonRevoked": true, from prove --non-revoked): the checks of the
// chaincode's verifyNonRevoked against the accumulator state the user
// gives (--accumulator, and --removal for an older version) instead of the
// ledger's. Which versions are recent enough (a policy's grace) is the
// chaincode's; verify reports the version the presentation is against
// beside the accumulator's.

// NonRevocationResult is what verify --json shows of a presentation with
// non-revocation, the fields of the chaincode's record: the accumulator
// version it is against, the version of the accumulator given, and the
// message index of the handle.
type NonRevocationResult struct {
	Version        uint64 `json:"version"`
	CurrentVersion uint64 `json:"currentVersion"`
	HandleIndex    int    `json:"handleIndex"`
}

// accumulatorState is the accumulator a presentation is checked against.
type accumulatorState struct {
	key          *revocation.PublicKey
	version      uint64
	value        []byte // of version
	initialValue []byte // V_0; nil when the file has none
	handleIndex  int    // -1: not declared
}

// readAccumulatorState reads --accumulator: GetAccumulator's answer (it
// has "txId"; its handle index is declared when "handleIndexTxId" is set)
// or the issuer's acc.json (its handle index is declared when present).
// Other fields are ignored; the secret key of acc.json is not used.
func readAccumulatorState(path string) (*accumulatorState, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, fmt.Errorf("--accumulator: %w", err)
	}
	name := displayName(path)
	var f struct {
		PublicKey       *string `json:"publicKey"`
		InitialValue    *string `json:"initialValue"`
		Version         *uint64 `json:"version"`
		Value           *string `json:"value"`
		HandleIndex     *int    `json:"handleIndex"`
		HandleIndexTxID string  `json:"handleIndexTxId"`
		TxID            *string `json:"txId"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %w (want GetAccumulator's answer or acc.json)", name, err)
	}
	for _, m := range []struct {
		missing bool
		field   string
	}{{f.PublicKey == nil, "publicKey"}, {f.Version == nil, "version"}, {f.Value == nil, "value"}} {
		if m.missing {
			return nil, fmt.Errorf("%s: %s: missing (want GetAccumulator's answer or acc.json)", name, m.field)
		}
	}
	st := &accumulatorState{version: *f.Version, handleIndex: -1}
	kb, err := decodeB64(*f.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("%s: publicKey: %w", name, err)
	}
	if st.key, err = revocation.ParsePublicKey(kb); err != nil {
		return nil, fmt.Errorf("%s: publicKey: %w", name, err)
	}
	if st.value, err = accumulatorValue(name, "value", *f.Value); err != nil {
		return nil, err
	}
	if f.InitialValue != nil {
		if st.initialValue, err = accumulatorValue(name, "initialValue", *f.InitialValue); err != nil {
			return nil, err
		}
	}
	declared := f.HandleIndex != nil
	if f.TxID != nil { // a ledger record: declared by a transaction
		declared = f.HandleIndexTxID != ""
	}
	if declared && f.HandleIndex == nil {
		return nil, fmt.Errorf("%s: handleIndex: missing, but handleIndexTxId declares one", name)
	}
	if declared {
		if *f.HandleIndex < 0 {
			return nil, fmt.Errorf("%s: handleIndex: %d", name, *f.HandleIndex)
		}
		st.handleIndex = *f.HandleIndex
	}
	return st, nil
}

func accumulatorValue(name, field, text string) ([]byte, error) {
	b, err := decodeB64(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", name, field, err)
	}
	if err := revocation.CheckValue(b); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", name, field, err)
	}
	return b, nil
}

// valueAt returns the accumulator value of version k, as the chaincode
// looks it up: the current value, V_0, or the value of the removal record
// of version k (--removal, GetAccumulatorRemoval's answer). A version
// above the current one is invalid (the chaincode refuses it too).
func (st *accumulatorState) valueAt(k uint64, removal string) ([]byte, error) {
	switch {
	case k > st.version:
		return nil, &errInvalid{fmt.Sprintf("the presentation names accumulator version %d, but the accumulator given (--accumulator) is at version %d", k, st.version)}
	case removal != "":
		data, err := readInput(removal)
		if err != nil {
			return nil, fmt.Errorf("--removal: %w", err)
		}
		step, err := parseLedgerRemoval(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", displayName(removal), err)
		}
		if step.version != k {
			return nil, usagef("--removal: %s is the removal record of version %d, but the presentation is against version %d", displayName(removal), step.version, k)
		}
		return step.value(), nil
	case k == st.version:
		return st.value, nil
	case k == 0 && st.initialValue != nil:
		return st.initialValue, nil
	}
	return nil, usagef("the presentation is against accumulator version %d, and --accumulator is at version %d: give --removal with GetAccumulatorRemoval's answer for version %d", k, st.version, k)
}

// verifyNonRevokedRequest verifies the presentation with non-revocation of
// req (scheme s, the issuer's key pk) against --accumulator, with its
// predicates if it has some, and fills res.NonRevocation. Errors are as
// verifyRequest's: *errInvalid for a presentation that does not verify.
func verifyNonRevokedRequest(o *verifyOptions, res *VerifyResult, s bbs.Scheme, pk *bbs.PublicKey, req *request.Decoded, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []predicate.Predicate) error {
	if o.accumulator == "" {
		return usagef("%s is a presentation with non-revocation (\"nonRevoked\": true): give --accumulator (GetAccumulator's answer, or acc.json)", displayName(o.request))
	}
	if !nonRevokedScheme(s) {
		return usagef("scheme %s has no presentation with non-revocation (only %s and %s)", s.Name(), bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name)
	}
	st, err := readAccumulatorState(o.accumulator)
	if err != nil {
		return err
	}
	p, err := revocation.ParsePresentation(s, req.Proof)
	if err != nil {
		return &errInvalid{fmt.Sprintf("presentation with non-revocation: %v", err)}
	}
	if st.handleIndex < 0 {
		return &errInvalid{fmt.Sprintf("the accumulator of %s declares no handle index: it accepts no presentation until its owner declares one with SetAccumulatorHandleIndex", displayName(o.accumulator))}
	}
	if p.HandleIndex != st.handleIndex {
		return &errInvalid{fmt.Sprintf("the presentation proves the membership of message %d, but the revocation handle of %s is message %d", p.HandleIndex, displayName(o.accumulator), st.handleIndex)}
	}
	value, err := st.valueAt(p.Version, o.removal)
	if err != nil {
		return err
	}
	res.NonRevocation = &NonRevocationResult{Version: p.Version, CurrentVersion: st.version, HandleIndex: p.HandleIndex}
	if preds != nil {
		err = predicate.VerifyNonRevoked(pk, p, st.handleIndex, req.Header, req.Nonce, disclosed, mm, st.key, value, preds, req.PredicateProof)
	} else {
		err = revocation.VerifyPresentationAt(pk, p, st.handleIndex, req.Header, req.Nonce, disclosed, st.key, value)
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, revocation.ErrHandleIndex), errors.Is(err, revocation.ErrMalformed),
		errors.Is(err, revocation.ErrInvalid), errors.Is(err, revocation.ErrVersion),
		errors.Is(err, predicate.ErrMalformedProof), errors.Is(err, predicate.ErrInvalidProof),
		errors.Is(err, bbs.ErrInvalidProof), errors.Is(err, bbs.ErrMalformedProof), errors.Is(err, bbs.ErrInvalidArgument):
		res.NonRevocation = nil
		return &errInvalid{fmt.Sprintf("presentation with non-revocation against accumulator version %d: %v", p.Version, err)}
	}
	res.NonRevocation = nil
	return err
}

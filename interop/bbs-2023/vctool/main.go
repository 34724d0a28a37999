// SPDX-License-Identifier: Apache-2.0

// Command vctool is the Go side of the bbs-2023 interoperability check
// (interop/bbs-2023/interop.js): it issues, derives and verifies with
// package vc, offline, the core contexts only.
//
//	vctool did SEED                           print the did:key of SEED's key
//	vctool issue SEED CREATED MANDATORY IN OUT  MANDATORY: comma-separated pointers
//	vctool derive SELECTIVE PH_HEX IN OUT
//	vctool verify IN                          exit 0 valid, 1 invalid, 2 malformed
package main

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "vctool:", err)
		if errors.Is(err, vc.ErrInvalidProof) {
			os.Exit(1)
		}
		os.Exit(2)
	}
}

func pointers(s string) []string {
	if s == "" || s == "-" {
		return nil
	}
	return strings.Split(s, ",")
}

func key(seed string) (*bbs.SecretKey, error) {
	s, err := bbs.SchemeByName(bbs.BLS12381SHA256Name)
	if err != nil {
		return nil, err
	}
	return s.NewKeyFromSeed([]byte(seed))
}

func read(path string) (map[string]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return vc.ParseDocument(b, vc.Limits{})
}

func write(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func run(args []string) error {
	if len(args) == 0 {
		return errors.New("usage: vctool did|issue|derive|verify ...")
	}
	l, err := vc.NewLoader()
	if err != nil {
		return err
	}
	switch {
	case args[0] == "did" && len(args) == 2:
		sk, err := key(args[1])
		if err != nil {
			return err
		}
		did, vm, err := vc.DIDKey(sk.PublicKey().Bytes())
		if err != nil {
			return err
		}
		return json.NewEncoder(os.Stdout).Encode(map[string]string{"did": did, "verificationMethod": vm})
	case args[0] == "issue" && len(args) == 6:
		sk, err := key(args[1])
		if err != nil {
			return err
		}
		doc, err := read(args[4])
		if err != nil {
			return err
		}
		signed, err := l.Issue(doc, vc.IssueOptions{SecretKey: sk, Created: args[2], MandatoryPointers: pointers(args[3])}, vc.Limits{})
		if err != nil {
			return err
		}
		return write(args[5], signed)
	case args[0] == "derive" && len(args) == 5:
		ph, err := hex.DecodeString(args[2])
		if err != nil {
			return err
		}
		doc, err := read(args[3])
		if err != nil {
			return err
		}
		derived, err := l.Derive(doc, vc.DeriveOptions{SelectivePointers: pointers(args[1]), PresentationHeader: ph}, vc.Limits{})
		if err != nil {
			return err
		}
		return write(args[4], derived)
	case args[0] == "verify" && len(args) == 2:
		b, err := os.ReadFile(args[1])
		if err != nil {
			return err
		}
		res, err := (&vc.Verifier{Loader: l}).VerifyJSON(b)
		if err != nil {
			return err
		}
		fmt.Printf("valid: %d mandatory and %d disclosed statements, presentation header %x\n", len(res.Mandatory), len(res.NonMandatory), res.PresentationHeader)
		return nil
	}
	return fmt.Errorf("bad arguments %q", args)
}

// SPDX-License-Identifier: Apache-2.0

// Command vctool is the Go side of the BbsBlsSignature2020 interoperability
// check (interop/bbs-2020-ld/interop.js): it signs, derives and verifies
// with package vc, offline. CTX is a file holding the application context
// https://w3id.org/citizenship/v1 (or "-" for none).
//
//	vctool did SEED                          print the did:key of SEED's bbs+2020 key
//	vctool sign SEED CREATED CTX IN OUT      sign IN with SEED's key
//	vctool verify-signature CTX IN           exit 0 valid, 1 invalid, 2 malformed
//	vctool derive NONCE_HEX CTX IN FRAME OUT
//	vctool verify CTX IN                     a derived document: exit 0, 1, 2
package main

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"

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

func loader(ctx string) (*vc.Loader, error) {
	l, err := vc.NewLoader()
	if err != nil {
		return nil, err
	}
	if ctx != "-" {
		b, err := os.ReadFile(ctx)
		if err != nil {
			return nil, err
		}
		if err := l.Add("https://w3id.org/citizenship/v1", b, ""); err != nil {
			return nil, err
		}
	}
	return l, nil
}

func run(args []string) error {
	if len(args) < 2 {
		return errors.New("usage: vctool did|sign|verify-signature|derive|verify ...")
	}
	switch {
	case args[0] == "did" && len(args) == 2:
		sk, err := bbs.BBSPlus2020().NewKeyFromSeed([]byte(args[1]))
		if err != nil {
			return err
		}
		did, vm, err := vc.DIDKey(sk.PublicKey().Bytes())
		if err != nil {
			return err
		}
		return json.NewEncoder(os.Stdout).Encode(map[string]string{"did": did, "verificationMethod": vm})
	case args[0] == "sign" && len(args) == 6:
		sk, err := bbs.BBSPlus2020().NewKeyFromSeed([]byte(args[1]))
		if err != nil {
			return err
		}
		l, err := loader(args[3])
		if err != nil {
			return err
		}
		doc, err := read(args[4])
		if err != nil {
			return err
		}
		signed, err := l.Sign2020(doc, vc.Sign2020Options{SecretKey: sk, Created: args[2]}, vc.Limits{})
		if err != nil {
			return err
		}
		return write(args[5], signed)
	case args[0] == "verify-signature" && len(args) == 3:
		l, err := loader(args[1])
		if err != nil {
			return err
		}
		doc, err := read(args[2])
		if err != nil {
			return err
		}
		res, err := (&vc.Verifier2020{Loader: l}).VerifySignature(doc)
		if err != nil {
			return err
		}
		fmt.Printf("valid: %d messages\n", res.MessageCount)
		return nil
	case args[0] == "derive" && len(args) == 6:
		nonce, err := hex.DecodeString(args[1])
		if err != nil {
			return err
		}
		l, err := loader(args[2])
		if err != nil {
			return err
		}
		doc, err := read(args[3])
		if err != nil {
			return err
		}
		frame, err := read(args[4])
		if err != nil {
			return err
		}
		derived, err := l.Derive2020(doc, frame, vc.Derive2020Options{Nonce: nonce}, vc.Limits{})
		if err != nil {
			return err
		}
		return write(args[5], derived)
	case args[0] == "verify" && len(args) == 3:
		l, err := loader(args[1])
		if err != nil {
			return err
		}
		b, err := os.ReadFile(args[2])
		if err != nil {
			return err
		}
		res, err := (&vc.Verifier2020{Loader: l}).VerifyJSON(b)
		if err != nil {
			return err
		}
		fmt.Printf("valid: %d of %d messages disclosed, nonce %x\n", len(res.Indexes), res.MessageCount, res.Nonce)
		return nil
	}
	return fmt.Errorf("unknown command or wrong arguments: %v", args)
}

// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/rand"
	"flag"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// The bbs-2023 anonymous_holder_binding feature on the command line: the
// holder's secret and commitment (vc holder-commit), issuing to the
// commitment (vc issue --holder-commitment), deriving with the secret (vc
// derive --holder-secret) and admitting the feature (vc verify
// --holder-binding).

// HolderSecretFile is the holder's secret material (mode 0600): the holder
// secret and the secret_prover_blind of its commitment, base64.
type HolderSecretFile struct {
	Feature      string `json:"feature"` // "anonymous_holder_binding"
	HolderSecret string `json:"holderSecret"`
	ProverBlind  string `json:"proverBlind"`
}

// HolderCommitmentFile is what the holder sends the issuer: the Blind BBS
// commitment with proof to its secret, base64.
type HolderCommitmentFile struct {
	Feature    string `json:"feature"`
	Commitment string `json:"commitment"`
}

var vcHolderCommitCmd = &command{
	name:    "vc holder-commit",
	summary: "make a holder secret and its commitment for anonymous_holder_binding",
	usage:   "--secret-out holder.json [--out commitment.json]",
	about: `
The holder's first step of the bbs-2023 anonymous_holder_binding feature: a
fresh 32-byte holder secret, and Blind BBS's commitment with proof to it
(draft-irtf-cfrg-bbs-blind-signatures-02, BLS12-381-SHA-256). --secret-out
gets the secret and the commitment's prover blind (mode 0600; keep it); --out
gets the commitment, for the issuer (bbs vc issue --holder-commitment).`,
	example: "bbs vc holder-commit --secret-out holder.json --out commitment.json\n",
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		secretOut := fs.String("secret-out", "", "write the holder secret and prover blind to `file` (mode 0600; required)")
		out := fs.String("out", "-", "write the commitment to `file`")
		force := fs.Bool("force", false, "overwrite existing files")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if *secretOut == "" || *secretOut == "-" {
				return usagef("--secret-out: a file is needed")
			}
			secret, err := vc.NewHolderSecret(rand.Reader)
			if err != nil {
				return failed(err)
			}
			com, blind, err := vc.HolderBindingCommitment(rand.Reader, secret)
			if err != nil {
				return failed(err)
			}
			sdata, err := marshalFile(&HolderSecretFile{Feature: vc.FeatureHolderBinding, HolderSecret: b64(secret), ProverBlind: b64(blind)})
			if err != nil {
				return err
			}
			cdata, err := marshalFile(&HolderCommitmentFile{Feature: vc.FeatureHolderBinding, Commitment: b64(com)})
			if err != nil {
				return err
			}
			if err := writeOutput(e.stdout, *secretOut, sdata, 0o600, *force); err != nil {
				return err
			}
			return writeOutput(e.stdout, *out, cdata, 0o644, *force)
		}
	},
}

// readHolderCommitmentFile reads a HolderCommitmentFile and checks the
// commitment's proof.
func readHolderCommitmentFile(path string) ([]byte, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	name := displayName(path)
	var f HolderCommitmentFile
	if err := decodeJSONFile(name, data, &f); err != nil {
		return nil, err
	}
	if f.Feature != vc.FeatureHolderBinding {
		return nil, fmt.Errorf("%s: feature: %q, want %q", name, f.Feature, vc.FeatureHolderBinding)
	}
	b, err := decodeB64(f.Commitment)
	if err != nil {
		return nil, fmt.Errorf("%s: commitment: %w", name, err)
	}
	if err := bbs.BlindBLS12381SHA256().VerifyCommitment(b); err != nil {
		return nil, fmt.Errorf("%s: commitment: %w", name, err)
	}
	return b, nil
}

// readHolderSecretFile reads a HolderSecretFile.
func readHolderSecretFile(path string) (secret, blind []byte, err error) {
	data, err := readInput(path)
	if err != nil {
		return nil, nil, err
	}
	name := displayName(path)
	var f HolderSecretFile
	if err := decodeJSONFile(name, data, &f); err != nil {
		return nil, nil, err
	}
	if f.Feature != vc.FeatureHolderBinding {
		return nil, nil, fmt.Errorf("%s: feature: %q, want %q", name, f.Feature, vc.FeatureHolderBinding)
	}
	if secret, err = decodeB64(f.HolderSecret); err != nil || len(secret) == 0 {
		return nil, nil, fmt.Errorf("%s: holderSecret: missing or not base64 (%v)", name, err)
	}
	if blind, err = decodeB64(f.ProverBlind); err != nil || len(blind) != bbs.ProverBlindSize {
		return nil, nil, fmt.Errorf("%s: proverBlind: want %d bytes of base64 (%v)", name, bbs.ProverBlindSize, err)
	}
	return secret, blind, nil
}

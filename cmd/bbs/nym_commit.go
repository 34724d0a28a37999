// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/rand"
	"errors"
	"flag"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// The holder's side of pseudonym issuance: nym-commit before the issuer
// signs, nym-finalize after.

var nymCommitCmd = &command{
	name:    "nym-commit",
	summary: "holder: make a nym secret and its commitment for a pseudonym credential",
	usage:   "--scheme S --secret-out nym-secret.json [--out commitment.json] [--force]",
	about: `
Starts a pseudonym credential (schemes ` + bbs.NymBLS12381SHA256Name + `,
` + bbs.NymBLS12381SHAKE256Name + `): draws a secret nym value and writes it to
--secret-out with mode 0600 (keep it: it makes your pseudonyms), and writes the
commitment to it, with a proof of knowledge, for the issuer:
  {"scheme", "commitment", "nymCount"}
The issuer signs it with "bbs sign --commitment"; then "bbs nym-finalize"
checks the credential and completes it with your secret. The commitment goes
to standard output unless --out is given.`,
	example: `
bbs nym-commit --scheme bbs-nym-bls12381-sha256 --secret-out nym-secret.json --out commitment.json
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		scheme := fs.String("scheme", "", "pseudonym `scheme` of the issuer's key (required)")
		secretOut := fs.String("secret-out", "", "write the nym secret to `file`, mode 0600 (required)")
		out := fs.String("out", "-", "write the commitment to `file`; \"-\" for standard output")
		force := fs.Bool("force", false, "overwrite an existing --secret-out file")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if *scheme == "" {
				return usagef("missing --scheme (%s)", nymSchemeList())
			}
			if *secretOut == "" || *secretOut == "-" {
				return usagef("missing --secret-out (a file for the nym secret)")
			}
			ps, err := pseudonymScheme("--scheme", *scheme)
			if err != nil {
				return err
			}
			com, secret, err := ps.CommitWithNym(rand.Reader, nil, cliNymCount)
			if err != nil {
				return failed(fmt.Errorf("commit: %w", err))
			}
			sd, err := marshalFile(&NymSecretFile{Scheme: ps.Name(), NymSecret: b64(secret.Bytes())})
			if err != nil {
				return err
			}
			cd, err := marshalFile(&NymCommitmentFile{Scheme: ps.Name(), Commitment: b64(com.Bytes()), NymCount: com.NymCount()})
			if err != nil {
				return err
			}
			if err := writeOutput(e.stdout, *secretOut, sd, 0o600, *force); err != nil {
				return err
			}
			if err := writeOutput(e.stdout, *out, cd, 0o644, true); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "bbs nym-commit: wrote the nym secret to %s (mode 0600); give the commitment to the issuer\n", *secretOut)
			return nil
		}
	},
}

var nymFinalizeCmd = &command{
	name:    "nym-finalize",
	summary: "holder: check a blind-signed pseudonym credential and complete it",
	usage:   "--credential signed.json --secret nym-secret.json [--out credential.json]",
	about: `
Checks the credential the issuer made with "bbs sign --commitment" against
your nym secret (the signature must verify over the issuer's messages and your
secret with the issuer's entropy), and writes the credential with the final
nym secret, mode 0600, ready for "bbs prove --context". A credential that
does not finalise (another holder's commitment, an edited file, a wrong
secret) is an error and nothing is written.`,
	example: `
bbs nym-finalize --credential signed.json --secret nym-secret.json --out credential.json
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		cred := fs.String("credential", "", "credential `file` written by sign --commitment (required)")
		secretPath := fs.String("secret", "", "nym secret `file` written by nym-commit (required)")
		out := fs.String("out", "-", "write the credential to `file`; \"-\" for standard output")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if *cred == "" || *secretPath == "" {
				return usagef("missing --credential or --secret")
			}
			return nymFinalize(e, *cred, *secretPath, *out)
		}
	},
}

func nymFinalize(e *env, credPath, secretPath, out string) error {
	c, err := readNymCredentialFile(credPath)
	if err != nil {
		return err
	}
	name := displayName(credPath)
	if c.secret != nil {
		return fmt.Errorf("%s: nymSecret: already finalised", name)
	}
	ps, secret, err := readNymSecretFile(secretPath)
	if err != nil {
		return err
	}
	if ps != c.ps {
		return fmt.Errorf("%s: scheme: %s, the credential's is %s", displayName(secretPath), ps.Name(), c.ps.Name())
	}
	if secret.Final() {
		return fmt.Errorf("%s: nymSecret: already a final secret", displayName(secretPath))
	}
	final, err := bbs.FinalizeWithNymMapped(c.ps, c.pk, c.sig, c.header, c.messages, nil, secret, c.entropy, c.mm)
	if errors.Is(err, bbs.ErrInvalidSignature) {
		return fmt.Errorf("%s: does not finalise: the signature does not verify over these messages and the nym secret of %s with the issuer's entropy (another holder's commitment, or an edited file?)", name, displayName(secretPath))
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	data, err := marshalFile(nymCredentialFile(c.credential, c.entropy, final))
	if err != nil {
		return err
	}
	if err := writeOutput(e.stdout, out, data, 0o600, true); err != nil {
		return err
	}
	if out != "-" {
		fmt.Fprintf(e.stderr, "bbs nym-finalize: the %s credential verifies; wrote it with its nym secret to %s (mode 0600)\n", c.ps.Name(), out)
	}
	return nil
}

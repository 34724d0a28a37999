// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/rand"
	"flag"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// maxSeedSize bounds a --seed-file.
const maxSeedSize = 1 << 20

var keygenCmd = &command{
	name:    "keygen",
	summary: "make an issuer key pair; print the public key",
	usage:   "[--scheme S] [--seed-file F [--key-info B64] [--key-dst B64]] [--out key.json] [--force]",
	about: `
Makes a key pair of scheme S and writes it as JSON ({"scheme", "publicKey",
"secretKey"}) to --out with mode 0600. The public key is printed on standard
output in base64; register it with the document 'bbs register-request'
makes (a bbs+2020 key needs its credentials' message counts, --counts). With --seed-file
the key is derived from the file's bytes (the same seed gives the same key);
otherwise it comes from the operating system's random source. For the IETF
schemes, --key-info and --key-dst are the key_info and key_dst of the draft's
KeyGen, the seed file holding key_material. An existing
--out file is not replaced unless --force is given. With --out - the key
pair JSON goes to standard output instead of the public key.`,
	example: `
bbs keygen --out issuer.json
PK=$(bbs keygen --scheme bbs+2020 --out issuer.json)
bbs register-request --key issuer.json --id issuer1 --channel mychannel --msp Org1MSP \
    --cert User1-cert.pem --counts 3 --out registration.json
peer chaincode invoke ... -c "$(jq -nc --rawfile r registration.json '{Args: ["RegisterIssuer", $r]}')"
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		scheme := fs.String("scheme", "bbs+2020", "BBS scheme `name`; one of "+schemeList())
		seedFile := fs.String("seed-file", "", "derive the key from the bytes of `file` (\"-\" for standard input) instead of randomness")
		out := fs.String("out", "key.json", "write the key pair to `file` (mode 0600); \"-\" for standard output")
		force := fs.Bool("force", false, "replace an existing --out file")
		keyInfo := fs.String("key-info", "", "IETF KeyGen key_info, `base64` (with --seed-file)")
		keyDST := fs.String("key-dst", "", "IETF KeyGen key_dst, `base64` (with --seed-file; default: the ciphersuite's)")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			o := keygenOptions{scheme: *scheme, seedFile: *seedFile, out: *out, force: *force}
			var err error
			if o.keyInfo, err = decodeB64(*keyInfo); err != nil {
				return usagef("--key-info: %v", err)
			}
			if o.keyDST, err = decodeB64(*keyDST); err != nil {
				return usagef("--key-dst: %v", err)
			}
			o.ietfKeyGen = flagWasSet(fs, "key-info") || flagWasSet(fs, "key-dst")
			if o.ietfKeyGen && *seedFile == "" {
				return usagef("--key-info and --key-dst go with --seed-file")
			}
			return keygen(e, &o)
		}
	},
}

// keygenOptions are the flags of keygen.
type keygenOptions struct {
	scheme, seedFile, out string
	force                 bool
	keyInfo, keyDST       []byte
	ietfKeyGen            bool // --key-info or --key-dst given
}

func keygen(e *env, o *keygenOptions) error {
	seedFile, out := o.seedFile, o.out
	s, err := schemeByName("--scheme", o.scheme)
	if err != nil {
		return err
	}
	if out == "" {
		return usagef("--out: empty file name")
	}
	var sk *bbs.SecretKey
	if seedFile != "" {
		seed, err := readInput(seedFile)
		if err != nil {
			return fmt.Errorf("--seed-file: %w", err)
		}
		if len(seed) > maxSeedSize {
			return fmt.Errorf("--seed-file %s: %d bytes, at most %d allowed", displayName(seedFile), len(seed), maxSeedSize)
		}
		if o.ietfKeyGen {
			if sk, err = bbs.KeyGen(s, seed, o.keyInfo, o.keyDST); err != nil {
				return fmt.Errorf("--seed-file %s, --key-info, --key-dst: %w", displayName(seedFile), err)
			}
		} else if sk, err = s.NewKeyFromSeed(seed); err != nil {
			return fmt.Errorf("--seed-file %s: %w", displayName(seedFile), err)
		}
	} else if sk, err = s.GenerateKey(rand.Reader); err != nil {
		return failed(fmt.Errorf("generate key: %w", err))
	}
	pub := b64(sk.PublicKey().Bytes())
	data, err := marshalFile(&KeyFile{Scheme: s.Name(), PublicKey: pub, SecretKey: b64(sk.Bytes())})
	if err != nil {
		return err
	}
	if err := writeOutput(e.stdout, out, data, 0o600, o.force); err != nil {
		return err
	}
	if out == "-" {
		return nil
	}
	fmt.Fprintf(e.stderr, "bbs keygen: wrote the %s key pair to %s (mode 0600); public key on standard output\n", s.Name(), out)
	if s.Name() == bbs.BBSPlus2020Name {
		fmt.Fprintf(e.stderr, "bbs keygen: a %s issuer pins its credentials' message counts at registration: bbs register-request --key %s --counts N[,N...] ...\n", s.Name(), out)
	}
	if _, err := fmt.Fprintln(e.stdout, pub); err != nil {
		return failed(err)
	}
	return nil
}

// schemeList names the supported schemes for help texts.
func schemeList() string {
	var names string
	for i, s := range bbs.Schemes() {
		if i > 0 {
			names += ", "
		}
		names += s.Name()
	}
	for _, s := range bbs.PseudonymSchemes() {
		names += ", " + s.Name()
	}
	if names == "" {
		return "(none compiled in)"
	}
	return names
}

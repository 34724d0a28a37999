// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// vcCmd is "bbs vc", the W3C Verifiable Credentials of the bbs-2023
// cryptosuite (package vc); run dispatches its sub-commands (runVC).
var vcCmd = &command{
	name:    "vc",
	summary: "W3C Verifiable Credentials, bbs-2023: keygen, issue, derive, verify, holder-commit",
	usage:   "keygen|issue|derive|verify|holder-commit [flags]",
	about: `
The bbs-2023 Data Integrity cryptosuite (W3C vc-di-bbs) over the IETF
bbs-bls12381-sha256 scheme: JSON-LD credentials whose canonical N-Quads are the
signed messages. Run 'bbs vc COMMAND --help' for each command. Contexts: the
core W3C contexts are built in (pinned by SHA-256); others come from
--context URL=FILE (repeatable) or --contexts DIR (DIR/index.json maps each URL
to {"file", "sha256OfFile"}), never from the network.`,
	example: `
bbs vc keygen --out issuer.json > issuer.did
bbs vc issue --key issuer.json --credential unsigned.json --mandatory /issuer,/validFrom --out signed.json
bbs vc derive --credential signed.json --reveal /credentialSubject/licenseClass --nonce "$NONCE" --out derived.json
bbs vc verify --credential derived.json --nonce "$NONCE"
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		return func(args []string) error {
			return usagef("a sub-command is needed: %s", vcCommandNames())
		}
	},
}

var vcCommands = []*command{vcKeygenCmd, vcIssueCmd, vcDeriveCmd, vcVerifyCmd, vcHolderCommitCmd}

func vcCommandNames() string {
	var n []string
	for _, c := range vcCommands {
		n = append(n, strings.TrimPrefix(c.name, "vc "))
	}
	return strings.Join(n, ", ")
}

// runVC runs "bbs vc SUB ...".
func runVC(e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		printCommandHelp(e.stdout, vcCmd, nil)
		if len(args) == 0 {
			return exitBadInput
		}
		return exitOK
	}
	for _, c := range vcCommands {
		if c.name == "vc "+args[0] {
			return runCommand(c, e, args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "bbs vc: unknown command %q; commands: %s\n", args[0], vcCommandNames())
	return exitBadInput
}

// contextFlags are --context and --contexts, on every vc command.
type contextFlags struct {
	files []string
	dir   string
}

func (c *contextFlags) define(fs *flag.FlagSet) {
	fs.Func("context", "an application context: `URL=FILE` (repeatable)", func(s string) error {
		c.files = append(c.files, s)
		return nil
	})
	fs.StringVar(&c.dir, "contexts", "", "a `directory` of contexts with an index.json mapping URL to {\"file\", \"sha256OfFile\"}")
}

func (c *contextFlags) loader() (*vc.Loader, error) {
	l, err := vc.NewLoader()
	if err != nil {
		return nil, failed(err)
	}
	if c.dir != "" {
		data, err := os.ReadFile(filepath.Join(c.dir, "index.json"))
		if err != nil {
			return nil, fmt.Errorf("--contexts: %w", err)
		}
		var index map[string]struct {
			File   string `json:"file"`
			SHA256 string `json:"sha256OfFile"`
		}
		if err := json.Unmarshal(data, &index); err != nil {
			return nil, fmt.Errorf("--contexts %s/index.json: %w", c.dir, err)
		}
		urls := make([]string, 0, len(index))
		for u := range index {
			urls = append(urls, u)
		}
		sort.Strings(urls)
		for _, u := range urls {
			ent := index[u]
			if ent.File == "" || strings.Contains(ent.File, "/") || strings.Contains(ent.File, `\`) {
				return nil, fmt.Errorf("--contexts %s/index.json: %s: file %q must be a plain name in the directory", c.dir, u, ent.File)
			}
			doc, err := os.ReadFile(filepath.Join(c.dir, ent.File))
			if err != nil {
				return nil, fmt.Errorf("--contexts: %w", err)
			}
			if ent.SHA256 == "" {
				return nil, fmt.Errorf("--contexts %s/index.json: %s: no sha256OfFile", c.dir, u)
			}
			if err := l.Add(u, doc, ent.SHA256); err != nil {
				return nil, fmt.Errorf("--contexts: %w", err)
			}
		}
	}
	for _, s := range c.files {
		u, file, ok := strings.Cut(s, "=")
		if !ok || u == "" || file == "" {
			return nil, usagef("--context %q: want URL=FILE", s)
		}
		doc, err := readInput(file)
		if err != nil {
			return nil, fmt.Errorf("--context %s: %w", u, err)
		}
		if err := l.Add(u, doc, ""); err != nil {
			return nil, fmt.Errorf("--context: %w", err)
		}
	}
	return l, nil
}

func readVCDocument(flagName, path string) (map[string]any, error) {
	if path == "" {
		return nil, usagef("%s: missing", flagName)
	}
	data, err := readInput(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flagName, err)
	}
	doc, err := vc.ParseDocument(data, vc.Limits{})
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flagName, displayName(path), err)
	}
	return doc, nil
}

func pointerList(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

var vcKeygenCmd = &command{
	name:    "vc keygen",
	summary: "make a credential issuer key and print its did:key",
	usage:   "[--scheme S] [--out key.json] [--force]",
	about: `
Makes a key pair of scheme S, writes it as bbs keygen does ({"scheme",
"publicKey", "secretKey"}, mode 0600) and prints its did:key on standard output
(the verification method is the did:key, '#', and the part after "did:key:").
S is the scheme of the credentials the key issues: bbs-bls12381-sha256 (the
default: bbs-2023), bbs-nym-bls12381-sha256 (bbs-2023 with pseudonyms, as the
contract registers such an issuer) or bbs+2020 (BbsBlsSignature2020). All three
have a 96-byte BLS12-381 G2 public key, so the did:key encoding is the same
(multicodec 0xeb01); 'bbs inspect KEY' prints the did:key of any key file.`,
	example: "bbs vc keygen --out issuer.json > issuer.did\nbbs vc keygen --scheme bbs+2020 --out issuer2020.json > issuer2020.did\n",
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		scheme := fs.String("scheme", bbs.BLS12381SHA256Name, "the key's scheme `name`: "+strings.Join(vcKeySchemes, ", "))
		out := fs.String("out", "key.json", "write the key pair to `file` (mode 0600)")
		force := fs.Bool("force", false, "overwrite --out if it exists")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if *out == "" || *out == "-" {
				return usagef("--out: a file is needed (the did:key goes to standard output)")
			}
			if !slices.Contains(vcKeySchemes, *scheme) {
				return usagef("--scheme %q: a credential issuer key is one of %s", *scheme, strings.Join(vcKeySchemes, ", "))
			}
			s, err := schemeByName("--scheme", *scheme)
			if err != nil {
				return usagef("%v", err)
			}
			sk, err := s.GenerateKey(rand.Reader)
			if err != nil {
				return failed(err)
			}
			did, _, err := vc.DIDKey(sk.PublicKey().Bytes())
			if err != nil {
				return failed(err)
			}
			data, err := marshalFile(&KeyFile{Scheme: s.Name(), PublicKey: b64(sk.PublicKey().Bytes()), SecretKey: b64(sk.Bytes())})
			if err != nil {
				return err
			}
			if err := writeOutput(e.stdout, *out, data, 0o600, *force); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "bbs vc keygen: wrote the %s key pair to %s (mode 0600); did:key on standard output\n", s.Name(), *out)
			if _, err := fmt.Fprintln(e.stdout, did); err != nil {
				return failed(err)
			}
			return nil
		}
	},
}

// vcKeySchemes are the schemes of credential issuer keys: bbs-2023,
// bbs-2023 with pseudonyms, BbsBlsSignature2020.
var vcKeySchemes = []string{bbs.BLS12381SHA256Name, bbs.NymBLS12381SHA256Name, bbs.BBSPlus2020Name}

var vcIssueCmd = &command{
	name:    "vc issue",
	summary: "sign a credential with a bbs-2023 base proof",
	usage:   "--key key.json --credential unsigned.json [--mandatory P1,P2] [--created T] [--out signed.json]",
	about: `
Adds a bbs-2023 base proof to an unsecured credential (JSON-LD, refused in safe
mode if any of it would not be signed). --mandatory lists the JSON pointers
every derived credential must disclose. With a bbs+2020 key (bbs keygen
--scheme bbs+2020) it signs with BbsBlsSignature2020 instead (no --mandatory). The verification method is the key's
did:key, or --verification-method (a DID URL such as did:web:dmv.example#key-1,
for bbs-2023 and bbs+2020 keys) that the issuer's owner declares on the ledger
with DeclareVerificationMethods (bbs declare-methods). The result is for the holder only. --nym-commitment issues with the
pseudonym feature, blind-signing the holder's commitment; --holder-commitment
with the anonymous_holder_binding feature (bbs vc holder-commit).`,
	example: "bbs vc issue --key issuer.json --credential unsigned.json --mandatory /issuer,/validFrom --out signed.json\n",
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		var ctx contextFlags
		ctx.define(fs)
		key := fs.String("key", "", "the issuer key pair `file` (scheme bbs-bls12381-sha256; required)")
		cred := fs.String("credential", "", "the unsecured credential `file` (required)")
		mandatory := fs.String("mandatory", "", "comma-separated JSON `pointers` that must always be disclosed")
		created := fs.String("created", "", "the proof's created `date-time` (XML Schema dateTime; default none)")
		out := fs.String("out", "-", "write the signed credential to `file`")
		force := fs.Bool("force", false, "overwrite --out if it exists")
		nymCom := fs.String("nym-commitment", "", "issue with the pseudonym feature, blind-signing the holder's commitment `file` (bbs nym-commit --scheme bbs-nym-bls12381-sha256)")
		holderCom := fs.String("holder-commitment", "", "issue with the anonymous_holder_binding feature, blind-signing the holder's commitment `file` (bbs vc holder-commit)")
		vm := fs.String("verification-method", "", "the proof's verificationMethod, a DID URL `did:method:id#fragment` (default: the key's did:key)")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if *key == "" {
				return usagef("--key: missing")
			}
			k, err := readKeyFile(*key)
			if err != nil {
				return fmt.Errorf("--key: %w", err)
			}
			doc, err := readVCDocument("--credential", *cred)
			if err != nil {
				return err
			}
			l, err := ctx.loader()
			if err != nil {
				return err
			}
			opts := vc.IssueOptions{SecretKey: k.sk, Created: *created, MandatoryPointers: pointerList(*mandatory), VerificationMethod: *vm}
			if *vm != "" && (!strings.HasPrefix(*vm, "did:") || !strings.Contains(*vm, "#")) {
				return usagef("--verification-method: %q is not a DID URL did:method:id#fragment", *vm)
			}
			var signed map[string]any
			if *nymCom != "" && *holderCom != "" {
				return usagef("--nym-commitment and --holder-commitment: one feature at a time")
			}
			if k.sk.Scheme().Name() == bbs.BBSPlus2020Name {
				if *nymCom != "" || *holderCom != "" {
					return usagef("--nym-commitment and --holder-commitment need a bbs-2023 key (bbs-bls12381-sha256)")
				}
				if signed, err = issue2020(l, doc, k.sk, *created, *mandatory, *vm); err != nil { // vc2020.go
					return err
				}
			} else if *nymCom != "" {
				com, err := readNymCommitmentFile(*nymCom, bbs.NymBLS12381SHA256())
				if err != nil {
					return fmt.Errorf("--nym-commitment: %w", err)
				}
				signed, err = l.IssueWithPseudonym(doc, opts, com.Bytes(), vc.Limits{})
				if err != nil {
					return err
				}
			} else if *holderCom != "" {
				com, err := readHolderCommitmentFile(*holderCom)
				if err != nil {
					return fmt.Errorf("--holder-commitment: %w", err)
				}
				if signed, err = l.IssueWithHolderBinding(doc, opts, com, vc.Limits{}); err != nil {
					return err
				}
			} else if signed, err = l.Issue(doc, opts, vc.Limits{}); err != nil {
				return err
			}
			data, err := marshalFile(signed)
			if err != nil {
				return err
			}
			return writeOutput(e.stdout, *out, data, 0o600, *force)
		}
	},
}

var vcDeriveCmd = &command{
	name:    "vc derive",
	summary: "derive a selectively disclosed credential from a bbs-2023 base credential",
	usage:   "--credential signed.json [--reveal P1,P2] [--nonce B64] [--out derived.json]",
	about: `
Derives the reveal document of a credential with a bbs-2023 base proof: what
the issuer made mandatory, and the JSON pointers of --reveal. --nonce is the
BBS presentation header (base64; the verifier's nonce; default empty).
A BbsBlsSignature2020 credential (issued with a bbs+2020 key) is derived with
--frame, a JSON-LD frame of what to disclose, instead of --reveal.
--nym-secret and --nym-domain derive a credential issued with the pseudonym
feature, showing the holder's pseudonym for the verifier context --nym-domain.
--holder-secret derives a credential issued with the anonymous_holder_binding
feature (bbs vc issue --holder-commitment), proving the credential was issued
to that secret without showing it; the holder's signature check comes first.
A BbsBlsSignature2020 credential's signature is checked before it is derived:
under a verification method other than a did:key (bbs vc issue
--verification-method), --did-key names the issuer's key.`,
	example: "bbs vc derive --credential signed.json --reveal /credentialSubject/licenseClass --nonce \"$NONCE\" --out derived.json\n",
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		var ctx contextFlags
		ctx.define(fs)
		cred := fs.String("credential", "", "the signed credential `file` (required)")
		reveal := fs.String("reveal", "", "comma-separated JSON `pointers` to disclose beyond the mandatory ones")
		nonce := fs.String("nonce", "", "the presentation header, `base64`")
		frame := fs.String("frame", "", "the JSON-LD frame `file` of a BbsBlsSignature2020 credential (what to disclose)")
		out := fs.String("out", "-", "write the derived credential to `file`")
		force := fs.Bool("force", false, "overwrite --out if it exists")
		nymSecret := fs.String("nym-secret", "", "the holder's nym secret `file` (bbs nym-commit --secret-out), for a credential issued with --nym-commitment")
		nymDomain := fs.String("nym-domain", "", "the verifier `context` the pseudonym is shown for (with --nym-secret)")
		holderSecret := fs.String("holder-secret", "", "the holder secret `file` (bbs vc holder-commit --secret-out), for a credential issued with --holder-commitment")
		didKey := fs.String("did-key", "", "check a BbsBlsSignature2020 credential's signature under this `did:key` (bbs vc keygen prints it) whatever its verificationMethod, e.g. a did:web the issuer declared")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			resolve, err := didKeyResolver(*didKey)
			if err != nil {
				return err
			}
			ph, err := decodeB64(*nonce)
			if err != nil {
				return fmt.Errorf("--nonce: %w", err)
			}
			doc, err := readVCDocument("--credential", *cred)
			if err != nil {
				return err
			}
			l, err := ctx.loader()
			if err != nil {
				return err
			}
			dopts := vc.DeriveOptions{SelectivePointers: pointerList(*reveal), PresentationHeader: ph}
			var derived map[string]any
			if _, is2020 := proofType2020(doc); is2020 {
				if *nymSecret != "" || *nymDomain != "" || *holderSecret != "" {
					return usagef("--nym-secret, --nym-domain and --holder-secret are for bbs-2023 credentials")
				}
				if derived, err = derive2020(l, doc, *frame, *reveal, ph, resolve); err != nil { // vc2020.go
					return err
				}
			} else if resolve != nil {
				return usagef("--did-key: a bbs-2023 credential is derived without the issuer's key")
			} else if *nymSecret != "" && *holderSecret != "" {
				return usagef("--nym-secret and --holder-secret: one feature at a time")
			} else if *holderSecret != "" {
				secret, blind, err := readHolderSecretFile(*holderSecret)
				if err != nil {
					return fmt.Errorf("--holder-secret: %w", err)
				}
				if derived, err = l.DeriveWithHolderBinding(doc, vc.HolderBindingDeriveOptions{DeriveOptions: dopts, HolderSecret: secret, ProverBlind: blind}, vc.Limits{}); err != nil {
					return err
				}
			} else if *nymSecret != "" {
				_, secret, err := readNymSecretFile(*nymSecret)
				if err != nil {
					return fmt.Errorf("--nym-secret: %w", err)
				}
				derived, err = l.DeriveWithPseudonym(doc, vc.PseudonymDeriveOptions{DeriveOptions: dopts, NymSecret: secret.Bytes(), NymDomain: []byte(*nymDomain)}, vc.Limits{})
				if err != nil {
					return err
				}
			} else if *nymDomain != "" {
				return usagef("--nym-domain needs --nym-secret")
			} else if derived, err = l.Derive(doc, dopts, vc.Limits{}); err != nil {
				return err
			}
			data, err := marshalFile(derived)
			if err != nil {
				return err
			}
			return writeOutput(e.stdout, *out, data, 0o644, *force)
		}
	},
}

var vcVerifyCmd = &command{
	name:    "vc verify",
	summary: "verify a derived bbs-2023 credential offline",
	usage:   "--credential derived.json [--nonce B64] [--context URL=FILE]... [--contexts DIR]",
	about: `
The specification's verifier (Verify Derived Proof, bbs-2023): the issuer key
from the proof's did:key verification method (or --did-key, for a credential
under another DID URL), any presentation header the
specification allows (empty included); --nonce also requires that
presentation header. Prints the disclosed credential on standard output.
A BbsBlsSignatureProof2020 credential is verified by that suite (the nonce is
its proof's nonce); a BbsBlsSignature2020 one as its holder would.
--nym-domain admits the pseudonym feature: the pseudonym must be for that
verifier context, and is printed on standard error. --holder-binding admits
(and requires) the anonymous_holder_binding feature: the holder proved it holds
the secret the credential was issued to.

Exit status 0: valid. 1: the proof is invalid (or the presentation header is
not --nonce). 2: usage error, or a malformed or unsafe credential.`,
	example: "bbs vc verify --credential derived.json --nonce \"$NONCE\"\n",
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		var ctx contextFlags
		ctx.define(fs)
		cred := fs.String("credential", "", "the derived credential `file` (required)")
		nonce := fs.String("nonce", "", "require this presentation header, `base64`")
		nymDomain := fs.String("nym-domain", "", "admit the pseudonym feature, requiring the pseudonym to be shown for this verifier `context`")
		holderBinding := fs.Bool("holder-binding", false, "admit and require the anonymous_holder_binding feature")
		didKey := fs.String("did-key", "", "verify under this `did:key` (bbs vc keygen prints it) whatever the verificationMethod, e.g. a did:web the issuer declared")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if *cred == "" {
				return usagef("--credential: missing")
			}
			var want []byte
			if *nonce != "" {
				var err error
				if want, err = decodeB64(*nonce); err != nil {
					return fmt.Errorf("--nonce: %w", err)
				}
			}
			data, err := readInput(*cred)
			if err != nil {
				return fmt.Errorf("--credential: %w", err)
			}
			l, err := ctx.loader()
			if err != nil {
				return err
			}
			resolve, err := didKeyResolver(*didKey)
			if err != nil {
				return err
			}
			if doc, perr := vc.ParseDocument(data, vc.Limits{}); perr == nil {
				if _, is2020 := proofType2020(doc); is2020 {
					return verify2020(e, l, doc, *nonce != "", want, resolve) // vc2020.go
				}
			}
			if *nymDomain != "" && *holderBinding {
				return usagef("--nym-domain and --holder-binding: one feature at a time")
			}
			ver := &vc.Verifier{Loader: l, Pseudonyms: *nymDomain != "", HolderBinding: *holderBinding, Resolve: resolve}
			res, err := ver.VerifyJSON(data)
			if errors.Is(err, vc.ErrInvalidProof) {
				return &exitError{code: exitFailed, err: err}
			}
			if err != nil {
				return err
			}
			if *nonce != "" && !bytes.Equal(res.PresentationHeader, want) {
				return &exitError{code: exitFailed, err: fmt.Errorf("the presentation header is %s, not --nonce", b64(res.PresentationHeader))}
			}
			if *holderBinding && res.Feature != vc.FeatureHolderBinding {
				return &exitError{code: exitFailed, err: errors.New("--holder-binding: the credential has no holder binding")}
			}
			if *nymDomain != "" {
				if res.Feature != vc.FeaturePseudonym {
					return &exitError{code: exitFailed, err: errors.New("--nym-domain: the credential shows no pseudonym")}
				}
				if string(res.NymDomain) != *nymDomain {
					return &exitError{code: exitFailed, err: fmt.Errorf("the pseudonym is for %q, not --nym-domain", res.NymDomain)}
				}
				fmt.Fprintf(e.stderr, "pseudonym %s in %s\n", b64(res.Pseudonym), res.NymDomain)
			}
			out, err := marshalFile(res.Document)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "valid: bbs-2023 proof by %s; %d mandatory and %d disclosed statements\n", res.VerificationMethod, len(res.Mandatory), len(res.NonMandatory))
			if _, err := io.Copy(e.stdout, bytes.NewReader(out)); err != nil {
				return failed(err)
			}
			return nil
		}
	},
}

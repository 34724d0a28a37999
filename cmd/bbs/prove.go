// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// randomSize is the size of a --nonce-random nonce and of a random --salt.
const randomSize = 32

var proveCmd = &command{
	name:    "prove",
	summary: "derive a selective-disclosure proof as a VerifyProof/SubmitProof request",
	usage: "--credential credential.json --reveal 0,2,5|none|all (--nonce B64 | --nonce-random |\n" +
		"         --bind-submitter CERT.pem --msp MSPID --channel C [--salt B64|random])\n" +
		"         --issuer ID [--key-version N] [--context TEXT] [--policy ID[:VERSION]]\n" +
		"         [--non-revoked witness.json] [--range IDX:MIN..MAX[:ID=@FILE]]...\n" +
		"         [--in-set IDX:ID=@FILE]... [--out request.json]",
	about: `
Derives a zero-knowledge proof of the credential's signature that reveals the
messages at the --reveal indices (0-based; "none" reveals nothing, "all"
everything) and hides the rest, and writes the request JSON that the
chaincode's VerifyProof and SubmitProof transactions take:
  {"issuer", "scheme", "keyVersion", "proof", "nonce", "header",
   "disclosed": [{"index", "message"}], "bindSubmitter", "salt"}
The proof is bound to a nonce: the verifier's challenge (--nonce), 32 fresh
random bytes (--nonce-random), or, with --bind-submitter, a nonce computed
from the submitter's X.509 certificate, MSP ID, the channel and a salt exactly
as the chaincode computes it, so that only that identity can submit the proof
(the salt, random by default, makes each such nonce new). The request goes to
standard output unless --out is given. A credential of a pseudonym scheme
(bbs nym-finalize) needs --context, the scope of the pseudonym: the request
then carries "pseudonym" and "context" (base64), and the same credential
always shows the same pseudonym in one context. --policy names a verification
policy on the ledger that the request must satisfy as well (its current
version, or VERSION): the request then carries "policy": {"id", "version"}. --non-revoked makes the
proof a presentation with non-revocation (IETF schemes): the revocation handle
named by the witness file (bbs acc-witness, bbs update-witness) stays hidden,
and the proof shows it is in the issuer's accumulator at the witness's
version; the request then carries "nonRevoked": true.

--range and --in-set (IETF and pseudonym schemes, repeatable, at most 16 in all) prove
statements about messages that stay hidden, as "predicates" and
"predicateProof" in the request:
  --range IDX:MIN..MAX   the integer message IDX lies in MIN..MAX, both
                         included; MIN.. or ..MAX leave one side open. It is
                         proven with Bulletproofs, which need no parameters.
  --range IDX:MIN..MAX:ID=@FILE
                         the same, proven with CCS08 over the range
                         parameters in FILE, which the ledger holds as ID
                         (bbs params range); a policy may require them.
  --in-set IDX:ID=@FILE  message IDX is one of the set parameters in FILE,
                         ID on the ledger (bbs params set).
IDX must be an integer position of the credential (bbs sign --integers) for
a range; bounds are decimal integers at an int64 position and dates
YYYY-MM-DD at a date position (2008-03-01: born on or before that day). A
value outside its range, or not in the set, is refused: no proof of a false
statement is made. The request keeps the bounds and parameter IDs, not the
parameters. With --non-revoked the presentation with non-revocation carries
the predicates (a credential with integer positions presents with
non-revocation only so, and discloses no integer message).`,
	example: `
bbs prove --credential credential.json --reveal 0,2 --nonce-random \
    --issuer issuer1 --out request.json
bbs prove --credential credential.json --reveal none --nonce q83vEjRWeJA= --issuer issuer1
bbs prove --credential credential.json --reveal 2 --issuer issuer1 \
    --bind-submitter organizations/peerOrganizations/org1.example.com/users/User1@org1.example.com/msp/signcerts/User1@org1.example.com-cert.pem \
    --msp Org1MSP --channel mychannel --out request.json
bbs prove --credential credential.json --reveal 2 --nonce-random --issuer issuer1 \
    --policy grads:2 --out request.json
bbs prove --credential credential.json --reveal 0 --nonce-random --issuer issuer1 \
    --non-revoked witness.json --policy members --out request.json
bbs prove --credential int-credential.json --reveal 0 --nonce-random --issuer issuer1 \
    --range 1:18.. --range 2:..2008-03-01 --in-set 3:eu-countries=@eu-countries.params --out request.json
bbs prove --credential int-credential.json --reveal 0 --nonce-random --issuer issuer1 \
    --range 1:18..150:age-u16=@age-u16.params --out request.json
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		var o proveOptions
		fs.StringVar(&o.credential, "credential", "", "credential `file` written by sign (required)")
		fs.StringVar(&o.reveal, "reveal", "", "`indices` of the messages to reveal: comma-separated (0,2,5), none or all (required)")
		fs.StringVar(&o.nonce, "nonce", "", "the verifier's nonce, `base64` (may be empty: --nonce \"\")")
		fs.BoolVar(&o.nonceRandom, "nonce-random", false, "use 32 random bytes as the nonce")
		fs.StringVar(&o.bindCert, "bind-submitter", "", "bind the nonce to the submitter whose PEM certificate is in `file`")
		fs.StringVar(&o.msp, "msp", "", "the submitter's MSP `ID` (with --bind-submitter)")
		fs.StringVar(&o.channel, "channel", "", "the channel `name` (with --bind-submitter)")
		fs.StringVar(&o.salt, "salt", "random", "salt of the bound nonce: `base64`, or random for 32 random bytes (with --bind-submitter)")
		fs.StringVar(&o.issuer, "issuer", "", "issuer `ID` registered on the ledger, written to the request (required)")
		fs.IntVar(&o.keyVersion, "key-version", 0, "issuer key `version` to verify with; 0 for the current one")
		fs.StringVar(&o.out, "out", "-", "write the request to `file`; \"-\" for standard output")
		fs.StringVar(&o.context, "context", "", "pseudonym context `text` such as poll-2026-17 (pseudonym credentials; its UTF-8 bytes)")
		fs.StringVar(&o.policy, "policy", "", "verification policy the request must satisfy: `ID[:VERSION]` (no VERSION: the current one)")
		fs.StringVar(&o.nonRevoked, "non-revoked", "", "prove non-revocation with the witness `file` (acc-witness, update-witness)")
		fs.Var(&o.ranges, "range", "prove hidden integer message IDX in MIN..MAX (Bulletproofs), or over range parameters: `IDX:MIN..MAX[:ID=@FILE]` (repeatable)")
		fs.Var(&o.sets, "in-set", "prove hidden message IDX in the set parameters of FILE, ID on the ledger: `IDX:ID=@FILE` (repeatable)")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			o.saltSet = flagWasSet(fs, "salt")
			o.nonceSet = flagWasSet(fs, "nonce")
			o.contextSet = flagWasSet(fs, "context")
			o.policySet = flagWasSet(fs, "policy")
			return prove(e, &o)
		}
	},
}

// proveOptions are the flags of prove.
type proveOptions struct {
	credential, reveal     string
	nonce                  string
	nonceSet               bool // --nonce given, maybe empty
	nonceRandom            bool
	bindCert, msp, channel string
	salt                   string
	saltSet                bool
	issuer                 string
	keyVersion             int
	out                    string
	context                string
	contextSet             bool
	policy                 string // --policy ID[:VERSION]
	policySet              bool   // --policy given, maybe empty
	nonRevoked             string // --non-revoked witness.json
	ranges, sets           multiFlag
}

// flagWasSet reports whether the flag name was given on the command line.
func flagWasSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

func prove(e *env, o *proveOptions) error {
	if o.credential == "" {
		return usagef("missing --credential (the credential file written by bbs sign)")
	}
	if o.reveal == "" {
		return usagef("missing --reveal (indices such as 0,2,5, or none, or all)")
	}
	nonceWays := 0
	for _, set := range []bool{o.nonceSet, o.nonceRandom, o.bindCert != ""} {
		if set {
			nonceWays++
		}
	}
	if nonceWays != 1 {
		return usagef("give exactly one of --nonce B64, --nonce-random and --bind-submitter CERT.pem")
	}
	if o.bindCert == "" && (o.msp != "" || o.channel != "" || o.saltSet) {
		return usagef("--msp, --channel and --salt go with --bind-submitter")
	}
	if o.bindCert != "" && (o.msp == "" || o.channel == "") {
		return usagef("--bind-submitter needs --msp and --channel")
	}
	if o.issuer == "" {
		return usagef("missing --issuer (the issuer ID registered on the ledger; the request must name it)")
	}
	if !request.ValidIssuerID(o.issuer) {
		return usagef("--issuer: %q does not match %s", o.issuer, request.IssuerIDPattern)
	}
	if o.keyVersion < 0 {
		return usagef("--key-version: %d is negative (0 selects the current key)", o.keyVersion)
	}
	var policyRef *request.PolicyRef
	if o.policySet {
		var err error
		if policyRef, err = parsePolicyRef(o.policy); err != nil {
			return err
		}
	}
	rnd := rand.Reader

	name := displayName(o.credential)
	c, nc, err := readProveCredential(o)
	if err != nil {
		return err
	}
	revealed, err := parseReveal(o.reveal, len(c.messages), name)
	if err != nil {
		return err
	}
	var preds *provePredicates
	if len(o.ranges)+len(o.sets) > 0 {
		if preds, err = parseProvePredicates(c, revealed, o.ranges, o.sets); err != nil {
			return err
		}
	}
	if o.nonRevoked != "" && c.mm != nil && preds == nil {
		return usagef("--non-revoked: %s has integer positions, which a presentation with non-revocation maps only with predicates (--range, --in-set)", name)
	}

	var nonce, salt []byte
	switch {
	case o.nonceSet:
		if nonce, err = decodeB64(o.nonce); err != nil {
			return fmt.Errorf("--nonce: %w", err)
		}
	case o.nonceRandom:
		if nonce, err = randomBytes(rnd); err != nil {
			return err
		}
	default:
		if o.salt == "random" {
			if salt, err = randomBytes(rnd); err != nil {
				return err
			}
		} else if salt, err = decodeB64(o.salt); err != nil {
			return fmt.Errorf("--salt: %w", err)
		}
		cert, err := readCertificate(o.bindCert)
		if err != nil {
			return err
		}
		submitter := request.SubmitterID(cert)
		nonce = request.BoundNonce(o.channel, o.msp, submitter, salt)
	}

	var proofBytes, pseudonym, predProof []byte
	if nc != nil && o.nonRevoked != "" {
		return usagef("--non-revoked: pseudonym credentials have no presentation with non-revocation")
	}
	if preds != nil && nc != nil {
		proofBytes, pseudonym, predProof, err = nymProveWithPredicates(rnd, nc, name, nonce, []byte(o.context), revealed, preds)
	} else if preds != nil && o.nonRevoked != "" {
		proofBytes, predProof, err = presentNonRevokedWithPredicates(rnd, o, c, nonce, revealed, preds)
	} else if preds != nil {
		proofBytes, predProof, err = proveWithPredicates(rnd, c, nonce, revealed, preds)
	} else if o.nonRevoked != "" {
		proofBytes, err = presentNonRevoked(rnd, o, nonce, revealed)
		if err != nil {
			return err
		}
	} else if nc != nil {
		proofBytes, pseudonym, err = nymDeriveProof(rnd, nc, name, nonce, []byte(o.context), revealed)
	} else {
		var proof *bbs.Proof
		if c.mm != nil {
			proof, err = bbs.DeriveProofMapped(rnd, c.scheme, c.pk, c.sig, c.header, nonce, c.messages, revealed, c.mm)
		} else {
			proof, err = c.scheme.DeriveProof(rnd, c.pk, c.sig, c.header, nonce, c.messages, revealed)
		}
		if err == nil {
			proofBytes = proof.Bytes()
		}
	}
	if err != nil {
		return fmt.Errorf("derive proof from %s: %w", name, err)
	}
	d := &request.Decoded{
		Issuer:        o.issuer,
		Scheme:        c.scheme.Name(),
		KeyVersion:    o.keyVersion,
		Proof:         proofBytes,
		Nonce:         nonce,
		Header:        c.header,
		Disclosed:     make([]request.Message, len(revealed)),
		BindSubmitter: o.bindCert != "",
		Salt:          salt,
		Policy:        policyRef,
		NonRevoked:    o.nonRevoked != "",
	}
	if pseudonym != nil {
		d.Pseudonym, d.Context = pseudonym, []byte(o.context)
	}
	if preds != nil {
		d.Predicates, d.PredicateProof = preds.req, predProof
	}
	for i, idx := range revealed {
		d.Disclosed[i] = request.Message{Index: idx, Message: c.messages[idx]}
	}
	req := d.Encode()
	data, err := marshalFile(req)
	if err != nil {
		return err
	}
	// The chaincode parses requests with the same code: refuse to write one
	// it would reject (a disclosed message or the whole request over a size
	// limit, say).
	if _, err := request.Parse(data); err != nil {
		return fmt.Errorf("the request would be rejected by the chaincode: %w", err)
	}
	if err := writeOutput(e.stdout, o.out, data, 0o644, true); err != nil {
		return err
	}
	if o.out != "-" {
		fmt.Fprintf(e.stderr, "bbs prove: wrote a %s proof revealing %d of %d messages to %s\n",
			c.scheme.Name(), len(revealed), len(c.messages), o.out)
	}
	return nil
}

// parseReveal parses --reveal for a credential of n messages: "none", "all"
// or comma-separated indices. The result is sorted.
func parseReveal(s string, n int, credName string) ([]int, error) {
	switch strings.TrimSpace(s) {
	case "none":
		return []int{}, nil
	case "all":
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		return all, nil
	}
	seen := make(map[int]bool)
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		i, err := strconv.Atoi(f)
		if err != nil {
			return nil, usagef("--reveal: %q is not an index (want 0,2,5 or none or all)", f)
		}
		if i < 0 || i >= n {
			return nil, usagef("--reveal: index %d out of range: %s has %d messages (indices 0 to %d)", i, credName, n, n-1)
		}
		if seen[i] {
			return nil, usagef("--reveal: index %d given twice", i)
		}
		seen[i] = true
		out = append(out, i)
	}
	sort.Ints(out)
	return out, nil
}

// randomBytes reads randomSize bytes from rnd.
func randomBytes(rnd io.Reader) ([]byte, error) {
	b := make([]byte, randomSize)
	if _, err := io.ReadFull(rnd, b); err != nil {
		return nil, failed(fmt.Errorf("read randomness: %w", err))
	}
	return b, nil
}

// readCertificate reads the first CERTIFICATE block of a PEM file.
func readCertificate(path string) (*x509.Certificate, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	name := displayName(path)
	rest := data
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			return nil, fmt.Errorf("%s: no PEM CERTIFICATE block", name)
		}
		if block.Type != "CERTIFICATE" {
			continue
		}
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%s: CERTIFICATE: %w", name, err)
		}
		return cert, nil
	}
}

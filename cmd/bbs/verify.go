// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// defaultScheme is the scheme of a request that names none.
const defaultScheme = "bbs+2020"

var verifyCmd = &command{
	name:    "verify",
	summary: "verify a proof request offline",
	usage: "--public-key B64|@file --request request.json [--scheme S] [--json]\n" +
		"         [--submitter-cert CERT.pem --msp MSPID --channel C]\n" +
		"         [--integers IDX:TYPE,... | --settings FILE] [--params ID=@FILE]...\n" +
		"         [--accumulator FILE [--removal FILE]]",
	about: `
Verifies the proof of a request (the JSON prove writes and VerifyProof takes)
against the issuer's public key, the request's nonce and header, and exactly
its disclosed messages, as the chaincode does but without a ledger. The public
key is base64, or @file for a file holding it in base64 or a key or credential
JSON with a publicKey field. The scheme is --scheme, else the request's scheme
field, else bbs+2020.

For a request with "bindSubmitter": true, --submitter-cert, --msp and
--channel also check that the nonce is bound to that submitter; without them
the binding is not checked (the chaincode checks it against the identity that
submits the transaction).

An IETF issuer's integer positions (register-request --integers) come from
--integers 3:int64,4:date or --settings FILE (a JSON object with "integers",
or with "settings" holding them: the issuer's settings, the registration
document, a GetIssuer answer): disclosed messages at those positions are
mapped as integers, and a range predicate needs its position among them.
A request with "predicates" is verified with them: the predicate proof and
the BBS proof together (package bbs/predicate). Parameters the predicates
name are read from --params ID=@FILE (repeatable; bbs params writes them).
The checks of a verification policy (which predicates, with which bounds
and parameters, the transaction's date) are the chaincode's.

A request with "nonRevoked": true (prove --non-revoked) is a presentation
with non-revocation: it is verified against the issuer's accumulator in
--accumulator FILE (GetAccumulator's answer, or the issuer's acc.json),
with the handle index the accumulator declares, at the version the
presentation names: the accumulator's version, 0, or an older one whose
removal record is in --removal FILE (GetAccumulatorRemoval's answer for
that version). Which versions a policy still accepts (its grace) is the
chaincode's: verify prints both versions.

Exit status 0: the proof is valid. 1: it is invalid (the reason is printed;
a proof that does not even parse is invalid). 2: usage error or malformed
input (the request file, the public key). With --json the result is printed
as one line of JSON, {"valid": bool, "reason": "...", "issuer", "keyVersion",
"scheme", "disclosed": [{"index", "message"}], "nonRevocation": {"version",
"currentVersion", "handleIndex"}}, the fields of the chaincode's VerifyProof
result, also for malformed input (exit 2).`,
	example: `
bbs verify --public-key @issuer.pub --request request.json
bbs verify --public-key "$PK" --request request.json --json
bbs verify --public-key @issuer.json --request request.json \
    --submitter-cert User1-cert.pem --msp Org1MSP --channel mychannel
bbs verify --public-key @ietf-issuer.pub --request request.json \
    --integers 1:int64,2:date --params eu-countries=@eu-countries.params
bbs verify --public-key @ietf-issuer.pub --request request.json --settings registration.json \
    --params age-u16=@age-u16.params
bbs verify --public-key @ietf-issuer.pub --request alice.request.json --accumulator acc-record.json
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		var o verifyOptions
		fs.StringVar(&o.publicKey, "public-key", "", "the issuer's public key: `base64`, or @file (required)")
		fs.StringVar(&o.request, "request", "", "request JSON `file` (required; \"-\" for standard input)")
		fs.StringVar(&o.scheme, "scheme", "", "scheme `name` (default: the request's scheme, else "+defaultScheme+")")
		fs.BoolVar(&o.json, "json", false, `print the result as JSON: {"valid": ..., "reason": ..., ...}`)
		fs.StringVar(&o.cert, "submitter-cert", "", "check the bound nonce against the submitter whose PEM certificate is in `file`")
		fs.StringVar(&o.msp, "msp", "", "the submitter's MSP `ID` (with --submitter-cert)")
		fs.StringVar(&o.channel, "channel", "", "the channel `name` (with --submitter-cert)")
		fs.StringVar(&o.integers, "integers", "", "the issuer's integer `positions`: IDX:int64 or IDX:date, comma-separated ascending")
		fs.StringVar(&o.settings, "settings", "", "read the issuer's integer positions from the settings JSON in `file`")
		fs.Var(&o.params, "params", "predicate parameters a request names: `ID=@FILE` (repeatable)")
		fs.StringVar(&o.accumulator, "accumulator", "", "the issuer's accumulator for a presentation with non-revocation: GetAccumulator's answer or acc.json in `file`")
		fs.StringVar(&o.removal, "removal", "", "GetAccumulatorRemoval's answer in `file` for the older version a presentation is against")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			return verify(e, &o)
		}
	},
}

// verifyOptions are the flags of verify.
type verifyOptions struct {
	publicKey, request, scheme string
	json                       bool
	cert, msp, channel         string
	integers, settings         string
	params                     multiFlag
	accumulator, removal       string
}

// VerifyResult is what verify --json prints: the fields of the chaincode's
// VerifyProof result that an offline verifier knows.
type VerifyResult struct {
	// Valid is true if the proof verifies.
	Valid bool `json:"valid"`
	// Reason says why the proof is invalid or the input malformed; empty
	// when valid.
	Reason string `json:"reason"`
	// Issuer is the request's issuer field, when the request was read.
	Issuer string `json:"issuer,omitempty"`
	// KeyVersion is the request's keyVersion field (0: current).
	KeyVersion int `json:"keyVersion,omitempty"`
	// Scheme is the scheme the proof was verified with, when known.
	Scheme string `json:"scheme,omitempty"`
	// Disclosed are the disclosed messages the proof was checked against
	// (message in base64), when the request was read.
	Disclosed []request.DisclosedMessage `json:"disclosed,omitempty"`
	// Pseudonym and Context are the request's pseudonym and its context
	// (base64), for a proof of a pseudonym scheme.
	Pseudonym string `json:"pseudonym,omitempty"`
	Context   string `json:"context,omitempty"`
	// Predicates are the request's predicates the proof was checked
	// against, when the request has some.
	Predicates []request.PredicateJSON `json:"predicates,omitempty"`
	// NonRevocation is, for a valid presentation with non-revocation, the
	// accumulator version it is against and the given accumulator's.
	NonRevocation *NonRevocationResult `json:"nonRevocation,omitempty"`

	integers []IntegerPosition // to show integer messages
}

// errInvalid is a reason for an invalid proof (exit 1).
type errInvalid struct{ reason string }

func (e *errInvalid) Error() string { return e.reason }

func verify(e *env, o *verifyOptions) error {
	if o.publicKey == "" {
		return usagef("missing --public-key (base64, or @file)")
	}
	if o.request == "" {
		return usagef("missing --request (the request JSON written by bbs prove)")
	}
	bindFlags := 0
	for _, s := range []string{o.cert, o.msp, o.channel} {
		if s != "" {
			bindFlags++
		}
	}
	if bindFlags != 0 && bindFlags != 3 {
		return usagef("--submitter-cert, --msp and --channel go together")
	}

	res := &VerifyResult{}
	bound, err := verifyRequest(o, res)
	if bound && o.cert == "" && err == nil {
		fmt.Fprintf(e.stderr, "bbs verify: note: the nonce is bound to a submitter; give --submitter-cert, --msp and --channel to check the binding too\n")
	}
	var inv *errInvalid
	switch {
	case err == nil:
		res.Valid = true
	case errors.As(err, &inv):
		res.Reason = inv.reason
	default:
		if !o.json {
			return err
		}
		var u *usageError
		if errors.As(err, &u) {
			return err
		}
		// Malformed input: say so on stderr and, for scripts, on stdout.
		fmt.Fprintf(e.stderr, "bbs verify: %v\n", err)
		res.Reason = err.Error()
		if werr := printVerifyResult(e, o, res); werr != nil {
			return werr
		}
		return silentExit(exitBadInput)
	}
	if err := printVerifyResult(e, o, res); err != nil {
		return err
	}
	if !res.Valid {
		return silentExit(exitFailed)
	}
	return nil
}

func printVerifyResult(e *env, o *verifyOptions, res *VerifyResult) error {
	var err error
	if o.json {
		var b []byte
		if b, err = json.Marshal(res); err == nil {
			_, err = fmt.Fprintf(e.stdout, "%s\n", b)
		}
	} else if res.Valid {
		var b strings.Builder
		idx := make([]int, len(res.Disclosed))
		for i, d := range res.Disclosed {
			idx[i] = d.Index
		}
		fmt.Fprintf(&b, "valid: the %s proof verifies; disclosed messages %s\n", res.Scheme, textValue(idx))
		for _, d := range res.Disclosed {
			fmt.Fprintf(&b, "  [%d] %s\n", d.Index, displayDisclosed(d, res.integers))
		}
		for _, q := range res.Predicates {
			fmt.Fprintf(&b, "  proven: %s\n", describePredicate(q, res.integers))
		}
		if res.Pseudonym != "" {
			fmt.Fprintf(&b, "  pseudonym %s in context %s\n", res.Pseudonym, displayMessage(res.Context))
		}
		if n := res.NonRevocation; n != nil {
			fmt.Fprintf(&b, "  not revoked: the handle (message %d) is in accumulator version %d; the accumulator given is at version %d\n",
				n.HandleIndex, n.Version, n.CurrentVersion)
		}
		_, err = io.WriteString(e.stdout, b.String())
	} else {
		_, err = fmt.Fprintf(e.stdout, "invalid: %s\n", res.Reason)
	}
	if err != nil {
		return failed(fmt.Errorf("write standard output: %w", err))
	}
	return nil
}

// verifyRequest verifies the request of o, filling res. It returns nil if
// the proof is valid, an *errInvalid if not, and another error for bad
// input. bound reports whether the request asks for a submitter-bound nonce.
func verifyRequest(o *verifyOptions, res *VerifyResult) (bound bool, err error) {
	data, err := readInput(o.request)
	if err != nil {
		return bound, err
	}
	name := displayName(o.request)
	req, err := decodeRequest(name, data)
	if err != nil {
		return bound, err
	}
	bound = req.BindSubmitter
	res.Issuer, res.KeyVersion = req.Issuer, req.KeyVersion
	res.Disclosed = request.EncodeMessages(req.Disclosed)
	if len(req.Predicates) > 0 {
		res.Predicates = req.Encode().Predicates
	}
	ints, err := verifyIntegers(o)
	if err != nil {
		return bound, err
	}
	res.integers = ints
	params, err := verifyParams(o.params)
	if err != nil {
		return bound, err
	}
	if len(params) > 0 && len(req.Predicates) == 0 {
		return bound, usagef("--params: the request has no predicates")
	}
	if len(req.Pseudonym) > 0 {
		res.Pseudonym, res.Context = b64(req.Pseudonym), b64(req.Context)
	}

	schemeName, where := o.scheme, "--scheme"
	switch {
	case o.scheme != "" && req.Scheme != "" && req.Scheme != o.scheme:
		return bound, fmt.Errorf("%s: scheme: %q, but --scheme is %q", name, req.Scheme, o.scheme)
	case o.scheme == "" && req.Scheme != "":
		schemeName, where = req.Scheme, name+": scheme"
	case o.scheme == "":
		schemeName, where = defaultScheme, "default scheme"
	}
	s, err := schemeByName(where, schemeName)
	if err != nil {
		return bound, err
	}
	res.Scheme = s.Name()
	var mm *bbs.MessageMap
	if len(ints) > 0 {
		if err := integerSchemeCheck("--integers/--settings", s); err != nil {
			return bound, err
		}
		if mm, err = messageMap(ints); err != nil {
			return bound, usagef("--integers: %v", err)
		}
	}
	var preds []predicate.Predicate
	if len(req.Predicates) > 0 {
		if err := integerSchemeCheck(name+": predicates", s); err != nil {
			return bound, err
		}
		if preds, err = requestPredicates(req, params, ints); err != nil {
			return bound, err
		}
	}

	pk, err := readPublicKey(o.publicKey, s)
	if err != nil {
		return bound, err
	}

	disclosed := make([]bbs.DisclosedMessage, len(req.Disclosed))
	for i, d := range req.Disclosed {
		disclosed[i] = bbs.DisclosedMessage{Index: d.Index, Message: d.Message}
	}

	if o.cert != "" {
		if !req.BindSubmitter {
			return bound, &errInvalid{"the request is not bound to a submitter (bindSubmitter is false), but --submitter-cert was given"}
		}
		cert, err := readCertificate(o.cert)
		if err != nil {
			return bound, err
		}
		submitter := request.SubmitterID(cert)
		want := request.BoundNonce(o.channel, o.msp, submitter, req.Salt)
		if !bytes.Equal(want, req.Nonce) {
			return bound, &errInvalid{fmt.Sprintf("nonce is not bound to submitter %s of %s on channel %s with the request's salt", o.cert, o.msp, o.channel)}
		}
	}

	if req.NonRevoked {
		return bound, verifyNonRevokedRequest(o, res, s, pk, req, disclosed, mm, preds)
	}
	if o.accumulator != "" || o.removal != "" {
		return bound, usagef("--accumulator, --removal: %s is not a presentation with non-revocation", name)
	}
	proof, err := s.ParseProof(req.Proof)
	if err != nil {
		return bound, &errInvalid{fmt.Sprintf("proof: %v", err)}
	}
	err = verifyProof(s, pk, proof, req, disclosed, mm, preds)
	switch {
	case err == nil:
		return bound, nil
	case errors.Is(err, bbs.ErrInvalidProof), errors.Is(err, bbs.ErrMalformedProof), errors.As(err, new(*errInvalid)):
		return bound, &errInvalid{err.Error()}
	default:
		return bound, fmt.Errorf("%s: %w", name, err)
	}
}

// decodeRequest parses and validates a request with package request, the
// chaincode's own code, and decodes its binary fields.
func decodeRequest(name string, data []byte) (*request.Decoded, error) {
	r, err := request.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	d, err := r.Decode()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return d, nil
}

// readPublicKey parses --public-key for scheme s: base64, or @file holding
// base64 or a JSON object with a publicKey field (key.json, credential.json).
func readPublicKey(arg string, s bbs.Scheme) (*bbs.PublicKey, error) {
	where := "--public-key"
	text := arg
	if strings.HasPrefix(arg, "@") {
		path := arg[1:]
		data, err := readInput(path)
		if err != nil {
			return nil, fmt.Errorf("--public-key: %w", err)
		}
		where = displayName(path)
		trimmed := bytes.TrimSpace(data)
		if len(trimmed) > 0 && trimmed[0] == '{' {
			var f struct {
				Scheme    string `json:"scheme"`
				PublicKey string `json:"publicKey"`
			}
			if err := json.Unmarshal(trimmed, &f); err != nil {
				return nil, jsonError(where, trimmed, err)
			}
			if f.PublicKey == "" {
				return nil, fmt.Errorf("%s: publicKey: missing", where)
			}
			if f.Scheme != "" && f.Scheme != s.Name() {
				return nil, fmt.Errorf("%s: scheme: the key is for %s, the proof is verified as %s", where, f.Scheme, s.Name())
			}
			text, where = f.PublicKey, where+": publicKey"
		} else {
			text = string(trimmed)
		}
	}
	b, err := decodeB64(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	pk, err := s.ParsePublicKey(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	return pk, nil
}

// displayDisclosed shows a disclosed message, an integer as its value.
func displayDisclosed(d request.DisclosedMessage, ints []IntegerPosition) string {
	if typ := integerType(ints, d.Index); typ != "" {
		if m, err := base64.StdEncoding.DecodeString(d.Message); err == nil {
			if v, err := bbs.ParseIntegerMessage(m); err == nil {
				return formatIntegerValue(typ, v) + " (" + typ + ")"
			}
		}
	}
	return displayMessage(d.Message)
}

// displayMessage shows a disclosed message: quoted if it is printable
// UTF-8 text, else as base64.
func displayMessage(b64msg string) string {
	m, err := base64.StdEncoding.DecodeString(b64msg)
	if err != nil {
		return b64msg
	}
	if utf8.Valid(m) && strings.IndexFunc(string(m), func(r rune) bool { return !unicode.IsPrint(r) }) < 0 {
		return strconv.Quote(string(m))
	}
	return "base64:" + b64msg
}

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
	"github.com/fabric-bbs/fabric-bbs/request"
)

// defaultScheme is the scheme of a request that names none.
const defaultScheme = "bbs+2020"

var verifyCmd = &command{
	name:    "verify",
	summary: "verify a proof request offline",
	usage: "--public-key B64|@file --request request.json [--scheme S] [--json]\n" +
		"         [--submitter-cert CERT.pem --msp MSPID --channel C]",
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

Exit status 0: the proof is valid. 1: it is invalid (the reason is printed;
a proof that does not even parse is invalid). 2: usage error or malformed
input (the request file, the public key). With --json the result is printed
as one line of JSON, {"valid": bool, "reason": "...", "issuer", "keyVersion",
"scheme", "disclosed": [{"index", "message"}]}, the fields of the chaincode's
VerifyProof result, also for malformed input (exit 2).`,
	example: `
bbs verify --public-key @issuer.pub --request request.json
bbs verify --public-key "$PK" --request request.json --json
bbs verify --public-key @issuer.json --request request.json \
    --submitter-cert User1-cert.pem --msp Org1MSP --channel mychannel
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
			fmt.Fprintf(&b, "  [%d] %s\n", d.Index, displayMessage(d.Message))
		}
		if res.Pseudonym != "" {
			fmt.Fprintf(&b, "  pseudonym %s in context %s\n", res.Pseudonym, displayMessage(res.Context))
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

	proof, err := s.ParseProof(req.Proof)
	if err != nil {
		return bound, &errInvalid{fmt.Sprintf("proof: %v", err)}
	}
	err = verifyProof(s, pk, proof, req, disclosed)
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

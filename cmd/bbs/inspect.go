// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

var inspectCmd = &command{
	name:    "inspect",
	summary: "show what a key, credential, proof, request or parameters file holds",
	usage:   "[--json] [--scheme S] FILE",
	about: `
Shows what FILE holds, without its secrets: for a key pair, the scheme and
public key (never the secret key); for a credential, the scheme, the number
and sizes of the messages (not their contents) and whether the signature
verifies, and its integer positions; for a request, the issuer, scheme, key
version, nonce binding, the disclosed indices, the predicates and the
proof's message count and size; for a bare proof (binary or base64), the
schemes it parses as, its message count and revealed indices; for predicate
parameters (bbs params), their kind, base or number of elements, size and
SHA-256. It checks that every field parses and reports the first that does
not (exit 2). --scheme restricts the schemes tried for a bare proof.`,
	example: `
bbs inspect issuer.json
bbs inspect --json request.json
jq -r .proof request.json | bbs inspect -
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		asJSON := fs.Bool("json", false, "print a JSON object")
		scheme := fs.String("scheme", "", "scheme `name` of a bare proof (default: try every scheme)")
		return func(args []string) error {
			if len(args) != 1 {
				return usagef("want exactly one FILE argument (\"-\" for standard input), got %d", len(args))
			}
			r, err := inspect(args[0], *scheme)
			if err != nil {
				return err
			}
			return r.print(e, *asJSON)
		}
	},
}

// report is an ordered list of named values that inspect prints.
type report struct {
	names  []string
	values []any
}

func (r *report) add(name string, v any) {
	r.names = append(r.names, name)
	r.values = append(r.values, v)
}

func (r *report) print(e *env, asJSON bool) error {
	var b bytes.Buffer
	if asJSON {
		b.WriteByte('{')
		for i, n := range r.names {
			if i > 0 {
				b.WriteByte(',')
			}
			k, _ := json.Marshal(n)
			v, err := json.Marshal(r.values[i])
			if err != nil {
				return failed(err)
			}
			b.Write(k)
			b.WriteByte(':')
			b.Write(v)
		}
		b.WriteString("}\n")
	} else {
		width := 0
		for _, n := range r.names {
			width = max(width, len(n))
		}
		for i, n := range r.names {
			fmt.Fprintf(&b, "%-*s  %s\n", width+1, n+":", textValue(r.values[i]))
		}
	}
	if _, err := e.stdout.Write(b.Bytes()); err != nil {
		return failed(fmt.Errorf("write standard output: %w", err))
	}
	return nil
}

// textValue formats a report value for the text output.
func textValue(v any) string {
	switch v := v.(type) {
	case []int:
		if len(v) == 0 {
			return "none"
		}
		s := make([]string, len(v))
		for i, x := range v {
			s[i] = fmt.Sprint(x)
		}
		return strings.Join(s, ",")
	case bool:
		if v {
			return "yes"
		}
		return "no"
	default:
		return fmt.Sprint(v)
	}
}

// inspect reads path and reports what it holds.
func inspect(path, scheme string) (*report, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	name := displayName(path)
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') {
		return inspectJSON(name, data, scheme)
	}
	// A bare proof or predicate parameters, in base64 or binary.
	raw := data
	if utf8.Valid(trimmed) {
		if b, err := decodeB64(string(trimmed)); err == nil {
			raw = b
		}
	}
	if len(raw) > 0 && (raw[0] == predicate.RangeParams || raw[0] == predicate.SetParams) {
		if p, err := predicate.ParseParams(raw); err == nil {
			return inspectParams(p), nil
		}
	}
	return inspectProof(name, raw, scheme)
}

// inspectParams reports predicate parameters (bbs params).
func inspectParams(p *predicate.Params) *report {
	r := &report{}
	r.add("kind", paramsKindName(p.Kind()))
	if p.Kind() == predicate.RangeParams {
		r.add("base", p.Base())
	} else {
		r.add("elements", p.Len())
	}
	r.add("size", len(p.Bytes()))
	sum := sha256.Sum256(p.Bytes())
	r.add("sha256", hex.EncodeToString(sum[:]))
	return r
}

func inspectJSON(name string, data []byte, scheme string) (*report, error) {
	if t := bytes.TrimSpace(data); t[0] == '[' {
		var ms []Message
		if err := decodeJSONFile(name, data, &ms); err != nil {
			return nil, err
		}
		msgs, err := parseMessages(name, "", ms)
		if err != nil {
			return nil, err
		}
		r := &report{}
		r.add("kind", "messages")
		r.add("messages", len(msgs))
		r.add("messageSizes", sizes(msgs))
		return r, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, jsonError(name, data, err)
	}
	switch {
	case fields["nymEntropy"] != nil || fields["nymSecret"] != nil || fields["commitment"] != nil:
		return inspectNymFile(name, data, fields)
	case fields["secretKey"] != nil:
		return inspectKey(name, data)
	case fields["signature"] != nil && fields["messages"] != nil:
		return inspectCredential(name, data)
	case fields["proof"] != nil:
		return inspectRequest(name, data, scheme)
	default:
		return nil, fmt.Errorf("%s: not a key (no secretKey), credential (no signature and messages) or request (no proof)", name)
	}
}

func inspectKey(name string, data []byte) (*report, error) {
	k, err := parseKeyFile(name, data)
	if err != nil {
		return nil, err
	}
	r := &report{}
	r.add("kind", "key pair")
	r.add("scheme", k.sk.Scheme().Name())
	r.add("publicKey", b64(k.sk.PublicKey().Bytes()))
	// Every scheme's public key is a 96-byte BLS12-381 G2 point: one
	// did:key (multicodec 0xeb01) names it, whatever the scheme.
	did, vm, err := vc.DIDKey(k.sk.PublicKey().Bytes())
	if err != nil {
		return nil, failed(fmt.Errorf("%s: did:key: %w", name, err))
	}
	r.add("didKey", did)
	r.add("verificationMethod", vm)
	r.add("secretKey", fmt.Sprintf("present, %d bytes (not shown)", len(k.sk.Bytes())))
	return r, nil
}

func inspectCredential(name string, data []byte) (*report, error) {
	var cf CredentialFile
	if err := decodeJSONFile(name, data, &cf); err != nil {
		return nil, err
	}
	c, err := parseCredential(name, &cf)
	if err != nil {
		return nil, err
	}
	verr := c.verify(name)
	r := &report{}
	r.add("kind", "credential")
	r.add("scheme", c.scheme.Name())
	r.add("publicKey", b64(c.pk.Bytes()))
	r.add("headerSize", len(c.header))
	r.add("messages", len(c.messages))
	r.add("messageSizes", sizes(c.messages))
	r.add("signatureSize", len(c.sig.Bytes()))
	r.add("signatureValid", verr == nil)
	if verr != nil {
		r.add("signatureError", verr.Error())
	}
	if len(c.integers) > 0 {
		r.add("integers", integersFlagText(c.integers))
	}
	return r, nil
}

func inspectRequest(name string, data []byte, scheme string) (*report, error) {
	req, err := decodeRequest(name, data)
	if err != nil {
		return nil, err
	}
	r := &report{}
	r.add("kind", "request")
	r.add("issuer", req.Issuer)
	r.add("scheme", req.Scheme)
	r.add("keyVersion", req.KeyVersion)
	r.add("nonceSize", len(req.Nonce))
	r.add("headerSize", len(req.Header))
	r.add("bindSubmitter", req.BindSubmitter)
	r.add("saltSize", len(req.Salt))
	idx := make([]int, len(req.Disclosed))
	msgs := make([][]byte, len(req.Disclosed))
	for i, d := range req.Disclosed {
		idx[i], msgs[i] = d.Index, d.Message
	}
	r.add("disclosed", idx)
	r.add("disclosedSizes", sizes(msgs))
	r.add("proofSize", len(req.Proof))
	if len(req.Pseudonym) > 0 {
		r.add("pseudonym", b64(req.Pseudonym))
		r.add("context", displayMessage(b64(req.Context)))
	}
	if req.Policy != nil {
		r.add("policy", req.Policy.ID)
		r.add("policyVersion", req.Policy.Version)
	}
	if len(req.Predicates) > 0 {
		words := make([]string, len(req.Predicates))
		for i, q := range req.Encode().Predicates {
			words[i] = describePredicate(q, nil)
		}
		r.add("predicates", strings.Join(words, "; "))
		r.add("predicateProofSize", len(req.PredicateProof))
	}
	if scheme == "" {
		scheme = req.Scheme
	}
	if scheme == "" {
		scheme = defaultScheme
	}
	s, err := schemeByName(name+": scheme", scheme)
	if err != nil {
		return nil, err
	}
	p, err := s.ParseProof(req.Proof)
	if err != nil {
		r.add("proofError", err.Error())
		return r, nil
	}
	if n, rev, ok := proofShape(p); ok {
		r.add("proofMessages", n)
		r.add("proofReveals", rev)
	}
	return r, nil
}

func inspectProof(name string, raw []byte, scheme string) (*report, error) {
	schemes := bbs.Schemes()
	if scheme != "" {
		s, err := schemeByName("--scheme", scheme)
		if err != nil {
			return nil, err
		}
		schemes = []bbs.Scheme{s}
	}
	r := &report{}
	r.add("kind", "proof")
	r.add("proofSize", len(raw))
	var parsed []string
	var errs []string
	for _, s := range schemes {
		p, err := s.ParseProof(raw)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", s.Name(), err))
			continue
		}
		parsed = append(parsed, s.Name())
		if n, rev, ok := proofShape(p); ok {
			r.add(s.Name()+".messages", n)
			r.add(s.Name()+".reveals", rev)
		}
	}
	if len(parsed) == 0 {
		return nil, fmt.Errorf("%s: not JSON, and not a proof of any scheme (%s)", name, strings.Join(errs, "; "))
	}
	r.add("parsesAs", strings.Join(parsed, ", "))
	return r, nil
}

// proofShape returns the number of signed messages a parsed proof covers and
// the indices it reveals, when its scheme's encoding says so.
func proofShape(p *bbs.Proof) (count int, revealed []int, ok bool) {
	return p.Revealed()
}

// sizes returns the length of each message.
func sizes(msgs [][]byte) []int {
	out := make([]int, len(msgs))
	for i, m := range msgs {
		out[i] = len(m)
	}
	return out
}

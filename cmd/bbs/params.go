// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
)

var paramsCmd = &command{
	name:    "params",
	summary: "make predicate parameters: range (CCS08 digits) or set (set membership)",
	usage: "range --base U (--secret-out F | --discard-secret) [--out F] [--force]\n" +
		"         set --elements set.json [--scheme S] [--type bytes|int64|date] (--secret-out F | --discard-secret) [--out F] [--force]",
	about: `
Makes the public parameters of predicate proofs (package bbs/predicate,
docs/predicates.md) for a policy owner: weak Boneh-Boyen signatures, under a
fresh secret key, of the digits 0..U-1 of a range proof ("range", base U a
power of two from 2 to 256) or of the elements of a set ("set"). The
parameters are written to --out (standard output by default) in standard
base64, the form a predicate-parameter record of the ledger holds, and are
named in a policy rule and in "bbs prove --range IDX:MIN..MAX:ID=@FILE" or
"--in-set IDX:ID=@FILE".

Soundness rests on the secret: whoever knows it can prove any value in range
or in the set. So it is never written with the parameters: --secret-out
writes it (32 bytes, base64) to a file of mode 0600, to keep offline, or
--discard-secret drops it (the parameters can then never be extended; make
new ones under a new ID instead). Nothing in bbs reads the secret back.

A set's elements (--elements) are a JSON array as for bbs sign's messages (a
string is its UTF-8 bytes, {"b64": "..."} binary), mapped to scalars as the
messages of --scheme (default bbs-bls12381-sha256; the set must be made for
the issuers' scheme) at a hashed position (--type bytes, the default) or at
an integer position (--type int64: decimal text; --type date: YYYY-MM-DD).
The summary line on standard error gives the SHA-256 of the parameters.`,
	example: `
bbs params range --base 16 --secret-out age-u16.secret --out age-u16.params
echo '["country=DE", "country=FR", "country=IT"]' > eu.json
bbs params set --elements eu.json --discard-secret --out eu-countries.params
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		var o paramsOptions
		fs.IntVar(&o.base, "base", 0, "range: the digit `base` U, a power of two from 2 to 256")
		fs.StringVar(&o.elements, "elements", "", "set: `file` with a JSON array of the set's elements")
		fs.StringVar(&o.scheme, "scheme", bbs.BLS12381SHA256Name, "set: the issuers' `scheme`, which maps the elements to scalars")
		fs.StringVar(&o.typ, "type", "bytes", "set: the elements' `type`: bytes (hashed messages), int64 or date (integer positions)")
		fs.StringVar(&o.secretOut, "secret-out", "", "write the secret key to `file` (mode 0600, never overwritten without --force)")
		fs.BoolVar(&o.discard, "discard-secret", false, "drop the secret key: the parameters can never be extended")
		fs.StringVar(&o.out, "out", "-", "write the parameters (base64) to `file`; \"-\" for standard output")
		fs.BoolVar(&o.force, "force", false, "replace existing --out and --secret-out files")
		return func(args []string) error {
			if len(args) != 1 || (args[0] != "range" && args[0] != "set") {
				return usagef("want one sub-command: range or set")
			}
			o.kind = args[0]
			o.typeSet = flagWasSet(fs, "type")
			o.schemeSet = flagWasSet(fs, "scheme")
			return makeParams(e, &o)
		}
	},
}

type paramsOptions struct {
	kind             string
	base             int
	elements, scheme string
	typ              string
	typeSet          bool
	schemeSet        bool
	secretOut        string
	discard, force   bool
	out              string
}

func makeParams(e *env, o *paramsOptions) error {
	if (o.secretOut == "") == !o.discard {
		return usagef("give exactly one of --secret-out FILE and --discard-secret: the secret forges proofs, so say where it goes")
	}
	var (
		p      *predicate.Params
		secret []byte
		err    error
		what   string
	)
	switch o.kind {
	case "range":
		if o.elements != "" || o.typeSet || o.schemeSet {
			return usagef("--elements, --type and --scheme are for set parameters")
		}
		if o.base < 2 || o.base > predicate.MaxBase || o.base&(o.base-1) != 0 {
			return usagef("--base: %d is not a power of two from 2 to %d", o.base, predicate.MaxBase)
		}
		if p, secret, err = predicate.GenerateRangeParams(rand.Reader, o.base); err != nil {
			return failed(err)
		}
		what = fmt.Sprintf("range parameters of base %d", o.base)
	case "set":
		if o.base != 0 {
			return usagef("--base is for range parameters")
		}
		if o.elements == "" {
			return usagef("missing --elements (a JSON array of the set's elements)")
		}
		s, err := schemeByName("--scheme", o.scheme)
		if err != nil {
			return usagef("%v", err)
		}
		if err := integerSchemeCheck("--scheme", s); err != nil {
			return err
		}
		elems, integer, err := readSetElements(o.elements, o.typ)
		if err != nil {
			return err
		}
		if p, secret, err = predicate.GenerateSetParams(rand.Reader, s, elems, integer); err != nil {
			return fmt.Errorf("%s: %w", displayName(o.elements), err)
		}
		what = fmt.Sprintf("set parameters of %d elements (%s, %s)", p.Len(), s.Name(), o.typ)
	}
	if o.secretOut != "" {
		if o.secretOut == o.out {
			return usagef("--secret-out and --out are the same file")
		}
		if err := writeOutput(e.stdout, o.secretOut, []byte(b64(secret)+"\n"), 0o600, o.force); err != nil {
			return err
		}
	}
	clear(secret)
	if err := writeOutput(e.stdout, o.out, []byte(b64(p.Bytes())+"\n"), 0o644, o.force || o.out == "-"); err != nil {
		return err
	}
	sum := sha256.Sum256(p.Bytes())
	fmt.Fprintf(e.stderr, "bbs params: %s, %d bytes, SHA-256 %s", what, len(p.Bytes()), hex.EncodeToString(sum[:]))
	if o.secretOut != "" {
		fmt.Fprintf(e.stderr, "; secret key in %s (mode 0600): keep it offline or destroy it\n", o.secretOut)
	} else {
		fmt.Fprintf(e.stderr, "; secret key discarded\n")
	}
	return nil
}

// readSetElements reads a set's elements file: a JSON array of messages,
// as bytes or, for --type int64 or date, integers in their text form.
func readSetElements(path, typ string) ([][]byte, bool, error) {
	switch typ {
	case "bytes", intTypeInt64, intTypeDate:
	default:
		return nil, false, usagef("--type: %q is not bytes, int64 or date", typ)
	}
	data, err := readInput(path)
	if err != nil {
		return nil, false, err
	}
	name := displayName(path)
	var ms []Message
	if err := decodeJSONFile(name, data, &ms); err != nil {
		return nil, false, err
	}
	if len(ms) == 0 {
		return nil, false, fmt.Errorf("%s: no elements", name)
	}
	if len(ms) > predicate.MaxSetSize {
		return nil, false, fmt.Errorf("%s: %d elements, at most %d", name, len(ms), predicate.MaxSetSize)
	}
	out := make([][]byte, len(ms))
	for i := range ms {
		if err := ms[i].decode(); err != nil {
			return nil, false, fmt.Errorf("%s: [%d]: %w", name, i, err)
		}
		out[i] = ms[i].Bytes
		if typ != "bytes" {
			v, err := parseIntegerValue(typ, string(out[i]))
			if err != nil {
				return nil, false, fmt.Errorf("%s: [%d]: %v", name, i, err)
			}
			out[i] = bbs.IntegerMessage(v)
		}
		for j := range out[:i] {
			if bytes.Equal(out[i], out[j]) {
				return nil, false, fmt.Errorf("%s: [%d]: repeats [%d]", name, i, j)
			}
		}
	}
	return out, typ != "bytes", nil
}

// readParamsFile reads predicate parameters: a file holding their base64
// (as bbs params writes them) or their bytes.
func readParamsFile(path string) (*predicate.Params, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	name := displayName(path)
	raw := data
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] != predicate.RangeParams && t[0] != predicate.SetParams {
		if raw, err = decodeB64(string(t)); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	p, err := predicate.ParseParams(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return p, nil
}

// paramsKindName names a Params kind.
func paramsKindName(k byte) string {
	switch k {
	case predicate.RangeParams:
		return "range parameters"
	case predicate.SetParams:
		return "set parameters"
	}
	return "parameters of kind " + strconv.Itoa(int(k))
}

// splitParamsRef splits ID=@FILE.
func splitParamsRef(flagName, s string) (id, file string, err error) {
	id, file, ok := strings.Cut(s, "=@")
	if !ok || id == "" || file == "" {
		return "", "", usagef("%s: %q: want ID=@FILE (the parameters' ID on the ledger and the file holding them)", flagName, s)
	}
	return id, file, nil
}

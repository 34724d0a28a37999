// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// maxInputSize bounds every file bbs reads: a credential of bbs.MaxMessages
// messages of a few KiB each fits with room to spare.
const maxInputSize = 64 << 20

// KeyFile is the JSON of an issuer key pair (key.json), written by
// "bbs keygen" with mode 0600 and read by "bbs sign":
//
//	{"scheme": "bbs+2020", "publicKey": "<base64>", "secretKey": "<base64>"}
type KeyFile struct {
	// Scheme is the name of the BBS scheme of the key, such as "bbs+2020".
	Scheme string `json:"scheme"`
	// PublicKey is the public key, a 96-byte compressed G2 point in
	// standard base64: the value RegisterIssuer takes.
	PublicKey string `json:"publicKey"`
	// SecretKey is the secret key, a 32-byte big-endian scalar in standard
	// base64. Whoever holds it can issue credentials.
	SecretKey string `json:"secretKey"`
}

// CredentialFile is the JSON of a credential (credential.json), written by
// "bbs sign" and read by "bbs prove": the signed messages and the issuer's
// signature over them.
//
//	{"scheme": "bbs+2020", "publicKey": "<base64>", "messages": ["name=Alice", {"b64": "AAE="}],
//	 "signature": "<base64>"}
type CredentialFile struct {
	// Scheme is the name of the BBS scheme of the signature.
	Scheme string `json:"scheme"`
	// PublicKey is the issuer's public key in standard base64.
	PublicKey string `json:"publicKey"`
	// Header is the signed header in standard base64 (IETF schemes only;
	// absent when empty).
	Header string `json:"header,omitempty"`
	// Messages are the signed messages in order; see Message.
	Messages []Message `json:"messages"`
	// Signature is the signature in the scheme's encoding, standard base64.
	Signature string `json:"signature"`
	// Integers are the integer positions the messages were signed with
	// (IETF schemes; absent: every message hashed).
	Integers []IntegerPosition `json:"integers,omitempty"`
}

// Message is one signed message. In JSON it is either a string, whose UTF-8
// bytes are the message, or an object {"b64": "..."} holding arbitrary bytes
// in standard base64. A messages file (msgs.json, read by "bbs sign") is a
// JSON array of them.
type Message struct {
	// Bytes is the message.
	Bytes []byte
	// Binary makes the message marshal as {"b64": ...} rather than as a
	// string.
	Binary bool

	raw json.RawMessage // as read, decoded by parseMessages
}

// MarshalJSON encodes m as a JSON string, or as {"b64": ...} if m is binary
// or not valid UTF-8.
func (m Message) MarshalJSON() ([]byte, error) {
	if m.Binary || !utf8.Valid(m.Bytes) {
		return json.Marshal(struct {
			B64 []byte `json:"b64"`
		}{m.Bytes})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(string(m.Bytes)); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON keeps the JSON value; parseMessages decodes it, so that its
// errors can name the message's index.
func (m *Message) UnmarshalJSON(b []byte) error {
	m.raw = append(json.RawMessage(nil), b...)
	return nil
}

// decode sets m.Bytes and m.Binary from the JSON value read.
func (m *Message) decode() error {
	raw := bytes.TrimSpace(m.raw)
	if len(raw) == 0 {
		return errors.New("missing value")
	}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		m.Bytes, m.Binary = []byte(s), false
		return nil
	case '{':
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			return err
		}
		v, ok := obj["b64"]
		if !ok || len(obj) != 1 {
			return errors.New(`an object message must be {"b64": "<base64>"} and nothing else`)
		}
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return fmt.Errorf("b64: want a base64 string, got %s", jsonKind(v))
		}
		b, err := decodeB64(s)
		if err != nil {
			return fmt.Errorf("b64: %w", err)
		}
		m.Bytes, m.Binary = b, true
		return nil
	default:
		return fmt.Errorf(`want a string or {"b64": "<base64>"}, got %s`, jsonKind(raw))
	}
}

// parseMessages decodes ms, read from field of file ("" for a top-level
// array), and checks their count.
func parseMessages(file, field string, ms []Message) ([][]byte, error) {
	where := file
	if field != "" {
		where += ": " + field
	}
	if len(ms) == 0 {
		return nil, fmt.Errorf("%s: no messages; a credential signs at least one", where)
	}
	if len(ms) > bbs.MaxMessages {
		return nil, fmt.Errorf("%s: %d messages, at most %d allowed", where, len(ms), bbs.MaxMessages)
	}
	out := make([][]byte, len(ms))
	for i := range ms {
		if ms[i].raw != nil {
			if err := ms[i].decode(); err != nil {
				return nil, fmt.Errorf("%s: %s[%d]: %w", file, field, i, err)
			}
		}
		out[i] = ms[i].Bytes
	}
	return out, nil
}

// jsonKind names the kind of a JSON value for error messages.
func jsonKind(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	default:
		return "a number"
	}
}

// displayName is how errors name the file path.
func displayName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}

// readInput reads the file at path, or standard input for "-", refusing
// more than maxInputSize bytes.
func readInput(path string) ([]byte, error) {
	var r io.Reader
	if path == "-" {
		r = stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxInputSize+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", displayName(path), err)
	}
	if len(b) > maxInputSize {
		return nil, fmt.Errorf("%s: larger than %d MiB", displayName(path), maxInputSize>>20)
	}
	return b, nil
}

// decodeJSONFile decodes data, read from file, into v: exactly one JSON
// value, no unknown object fields. Errors name the file and the line and
// column or the field.
func decodeJSONFile(file string, data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(file, data, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		line, col := lineCol(data, int(dec.InputOffset()))
		return fmt.Errorf("%s: line %d, column %d: unexpected data after the JSON value", file, line, col)
	}
	return checkFieldNames(file, data, v)
}

// checkFieldNames rejects object keys that match a field of the struct v
// points to only case-insensitively, as encoding/json would accept them
// ("secretkey" for "secretKey"). Values that are not objects pass.
func checkFieldNames(file string, data []byte, v any) error {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(data, &obj) != nil {
		return nil
	}
	names := make(map[string]bool)
	for i := 0; i < t.NumField(); i++ {
		if tag, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); tag != "" && tag != "-" {
			names[tag] = true
		}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !names[k] {
			return fmt.Errorf("%s: unknown field %q (field names are case-sensitive)", file, k)
		}
	}
	return nil
}

// jsonError turns an encoding/json error into one naming file and the place
// or field.
func jsonError(file string, data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return fmt.Errorf("%s: empty, want JSON", file)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: truncated JSON", file)
	case errors.As(err, &syn):
		// Offset counts the offending byte as read.
		line, col := lineCol(data, int(syn.Offset)-1)
		return fmt.Errorf("%s: line %d, column %d: invalid JSON: %s", file, line, col, strings.TrimPrefix(syn.Error(), "json: "))
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return fmt.Errorf("%s: got a JSON %s, want %s", file, typ.Value, jsonTypeName(typ.Type.String()))
		}
		return fmt.Errorf("%s: %s: got a JSON %s, want %s", file, field, typ.Value, jsonTypeName(typ.Type.String()))
	default:
		// Unknown fields: `json: unknown field "x"`.
		return fmt.Errorf("%s: %s", file, strings.TrimPrefix(err.Error(), "json: "))
	}
}

// jsonTypeName describes a Go type of the file formats in JSON terms.
func jsonTypeName(goType string) string {
	switch {
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "a boolean"
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "an integer"
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	default:
		return "an object"
	}
}

// lineCol converts a byte offset of data into a 1-based line and column.
func lineCol(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	line = 1 + bytes.Count(data[:off], []byte("\n"))
	col = off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

// decodeB64 decodes standard base64, padded or not, ignoring surrounding
// white space.
func decodeB64(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	enc := base64.StdEncoding
	if len(s)%4 != 0 {
		enc = base64.RawStdEncoding
	}
	b, err := enc.Strict().DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("not standard base64: %w", err)
	}
	return b, nil
}

// b64 encodes b in standard padded base64.
func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// writeOutput writes data to path with the given permissions, replacing the
// file atomically, or to stdout if path is "-" or empty. Unless overwrite is
// set an existing file is an error.
func writeOutput(stdout io.Writer, path string, data []byte, mode os.FileMode, overwrite bool) error {
	if path == "" || path == "-" {
		if _, err := stdout.Write(data); err != nil {
			return failed(fmt.Errorf("write standard output: %w", err))
		}
		return nil
	}
	if !overwrite {
		if _, err := os.Lstat(path); err == nil {
			return fmt.Errorf("--out %s: file exists; remove it or give --force", path)
		}
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return failed(fmt.Errorf("--out %s: %w", path, err))
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := f.Chmod(mode); err != nil {
		return failed(fmt.Errorf("--out %s: %w", path, err))
	}
	if _, err := f.Write(data); err != nil {
		return failed(fmt.Errorf("--out %s: %w", path, err))
	}
	if err := f.Sync(); err != nil {
		return failed(fmt.Errorf("--out %s: %w", path, err))
	}
	if err := f.Close(); err != nil {
		return failed(fmt.Errorf("--out %s: %w", path, err))
	}
	if err := os.Rename(tmp, path); err != nil {
		return failed(fmt.Errorf("--out %s: %w", path, err))
	}
	ok = true
	return nil
}

// marshalFile encodes v as indented JSON with a final newline, leaving <, >
// and & unescaped.
func marshalFile(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, failed(err)
	}
	return b.Bytes(), nil
}

// schemeByName returns the named scheme; field says where the name came from.
func schemeByName(where, name string) (bbs.Scheme, error) {
	if name == "" {
		return nil, fmt.Errorf("%s: missing scheme name", where)
	}
	s, err := bbs.SchemeByName(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	return s, nil
}

// secretKey is key.json parsed.
type secretKey struct {
	file *KeyFile
	sk   *bbs.SecretKey
}

// readKeyFile reads and validates a key pair file.
func readKeyFile(path string) (*secretKey, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	return parseKeyFile(displayName(path), data)
}

// parseKeyFile parses and validates the key pair file name holding data.
func parseKeyFile(name string, data []byte) (*secretKey, error) {
	var kf KeyFile
	if err := decodeJSONFile(name, data, &kf); err != nil {
		return nil, err
	}
	s, err := schemeByName(name+": scheme", kf.Scheme)
	if err != nil {
		return nil, err
	}
	if kf.SecretKey == "" {
		return nil, fmt.Errorf("%s: secretKey: missing", name)
	}
	skb, err := decodeB64(kf.SecretKey)
	if err != nil {
		return nil, fmt.Errorf("%s: secretKey: %w", name, err)
	}
	sk, err := s.ParseSecretKey(skb)
	if err != nil {
		return nil, fmt.Errorf("%s: secretKey: %w", name, err)
	}
	if kf.PublicKey != "" {
		pkb, err := decodeB64(kf.PublicKey)
		if err != nil {
			return nil, fmt.Errorf("%s: publicKey: %w", name, err)
		}
		if !bytes.Equal(pkb, sk.PublicKey().Bytes()) {
			return nil, fmt.Errorf("%s: publicKey: is not the public key of secretKey", name)
		}
	}
	return &secretKey{file: &kf, sk: sk}, nil
}

// credential is credential.json parsed and checked.
type credential struct {
	file     *CredentialFile
	scheme   bbs.Scheme
	pk       *bbs.PublicKey
	header   []byte
	messages [][]byte
	sig      *bbs.Signature
	integers []IntegerPosition
	mm       *bbs.MessageMap // nil: no integer positions
}

// readCredentialFile reads a credential and parses every field. It does not
// verify the signature.
func readCredentialFile(path string) (*credential, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	name := displayName(path)
	var cf CredentialFile
	if err := decodeJSONFile(name, data, &cf); err != nil {
		return nil, err
	}
	return parseCredential(name, &cf)
}

func parseCredential(name string, cf *CredentialFile) (*credential, error) {
	c := &credential{file: cf}
	var err error
	if c.scheme, err = schemeByName(name+": scheme", cf.Scheme); err != nil {
		return nil, err
	}
	if cf.PublicKey == "" {
		return nil, fmt.Errorf("%s: publicKey: missing", name)
	}
	pkb, err := decodeB64(cf.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("%s: publicKey: %w", name, err)
	}
	if c.pk, err = c.scheme.ParsePublicKey(pkb); err != nil {
		return nil, fmt.Errorf("%s: publicKey: %w", name, err)
	}
	if c.header, err = decodeB64(cf.Header); err != nil {
		return nil, fmt.Errorf("%s: header: %w", name, err)
	}
	if c.messages, err = parseMessages(name, "messages", cf.Messages); err != nil {
		return nil, err
	}
	if cf.Signature == "" {
		return nil, fmt.Errorf("%s: signature: missing", name)
	}
	sigb, err := decodeB64(cf.Signature)
	if err != nil {
		return nil, fmt.Errorf("%s: signature: %w", name, err)
	}
	if c.sig, err = c.scheme.ParseSignature(sigb); err != nil {
		return nil, fmt.Errorf("%s: signature: %w", name, err)
	}
	if len(cf.Integers) > 0 {
		if err := integerSchemeCheck(name+": integers", c.scheme); err != nil {
			return nil, fmt.Errorf("%v", err)
		}
		if err := checkIntegers(cf.Integers, len(c.messages)); err != nil {
			return nil, fmt.Errorf("%s: integers: %v", name, err)
		}
		for _, p := range cf.Integers {
			if len(c.messages[p.Index]) != bbs.IntegerMessageSize {
				return nil, fmt.Errorf("%s: messages[%d]: an integer position holds %d bytes, not %d", name, p.Index, len(c.messages[p.Index]), bbs.IntegerMessageSize)
			}
		}
		c.integers = cf.Integers
		if c.mm, err = messageMap(cf.Integers); err != nil {
			return nil, fmt.Errorf("%s: integers: %w", name, err)
		}
	}
	return c, nil
}

// verify checks the credential's signature.
func (c *credential) verify(name string) error {
	var err error
	if c.mm != nil {
		err = bbs.VerifyMapped(c.scheme, c.pk, c.sig, c.header, c.messages, c.mm)
	} else {
		err = c.scheme.Verify(c.pk, c.sig, c.header, c.messages)
	}
	if errors.Is(err, bbs.ErrInvalidSignature) {
		return fmt.Errorf("%s: signature: does not verify under publicKey for these messages and header (was the credential edited?)", name)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

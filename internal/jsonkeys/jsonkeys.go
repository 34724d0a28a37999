// SPDX-License-Identifier: Apache-2.0

// Package jsonkeys holds the strict-JSON key checks that every document
// parser of this module shares (request, vc, policy, registration,
// contract): the first duplicate key at any depth, the first unknown key in
// document order. They are no part of any package's API for clients.
package jsonkeys

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"unicode/utf8"
)

// jsonFrame is an open JSON container while walking tokens.
type jsonFrame struct {
	keys    map[string]bool // nil for an array
	wantKey bool            // in an object: the next token is a key or '}'
}

// FirstDuplicateKey walks the JSON values of body and returns the first key
// that an object, at any depth, has twice (found false if none does), or
// the error of malformed JSON. Packages with JSON documents of their own
// (policy) share it.
func FirstDuplicateKey(body []byte) (key string, found bool, err error) {
	if json.Valid(body) {
		key, found = FirstDuplicateKeyValid(body)
		return key, found, nil
	}
	return FirstDuplicateKeyTokens(body)
}

// FirstDuplicateKeyTokens is FirstDuplicateKey through encoding/json's
// tokenizer, which also gives malformed JSON its error: the reference
// FirstDuplicateKeyValid must agree with (FuzzFirstDuplicateKey).
func FirstDuplicateKeyTokens(body []byte) (key string, found bool, err error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var stack []*jsonFrame
	// valueDone marks the end of a value: in an object, a key comes next.
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].keys != nil {
			stack[n-1].wantKey = true
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return "", false, nil
		}
		if err != nil {
			return "", false, err
		}
		var top *jsonFrame
		if n := len(stack); n > 0 {
			top = stack[n-1]
		}
		if top != nil && top.keys != nil && top.wantKey {
			if key, ok := tok.(string); ok {
				if top.keys[key] {
					return key, true, nil
				}
				top.keys[key] = true
				top.wantKey = false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &jsonFrame{keys: map[string]bool{}, wantKey: true})
		case json.Delim('['):
			stack = append(stack, &jsonFrame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
		default:
			valueDone()
		}
	}
}

// FirstDuplicateKeyValid is FirstDuplicateKey for a body json.Valid
// accepts: one pass over the bytes that looks only at object keys, where
// the tokenizer copies out every value (a request is mostly long base64
// strings). Keys compare as encoding/json decodes them: a key with an
// escape or a byte outside ASCII (invalid UTF-8 becomes U+FFFD) is decoded
// by encoding/json, any other key is its bytes.
func FirstDuplicateKeyValid(body []byte) (string, bool) {
	type frame struct {
		keys    map[string]struct{} // nil for an array
		wantKey bool
	}
	var stack []frame
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '{':
			stack = append(stack, frame{keys: map[string]struct{}{}, wantKey: true})
		case '[':
			stack = append(stack, frame{})
		case '}', ']':
			stack = stack[:len(stack)-1]
		case ',':
			if top := len(stack) - 1; stack[top].keys != nil {
				stack[top].wantKey = true
			}
		case '"':
			start, plain := i, true
			for i++; body[i] != '"'; i++ {
				if body[i] == '\\' {
					plain = false
					i++ // the escaped byte; longer escapes have no quote
				} else if body[i] >= utf8.RuneSelf {
					plain = false
				}
			}
			top := len(stack) - 1
			if top < 0 || !stack[top].wantKey {
				continue // a string value
			}
			var k string
			if plain {
				k = string(body[start+1 : i])
			} else if json.Unmarshal(body[start:i+1], &k) != nil {
				continue // unreachable: json.Valid accepted the string
			}
			if _, dup := stack[top].keys[k]; dup {
				return k, true
			}
			stack[top].keys[k] = struct{}{}
			stack[top].wantKey = false
		}
	}
	return "", false
}

// HasUnknownKey reports whether obj has a key that allowed lacks.
func HasUnknownKey(obj map[string]json.RawMessage, allowed map[string]bool) bool {
	for k := range obj { //bbs:maporder-ok any-of: the boolean does not depend on the order
		if !allowed[k] {
			return true
		}
	}
	return false
}

// FirstUnknownKey returns the first key, in document order, of the JSON
// object raw (decoded as obj) that allowed lacks. Map iteration order
// varies from run to run, so it finds the key in raw itself; if raw cannot
// be walked (it always can: obj was decoded from it), it falls back to the
// least unknown key in byte order, which is fixed too.
func FirstUnknownKey(obj map[string]json.RawMessage, raw []byte, allowed map[string]bool) (key string, found bool) {
	if !HasUnknownKey(obj, allowed) {
		return "", false
	}
	for _, k := range ObjectKeys(raw) {
		if _, in := obj[k]; in && !allowed[k] {
			return k, true
		}
	}
	var unknown []string
	for k := range obj { //bbs:maporder-ok collected for slices.Min, which does not depend on the order
		if !allowed[k] {
			unknown = append(unknown, k)
		}
	}
	return slices.Min(unknown), true
}

// ObjectKeys returns the keys of the JSON object raw in document order, as
// encoding/json decodes them (escapes resolved, invalid UTF-8 replaced), or
// the keys it read before an error.
func ObjectKeys(raw []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return keys
		}
		k, ok := tok.(string)
		if !ok {
			return keys
		}
		keys = append(keys, k)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return keys
		}
	}
	return keys
}

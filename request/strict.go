// SPDX-License-Identifier: Apache-2.0

package request

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Strict documents. encoding/json matches an object key to a struct field
// case-insensitively (with Unicode simple case folding: "MODE", "Mode" and
// "mode" all fill the field mode, and so does "ſcheme" fill scheme), and of
// several keys that fill one field keeps the last. A strict document of the
// contract (an endorsement configuration, a registration or rotation,
// issuer settings, a status-list change, a proof request, a policy) must
// mean one thing to every reader, so CheckStrictKeys refuses, before it is
// decoded:
//
//   - two keys of one object, at any depth, that are equal under case
//     folding (the same key twice included);
//   - a key of an object that a struct field of the target decodes, at any
//     depth, that is not exactly the field's name: field names are
//     case-sensitive.
//
// Documents whose keys are case-sensitive names of their own (JSON-LD
// credentials and contexts, where "ID" and "id" are different terms) are
// checked for exact duplicates only (FirstDuplicateKey).

// FoldKey returns the form of key under which encoding/json matches it to
// a field name: two keys fill the same field exactly when their FoldKeys
// are equal (bytes.EqualFold). Every letter is replaced by the smallest
// rune of its simple-folding orbit; invalid UTF-8 is U+FFFD, as decoded.
func FoldKey(key string) string {
	plain := true
	for i := 0; i < len(key); i++ {
		if c := key[i]; c >= utf8.RuneSelf || 'a' <= c && c <= 'z' {
			plain = false
			break
		}
	}
	if plain {
		return key
	}
	var b strings.Builder
	b.Grow(len(key))
	for _, r := range key {
		for {
			r2 := unicode.SimpleFold(r)
			if r2 <= r {
				r = r2
				break
			}
			r = r2
		}
		b.WriteRune(r)
	}
	return b.String()
}

// FirstFoldedDuplicateKey is FirstDuplicateKey with keys compared under
// case folding (FoldKey): it returns the first key of an object, at any
// depth, whose FoldKey an earlier key of that object has, and that earlier
// key (equal to key for an exact duplicate).
func FirstFoldedDuplicateKey(body []byte) (key, earlier string, found bool, err error) {
	if json.Valid(body) {
		key, earlier, found = firstDuplicateKeyValid(body, FoldKey)
		return key, earlier, found, nil
	}
	return firstDuplicateKeyTokens(body, FoldKey)
}

// CheckStrictKeys checks body, one JSON value to be decoded into v (a
// pointer, or nil to check duplicates only), as strict documents are
// (above). The error names the key and where it is, in document order, so
// that one body always gets one error; it does not wrap a sentinel: the
// caller adds its own. Malformed JSON is left to the caller's decoder,
// except where it stops the walk (an error too).
func CheckStrictKeys(body []byte, v any) error {
	key, earlier, found, err := FirstFoldedDuplicateKey(body)
	if err != nil {
		return fmt.Errorf("malformed JSON: %s", errText(err))
	}
	if found {
		if key == earlier {
			return fmt.Errorf("duplicate field %s", Excerpt(key))
		}
		return fmt.Errorf("duplicate field %s: the same name as %s in another case (field names are case-sensitive)", Excerpt(key), Excerpt(earlier))
	}
	if v == nil {
		return nil
	}
	return checkFieldCase(json.RawMessage(body), reflect.TypeOf(v), "")
}

// checkFieldCase refuses, in the value raw to be decoded into type t, an
// object key of a struct that is not exactly one of its fields' JSON names.
// at is the value's place in the document ("" for the top).
func checkFieldCase(raw json.RawMessage, t reflect.Type, at string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == rawMessageType {
		return nil
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' && raw[0] != '[' {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		if raw[0] != '{' {
			return nil // the decoder refuses it
		}
		fields := jsonFields(t)
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return nil
		}
		for _, k := range objectKeys(raw) {
			f, ok := fields[k]
			if !ok {
				names := make([]string, 0, len(fields))
				for name := range fields { //bbs:maporder-ok collected, then sorted
					names = append(names, name)
				}
				sort.Strings(names)
				for _, name := range names { // the first in sorted order, on every peer
					if FoldKey(name) == FoldKey(k) {
						return fmt.Errorf("%sunknown field %s (field names are case-sensitive: %s)", place(at), Excerpt(k), strconv.Quote(name))
					}
				}
				return fmt.Errorf("%sunknown field %s", place(at), Excerpt(k))
			}
			if err := checkFieldCase(obj[k], f, join(at, k)); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if raw[0] != '[' || t.Elem().Kind() == reflect.Uint8 {
			return nil
		}
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			return nil
		}
		for i, item := range items {
			if err := checkFieldCase(item, t.Elem(), at+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
	case reflect.Map:
		if raw[0] != '{' {
			return nil
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return nil
		}
		for _, k := range objectKeys(raw) {
			if err := checkFieldCase(obj[k], t.Elem(), join(at, k)); err != nil {
				return err
			}
		}
	}
	return nil
}

var rawMessageType = reflect.TypeOf(json.RawMessage(nil))

// jsonFields maps the JSON names of struct type t's fields, as
// encoding/json names them (the tag's name, else the Go name; fields of
// embedded structs without a tag name promoted), to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for n, typ := range jsonFields(ft) { //bbs:maporder-ok one struct's field names are distinct: the first-wins check below compares across structs only
					if _, ok := out[n]; !ok {
						out[n] = typ
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// place is at as the prefix of an error ("" at the top).
func place(at string) string {
	if at == "" {
		return ""
	}
	return at + ": "
}

// join is the place of member k of the object at at.
func join(at, k string) string {
	if at == "" {
		return Excerpt(k)
	}
	return at + "." + Excerpt(k)
}

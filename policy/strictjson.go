// SPDX-License-Identifier: Apache-2.0

package policy

// Strict JSON reading: encoding/json keeps the last of duplicate keys,
// matches field names case-insensitively and decodes null into zero
// values; these helpers refuse all three and name the field in errors.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// checkSyntax reads doc as exactly one JSON value and rejects duplicate
// object keys at any depth (encoding/json alone would keep the last),
// also keys equal under case folding (request.CheckStrictKeys).
func checkSyntax(doc []byte) error {
	dec := json.NewDecoder(bytes.NewReader(doc))
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("data after the policy object")
	}
	key, earlier, found, err := request.FirstFoldedDuplicateKey(doc)
	if err != nil {
		return err
	}
	if found && key == earlier {
		return fmt.Errorf("duplicate key %s", quoteText(key))
	}
	if found {
		return fmt.Errorf("duplicate key %s: the same name as %s in another case (field names are case-sensitive)", quoteText(key), quoteText(earlier))
	}
	return nil
}

// object decodes raw as a JSON object whose keys are all in allowed.
func object(raw json.RawMessage, name string, allowed []string) (map[string]json.RawMessage, error) {
	if isNull(raw) {
		return nil, fmt.Errorf("%s: must be an object, not null", name)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%s: must be an object", name)
	}
	// Keys are checked in a fixed order so that the error does not depend
	// on map iteration; unknown keys are reported before null values.
	keys := sortedKeys(m)
	for _, k := range keys {
		if !contains(allowed, k) {
			return nil, fmt.Errorf("%s: unknown field %s", name, quoteText(k))
		}
	}
	for _, k := range keys {
		if isNull(m[k]) {
			return nil, fmt.Errorf("%s.%s: must not be null", name, k)
		}
	}
	return m, nil
}

// value decodes raw into v (a string, bool, int or slice pointer), naming
// the field in the error.
func value(raw json.RawMessage, name string, v any) error {
	if isNull(raw) {
		return fmt.Errorf("%s: must not be null", name)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%s: wrong type: %v", name, typeError(err))
	}
	return nil
}

// bytesValue decodes raw as standard base64 text of at most limit bytes.
func bytesValue(raw json.RawMessage, name string, limit int) ([]byte, error) {
	var s string
	if err := value(raw, name, &s); err != nil {
		return nil, err
	}
	return decodeBase64(name, s, limit)
}

// decodeBase64 decodes the canonical standard base64 text s of the named
// field, which must decode to at most limit bytes. The size is checked on
// the text first, so an oversize value is never decoded.
func decodeBase64(name, s string, limit int) ([]byte, error) {
	if base64.StdEncoding.DecodedLen(len(s)) > limit+2 {
		return nil, fmt.Errorf("%s: over the limit of %d bytes", name, limit)
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%s: not standard base64: %v", name, err)
	}
	if base64.StdEncoding.EncodeToString(b) != s {
		return nil, fmt.Errorf("%s: not standard base64 in canonical form", name)
	}
	if len(b) > limit {
		return nil, fmt.Errorf("%s: %d bytes, over the limit of %d", name, len(b), limit)
	}
	return b, nil
}

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m { //bbs:maporder-ok keys collected, sorted below
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func isNull(raw json.RawMessage) bool {
	return string(bytes.TrimSpace(raw)) == "null"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// typeError shortens encoding/json's type errors, which name Go types.
func typeError(err error) string {
	if te, ok := err.(*json.UnmarshalTypeError); ok && te.Type != nil {
		return fmt.Sprintf("JSON %s where %s is expected", te.Value, jsonKind(te.Type.Kind().String()))
	}
	return err.Error()
}

func jsonKind(goKind string) string {
	switch goKind {
	case "int", "int64":
		return "an integer"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice":
		return "an array"
	}
	return goKind
}

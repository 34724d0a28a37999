// SPDX-License-Identifier: Apache-2.0

package request

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf8"
)

// jsonFrame is an open JSON container while walking tokens.
type jsonFrame struct {
	keys    map[string]string // canonical key -> the key; nil for an array
	wantKey bool              // in an object: the next token is a key or '}'
}

// CheckDuplicateKeys rejects a JSON body in which an object, at any depth,
// has the same key twice: encoding/json would silently keep the last one,
// so two readers of one request could disagree about what it says.
func CheckDuplicateKeys(body []byte) error {
	key, found, err := FirstDuplicateKey(body)
	if err != nil {
		return fmt.Errorf("%w: malformed JSON: %s", ErrInvalid, errText(err))
	}
	if found {
		return fmt.Errorf("%w: duplicate field %s", ErrInvalid, Excerpt(key))
	}
	return nil
}

// FirstDuplicateKey walks the JSON values of body and returns the first key
// that an object, at any depth, has twice (found false if none does), or
// the error of malformed JSON. Packages with JSON documents of their own
// (policy) share it.
func FirstDuplicateKey(body []byte) (key string, found bool, err error) {
	if json.Valid(body) {
		key, _, found = firstDuplicateKeyValid(body, nil)
		return key, found, nil
	}
	key, _, found, err = firstDuplicateKeyTokens(body, nil)
	return key, found, err
}

// firstDuplicateKeyTokens is FirstDuplicateKey through encoding/json's
// tokenizer, which also gives malformed JSON its error: the reference
// firstDuplicateKeyValid must agree with (FuzzFirstDuplicateKey). With
// canon not nil, keys are compared as canon gives them (FoldKey), and the
// earlier key of the pair is returned too.
func firstDuplicateKeyTokens(body []byte, canon func(string) string) (key, earlier string, found bool, err error) {
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
			return "", "", false, nil
		}
		if err != nil {
			return "", "", false, err
		}
		var top *jsonFrame
		if n := len(stack); n > 0 {
			top = stack[n-1]
		}
		if top != nil && top.keys != nil && top.wantKey {
			if key, ok := tok.(string); ok {
				c := key
				if canon != nil {
					c = canon(key)
				}
				if first, dup := top.keys[c]; dup {
					return key, first, true, nil
				}
				top.keys[c] = key
				top.wantKey = false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &jsonFrame{keys: map[string]string{}, wantKey: true})
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

// firstDuplicateKeyValid is FirstDuplicateKey for a body json.Valid
// accepts: one pass over the bytes that looks only at object keys, where
// the tokenizer copies out every value (a request is mostly long base64
// strings). Keys compare as encoding/json decodes them: a key with an
// escape or a byte outside ASCII (invalid UTF-8 becomes U+FFFD) is decoded
// by encoding/json, any other key is its bytes. canon is as for
// firstDuplicateKeyTokens.
func firstDuplicateKeyValid(body []byte, canon func(string) string) (key, earlier string, found bool) {
	type frame struct {
		keys    map[string]string // nil for an array
		wantKey bool
	}
	var stack []frame
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '{':
			stack = append(stack, frame{keys: map[string]string{}, wantKey: true})
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
			c := k
			if canon != nil {
				c = canon(k)
			}
			if first, dup := stack[top].keys[c]; dup {
				return k, first, true
			}
			stack[top].keys[c] = k
			stack[top].wantKey = false
		}
	}
	return "", "", false
}

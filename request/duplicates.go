package request

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// jsonFrame is an open JSON container while walking tokens.
type jsonFrame struct {
	keys    map[string]bool // nil for an array
	wantKey bool            // in an object: the next token is a key or '}'
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

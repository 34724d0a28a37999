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
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: malformed JSON: %s", ErrInvalid, errText(err))
		}
		var top *jsonFrame
		if n := len(stack); n > 0 {
			top = stack[n-1]
		}
		if top != nil && top.keys != nil && top.wantKey {
			if key, ok := tok.(string); ok {
				if top.keys[key] {
					return fmt.Errorf("%w: duplicate field %s", ErrInvalid, Excerpt(key))
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

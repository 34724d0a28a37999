// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"unicode"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// Limits on the arguments.
const (
	// MinOptions and MaxOptions bound the number of options of a poll.
	MinOptions, MaxOptions = 2, 32
	// MaxOptionLength is the longest option, in bytes of UTF-8.
	MaxOptionLength = 64
	// MaxOptionsArg is the largest options argument, in bytes of JSON.
	MaxOptionsArg = 8 << 10
)

// IDPattern is the form of a poll ID, the same as bbs issuer and policy
// IDs: 1 to 64 ASCII letters, digits, '.', '_' or '-'.
const IDPattern = request.IssuerIDPattern

var idRE = regexp.MustCompile(IDPattern)

// ErrInvalidArgument is wrapped by the errors for a malformed argument.
var ErrInvalidArgument = errors.New("invalid argument")

func checkID(what, id string) error {
	if !idRE.MatchString(id) {
		return fmt.Errorf("%w: %s %s does not match %s", ErrInvalidArgument, what, request.Excerpt(id), IDPattern)
	}
	return nil
}

// ParseOptions parses CreatePoll's options argument: a JSON array of
// MinOptions to MaxOptions distinct strings, each 1 to MaxOptionLength
// bytes of printable UTF-8 without leading or trailing space.
func ParseOptions(arg string) ([]string, error) {
	if len(arg) > MaxOptionsArg {
		return nil, fmt.Errorf("%w: options are %d bytes, over %d", ErrInvalidArgument, len(arg), MaxOptionsArg)
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(arg)))
	var options []string
	if err := dec.Decode(&options); err != nil {
		return nil, fmt.Errorf("%w: options must be a JSON array of strings: %v", ErrInvalidArgument, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: options: trailing data after the array", ErrInvalidArgument)
	}
	if len(options) < MinOptions || len(options) > MaxOptions {
		return nil, fmt.Errorf("%w: a poll has %d to %d options, not %d", ErrInvalidArgument, MinOptions, MaxOptions, len(options))
	}
	seen := map[string]bool{}
	for i, o := range options {
		if err := checkOption(o); err != nil {
			return nil, fmt.Errorf("%w: option %d: %v", ErrInvalidArgument, i, err)
		}
		if seen[o] {
			return nil, fmt.Errorf("%w: option %q is listed twice", ErrInvalidArgument, o)
		}
		seen[o] = true
	}
	return options, nil
}

func checkOption(o string) error {
	if o == "" || len(o) > MaxOptionLength {
		return fmt.Errorf("must be 1 to %d bytes, not %d", MaxOptionLength, len(o))
	}
	if !utf8.ValidString(o) {
		return errors.New("not valid UTF-8")
	}
	for _, r := range o {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("%q has a non-printable character", o)
		}
	}
	first, _ := utf8.DecodeRuneInString(o)
	last, _ := utf8.DecodeLastRuneInString(o)
	if unicode.IsSpace(first) || unicode.IsSpace(last) {
		return fmt.Errorf("%q starts or ends with a space", o)
	}
	return nil
}

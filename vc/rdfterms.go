// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds the rules every RDF term must meet before it is written
// as N-Quads, and JSON-LD 1.1's lexical forms for JSON numbers.

// validTerm reports why t cannot be written as one N-Quads term, or nil:
// every IRI well-formed (wellFormedIRI), every blank node label made only of
// letters, digits, '_' and '-', every language tag well-formed BCP 47, every
// datatype a well-formed IRI. Literal values are escaped (escapeLiteral), so
// any string is safe there. With these rules no term can end its statement
// early or start another one.
func validTerm(t *term) error {
	switch t.kind {
	case kindNone:
		return nil
	case kindIRI:
		if !wellFormedIRI(t.value) {
			return fmt.Errorf("%w: %q is not a well-formed absolute IRI", ErrDocument, t.value)
		}
	case kindBlank:
		if !validBlankLabel(t.value) {
			return fmt.Errorf("%w: blank node label %q", ErrDocument, t.value)
		}
	case kindLiteral:
		if t.lang != "" || t.datatype == rdfLangString {
			if !validLanguageTag(t.lang) {
				return fmt.Errorf("%w: language tag %q is not a well-formed BCP 47 tag", ErrDocument, t.lang)
			}
			return nil
		}
		if !wellFormedIRI(t.datatype) {
			return fmt.Errorf("%w: datatype %q is not a well-formed absolute IRI", ErrDocument, t.datatype)
		}
	default:
		return fmt.Errorf("%w: unknown RDF term", ErrDocument)
	}
	return nil
}

const rdfLangString = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"

// validQuads checks every term of quads with validTerm.
func validQuads(quads []quad) error {
	for i := range quads {
		q := &quads[i]
		if q.s.kind != kindIRI && q.s.kind != kindBlank || q.p.kind != kindIRI ||
			q.o.kind == kindNone || q.g.kind == kindLiteral {
			return fmt.Errorf("%w: RDF term in the wrong position", ErrDocument)
		}
		for _, t := range [...]*term{&q.s, &q.p, &q.o, &q.g} {
			if err := validTerm(t); err != nil {
				return err
			}
		}
	}
	return nil
}

func validBlankLabel(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isAlpha(c) || isDigit(c) || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// validLanguageTag reports whether s is a well-formed BCP 47 language tag
// (RFC 5646 section 2.1: langtag, privateuse or grandfathered; case does
// not matter). Every such tag also matches the N-Quads LANGTAG production
// [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*.
func validLanguageTag(s string) bool {
	if s == "" || len(s) > 256 {
		return false
	}
	lower := strings.ToLower(s)
	if bcp47Grandfathered[lower] {
		return true
	}
	sub := strings.Split(lower, "-")
	for _, p := range sub {
		if p == "" || len(p) > 8 {
			return false
		}
		for i := 0; i < len(p); i++ {
			if !isAlpha(p[i]) && !isDigit(p[i]) {
				return false
			}
		}
	}
	if sub[0] == "x" {
		return privateUse(sub[1:])
	}
	i := 0
	// language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA
	if !allAlpha(sub[0]) || len(sub[0]) < 2 {
		return false
	}
	i++
	if len(sub[0]) <= 3 {
		// extlang = 3ALPHA *2("-" 3ALPHA)
		for n := 0; n < 3 && i < len(sub) && len(sub[i]) == 3 && allAlpha(sub[i]); n++ {
			i++
		}
	}
	// script = 4ALPHA
	if i < len(sub) && len(sub[i]) == 4 && allAlpha(sub[i]) {
		i++
	}
	// region = 2ALPHA / 3DIGIT
	if i < len(sub) && (len(sub[i]) == 2 && allAlpha(sub[i]) || len(sub[i]) == 3 && allDigit(sub[i])) {
		i++
	}
	// variant = 5*8alphanum / (DIGIT 3alphanum)
	for i < len(sub) && (len(sub[i]) >= 5 || len(sub[i]) == 4 && isDigit(sub[i][0])) {
		i++
	}
	// extension = singleton 1*("-" (2*8alphanum))
	for i < len(sub) && len(sub[i]) == 1 && sub[i] != "x" {
		i++
		n := 0
		for i < len(sub) && len(sub[i]) >= 2 {
			i++
			n++
		}
		if n == 0 {
			return false
		}
	}
	if i < len(sub) && sub[i] == "x" {
		return privateUse(sub[i+1:])
	}
	return i == len(sub)
}

// privateUse: 1*("-" (1*8alphanum)) after the "x".
func privateUse(sub []string) bool { return len(sub) > 0 }

func allAlpha(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlpha(s[i]) {
			return false
		}
	}
	return true
}

func allDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// The grandfathered tags of RFC 5646 (irregular and regular), lower case.
var bcp47Grandfathered = map[string]bool{
	"en-gb-oed": true, "i-ami": true, "i-bnn": true, "i-default": true, "i-enochian": true, "i-hak": true,
	"i-klingon": true, "i-lux": true, "i-mingo": true, "i-navajo": true, "i-pwn": true, "i-tao": true,
	"i-tay": true, "i-tsu": true, "sgn-be-fr": true, "sgn-be-nl": true, "sgn-ch-de": true,
	"art-lojban": true, "cel-gaulish": true, "no-bok": true, "no-nyn": true, "zh-guoyu": true,
	"zh-hakka": true, "zh-min": true, "zh-min-nan": true, "zh-xiang": true,
}

// wellFormedIRI reports whether s is an absolute IRI as RFC 3987 writes
// one: a scheme, ':', then only characters an IRI may hold (unreserved,
// reserved, '%' with two hex digits, non-ASCII characters other than
// controls and non-characters), at most one '#', and '[' ']' only in an
// authority. It is stricter than absoluteIRI, which it implies.
func wellFormedIRI(s string) bool {
	if !absoluteIRI(s) || !utf8.ValidString(s) {
		return false
	}
	i := strings.IndexByte(s, ':')
	rest := s[i+1:]
	authEnd := -1
	if strings.HasPrefix(rest, "//") {
		authEnd = 2 + strings.IndexAny(rest[2:]+"/", "/?#")
	}
	hashes := 0
	for j, r := range rest {
		switch {
		case r == '#':
			hashes++
			if hashes > 1 {
				return false
			}
		case r == '%':
			if j+2 >= len(rest) || !isHex(rest[j+1]) || !isHex(rest[j+2]) {
				return false
			}
		case r == '[' || r == ']':
			if j >= authEnd {
				return false
			}
		case r < 0x80:
			c := byte(r)
			if !(isAlpha(c) || isDigit(c) || strings.IndexByte("-._~:/?@!$&'()*+,;=", c) >= 0) {
				return false
			}
		case r < 0xA0 || r >= 0xFDD0 && r <= 0xFDEF || r&0xFFFE == 0xFFFE:
			return false
		}
	}
	return true
}

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// integerLexical is JSON-LD 1.1's form for a number that is integral and
// less than 10^21 in magnitude: the canonical xsd:integer, all digits of the
// float64 (as JavaScript's toFixed(0) writes them), no sign for zero.
func integerLexical(x float64) string {
	if x == 0 {
		return "0"
	}
	return strconv.FormatFloat(x, 'f', 0, 64)
}

// doubleLexical is JSON-LD 1.1's canonical xsd:double form of x (a
// mantissa with one digit before the point and at least one after, 'E',
// the exponent without '+' or leading zeros: 1.1E0, 1.0E21, -5.0E-7).
// Processors disagree where 16 significant digits are not enough: jsonld.js
// writes x rounded to 16 digits, XML Schema's canonical form is the shortest
// that reads back as x. Such a number is refused, as is one exactly halfway
// between two 16-digit forms (rounded differently by Go and JavaScript), so
// that every accepted number has one RDF form.
func doubleLexical(x float64) (string, error) {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return "", fmt.Errorf("%w: number %v", ErrDocument, x)
	}
	if x == 0 {
		return "0.0E0", nil
	}
	shortest := strconv.FormatFloat(x, 'e', -1, 64)
	m16 := strconv.FormatFloat(x, 'e', 15, 64)
	exact := strconv.FormatFloat(x, 'e', 40, 64)
	if digits(shortest) != digits(m16) || tieAt16(exact) {
		return "", fmt.Errorf("%w: number %s has no single xsd:double form in JSON-LD processors (more than 16 significant digits)", ErrDocument, shortest)
	}
	mant, exp, _ := strings.Cut(m16, "e")
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(mant, "0")
		if strings.HasSuffix(mant, ".") {
			mant += "0"
		}
	} else {
		mant += ".0"
	}
	e, err := strconv.Atoi(exp)
	if err != nil {
		return "", fmt.Errorf("%w: number %s", ErrDocument, shortest)
	}
	return mant + "E" + strconv.Itoa(e), nil
}

// digits is the significant digits of a Go 'e' format, trailing zeros
// removed.
func digits(e string) string {
	m, _, _ := strings.Cut(e, "e")
	m = strings.TrimPrefix(m, "-")
	m = strings.Replace(m, ".", "", 1)
	return strings.TrimRight(m, "0")
}

// tieAt16 reports whether the exact decimal value (Go 'e' format with 40
// digits after the point, enough for the exact value of any float64 with
// this many significant digits) is halfway between two 16-digit numbers.
func tieAt16(exact string) bool {
	d := digits(exact)
	return len(d) == 17 && d[16] == '5'
}

// jsonNumberLexical is the lexical form and default datatype JSON-LD 1.1
// (Deserialize JSON-LD to RDF, object to RDF conversion) gives the number
// x with datatype dt ("" for none). A number with a fractional part, or of
// magnitude 10^21 or more, or with datatype xsd:double, takes the double
// form; any other the integer form.
func jsonNumberLexical(x float64, dt string) (lexical, datatype string, err error) {
	if x == math.Trunc(x) && math.Abs(x) < 1e21 && dt != xsdDouble {
		if dt == "" {
			dt = xsdInteger
		}
		return integerLexical(x), dt, nil
	}
	if dt != xsdDouble && math.Abs(x) < 1e-6 && len(digits(strconv.FormatFloat(x, 'e', -1, 64))) == 1 {
		// jsonld.js tells doubles from integers by a '.' in
		// JavaScript's String(x), which writes these as "1e-7" (one
		// digit, below 10^-6): it gives them the integer form "0".
		return "", "", fmt.Errorf("%w: number %v: JSON-LD processors give it different RDF", ErrDocument, x)
	}
	if dt == "" {
		dt = xsdDouble
	}
	s, err := doubleLexical(x)
	return s, dt, err
}

const (
	xsdInteger = "http://www.w3.org/2001/XMLSchema#integer"
	xsdDouble  = "http://www.w3.org/2001/XMLSchema#double"
)

// inexactNumber returns the first number written in the JSON text b that
// does not mean the float64 it is read as (every JSON number here is a
// float64, as in JavaScript): the JSON shows one number, the statements
// hold another. A number is exact when its decimal value is that of the
// shortest decimal that reads back as its float64 (0.1, 1.10, 5e-324), or,
// for an integer, every digit of the float64 (1152921504606846976 is
// 2^60); 9007199254740993 (read as ...992) and 1.00000000000000001 (read as
// 1) are not. b is valid JSON; the scan skips strings.
func inexactNumber(b []byte) (string, bool) {
	inString, esc := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '-' || isDigit(c):
			j := i
			for j < len(b) && (isDigit(b[j]) || strings.IndexByte("+-.eE", b[j]) >= 0) {
				j++
			}
			tok := string(b[i:j])
			if !exactNumber(tok) {
				return tok, true
			}
			i = j - 1
		}
	}
	return "", false
}

func exactNumber(tok string) bool {
	f, err := strconv.ParseFloat(tok, 64)
	if err != nil {
		return false
	}
	lit := decimalValue(tok)
	if lit == decimalValue(strconv.FormatFloat(f, 'e', -1, 64)) {
		return true
	}
	return f == math.Trunc(f) && lit == decimalValue(strconv.FormatFloat(f, 'f', 0, 64))
}

// decimalValue normalizes a decimal number (JSON or Go 'e'/'f' syntax) to
// sign, significant digits and the exponent of its last digit, so that two
// spellings of one value compare equal.
func decimalValue(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	exp := 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil {
			return "?" + s
		}
		exp, s = e, s[:i]
	}
	if i := strings.IndexByte(s, '.'); i >= 0 {
		exp -= len(s) - i - 1
		s = s[:i] + s[i+1:]
	}
	s = strings.TrimLeft(s, "0")
	for strings.HasSuffix(s, "0") {
		s = s[:len(s)-1]
		exp++
	}
	if s == "" {
		return "0"
	}
	sign := ""
	if neg {
		sign = "-"
	}
	return sign + s + "e" + strconv.Itoa(exp)
}

func mustFloat(tok string) float64 {
	f, _ := strconv.ParseFloat(tok, 64)
	return f
}

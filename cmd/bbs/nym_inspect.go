// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"fmt"
)

// inspectNymFile reports on a file of the pseudonym flow: a credential of a
// pseudonym scheme, a holder's commitment, or a nym secret (never shown).
func inspectNymFile(name string, data []byte, fields map[string]json.RawMessage) (*report, error) {
	r := &report{}
	switch {
	case fields["signature"] != nil:
		var f NymCredentialFile
		if err := decodeJSONFile(name, data, &f); err != nil {
			return nil, err
		}
		c, err := parseNymCredential(name, &f)
		if err != nil {
			return nil, err
		}
		r.add("kind", "pseudonym credential")
		r.add("scheme", c.scheme.Name())
		r.add("publicKey", b64(c.pk.Bytes()))
		r.add("headerSize", len(c.header))
		r.add("messages", len(c.messages))
		r.add("messageSizes", sizes(c.messages))
		if len(c.integers) > 0 {
			r.add("integers", integersFlagText(c.integers))
		}
		r.add("signatureSize", len(c.sig.Bytes()))
		r.add("finalised", c.secret != nil)
		if c.secret != nil {
			r.add("nymSecret", fmt.Sprintf("present, %d nym value(s) (not shown)", c.secret.NymCount()))
		}
	case fields["commitment"] != nil:
		var f NymCommitmentFile
		if err := decodeJSONFile(name, data, &f); err != nil {
			return nil, err
		}
		ps, err := pseudonymScheme(name+": scheme", f.Scheme)
		if err != nil {
			return nil, err
		}
		c, err := readNymCommitmentBytes(name, ps, &f)
		if err != nil {
			return nil, err
		}
		r.add("kind", "nym commitment")
		r.add("scheme", ps.Name())
		r.add("nymCount", c.NymCount())
		r.add("commitmentSize", len(c.Bytes()))
	default:
		var f NymSecretFile
		if err := decodeJSONFile(name, data, &f); err != nil {
			return nil, err
		}
		ps, err := pseudonymScheme(name+": scheme", f.Scheme)
		if err != nil {
			return nil, err
		}
		b, err := decodeB64(f.NymSecret)
		if err != nil {
			return nil, fmt.Errorf("%s: nymSecret: %w", name, err)
		}
		sec, err := ps.ParseNymSecret(b)
		if err != nil {
			return nil, fmt.Errorf("%s: nymSecret: %w", name, err)
		}
		r.add("kind", "nym secret")
		r.add("scheme", ps.Name())
		r.add("finalised", sec.Final())
		r.add("nymSecret", fmt.Sprintf("present, %d nym value(s) (not shown)", sec.NymCount()))
	}
	return r, nil
}

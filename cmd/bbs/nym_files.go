// SPDX-License-Identifier: Apache-2.0

package main

import (
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// Files of the pseudonym flow (schemes bbs-nym-bls12381-sha256 and
// bbs-nym-bls12381-shake256). The CLI's credentials carry one nym secret and
// no holder-committed message: a verifier then knows every shape parameter
// from the proof (see nymSignerMessages).

// cliNymCount is the length of the nym vector of the CLI's credentials.
const cliNymCount = 1

// NymSecretFile is the holder's nym secret (nym-secret.json), written by
// "bbs nym-commit" with mode 0600 and read by "bbs nym-finalize":
//
//	{"scheme": "bbs-nym-bls12381-sha256", "nymSecret": "<base64>"}
type NymSecretFile struct {
	// Scheme is the pseudonym scheme.
	Scheme string `json:"scheme"`
	// NymSecret is the secret in standard base64 (bbs.NymSecret's
	// encoding). Whoever holds it and the credential can prove with the
	// holder's pseudonyms.
	NymSecret string `json:"nymSecret"`
}

// NymCommitmentFile is what the holder sends the issuer (commitment.json),
// written by "bbs nym-commit", read by "bbs sign --commitment":
//
//	{"scheme": "bbs-nym-bls12381-sha256", "commitment": "<base64>", "nymCount": 1}
type NymCommitmentFile struct {
	// Scheme is the pseudonym scheme.
	Scheme string `json:"scheme"`
	// Commitment is the commitment with proof, standard base64.
	Commitment string `json:"commitment"`
	// NymCount is the number of nym secrets committed to (1).
	NymCount int `json:"nymCount"`
}

// NymCredentialFile is a credential of a pseudonym scheme: written by
// "bbs sign --commitment" (with nymEntropy, no nymSecret) and completed by
// "bbs nym-finalize" (with nymSecret), read by "bbs prove --context". Mode
// 0600.
//
//	{"scheme": "bbs-nym-bls12381-sha256", "publicKey": "<base64>", "header": "<base64>",
//	 "messages": ["name=Alice"], "signature": "<base64>", "nymEntropy": "<base64>",
//	 "nymSecret": "<base64>", "integers": [{"index": 1, "type": "date"}]}
type NymCredentialFile struct {
	Scheme    string    `json:"scheme"`
	PublicKey string    `json:"publicKey"`
	Header    string    `json:"header,omitempty"`
	Messages  []Message `json:"messages"`
	Signature string    `json:"signature"`
	// NymEntropy is the issuer's signer_nym_entropy, standard base64.
	NymEntropy string `json:"nymEntropy"`
	// NymSecret is the holder's final nym secret, standard base64; absent
	// until nym-finalize.
	NymSecret string `json:"nymSecret,omitempty"`
	// Integers are the integer positions among the issuer's messages, as
	// in CredentialFile (sign --integers); absent when none.
	Integers []IntegerPosition `json:"integers,omitempty"`
}

// nymCredential is a NymCredentialFile parsed (signature not verified).
type nymCredential struct {
	*credential
	ps      bbs.PseudonymScheme
	entropy *bbs.NymEntropy
	secret  *bbs.NymSecret // nil before nym-finalize
}

// pseudonymScheme returns the named scheme if it is a pseudonym scheme.
func pseudonymScheme(where, name string) (bbs.PseudonymScheme, error) {
	s, err := schemeByName(where, name)
	if err != nil {
		return nil, err
	}
	ps, ok := s.(bbs.PseudonymScheme)
	if !ok {
		return nil, fmt.Errorf("%s: %s is not a pseudonym scheme (%s)", where, name, nymSchemeList())
	}
	return ps, nil
}

// nymSchemeList names the pseudonym schemes.
func nymSchemeList() string {
	var names string
	for i, s := range bbs.PseudonymSchemes() {
		if i > 0 {
			names += ", "
		}
		names += s.Name()
	}
	return names
}

// readNymSecretFile reads nym-secret.json.
func readNymSecretFile(path string) (bbs.PseudonymScheme, *bbs.NymSecret, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, nil, err
	}
	name := displayName(path)
	var f NymSecretFile
	if err := decodeJSONFile(name, data, &f); err != nil {
		return nil, nil, err
	}
	ps, err := pseudonymScheme(name+": scheme", f.Scheme)
	if err != nil {
		return nil, nil, err
	}
	b, err := decodeB64(f.NymSecret)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: nymSecret: %w", name, err)
	}
	sec, err := ps.ParseNymSecret(b)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: nymSecret: %w", name, err)
	}
	return ps, sec, nil
}

// readNymCommitmentFile reads commitment.json for scheme ps.
func readNymCommitmentFile(path string, ps bbs.PseudonymScheme) (*bbs.NymCommitment, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	name := displayName(path)
	var f NymCommitmentFile
	if err := decodeJSONFile(name, data, &f); err != nil {
		return nil, err
	}
	return readNymCommitmentBytes(name, ps, &f)
}

// readNymCommitmentBytes parses the commitment of f, read from name.
func readNymCommitmentBytes(name string, ps bbs.PseudonymScheme, f *NymCommitmentFile) (*bbs.NymCommitment, error) {
	if f.Scheme != ps.Name() {
		return nil, fmt.Errorf("%s: scheme: %q, but the key is of %s", name, f.Scheme, ps.Name())
	}
	if f.NymCount != cliNymCount {
		return nil, fmt.Errorf("%s: nymCount: %d, this tool's credentials have %d", name, f.NymCount, cliNymCount)
	}
	b, err := decodeB64(f.Commitment)
	if err != nil {
		return nil, fmt.Errorf("%s: commitment: %w", name, err)
	}
	c, err := ps.ParseNymCommitment(b, f.NymCount)
	if err != nil {
		return nil, fmt.Errorf("%s: commitment: %w", name, err)
	}
	if c.CommittedMessages() != 0 {
		return nil, fmt.Errorf("%s: commitment: commits to %d messages besides the nym secret; this tool's credentials have none", name, c.CommittedMessages())
	}
	return c, nil
}

// readNymCredentialFile reads a credential of a pseudonym scheme.
func readNymCredentialFile(path string) (*nymCredential, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	name := displayName(path)
	var f NymCredentialFile
	if err := decodeJSONFile(name, data, &f); err != nil {
		return nil, err
	}
	return parseNymCredential(name, &f)
}

func parseNymCredential(name string, f *NymCredentialFile) (*nymCredential, error) {
	ps, err := pseudonymScheme(name+": scheme", f.Scheme)
	if err != nil {
		return nil, err
	}
	c, err := parseCredential(name, &CredentialFile{Scheme: f.Scheme, PublicKey: f.PublicKey, Header: f.Header, Messages: f.Messages, Signature: f.Signature, Integers: f.Integers})
	if err != nil {
		return nil, err
	}
	nc := &nymCredential{credential: c, ps: ps}
	if f.NymEntropy == "" {
		return nil, fmt.Errorf("%s: nymEntropy: missing", name)
	}
	eb, err := decodeB64(f.NymEntropy)
	if err != nil {
		return nil, fmt.Errorf("%s: nymEntropy: %w", name, err)
	}
	if nc.entropy, err = ps.ParseNymEntropy(eb); err != nil {
		return nil, fmt.Errorf("%s: nymEntropy: %w", name, err)
	}
	if f.NymSecret != "" {
		sb, err := decodeB64(f.NymSecret)
		if err != nil {
			return nil, fmt.Errorf("%s: nymSecret: %w", name, err)
		}
		if nc.secret, err = ps.ParseNymSecret(sb); err != nil {
			return nil, fmt.Errorf("%s: nymSecret: %w", name, err)
		}
		if !nc.secret.Final() {
			return nil, fmt.Errorf("%s: nymSecret: not a finalised secret (the commitment's secret belongs in nym-secret.json)", name)
		}
	}
	return nc, nil
}

// nymCredentialFile is the file form of a credential.
func nymCredentialFile(c *credential, entropy *bbs.NymEntropy, secret *bbs.NymSecret) *NymCredentialFile {
	f := &NymCredentialFile{
		Scheme:     c.scheme.Name(),
		PublicKey:  b64(c.pk.Bytes()),
		Header:     b64(c.header),
		Messages:   c.file.Messages,
		Signature:  b64(c.sig.Bytes()),
		NymEntropy: b64(entropy.Bytes()),
		Integers:   c.integers,
	}
	if secret != nil {
		f.NymSecret = b64(secret.Bytes())
	}
	return f
}

// nymSignerMessages is the number of issuer messages of a proof of the
// CLI's credentials: the proof covers the issuer's messages, the prover
// blind and the nym secret, and hides U of them, so L = U + R − 2.
func nymSignerMessages(proof []byte, disclosed int) (int, error) {
	u := (len(proof) - bbs.IETFProofBaseSize) / 32
	if len(proof) < bbs.IETFProofBaseSize || u < 1+cliNymCount {
		return 0, errors.New("proof too short for a proof with a pseudonym")
	}
	return u + disclosed - 1 - cliNymCount, nil
}

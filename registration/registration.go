// SPDX-License-Identifier: Apache-2.0

// Package registration defines the documents that register an issuer's
// public key (RegisterIssuer) and rotate it (RotateIssuerKey), and the
// proof of possession each carries: a BBS proof, made with the key's
// secret, that binds the key to one channel, issuer ID, submitting identity
// and purpose. It imports no Fabric package, so the command-line client
// that makes the documents and the chaincode that checks them share one
// definition.
//
// # The proof of possession
//
// The statement of a proof of possession is the list of messages
//
//	0  DomainTag         "fabric-bbs/proof-of-possession/v1"
//	1  purpose           "register" or "rotate"
//	2  channel ID        as the peer reports it (GetChannelID)
//	3  issuer ID
//	4  key version       decimal: "1" for register, n+1 for the rotation to version n+1
//	5  scheme            the issuer's scheme name, as "bbs+2020"
//	6  submitter MSP ID
//	7  submitter ID      the client identity ID of the submitter (request.SubmitterID)
//
// The key holder signs the statement with the key (no header), then
// derives a proof of that signature revealing all eight messages, for the
// nonce [Statement.Nonce]; the proof is the document's proofOfPossession.
// The chaincode rebuilds the statement from the transaction (its channel,
// its submitter) and verifies the proof under the registered key: a proof
// made for another channel, issuer ID, submitter, purpose or key version
// does not verify. Only the key's secret can sign a statement naming the
// submitter, so a key cannot be registered by anyone the key holder did not
// sign for.
//
// Why a proof and not the signature itself: the document is part of the
// transaction, so it is readable by every channel member forever. A BBS
// signature there would be a credential of the issuer that anyone could
// present, hiding its messages, as an eight-message credential. A proof
// of it is one fixed presentation, every message disclosed, for one nonce.
//
// Pseudonym schemes sign no plain messages (their Sign needs a holder's
// nyms); their keys are the keys of the IETF ciphersuite they are built on
// and their proofs of possession are made and checked with that ciphersuite
// (proofScheme).
package registration

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// DomainTag is message 0 of every proof-of-possession statement: what the
// statement is, and the version of its layout.
const DomainTag = "fabric-bbs/proof-of-possession/v1"

// Purposes of a statement.
const (
	PurposeRegister = "register"
	PurposeRotate   = "rotate"
)

// StatementMessages is the number of messages of a statement.
const StatementMessages = 8

// Limits of the documents.
const (
	// MaxDocumentSize is the largest registration or rotation document,
	// in bytes of JSON.
	MaxDocumentSize = 32 << 10
	// MaxPublicKeyText bounds the base64 text of a public key, far above
	// any scheme's key.
	MaxPublicKeyText = 1024
	// MaxProofText bounds the base64 text of a proof of possession, far
	// above any scheme's proof of an eight-message statement with every
	// message disclosed.
	MaxProofText = 2048
)

// ErrInvalid wraps every error of a malformed document.
var ErrInvalid = errors.New("invalid registration document")

// Statement is what a proof of possession proves the key holder signed.
type Statement struct {
	Purpose     string
	Channel     string
	IssuerID    string
	KeyVersion  int
	Scheme      string
	MSPID       string
	SubmitterID string
}

// Messages returns the statement's messages, in the order of the package
// comment.
func (st *Statement) Messages() [][]byte {
	return [][]byte{
		[]byte(DomainTag),
		[]byte(st.Purpose),
		[]byte(st.Channel),
		[]byte(st.IssuerID),
		[]byte(strconv.Itoa(st.KeyVersion)),
		[]byte(st.Scheme),
		[]byte(st.MSPID),
		[]byte(st.SubmitterID),
	}
}

// Nonce returns the nonce the proof of possession is made for: the SHA-256
// of the domain tag "/nonce" and each message, each prefixed by its length
// as 4 big-endian bytes.
func (st *Statement) Nonce() []byte {
	h := sha256.New()
	h.Write([]byte(DomainTag + "/nonce"))
	for _, m := range st.Messages() {
		h.Write(binary.BigEndian.AppendUint32(nil, uint32(len(m))))
		h.Write(m)
	}
	return h.Sum(nil)
}

// proofScheme returns the scheme that makes and checks proofs of
// possession for keys of s: s itself, or for a pseudonym scheme the IETF
// ciphersuite it is built on.
func proofScheme(s bbs.Scheme) (bbs.Scheme, error) {
	switch s.Name() {
	case bbs.NymBLS12381SHA256Name:
		return bbs.SchemeByName(bbs.BLS12381SHA256Name)
	case bbs.NymBLS12381SHAKE256Name:
		return bbs.SchemeByName(bbs.BLS12381SHAKE256Name)
	}
	if _, nym := s.(bbs.PseudonymScheme); nym {
		return nil, fmt.Errorf("no proof-of-possession scheme for pseudonym scheme %s", s.Name())
	}
	return s, nil
}

// Prove makes the proof of possession of sk (a key of the issuer's scheme,
// named by st.Scheme) for st. rand feeds the proof's blindings
// (crypto/rand.Reader when nil).
func Prove(rand io.Reader, sk *bbs.SecretKey, st *Statement) ([]byte, error) {
	if sk.Scheme().Name() != st.Scheme {
		return nil, fmt.Errorf("the key is a %s key, the statement names scheme %s", sk.Scheme().Name(), st.Scheme)
	}
	ps, err := proofScheme(sk.Scheme())
	if err != nil {
		return nil, err
	}
	psk, err := ps.ParseSecretKey(sk.Bytes())
	if err != nil {
		return nil, err
	}
	msgs := st.Messages()
	sig, err := ps.Sign(psk, nil, msgs)
	if err != nil {
		return nil, err
	}
	all := make([]int, len(msgs))
	for i := range all {
		all[i] = i
	}
	proof, err := ps.DeriveProof(rand, psk.PublicKey(), sig, nil, st.Nonce(), msgs, all)
	if err != nil {
		return nil, err
	}
	return proof.Bytes(), nil
}

// ErrNoPossession is the error of a proof of possession that does not
// verify for its statement.
var ErrNoPossession = errors.New("the proof of possession does not verify")

// Verify returns nil if proof is a proof of possession of pk's secret for
// st, ErrNoPossession (wrapped) if it is not. It parses the proof and
// checks its message count before any curve arithmetic.
func Verify(pk *bbs.PublicKey, st *Statement, proof []byte) error {
	ps, err := proofScheme(pk.Scheme())
	if err != nil {
		return err
	}
	ppk, err := ps.ParsePublicKey(pk.Bytes())
	if err != nil {
		return err
	}
	p, err := ps.ParseProof(proof)
	if err != nil {
		return fmt.Errorf("%w: not a well-formed %s proof: %v", ErrNoPossession, ps.Name(), err)
	}
	msgs := st.Messages()
	if n := p.MessageCount(len(msgs)); n != len(msgs) {
		return fmt.Errorf("%w: it covers %d messages, a statement has %d", ErrNoPossession, n, len(msgs))
	}
	disclosed := make([]bbs.DisclosedMessage, len(msgs))
	for i, m := range msgs {
		disclosed[i] = bbs.DisclosedMessage{Index: i, Message: m}
	}
	if err := ps.VerifyProof(ppk, p, nil, st.Nonce(), disclosed); err != nil {
		if errors.Is(err, bbs.ErrInvalidProof) {
			return fmt.Errorf("%w for purpose %q, channel %q, issuer %s, key version %d, scheme %s and this submitter of MSP %s",
				ErrNoPossession, st.Purpose, request.Excerpt(st.Channel), request.Excerpt(st.IssuerID), st.KeyVersion,
				request.Excerpt(st.Scheme), request.Excerpt(st.MSPID))
		}
		return fmt.Errorf("%w: %v", ErrNoPossession, err)
	}
	return nil
}

// Registration is RegisterIssuer's argument.
type Registration struct {
	// ID is the issuer's registry ID.
	ID string `json:"id"`
	// Scheme is the scheme of the issuer's keys.
	Scheme string `json:"scheme"`
	// PublicKey is the first key, standard base64 of the scheme's
	// encoding.
	PublicKey string `json:"publicKey"`
	// Description is free text; may be absent.
	Description string `json:"description,omitempty"`
	// Settings are the issuer's settings (the contract's SetIssuerSettings
	// object); may be absent except for bbs+2020, whose issuers must pin
	// messageCounts.
	Settings json.RawMessage `json:"settings,omitempty"`
	// ProofOfPossession is standard base64 of the proof of possession for
	// purpose "register", key version 1.
	ProofOfPossession string `json:"proofOfPossession"`
}

// Rotation is RotateIssuerKey's argument.
type Rotation struct {
	// ID is the issuer's registry ID.
	ID string `json:"id"`
	// KeyVersion is the version the new key becomes: the issuer's number
	// of keys plus one.
	KeyVersion int `json:"keyVersion"`
	// PublicKey is the new key, standard base64.
	PublicKey string `json:"publicKey"`
	// ProofOfPossession is standard base64 of the new key's proof of
	// possession for purpose "rotate" and KeyVersion.
	ProofOfPossession string `json:"proofOfPossession"`
}

// ParseRegistration parses a registration document strictly: one JSON
// object, no field twice (at any depth), no unknown field, no data after
// it, id, scheme, publicKey and proofOfPossession present.
func ParseRegistration(text string) (*Registration, error) {
	var r Registration
	if err := decodeStrict(text, "registration", &r); err != nil {
		return nil, err
	}
	for _, f := range []struct{ name, v string }{{"id", r.ID}, {"scheme", r.Scheme}, {"publicKey", r.PublicKey}, {"proofOfPossession", r.ProofOfPossession}} {
		if f.v == "" {
			return nil, fmt.Errorf("%w: registration: %s is missing or empty", ErrInvalid, f.name)
		}
	}
	if s := bytes.TrimSpace(r.Settings); bytes.Equal(s, []byte("null")) {
		return nil, fmt.Errorf("%w: registration: settings must be an object", ErrInvalid)
	}
	return &r, nil
}

// ParseRotation parses a rotation document strictly, like
// ParseRegistration; id, keyVersion, publicKey and proofOfPossession are
// required.
func ParseRotation(text string) (*Rotation, error) {
	var r Rotation
	if err := decodeStrict(text, "rotation", &r); err != nil {
		return nil, err
	}
	for _, f := range []struct{ name, v string }{{"id", r.ID}, {"publicKey", r.PublicKey}, {"proofOfPossession", r.ProofOfPossession}} {
		if f.v == "" {
			return nil, fmt.Errorf("%w: rotation: %s is missing or empty", ErrInvalid, f.name)
		}
	}
	if r.KeyVersion < 2 {
		return nil, fmt.Errorf("%w: rotation: keyVersion is %d; a rotation adds version 2 or above", ErrInvalid, r.KeyVersion)
	}
	return &r, nil
}

func decodeStrict(text, what string, v any) error {
	if len(text) > MaxDocumentSize {
		return fmt.Errorf("%w: %s is %d bytes, over the limit of %d", ErrInvalid, what, len(text), MaxDocumentSize)
	}
	body := []byte(text)
	if t := bytes.TrimSpace(body); len(t) == 0 || t[0] != '{' || !json.Valid(t) {
		return fmt.Errorf("%w: %s must be one JSON object", ErrInvalid, what)
	}
	if err := request.CheckStrictKeys(body, v); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrInvalid, what, err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %s: %s", ErrInvalid, what, shorten(err.Error()))
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%w: %s: data after the object", ErrInvalid, what)
	}
	return nil
}

// DecodeBase64 decodes a field of canonical standard base64 of at most max
// characters.
func DecodeBase64(field, s string, max int) ([]byte, error) {
	if len(s) > max {
		return nil, fmt.Errorf("%w: %s is %d characters of base64, over the limit of %d", ErrInvalid, field, len(s), max)
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil || base64.StdEncoding.EncodeToString(b) != s {
		return nil, fmt.Errorf("%w: %s is not canonical standard base64", ErrInvalid, field)
	}
	return b, nil
}

// shorten bounds an error text quoted from the JSON decoder, which may
// quote a field name of the document.
func shorten(s string) string {
	const max = 200
	if len(s) <= max {
		return s
	}
	return strings.ToValidUTF8(s[:max], "") + "..."
}

// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/rand"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// nymSign is "bbs sign --commitment": the issuer blind-signs the holder's
// commitment to its nym secret with its own messages. A key of a pseudonym
// scheme signs only this way. With integer positions (ints, mapped by mm)
// the issuer's messages there are signed as integers.
func nymSign(e *env, key *secretKey, keyPath, commitmentPath string, header []byte, msgs [][]byte, ms []Message, out string, ints []IntegerPosition, mm *bbs.MessageMap) error {
	ps, ok := key.sk.Scheme().(bbs.PseudonymScheme)
	switch {
	case !ok:
		return usagef("--commitment: the key of %s is of %s, not a pseudonym scheme (%s)", displayName(keyPath), key.sk.Scheme().Name(), nymSchemeList())
	case commitmentPath == "":
		return usagef("the key of %s is of the pseudonym scheme %s: give --commitment (the holder's, from bbs nym-commit)", displayName(keyPath), ps.Name())
	}
	com, err := readNymCommitmentFile(commitmentPath, ps)
	if err != nil {
		return err
	}
	sig, entropy, err := bbs.BlindSignWithNymMapped(rand.Reader, ps, key.sk, com, header, msgs, mm)
	if errors.Is(err, bbs.ErrInvalidCommitment) {
		return fmt.Errorf("%s: commitment: its proof does not verify (made for another scheme or edited?): %w", displayName(commitmentPath), err)
	}
	if err != nil {
		return fmt.Errorf("blind sign with %s: %w", displayName(keyPath), err)
	}
	f := &NymCredentialFile{
		Scheme:     ps.Name(),
		PublicKey:  b64(key.sk.PublicKey().Bytes()),
		Header:     b64(header),
		Messages:   make([]Message, len(msgs)),
		Signature:  b64(sig.Bytes()),
		NymEntropy: b64(entropy.Bytes()),
		Integers:   ints,
	}
	for i, m := range msgs {
		f.Messages[i] = Message{Bytes: m, Binary: ms[i].Binary || !utf8.Valid(m) || integerType(ints, i) != ""}
	}
	data, err := marshalFile(f)
	if err != nil {
		return err
	}
	if err := writeOutput(e.stdout, out, data, 0o600, true); err != nil {
		return err
	}
	if out != "-" {
		fmt.Fprintf(e.stderr, "bbs sign: wrote a %s credential of %d messages over the holder's commitment to %s; the holder runs bbs nym-finalize\n", ps.Name(), len(msgs), out)
	}
	// The chaincode counts a pseudonym proof's issuer messages
	// (bbs.Proof.MessageCount), so the count to pin is the same.
	fmt.Fprintf(e.stderr, "bbs sign: message count to register: %d (issuer settings {\"messageCounts\":[%d]}, SetIssuerSettings)\n", len(msgs), len(msgs))
	if len(ints) > 0 {
		fmt.Fprintf(e.stderr, "bbs sign: integer positions to register: %s (register-request --integers %s)\n", integersFlagText(ints), integersFlagText(ints))
	}
	return nil
}

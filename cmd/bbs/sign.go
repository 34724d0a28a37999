// SPDX-License-Identifier: Apache-2.0

package main

import (
	"flag"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/policy"
)

var signCmd = &command{
	name:    "sign",
	summary: "sign messages into a credential",
	usage:   "--key key.json --messages msgs.json [--integers IDX:TYPE,...] [--epoch N] [--header B64] [--commitment commitment.json] [--out credential.json]",
	about: `
Signs the messages of a JSON array with the key pair of key.json and writes a
credential: {"scheme", "publicKey", "header", "messages", "signature"}. A
message is a JSON string (its UTF-8 bytes are signed) or {"b64": "<base64>"}
for binary data. --header is signed along with the messages; only the IETF
schemes have a header. The credential is written with mode 0600 (it is the
holder's secret), to standard output unless --out is given. It prints on
standard error the message count to register in the issuer's settings
(SetIssuerSettings messageCounts), so that the chaincode refuses proofs of
any other count before doing any curve arithmetic. A key of a pseudonym
scheme blind-signs the holder's --commitment (from bbs nym-commit) with the
messages; the holder completes the credential with bbs nym-finalize.
--epoch N appends the issuer's epoch N as the last message, in the canonical
decimal form a policy's epoch rule reads (docs/revocation.md, level 1b), and
prints its index for the rule.

--integers 3:int64,4:date (IETF and pseudonym schemes) signs the messages at those
positions as signed 64-bit integers rather than hashed, so that a holder can
prove a range about them without disclosing them (bbs prove --range). The
message at an int64 position is written as decimal text ("21", "-5"), at a
date position as YYYY-MM-DD ("1990-01-01", signed as the number of days since
1970-01-01 UTC); the credential keeps the positions ("integers") and the
8-byte encodings. The issuer registers the same positions in its settings
(register-request --integers). bbs+2020 has no integer messages: its
messages are hashed by definition.`,
	example: `
cat > msgs.json <<'JSON'
["name=Alice Müller", "birthdate=1990-01-01", "country=BE", {"b64": "AAECAw=="}]
JSON
bbs sign --key issuer.json --messages msgs.json --out credential.json
bbs keygen --scheme bbs-bls12381-sha256 --out ietf-issuer.json > ietf-issuer.pub
echo '["name=Alice", "42", "1990-01-01", "country=BE"]' > int-msgs.json
bbs sign --key ietf-issuer.json --messages int-msgs.json --integers 1:int64,2:date --out int-credential.json
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		key := fs.String("key", "", "key pair `file` written by keygen (required)")
		msgs := fs.String("messages", "", "`file` with a JSON array of messages (required; \"-\" for standard input)")
		header := fs.String("header", "", "header to sign, `base64` (IETF schemes only)")
		out := fs.String("out", "-", "write the credential to `file`; \"-\" for standard output")
		commitment := fs.String("commitment", "", "blind-sign the holder's commitment `file` (pseudonym schemes)")
		epoch := fs.String("epoch", "", "append the issuer's epoch `N` (0..2^53-1) as the last message")
		integers := fs.String("integers", "", "sign the messages at these `positions` as integers: IDX:int64 or IDX:date, comma-separated ascending (IETF and pseudonym schemes)")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if *key == "" {
				return usagef("missing --key (the key pair file written by bbs keygen)")
			}
			if *msgs == "" {
				return usagef("missing --messages (a JSON array of messages)")
			}
			ints, err := parseIntegersFlag(*integers)
			if err != nil {
				return err
			}
			return sign(e, *key, *msgs, *header, *commitment, *epoch, *out, ints)
		}
	},
}

// epochMessage is --epoch's message: N in canonical decimal (no sign, no
// leading zero), at most policy.MaxEpoch, as the epoch rule accepts it.
func epochMessage(s string) (string, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n > policy.MaxEpoch || strconv.FormatUint(n, 10) != s {
		return "", usagef("--epoch %q: want a whole number 0..%d in canonical decimal", s, uint64(policy.MaxEpoch))
	}
	return s, nil
}

func sign(e *env, keyPath, msgsPath, headerB64, commitment, epoch, out string, ints []IntegerPosition) error {
	key, err := readKeyFile(keyPath)
	if err != nil {
		return err
	}
	header, err := decodeB64(headerB64)
	if err != nil {
		return fmt.Errorf("--header: %w", err)
	}
	data, err := readInput(msgsPath)
	if err != nil {
		return err
	}
	name := displayName(msgsPath)
	var ms []Message
	if err := decodeJSONFile(name, data, &ms); err != nil {
		return err
	}
	if epoch != "" {
		m, err := epochMessage(epoch)
		if err != nil {
			return err
		}
		ms = append(ms, Message{Bytes: []byte(m)})
	}
	msgs, err := parseMessages(name, "", ms)
	if err != nil {
		return err
	}
	if epoch != "" {
		fmt.Fprintf(e.stderr, "bbs sign: epoch %s is message %d (a policy's epoch rule: {\"epoch\":{\"index\":%d}})\n", epoch, len(msgs)-1, len(msgs)-1)
	}
	s := key.sk.Scheme()
	var mm *bbs.MessageMap
	if len(ints) > 0 {
		if err := integerSchemeCheck("--integers", s); err != nil {
			return err
		}
		if err := integerMessages(name, msgs, ints); err != nil {
			return err
		}
		if mm, err = messageMap(ints); err != nil {
			return usagef("--integers: %v", err)
		}
	}
	if _, nym := s.(bbs.PseudonymScheme); nym || commitment != "" {
		return nymSign(e, key, keyPath, commitment, header, msgs, ms, out, ints, mm)
	}
	var sig *bbs.Signature
	if mm != nil {
		sig, err = bbs.SignMapped(s, key.sk, header, msgs, mm)
	} else {
		sig, err = s.Sign(key.sk, header, msgs)
	}
	if err != nil {
		if len(header) > 0 {
			return fmt.Errorf("sign with %s (--header given): %w", displayName(keyPath), err)
		}
		return fmt.Errorf("sign with %s: %w", displayName(keyPath), err)
	}
	cf := &CredentialFile{
		Scheme:    s.Name(),
		PublicKey: b64(key.sk.PublicKey().Bytes()),
		Header:    b64(header),
		Messages:  make([]Message, len(msgs)),
		Signature: b64(sig.Bytes()),
		Integers:  ints,
	}
	for i, m := range msgs {
		cf.Messages[i] = Message{Bytes: m, Binary: ms[i].Binary || !utf8.Valid(m) || integerType(ints, i) != ""}
	}
	outData, err := marshalFile(cf)
	if err != nil {
		return err
	}
	if err := writeOutput(e.stdout, out, outData, 0o600, true); err != nil {
		return err
	}
	if out != "-" {
		fmt.Fprintf(e.stderr, "bbs sign: wrote a %s credential of %d messages to %s\n", s.Name(), len(msgs), out)
	}
	fmt.Fprintf(e.stderr, "bbs sign: message count to register: %d (issuer settings {\"messageCounts\":[%d]}, SetIssuerSettings)\n", len(msgs), len(msgs))
	if len(ints) > 0 {
		fmt.Fprintf(e.stderr, "bbs sign: integer positions to register: %s (register-request --integers %s)\n", integersFlagText(ints), integersFlagText(ints))
	}
	return nil
}

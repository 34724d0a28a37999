// SPDX-License-Identifier: Apache-2.0

package main

import (
	"flag"
	"fmt"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

var signCmd = &command{
	name:    "sign",
	summary: "sign messages into a credential",
	usage:   "--key key.json --messages msgs.json [--header B64] [--commitment commitment.json] [--out credential.json]",
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
messages; the holder completes the credential with bbs nym-finalize.`,
	example: `
cat > msgs.json <<'JSON'
["name=Alice Müller", "birthdate=1990-01-01", "country=BE", {"b64": "AAECAw=="}]
JSON
bbs sign --key issuer.json --messages msgs.json --out credential.json
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		key := fs.String("key", "", "key pair `file` written by keygen (required)")
		msgs := fs.String("messages", "", "`file` with a JSON array of messages (required; \"-\" for standard input)")
		header := fs.String("header", "", "header to sign, `base64` (IETF schemes only)")
		out := fs.String("out", "-", "write the credential to `file`; \"-\" for standard output")
		commitment := fs.String("commitment", "", "blind-sign the holder's commitment `file` (pseudonym schemes)")
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
			return sign(e, *key, *msgs, *header, *commitment, *out)
		}
	},
}

func sign(e *env, keyPath, msgsPath, headerB64, commitment, out string) error {
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
	msgs, err := parseMessages(name, "", ms)
	if err != nil {
		return err
	}
	s := key.sk.Scheme()
	if _, nym := s.(bbs.PseudonymScheme); nym || commitment != "" {
		return nymSign(e, key, keyPath, commitment, header, msgs, ms, out)
	}
	sig, err := s.Sign(key.sk, header, msgs)
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
	}
	for i, m := range msgs {
		cf.Messages[i] = Message{Bytes: m, Binary: ms[i].Binary || !utf8.Valid(m)}
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
	return nil
}

// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/rand"
	"encoding/json"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
)

var registerRequestCmd = &command{
	name:    "register-request",
	summary: "make the RegisterIssuer registration document, with the key's proof of possession",
	usage:   "--key key.json --id ID --channel CH --msp MSPID --cert CERT.pem [--counts N,...] [--integers IDX:TYPE,...] [--description D] [--require-bound-nonce] [--out F]",
	about: `
Writes the JSON registration document RegisterIssuer takes: {"id", "scheme",
"publicKey", "description", "settings", "proofOfPossession"}. The proof of
possession is a BBS proof, made with the key's secret, over the channel,
the issuer ID, key version 1, the scheme and the submitter: the MSP ID
(--msp) and the client identity ID of the certificate (--cert) of the
identity that will submit the transaction. The chaincode checks it against
the transaction's own channel and submitter, so the document registers the
key for that identity only, on that channel only, under that ID only.
A bbs+2020 issuer must pin its credentials' message counts (--counts): a
bbs+2020 proof's count comes from the proof, and an unexpected count costs
every endorser a generator derivation. --counts is optional for the other
schemes (then any count is accepted). --integers 3:int64,4:date (IETF
schemes only) puts the issuer's integer positions into the settings
("integers": [{"index": 3, "type": "int64"}, {"index": 4, "type": "date"}]),
the positions its credentials are signed with (bbs sign --integers): the
chaincode then maps a disclosed integer message as an integer and accepts
range predicates on those positions. The document goes to standard output
unless --out names a file.`,
	example: `
bbs keygen --out issuer.json > issuer.pub
bbs register-request --key issuer.json --id issuer1 --channel mychannel \
    --msp Org1MSP --cert $ORG1/users/User1@org1.example.com/msp/signcerts/cert.pem \
    --counts 3 --description "demo issuer" --out registration.json
peer chaincode invoke ... -c "$(jq -nc --rawfile r registration.json '{Args: ["RegisterIssuer", $r]}')"
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		o := popOptions{purpose: registration.PurposeRegister}
		o.register(fs)
		fs.StringVar(&o.counts, "counts", "", "the signed message `counts` of the issuer's credentials, comma-separated ascending (required for bbs+2020)")
		fs.StringVar(&o.description, "description", "", "the issuer's `description`")
		fs.BoolVar(&o.boundNonce, "require-bound-nonce", false, "set settings.requireBoundNonce: SubmitProof accepts only nonces bound to the submitter")
		fs.StringVar(&o.integers, "integers", "", "set settings.integers, the integer `positions` of the issuer's credentials: IDX:int64 or IDX:date, comma-separated ascending (IETF schemes)")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			return popRequest(e, &o)
		}
	},
}

var rotateRequestCmd = &command{
	name:    "rotate-request",
	summary: "make the RotateIssuerKey rotation document, with the new key's proof of possession",
	usage:   "--key new.json --id ID --version N --channel CH --msp MSPID --cert CERT.pem [--out F]",
	about: `
Writes the JSON rotation document RotateIssuerKey takes: {"id", "keyVersion",
"publicKey", "proofOfPossession"}. --version is the version the new key
becomes: the issuer's number of key versions plus one (GetIssuer's keys).
The proof of possession is made with the new key's secret for purpose
"rotate", that version, the channel, the issuer ID and the submitter (--msp,
--cert), who must be allowed to change the issuer (its owner, or an admin
of the owner's MSP).`,
	example: `
bbs keygen --out issuer-v2.json > issuer-v2.pub
bbs rotate-request --key issuer-v2.json --id issuer1 --version 2 --channel mychannel \
    --msp Org1MSP --cert $ORG1/users/User1@org1.example.com/msp/signcerts/cert.pem --out rotation.json
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		o := popOptions{purpose: registration.PurposeRotate}
		o.register(fs)
		fs.IntVar(&o.version, "version", 0, "the key `version` the new key becomes (2 or above)")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			return popRequest(e, &o)
		}
	},
}

// popOptions are the flags of register-request and rotate-request.
type popOptions struct {
	purpose                     string
	key, id, channel, msp, cert string
	out                         string
	force                       bool
	counts, description         string
	integers                    string
	boundNonce                  bool
	version                     int
}

func (o *popOptions) register(fs *flag.FlagSet) {
	fs.StringVar(&o.key, "key", "", "the issuer's key pair `file` (bbs keygen)")
	fs.StringVar(&o.id, "id", "", "the issuer's registry `ID`")
	fs.StringVar(&o.channel, "channel", "", "the `channel` the transaction is submitted on")
	fs.StringVar(&o.msp, "msp", "", "the MSP `ID` of the identity that submits the transaction")
	fs.StringVar(&o.cert, "cert", "", "the X.509 certificate `file` (PEM) of the identity that submits the transaction")
	fs.StringVar(&o.out, "out", "-", "write the document to `file`; \"-\" for standard output")
	fs.BoolVar(&o.force, "force", false, "replace an existing --out file")
}

func popRequest(e *env, o *popOptions) error {
	for _, f := range []struct{ name, v string }{{"--key", o.key}, {"--id", o.id}, {"--channel", o.channel}, {"--msp", o.msp}, {"--cert", o.cert}} {
		if f.v == "" {
			return usagef("%s is required", f.name)
		}
	}
	if !request.ValidIssuerID(o.id) {
		return usagef("--id %q is not a valid issuer ID (%s)", o.id, request.IssuerIDPattern)
	}
	key, err := readKeyFile(o.key)
	if err != nil {
		return err
	}
	certPEM, err := readInput(o.cert)
	if err != nil {
		return fmt.Errorf("--cert: %w", err)
	}
	subID, err := request.SubmitterIDFromPEM(certPEM)
	if err != nil {
		return fmt.Errorf("--cert %s: %w", displayName(o.cert), err)
	}
	s := key.sk.Scheme()
	st := &registration.Statement{Purpose: o.purpose, Channel: o.channel, IssuerID: o.id, KeyVersion: 1,
		Scheme: s.Name(), MSPID: o.msp, SubmitterID: subID}
	var doc any
	if o.purpose == registration.PurposeRotate {
		if o.version < 2 {
			return usagef("--version is required, 2 or above: the issuer's number of key versions plus one")
		}
		st.KeyVersion = o.version
	}
	pop, err := registration.Prove(rand.Reader, key.sk, st)
	if err != nil {
		return failed(fmt.Errorf("proof of possession: %w", err))
	}
	if o.purpose == registration.PurposeRotate {
		doc = registration.Rotation{ID: o.id, KeyVersion: o.version, PublicKey: b64(key.sk.PublicKey().Bytes()), ProofOfPossession: b64(pop)}
	} else {
		counts, err := parseCounts(o.counts)
		if err != nil {
			return usagef("--counts: %v", err)
		}
		ints, err := parseIntegersFlag(o.integers)
		if err != nil {
			return err
		}
		if len(ints) > 0 {
			if err := integerSchemeCheck("--integers", s); err != nil {
				return err
			}
		}
		if len(counts) == 0 && s.Name() == bbs.BBSPlus2020Name {
			return usagef("--counts is required for a bbs+2020 key: the signed message counts of the issuer's credentials (as 'bbs sign' signs them)")
		}
		r := registration.Registration{ID: o.id, Scheme: s.Name(), PublicKey: b64(key.sk.PublicKey().Bytes()),
			Description: o.description, ProofOfPossession: b64(pop)}
		if len(counts) > 0 || o.boundNonce || len(ints) > 0 {
			settings := struct {
				RequireBoundNonce bool              `json:"requireBoundNonce,omitempty"`
				MessageCounts     []int             `json:"messageCounts,omitempty"`
				Integers          []IntegerPosition `json:"integers,omitempty"`
			}{o.boundNonce, counts, ints}
			if r.Settings, err = json.Marshal(settings); err != nil {
				return failed(err)
			}
		}
		doc = r
	}
	// One line of compact JSON: the transaction argument as it is.
	data, err := json.Marshal(doc)
	if err != nil {
		return failed(err)
	}
	data = append(data, '\n')
	if err := writeOutput(e.stdout, o.out, data, 0o644, o.force); err != nil {
		return err
	}
	if o.out != "-" {
		fmt.Fprintf(e.stderr, "bbs %s-request: wrote the %s document of issuer %s (key version %d, %s, submitter of %s) to %s\n",
			o.purpose, o.purpose, o.id, st.KeyVersion, s.Name(), o.msp, o.out)
	}
	return nil
}

// parseCounts reads a comma-separated ascending list of message counts.
func parseCounts(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > bbs.MaxMessages {
			return nil, fmt.Errorf("%q is not a message count (1 to %d)", f, bbs.MaxMessages)
		}
		if len(out) > 0 && n <= out[len(out)-1] {
			return nil, fmt.Errorf("counts must be ascending without repeats (%d follows %d)", n, out[len(out)-1])
		}
		out = append(out, n)
	}
	return out, nil
}

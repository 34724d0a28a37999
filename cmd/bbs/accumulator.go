// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// Anonymous revocation (docs/revocation.md): the issuer's
// accumulator (acc-keygen), a holder's witness (acc-witness), a revocation
// (revoke), the holder's witness update from the ledger's removal records
// (update-witness); prove --non-revoked presents with it.

// AccumulatorFile is the issuer's accumulator (acc.json), written by
// "bbs acc-keygen" with mode 0600 and kept up to date by "bbs revoke":
//
//	{"secretKey": "<base64 α>", "publicKey": "<base64 P̃_α>", "initialValue": "<base64 V_0>",
//	 "version": 0, "value": "<base64 V_version>", "handleIndex": 2}
//
// handleIndex is the message index of the revocation handle that
// SetAccumulator declares; absent in files written before it was kept.
type AccumulatorFile struct {
	SecretKey    string `json:"secretKey"`
	PublicKey    string `json:"publicKey"`
	InitialValue string `json:"initialValue"`
	Version      uint64 `json:"version"`
	Value        string `json:"value"`
	HandleIndex  *int   `json:"handleIndex,omitempty"`
}

// WitnessFile is a holder's witness for one credential (witness.json),
// written by "bbs acc-witness" and "bbs update-witness", read by
// "bbs prove --non-revoked":
//
//	{"handleIndex": 2, "accumulatorKey": "<base64>", "version": 3, "value": "<base64 V_3>",
//	 "witness": "<base64>"}
type WitnessFile struct {
	HandleIndex    int    `json:"handleIndex"`
	AccumulatorKey string `json:"accumulatorKey"`
	Version        uint64 `json:"version"`
	Value          string `json:"value"`
	Witness        string `json:"witness"`
}

// ledgerAccumulator is GetAccumulator's answer; ledgerRemoval is
// GetAccumulatorRemoval's (base64 for bytes; other fields ignored).
type ledgerAccumulator struct {
	PublicKey       []byte `json:"publicKey"`
	Version         uint64 `json:"version"`
	Value           []byte `json:"value"`
	HandleIndex     int    `json:"handleIndex"`
	HandleIndexTxID string `json:"handleIndexTxId"` // empty: no index declared
}

type ledgerRemoval struct {
	Removal []byte `json:"removal"`
	Batch   []byte `json:"batch"` // a RevokeHandles record (VB20 batch)
	Version uint64 `json:"version"`
}

// removalStep is one version's removal record: a single removal or a batch.
type removalStep struct {
	version uint64
	single  *revocation.Removal
	batch   *revocation.BatchRemoval
}

func (r removalStep) value() []byte {
	if r.batch != nil {
		return r.batch.Value()
	}
	return r.single.Value()
}

// apply brings c from version r.version-1 to r.version.
func (r removalStep) apply(c *revocation.Credential) error {
	if r.batch != nil {
		return c.UpdateBatch(r.batch)
	}
	return c.Update([]*revocation.Removal{r.single})
}

// parseLedgerRemoval reads a GetAccumulatorRemoval answer.
func parseLedgerRemoval(data []byte) (removalStep, error) {
	var lr ledgerRemoval
	if err := json.Unmarshal(data, &lr); err != nil {
		return removalStep{}, err
	}
	var st removalStep
	switch {
	case len(lr.Removal) > 0 && len(lr.Batch) > 0:
		return st, errors.New("the record has both removal and batch")
	case len(lr.Batch) > 0:
		b, err := revocation.ParseBatchRemoval(lr.Batch)
		if err != nil {
			return st, fmt.Errorf("batch: %w", err)
		}
		st = removalStep{version: b.Version, batch: b}
	default:
		r, err := revocation.ParseRemoval(lr.Removal)
		if err != nil {
			return st, fmt.Errorf("removal: %w", err)
		}
		st = removalStep{version: r.Version, single: r}
	}
	if lr.Version != st.version {
		return st, fmt.Errorf("version %d, but its removal record is of version %d", lr.Version, st.version)
	}
	return st, nil
}

var accKeygenCmd = &command{
	name:    "acc-keygen",
	summary: "make an issuer's revocation accumulator; print the SetAccumulator arguments",
	usage:   "--handle-index H [--out acc.json] [--force]",
	about: `
Makes an accumulator secret and its initial value (version 0) and writes them
with the public key and the handle index to --out with mode 0600. The handle
index is the index, among the signed messages of the issuer's credentials, of
the revocation handle: the chaincode accepts presentations with
non-revocation of that message only. Prints on standard output the JSON
{"publicKey", "initialValue", "handleIndex"}: the arguments of the
chaincode's SetAccumulator after the issuer ID.`,
	example: `
bbs acc-keygen --handle-index 2 --out acc.json > acc-args.json
peer chaincode invoke ... -c "$(jq -c '{Args: ["SetAccumulator", "issuer1", .publicKey, .initialValue, (.handleIndex|tostring)]}' acc-args.json)"
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		out := fs.String("out", "acc.json", "write the accumulator to `file` (mode 0600)")
		force := fs.Bool("force", false, "replace an existing --out file")
		handleIndex := fs.Int("handle-index", -1, "the `index` of the revocation handle among the credentials' messages (required)")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if *out == "-" || *out == "" {
				return usagef("--out: give a file; the accumulator secret is not printed")
			}
			if *handleIndex < 0 || *handleIndex > request.MaxMessageIndex {
				return usagef("--handle-index: give the index of the revocation handle among the credentials' messages, 0 to %d", request.MaxMessageIndex)
			}
			sk, v0, err := revocation.GenerateKey(nil)
			if err != nil {
				return failed(err)
			}
			f := &AccumulatorFile{SecretKey: b64(sk.Bytes()), PublicKey: b64(sk.PublicKey().Bytes()), InitialValue: b64(v0), Value: b64(v0),
				HandleIndex: handleIndex}
			if err := writeAccumulator(e, *out, f, *force); err != nil {
				return err
			}
			data, err := marshalFile(map[string]any{"publicKey": f.PublicKey, "initialValue": f.InitialValue, "handleIndex": *handleIndex})
			if err != nil {
				return err
			}
			return writeOutput(e.stdout, "-", data, 0, true)
		}
	},
}

var accWitnessCmd = &command{
	name:    "acc-witness",
	summary: "issue the witness of a credential's revocation handle",
	usage:   "--acc acc.json --credential credential.json [--handle-index H] [--ledger record.json] [--out witness.json]",
	about: `
Computes, with the accumulator secret, the witness of the credential's
revocation handle (the message at the handle index: random bytes unique to the
credential, which the issuer chose when it signed) at the accumulator's
current version, and writes the holder's witness file. The current version
and value are acc.json's, or, with --ledger, those of the chaincode's
GetAccumulator answer saved in record.json (its public key must be acc.json's).
The handle index is the one the accumulator declares (the ledger record's,
else acc.json's); --handle-index is needed only when neither declares one,
and a different one is warned about: the chaincode refuses its presentations.
Issuing changes nothing on the ledger.`,
	example: `
bbs acc-witness --acc acc.json --credential credential.json --out witness.json
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		var o accOptions
		o.define(fs)
		out := fs.String("out", "witness.json", "write the witness to `file`; \"-\" for standard output")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			st, err := o.load()
			if err != nil {
				return err
			}
			if st.declared >= 0 && st.handleIndex != st.declared {
				fmt.Fprintf(e.stderr, "bbs acc-witness: warning: the accumulator declares handle index %d; the chaincode refuses presentations of message %d\n",
					st.declared, st.handleIndex)
			}
			w, err := st.sk.Witness(st.value, st.handle)
			if err != nil {
				return fmt.Errorf("witness: %w", err)
			}
			return writeWitness(e, *out, &WitnessFile{HandleIndex: st.handleIndex, AccumulatorKey: st.file.PublicKey,
				Version: st.version, Value: b64(st.value), Witness: b64(w)})
		}
	},
}

var revokeCmd = &command{
	name:    "revoke",
	summary: "revoke credentials: print the RevokeHandle or RevokeHandles argument",
	usage:   "--acc acc.json --credential credential.json... [--handle-index H...] [--batch] [--ledger record.json]",
	about: `
Removes the revocation handles of the credentials (--credential, repeated for
several) from the accumulator's current version (acc.json's, or with --ledger
that of the GetAccumulator answer in record.json) and prints the record of
the next version in base64. With one credential it is a removal record: the
argument of the chaincode's RevokeHandle after the issuer ID. With several (or
with --batch) it is one batch removal record (VB20) of all of them: the
argument of RevokeHandles after the issuer ID, one version for the whole
batch. --handle-index is given once for all credentials, or once per
credential in the order of the --credential flags; without it, the handle
index the accumulator declares (the ledger record's, else acc.json's) is
used for all. The same handle twice is
refused. acc.json is updated to the new version and value. From the block
after the transaction commits, the revoked holders cannot prove
non-revocation at the new version, and every other holder updates its
witness from the record (update-witness).`,
	example: `
REMOVAL=$(bbs revoke --acc acc.json --credential credential.json --handle-index 2 --ledger acc-record.json)
peer chaincode invoke ... -c "{\"Args\":[\"RevokeHandle\",\"issuer1\",\"$REMOVAL\"]}"
BATCH=$(bbs revoke --acc acc.json --credential bob.json --credential carol.json --handle-index 2 --ledger acc-record.json)
peer chaincode invoke ... -c "{\"Args\":[\"RevokeHandles\",\"issuer1\",\"$BATCH\"]}"
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		var acc, ledger string
		var creds stringList
		var indices intList
		fs.StringVar(&acc, "acc", "", "the accumulator `file` of acc-keygen (required)")
		fs.Var(&creds, "credential", "a credential `file` to revoke (required; repeat for a batch)")
		fs.Var(&indices, "handle-index", "the `index` of the revocation handle among the credential's messages (once for all, or once per --credential; default: the accumulator's)")
		fs.StringVar(&ledger, "ledger", "", "the chaincode's GetAccumulator answer in `file`: use its version and value")
		batch := fs.Bool("batch", false, "print a RevokeHandles batch record even for one credential")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if acc == "" || len(creds) == 0 {
				return usagef("give --acc and --credential")
			}
			if len(indices) > 1 && len(indices) != len(creds) {
				return usagef("--handle-index: given %d times for %d credentials; give it once, or once per --credential", len(indices), len(creds))
			}
			if len(creds) > revocation.MaxBatch {
				return usagef("--credential: %d credentials, at most %d in one batch", len(creds), revocation.MaxBatch)
			}
			st, err := loadAccumulator(acc, ledger)
			if err != nil {
				return err
			}
			if len(indices) == 0 {
				if st.declared < 0 {
					return usagef("give --handle-index: %s declares no handle index", displayName(acc))
				}
				indices = intList{st.declared}
			}
			handles := make([][]byte, len(creds))
			seen := make(map[string]string, len(creds))
			for i, cf := range creds {
				hi := indices[0]
				if len(indices) > 1 {
					hi = indices[i]
				}
				if handles[i], err = loadHandle(cf, hi); err != nil {
					return err
				}
				if prev, ok := seen[string(handles[i])]; ok {
					return usagef("--credential: %s has the same revocation handle as %s", displayName(cf), displayName(prev))
				}
				seen[string(handles[i])] = cf
			}
			var version uint64
			var value, record []byte
			if len(creds) == 1 && !*batch {
				rem, err := st.sk.Remove(st.version, st.value, handles[0])
				if err != nil {
					return fmt.Errorf("revoke: %w", err)
				}
				version, value, record = rem.Version, rem.Value(), rem.Bytes()
			} else {
				b, err := st.sk.RemoveBatch(st.version, st.value, handles)
				if err != nil {
					return fmt.Errorf("revoke: %w", err)
				}
				version, value, record = b.Version, b.Value(), b.Bytes()
			}
			st.file.Version, st.file.Value = version, b64(value)
			if err := writeAccumulator(e, acc, st.file, true); err != nil {
				return err
			}
			_, err = fmt.Fprintln(e.stdout, b64(record))
			return err
		}
	},
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// intList is a repeatable non-negative integer flag.
type intList []int

func (l *intList) String() string {
	s := make([]string, len(*l))
	for i, n := range *l {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

func (l *intList) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return fmt.Errorf("%q is not a non-negative integer", s)
	}
	*l = append(*l, n)
	return nil
}

var updateWitnessCmd = &command{
	name:    "update-witness",
	summary: "update a witness from the ledger's removal records",
	usage:   "--witness witness.json --credential credential.json [--out FILE] REMOVAL.json...",
	about: `
Applies the removal records (each the chaincode's GetAccumulatorRemoval answer
saved as JSON, a single removal or a RevokeHandles batch, given in any order; the versions after the witness's, without
gaps) to the witness, checks the result against the new value, and writes the
witness (in place unless --out is given). Needs nothing from the issuer. If
one of the records removes this credential's handle, the credential is
revoked: nothing is written and the exit status is 1.`,
	example: `
peer chaincode query ... -c '{"Args":["GetAccumulatorRemoval","issuer1","4"]}' > r4.json
bbs update-witness --witness witness.json --credential credential.json r4.json
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		wf := fs.String("witness", "", "the witness `file` (required)")
		cf := fs.String("credential", "", "the credential `file` the witness is for (required)")
		out := fs.String("out", "", "write the updated witness to `file` (default: --witness)")
		return func(args []string) error {
			if *wf == "" || *cf == "" {
				return usagef("missing --witness or --credential")
			}
			if len(args) == 0 {
				return usagef("give the removal record files to apply")
			}
			rc, err := readRevocableCredential(*cf, *wf)
			if err != nil {
				return err
			}
			var recs []removalStep
			for _, path := range args {
				data, err := readInput(path)
				if err != nil {
					return err
				}
				st, err := parseLedgerRemoval(data)
				if err != nil {
					return fmt.Errorf("%s: %w", displayName(path), err)
				}
				recs = append(recs, st)
			}
			sort.Slice(recs, func(i, j int) bool { return recs[i].version < recs[j].version })
			for len(recs) > 0 && recs[0].version <= rc.cred.Version {
				recs = recs[1:] // already applied
			}
			// Applied to a copy, so that nothing changes unless every record applies.
			updated := *rc.cred
			for _, st := range recs {
				if err := st.apply(&updated); err != nil {
					if errors.Is(err, revocation.ErrRevoked) {
						return failed(fmt.Errorf("the credential is revoked: the removal record of version %d removes its handle", st.version))
					}
					return err
				}
			}
			*rc.cred = updated
			value := rc.value
			if len(recs) > 0 {
				value = recs[len(recs)-1].value()
			}
			h, _ := rc.cred.Handle()
			if err := revocation.VerifyWitness(rc.acc, value, h, rc.cred.Witness); err != nil {
				return fmt.Errorf("the updated witness does not verify against version %d: %w", rc.cred.Version, err)
			}
			dst := *out
			if dst == "" {
				dst = *wf
			}
			if err := writeWitness(e, dst, &WitnessFile{HandleIndex: rc.cred.HandleIndex, AccumulatorKey: b64(rc.acc.Bytes()),
				Version: rc.cred.Version, Value: b64(value), Witness: b64(rc.cred.Witness)}); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "bbs update-witness: the witness is at version %d\n", rc.cred.Version)
			return nil
		}
	},
}

// accOptions are the flags of acc-witness.
type accOptions struct {
	acc, credential, ledger string
	handleIndex             int
}

func (o *accOptions) define(fs *flag.FlagSet) {
	fs.StringVar(&o.acc, "acc", "", "the accumulator `file` of acc-keygen (required)")
	fs.StringVar(&o.credential, "credential", "", "the credential `file` (required)")
	fs.IntVar(&o.handleIndex, "handle-index", -1, "the `index` of the revocation handle among the credential's messages (default: the accumulator's)")
	fs.StringVar(&o.ledger, "ledger", "", "the chaincode's GetAccumulator answer in `file`: use its version and value")
}

// accState is an issuer's accumulator and a credential's handle.
type accState struct {
	file    *AccumulatorFile
	sk      *revocation.SecretKey
	version uint64
	value   []byte
	// declared is the handle index the accumulator declares (the ledger
	// record's, else acc.json's); -1 when neither does.
	declared    int
	handleIndex int // the credential's, for acc-witness
	handle      []byte
}

func (o *accOptions) load() (*accState, error) {
	if o.acc == "" || o.credential == "" {
		return nil, usagef("give --acc and --credential")
	}
	st, err := loadAccumulator(o.acc, o.ledger)
	if err != nil {
		return nil, err
	}
	st.handleIndex = o.handleIndex
	if st.handleIndex < 0 {
		if st.declared < 0 {
			return nil, usagef("give --handle-index: %s declares no handle index", displayName(o.acc))
		}
		st.handleIndex = st.declared
	}
	if st.handle, err = loadHandle(o.credential, st.handleIndex); err != nil {
		return nil, err
	}
	return st, nil
}

// loadAccumulator reads acc.json and, with ledger, takes the version and
// value of the GetAccumulator answer there (its key must be acc.json's).
func loadAccumulator(acc, ledger string) (*accState, error) {
	f, sk, err := readAccumulator(acc)
	if err != nil {
		return nil, err
	}
	st := &accState{file: f, sk: sk, version: f.Version, declared: -1}
	if f.HandleIndex != nil {
		st.declared = *f.HandleIndex
	}
	if st.value, err = decodeB64(f.Value); err != nil {
		return nil, fmt.Errorf("%s: value: %w", displayName(acc), err)
	}
	if ledger != "" {
		data, err := readInput(ledger)
		if err != nil {
			return nil, err
		}
		var la ledgerAccumulator
		if err := json.Unmarshal(data, &la); err != nil {
			return nil, fmt.Errorf("%s: %w", displayName(ledger), err)
		}
		if b64(la.PublicKey) != f.PublicKey {
			return nil, fmt.Errorf("%s: publicKey is not the key of %s", displayName(ledger), displayName(acc))
		}
		if err := revocation.CheckValue(la.Value); err != nil {
			return nil, fmt.Errorf("%s: value: %w", displayName(ledger), err)
		}
		st.version, st.value = la.Version, la.Value
		if la.HandleIndexTxID != "" {
			st.declared = la.HandleIndex // the ledger's is the one presentations must prove
		}
	}
	return st, nil
}

// loadHandle reads a credential and returns its message at index as the
// accumulated handle scalar.
func loadHandle(credential string, index int) ([]byte, error) {
	c, err := readCredentialFile(credential)
	if err != nil {
		return nil, err
	}
	if index >= len(c.messages) {
		return nil, usagef("--handle-index: %d, but %s has %d messages", index, displayName(credential), len(c.messages))
	}
	h, err := revocation.HandleScalar(c.scheme, c.messages[index])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", displayName(credential), err)
	}
	return h, nil
}

func readAccumulator(path string) (*AccumulatorFile, *revocation.SecretKey, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, nil, err
	}
	name := displayName(path)
	var f AccumulatorFile
	if err := decodeJSONFile(name, data, &f); err != nil {
		return nil, nil, err
	}
	skb, err := decodeB64(f.SecretKey)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: secretKey: %w", name, err)
	}
	sk, err := revocation.ParseSecretKey(skb)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: secretKey: %w", name, err)
	}
	if b64(sk.PublicKey().Bytes()) != f.PublicKey {
		return nil, nil, fmt.Errorf("%s: publicKey is not the secret key's", name)
	}
	return &f, sk, nil
}

func writeAccumulator(e *env, path string, f *AccumulatorFile, overwrite bool) error {
	data, err := marshalFile(f)
	if err != nil {
		return err
	}
	return writeOutput(e.stdout, path, data, 0o600, overwrite)
}

func writeWitness(e *env, path string, w *WitnessFile) error {
	data, err := marshalFile(w)
	if err != nil {
		return err
	}
	return writeOutput(e.stdout, path, data, 0o644, true)
}

// revocableCredential is a credential with its witness, as a holder keeps
// it.
type revocableCredential struct {
	cred  *revocation.Credential
	acc   *revocation.PublicKey
	value []byte // of cred.Version
}

// readRevocableCredential reads a credential and its witness file and
// checks the witness against the value it names.
func readRevocableCredential(credPath, witnessPath string) (*revocableCredential, error) {
	c, err := readCredentialFile(credPath)
	if err != nil {
		return nil, err
	}
	if err := c.verify(displayName(credPath)); err != nil {
		return nil, err
	}
	data, err := readInput(witnessPath)
	if err != nil {
		return nil, err
	}
	name := displayName(witnessPath)
	var wf WitnessFile
	if err := decodeJSONFile(name, data, &wf); err != nil {
		return nil, err
	}
	rc := &revocableCredential{cred: &revocation.Credential{Scheme: c.scheme, PublicKey: c.pk, Signature: c.sig, Header: c.header,
		Messages: c.messages, HandleIndex: wf.HandleIndex, Version: wf.Version}}
	if wf.HandleIndex < 0 || wf.HandleIndex >= len(c.messages) {
		return nil, fmt.Errorf("%s: handleIndex %d, but the credential has %d messages", name, wf.HandleIndex, len(c.messages))
	}
	kb, err := decodeB64(wf.AccumulatorKey)
	if err != nil {
		return nil, fmt.Errorf("%s: accumulatorKey: %w", name, err)
	}
	if rc.acc, err = revocation.ParsePublicKey(kb); err != nil {
		return nil, fmt.Errorf("%s: accumulatorKey: %w", name, err)
	}
	if rc.value, err = decodeB64(wf.Value); err != nil {
		return nil, fmt.Errorf("%s: value: %w", name, err)
	}
	if rc.cred.Witness, err = decodeB64(wf.Witness); err != nil {
		return nil, fmt.Errorf("%s: witness: %w", name, err)
	}
	h, err := rc.cred.Handle()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := revocation.VerifyWitness(rc.acc, rc.value, h, rc.cred.Witness); err != nil {
		return nil, fmt.Errorf("%s: the witness does not verify against version %d: %w", name, wf.Version, err)
	}
	return rc, nil
}

// presentNonRevoked makes prove's presentation with non-revocation.
func presentNonRevoked(rnd io.Reader, o *proveOptions, nonce []byte, revealed []int) ([]byte, error) {
	rc, err := readRevocableCredential(o.credential, o.nonRevoked)
	if err != nil {
		return nil, err
	}
	if !nonRevokedScheme(rc.cred.Scheme) {
		return nil, usagef("--non-revoked: scheme %s has no presentation with non-revocation (only %s and %s)",
			rc.cred.Scheme.Name(), bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name)
	}
	if slices.Contains(revealed, rc.cred.HandleIndex) {
		return nil, usagef("--reveal: message %d is the revocation handle, which stays hidden with --non-revoked", rc.cred.HandleIndex)
	}
	p, err := revocation.Present(rnd, rc.cred, rc.acc, rc.value, nonce, revealed)
	if err != nil {
		return nil, fmt.Errorf("present %s: %w", displayName(o.credential), err)
	}
	return p.Bytes(), nil
}

func nonRevokedScheme(s bbs.Scheme) bool {
	n := s.Name()
	return n == bbs.BLS12381SHA256Name || n == bbs.BLS12381SHAKE256Name
}

// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
	"github.com/stretchr/testify/require"
)

const testChannel = "bbs-channel"

// env is a channel with the chaincode and a cast of identities:
//
//   - alice, bob: clients of Org1MSP; alice registers the issuers;
//   - admin1: Org1MSP with bbs.admin=true;
//   - notAdmin1: Org1MSP with bbs.admin=false;
//   - admin2: Org2MSP with bbs.admin=true.
type env struct {
	t                                     *testing.T
	ledger                                *fakestub.Ledger
	cc                                    *Chaincode
	org1, org2                            *fakeid.CA
	alice, bob, admin1, notAdmin1, admin2 *fakeid.Identity
}

// identities are made once: key generation is the slow part.
var testIdentities struct {
	org1, org2                            *fakeid.CA
	alice, bob, admin1, notAdmin1, admin2 *fakeid.Identity
}

func newEnv(t *testing.T) *env {
	t.Helper()
	ids := &testIdentities
	if ids.org1 == nil {
		ids.org1 = fakeid.NewCA(t, "Org1MSP", pkix.Name{Country: []string{"US"}, Province: []string{"North Carolina"},
			Locality: []string{"Durham"}, Organization: []string{"org1.example.com"}, CommonName: "ca.org1.example.com"})
		ids.org2 = fakeid.NewCA(t, "Org2MSP", pkix.Name{Country: []string{"UK"}, Locality: []string{"Hursley"},
			Organization: []string{"org2.example.com"}, CommonName: "ca.org2.example.com"})
		client := func(cn string) pkix.Name {
			return pkix.Name{OrganizationalUnit: []string{"client", "org1"}, CommonName: cn}
		}
		ids.alice = ids.org1.Enroll(t, client("alice"), nil)
		ids.bob = ids.org1.Enroll(t, client("bob"), map[string]string{"hf.Type": "client"})
		ids.admin1 = ids.org1.Enroll(t, client("registrar"), map[string]string{base.AdminAttribute: "true", "hf.Type": "client"})
		ids.notAdmin1 = ids.org1.Enroll(t, client("carol"), map[string]string{base.AdminAttribute: "false"})
		ids.admin2 = ids.org2.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "alice"}, map[string]string{base.AdminAttribute: "true"})
	}
	cc, err := NewChaincode()
	require.NoError(t, err)
	cc.TransactionSerializer = &checkedResults{errorf: t.Errorf}
	ledger := fakestub.NewLedger(testChannel)
	// The chaincode runs undeployed, in the fake's default namespace; its
	// proposals name it as if it were deployed as bbs.
	ledger.DefaultChaincodeName = Name
	e := &env{
		t: t, ledger: ledger, cc: cc,
		org1: ids.org1, org2: ids.org2,
		alice: ids.alice, bob: ids.bob, admin1: ids.admin1, notAdmin1: ids.notAdmin1, admin2: ids.admin2,
	}
	// Owner-only records unless a test configures the channel otherwise
	// (trust_test.go tests mode "and").
	e.configure(endorsement.EndorsementModeOwner)
	return e
}

// configure sets the channel's endorsement configuration to mode with
// both organisations, endorsed by both, and requires that it commits.
func (e *env) configure(mode string) {
	e.t.Helper()
	// A change needs an admin of each configured organisation: the first
	// approval alone applies only the channel's first configuration.
	for _, admin := range []*fakeid.Identity{e.admin1, e.admin2} {
		r := e.ledger.SubmitAs(e.cc, []string{"Org1MSP", "Org2MSP"}, admin.Creator, Name+":SetEndorsementConfig",
			`{"mode":"`+mode+`","orgs":["Org1MSP","Org2MSP"]}`)
		require.True(e.t, r.Committed, "SetEndorsementConfig: %s %s", r.Response.GetMessage(), r.ValidationDetail)
		if decode[endorsement.EndorsementConfig](e.t, r).Mode == mode {
			return
		}
	}
	e.t.Fatalf("SetEndorsementConfig: mode %s not applied", mode)
}

// asDeployed gives e's chaincode the serializer it has on a peer, without
// the harness's check of results against their schema, for benchmarks.
func (e *env) asDeployed() *env {
	e.cc.TransactionSerializer = new(resultSerializer)
	return e
}

// submit runs a transaction of the bbs contract as id and commits it if it
// succeeds.
func (e *env) submit(id *fakeid.Identity, fn string, args ...string) fakestub.Result {
	e.t.Helper()
	return e.ledger.Submit(e.cc, id.Creator, append([]string{Name + ":" + fn}, args...)...)
}

// evaluate runs a transaction of the bbs contract as id without committing.
func (e *env) evaluate(id *fakeid.Identity, fn string, args ...string) fakestub.Result {
	e.t.Helper()
	return e.ledger.Evaluate(e.cc, id.Creator, append([]string{Name + ":" + fn}, args...)...)
}

// decode unmarshals a successful result's payload.
func decode[T any](t *testing.T, r fakestub.Result) T {
	t.Helper()
	return fakestub.Decode[T](t, r)
}

// requireFailure checks that r failed with a message containing every
// substring of want, and wrote nothing to the ledger.
func requireFailure(t *testing.T, r fakestub.Result, want ...string) {
	t.Helper()
	require.False(t, r.OK(), "transaction succeeded with %s", r.Response.GetPayload())
	for _, w := range want {
		require.Contains(t, r.Response.GetMessage(), w)
	}
	require.False(t, r.Committed)
	require.Zero(t, r.Writes, "a failed transaction wrote %d keys", r.Writes)
	require.Nil(t, r.Event)
}

// keyPair is a key of a scheme made from a fixed seed.
type keyPair struct {
	scheme bbs.Scheme
	sk     *bbs.SecretKey
}

func newKeyPair(t *testing.T, s bbs.Scheme, seed byte) *keyPair {
	t.Helper()
	material := make([]byte, 32)
	for i := range material {
		material[i] = seed + byte(i)
	}
	sk, err := s.NewKeyFromSeed(material)
	require.NoError(t, err)
	return &keyPair{scheme: s, sk: sk}
}

func (k *keyPair) publicKeyText() string {
	return base64.StdEncoding.EncodeToString(k.sk.PublicKey().Bytes())
}

// hasHeader reports whether the scheme signs a header, by trying one.
func hasHeader(t *testing.T, s bbs.Scheme) bool {
	t.Helper()
	k := newKeyPair(t, s, 99)
	_, err := s.Sign(k.sk, []byte("h"), [][]byte{[]byte("m")})
	return err == nil
}

// credential is a signed list of messages.
type credential struct {
	key      *keyPair
	header   []byte
	messages [][]byte
	sig      *bbs.Signature
}

var testMessages = [][]byte{
	[]byte(`{"name":"Alice Müller"}`),
	[]byte(`{"birthdate":"1990-04-01"}`),
	[]byte(`{"degree":"MSc"}`),
	[]byte(`{"university":"Example"}`),
	{0, 1, 2, 0xff},
}

func sign(t *testing.T, k *keyPair, header []byte) *credential {
	t.Helper()
	sig, err := k.scheme.Sign(k.sk, header, testMessages)
	require.NoError(t, err)
	return &credential{key: k, header: header, messages: testMessages, sig: sig}
}

// present derives a proof revealing the given indices for nonce, with
// deterministic randomness, and returns the request for it.
func (c *credential) present(t *testing.T, issuer string, nonce []byte, revealed ...int) *request.Request {
	t.Helper()
	rnd := rand.NewChaCha8([32]byte{byte(len(nonce)), byte(len(revealed))})
	proof, err := c.key.scheme.DeriveProof(rnd, c.key.sk.PublicKey(), c.sig, c.header, nonce, c.messages, revealed)
	require.NoError(t, err)
	d := &request.Decoded{Issuer: issuer, Proof: proof.Bytes(), Nonce: nonce, Header: c.header}
	for _, i := range revealed {
		d.Disclosed = append(d.Disclosed, request.Message{Index: i, Message: c.messages[i]})
	}
	return d.Encode()
}

// jsonArg marshals a transaction argument.
func jsonArg(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// newTestContext returns a transaction context for calling contract
// internals directly.
func newTestContext(stub shim.ChaincodeStubInterface) *contractapi.TransactionContext {
	ctx := &contractapi.TransactionContext{}
	ctx.SetStub(stub)
	return ctx
}

// withoutEndorsementConfig returns keys without the endorsement
// configuration's key, which newEnv writes.
func withoutEndorsementConfig(keys []string) []string {
	var out []string
	for _, k := range keys {
		if k != "\x00"+endorsement.EndorsementObjectType+"\x00" && !strings.HasPrefix(k, "\x00"+records.EndorsementApproval.ObjectType+"\x00") {
			out = append(out, k)
		}
	}
	return out
}

// popStatement is the statement of a proof of possession as the contract
// rebuilds it for a transaction of who on the test channel.
func popStatement(who *fakeid.Identity, purpose, id string, version int, scheme string) *registration.Statement {
	return &registration.Statement{
		Purpose: purpose, Channel: testChannel, IssuerID: id, KeyVersion: version, Scheme: scheme,
		MSPID: who.MSPID, SubmitterID: request.SubmitterID(who.Cert),
	}
}

// pop makes the proof of possession of k for st, deterministically.
func (k *keyPair) pop(t testing.TB, st *registration.Statement) string {
	t.Helper()
	p, err := registration.Prove(rand.NewChaCha8([32]byte{7}), k.sk, st)
	require.NoError(t, err)
	return base64.StdEncoding.EncodeToString(p)
}

// registrationDoc is a RegisterIssuer argument registering k as issuer id
// for who, with a valid proof of possession. A bbs+2020 issuer pins counts,
// by default the count of testMessages.
func registrationDoc(t testing.TB, who *fakeid.Identity, id string, k *keyPair, description string, counts ...int) string {
	t.Helper()
	doc := registration.Registration{
		ID: id, Scheme: k.scheme.Name(), PublicKey: k.publicKeyText(), Description: description,
		ProofOfPossession: k.pop(t, popStatement(who, registration.PurposeRegister, id, 1, k.scheme.Name())),
	}
	if len(counts) == 0 && k.scheme.Name() == bbs.BBSPlus2020Name {
		counts = []int{len(testMessages)}
	}
	if len(counts) > 0 {
		b, err := json.Marshal(issuers.IssuerSettings{MessageCounts: counts})
		require.NoError(t, err)
		doc.Settings = b
	}
	b, err := json.Marshal(doc)
	require.NoError(t, err)
	return string(b)
}

// rotationDoc is a RotateIssuerKey argument adding k as key version of
// issuer id, submitted by who, with a valid proof of possession.
func rotationDoc(t testing.TB, who *fakeid.Identity, id string, version int, k *keyPair) string {
	t.Helper()
	b, err := json.Marshal(registration.Rotation{
		ID: id, KeyVersion: version, PublicKey: k.publicKeyText(),
		ProofOfPossession: k.pop(t, popStatement(who, registration.PurposeRotate, id, version, k.scheme.Name())),
	})
	require.NoError(t, err)
	return string(b)
}

// register submits RegisterIssuer of k as issuer id by who (see
// registrationDoc).
func (e *env) register(who *fakeid.Identity, id string, k *keyPair, description string, counts ...int) fakestub.Result {
	e.t.Helper()
	return e.submit(who, "RegisterIssuer", registrationDoc(e.t, who, id, k, description, counts...))
}

// rotate submits RotateIssuerKey adding k to issuer id as the next
// version, read from the ledger.
func (e *env) rotate(who *fakeid.Identity, id string, k *keyPair) fakestub.Result {
	e.t.Helper()
	r := e.evaluate(who, "GetIssuer", id)
	version := 2
	if r.OK() {
		var is issuers.Issuer
		require.NoError(e.t, json.Unmarshal(r.Response.Payload, &is))
		version = len(is.Keys) + 1
	}
	return e.submit(who, "RotateIssuerKey", rotationDoc(e.t, who, id, version, k))
}

// allCounts pins every message count, for issuers whose proofs come from
// interop vectors of many counts.
func allCounts() []int {
	c := make([]int, bbs.MaxMessages)
	for i := range c {
		c[i] = i + 1
	}
	return c
}

// seedIssuer writes an issuer record for a public key whose secret the
// test does not have (interop vectors), as RegisterIssuer would write it
// for alice but without a proof of possession. It returns an error, as
// RegisterIssuer would, for a key that does not parse.
func (e *env) seedIssuer(id, scheme, publicKeyText, description string, counts []int) error {
	e.t.Helper()
	s, err := bbs.SchemeByName(scheme)
	require.NoError(e.t, err)
	keyBytes, err := issuers.DecodePublicKeyText(publicKeyText)
	if err != nil {
		return err
	}
	pk, err := s.ParsePublicKey(keyBytes)
	if err != nil {
		return fmt.Errorf("%w: publicKey is not a valid %s public key: %v", base.ErrInvalidArgument, s.Name(), err)
	}
	stub := e.ledger.NewStub(e.alice.Creator)
	now, err := base.TxTime(stub)
	require.NoError(e.t, err)
	is := &issuers.Issuer{
		ID: id, Scheme: s.Name(), Description: description,
		Owner:          base.Owner{MSPID: e.alice.MSPID, ID: request.SubmitterID(e.alice.Cert)},
		CurrentVersion: 1,
		Keys:           []issuers.IssuerKey{{Version: 1, PublicKey: pk.Bytes(), CreatedAt: now}},
		Settings:       issuers.IssuerSettings{MessageCounts: counts},
		CreatedAt:      now, UpdatedAt: now,
	}
	if err := issuers.IndexPublicKey(stub, is, 1); err != nil {
		return err
	}
	require.NoError(e.t, issuers.PutIssuer(stub, is))
	e.ledger.Commit(stub)
	return nil
}

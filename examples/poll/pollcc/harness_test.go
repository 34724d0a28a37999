// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	bbscontract "github.com/fabric-bbs/fabric-bbs/contract"
	"github.com/fabric-bbs/fabric-bbs/examples/poll/ballot"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
	"github.com/stretchr/testify/require"
)

const (
	testChannel = "polls-channel"
	issuerID    = "ministry"
)

// env is a channel with the real bbs chaincode and the poll chaincode, each
// endorsed by either organisation, an issuer of a pseudonym scheme
// registered by admin (Org1), and identities:
//
//   - admin: Org1, registers the issuer, creates policies and polls;
//   - relay: Org1, submits votes handed to it by voters;
//   - voter, other: Org2 clients, the holders of credentials;
type env struct {
	t                             *testing.T
	ledger                        *fakestub.Ledger
	bbs                           *bbscontract.Chaincode
	poll                          *contractapi.ContractChaincode
	admin, relay, voter, other    *fakeid.Identity
	scheme                        bbs.PseudonymScheme
	sk                            *bbs.SecretKey
	holderBE, holderBE2, holderNL *holder
}

var ids struct {
	admin, relay, voter, other, orgAdmin *fakeid.Identity
}

func newEnv(t *testing.T) *env {
	t.Helper()
	if ids.admin == nil {
		org1 := fakeid.NewCA(t, "Org1MSP", pkix.Name{Organization: []string{"org1.example.com"}, CommonName: "ca.org1.example.com"})
		org2 := fakeid.NewCA(t, "Org2MSP", pkix.Name{Organization: []string{"org2.example.com"}, CommonName: "ca.org2.example.com"})
		ids.admin = org1.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "admin"}, nil)
		ids.relay = org1.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "relay"}, nil)
		ids.voter = org2.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "voter"}, nil)
		ids.other = org2.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "other"}, nil)
		ids.orgAdmin = org1.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "registrar"}, map[string]string{AdminAttribute: "true"})
	}
	bbsCC, err := bbscontract.NewChaincode()
	require.NoError(t, err)
	pollCC, err := NewChaincode()
	require.NoError(t, err)
	l := fakestub.NewLedger(testChannel)
	either := fakestub.MSPPolicy(1, "Org1MSP", "Org2MSP")
	require.NoError(t, l.Deploy("bbs", bbsCC, either))
	require.NoError(t, l.Deploy("poll", pollCC, either))

	s := bbs.PseudonymSchemes()[0]
	seed := make([]byte, 32)
	for i := range seed {
		seed[i] = byte(i + 1)
	}
	sk, err := s.NewKeyFromSeed(seed)
	require.NoError(t, err)
	e := &env{t: t, ledger: l, bbs: bbsCC, poll: pollCC, admin: ids.admin, relay: ids.relay, voter: ids.voter, other: ids.other, scheme: s, sk: sk}
	e.bbsOK(e.admin, "SetEndorsementConfig", `{"mode":"owner","orgs":["Org1MSP","Org2MSP"]}`)
	e.bbsOK(e.admin, "RegisterIssuer", registrationDoc(t, e.admin, sk, "national ID cards"))
	e.holderBE = e.newHolder(1, "BE")
	e.holderBE2 = e.newHolder(2, "BE")
	e.holderNL = e.newHolder(3, "NL")
	return e
}

// bbsOK submits a bbs transaction and requires that it commits.
func (e *env) bbsOK(id *fakeid.Identity, fn string, args ...string) fakestub.Result {
	e.t.Helper()
	r := e.ledger.Submit(e.bbs, id.Creator, append([]string{fn}, args...)...)
	require.True(e.t, r.Committed, "%s: %s (%s)", fn, r.Response.GetMessage(), r.ValidationDetail)
	return r
}

// submit runs a poll transaction as id and commits it if it succeeds.
func (e *env) submit(id *fakeid.Identity, fn string, args ...string) fakestub.Result {
	e.t.Helper()
	return e.ledger.Submit(e.poll, id.Creator, append([]string{fn}, args...)...)
}

// evaluate runs a poll transaction as id without committing.
func (e *env) evaluate(id *fakeid.Identity, fn string, args ...string) fakestub.Result {
	e.t.Helper()
	return e.ledger.Evaluate(e.poll, id.Creator, append([]string{fn}, args...)...)
}

// countryPolicy returns a policy document admitting holders of the
// ministry's credentials who disclose country (message 1), once per
// pseudonym in context.
func countryPolicy(id, country, context string, uses int) string {
	return `{"id":"` + id + `","issuers":[{"id":"` + issuerID + `"}],"disclosed":[{"index":1,"equals":"` +
		b64(country) + `"}],"pseudonym":{"context":"` + b64(context) + `","uses":` + strconv.Itoa(uses) + `}}`
}

// newPoll creates a policy for country and the poll keyed by it.
func (e *env) newPoll(pollID, country string) {
	e.t.Helper()
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy(pollID, country, pollID, 1))
	r := e.submit(e.admin, "CreatePoll", pollID, `["yes","no","abstain"]`)
	require.True(e.t, r.Committed, "CreatePoll: %s", r.Response.GetMessage())
}

// holder is the holder of a credential of a pseudonym scheme, made as
// cmd/bbs makes it: one nym secret, no holder-committed message.
type holder struct {
	e        *env
	messages [][]byte
	sig      *bbs.Signature
	secret   *bbs.NymSecret
	seed     byte
	proofs   int
}

func (e *env) newHolder(seed byte, country string) *holder {
	e.t.Helper()
	rnd := rand.NewChaCha8([32]byte{seed})
	messages := [][]byte{[]byte("name-" + string('a'+rune(seed))), []byte(country), []byte("1990-04-01")}
	com, prover, err := e.scheme.CommitWithNym(rnd, nil, bbs.DefaultNymCount)
	require.NoError(e.t, err)
	sig, entropy, err := e.scheme.BlindSignWithNym(rnd, e.sk, com, nil, messages)
	require.NoError(e.t, err)
	secret, err := e.scheme.FinalizeWithNym(e.sk.PublicKey(), sig, nil, messages, nil, prover, entropy)
	require.NoError(e.t, err)
	return &holder{e: e, messages: messages, sig: sig, secret: secret, seed: seed}
}

// prove derives a proof disclosing the country with the pseudonym of
// context and the given nonce.
func (h *holder) prove(context string, nonce []byte) *request.Decoded {
	t := h.e.t
	t.Helper()
	h.proofs++
	rnd := rand.NewChaCha8([32]byte{h.seed, byte(h.proofs)})
	proof, nym, err := h.e.scheme.DeriveProofWithPseudonym(rnd, h.e.sk.PublicKey(), h.sig, nil, nonce, []byte(context), h.messages, nil, []int{1}, nil, h.secret)
	require.NoError(t, err)
	return &request.Decoded{Issuer: issuerID, Proof: proof.Bytes(), Nonce: nonce,
		Disclosed: []request.Message{{Index: 1, Message: h.messages[1]}},
		Pseudonym: nym.Bytes(), Context: []byte(context)}
}

// salt returns a fresh salt of the holder.
func (h *holder) salt() []byte {
	h.proofs++
	s := make([]byte, 16)
	for i := range s {
		s[i] = h.seed ^ byte(h.proofs) ^ byte(i*31)
	}
	return s
}

// relayed is the request of a vote for option in poll that the holder
// hands to a relay: the ballot is the proof's nonce.
func (h *holder) relayed(pollID, option string) string {
	b, err := ballot.New(testChannel, pollID, option, h.salt())
	require.NoError(h.e.t, err)
	return jsonText(h.e.t, h.prove(pollID, b).Encode())
}

// direct is the request of a vote the holder submits as id: the nonce is
// bound to id, with the ballot as its salt.
func (h *holder) direct(id *fakeid.Identity, pollID, option string) string {
	b, err := ballot.New(testChannel, pollID, option, h.salt())
	require.NoError(h.e.t, err)
	d := h.prove(pollID, request.BoundNonce(testChannel, id.MSPID, request.SubmitterID(id.Cert), b))
	d.BindSubmitter, d.Salt = true, b
	return jsonText(h.e.t, d.Encode())
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// decode is fakestub.Decode.
func decode[T any](t *testing.T, r fakestub.Result) T {
	t.Helper()
	return fakestub.Decode[T](t, r)
}

// requireRefused checks that r failed with a message containing every
// substring of want, and wrote nothing.
func requireRefused(t *testing.T, r fakestub.Result, want ...string) {
	t.Helper()
	require.False(t, r.OK(), "transaction succeeded with %s", r.Response.GetPayload())
	for _, w := range want {
		require.Contains(t, r.Response.GetMessage(), w)
	}
	require.False(t, r.Committed)
	require.Nil(t, r.Event)
}

func (e *env) tally(pollID string) map[string]int {
	e.t.Helper()
	tl := decode[Tally](e.t, e.evaluate(e.admin, "Tally", pollID))
	out := map[string]int{"total": tl.Total}
	for _, c := range tl.Counts {
		out[c.Option] = c.Votes
	}
	return out
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// registrationDoc is the RegisterIssuer argument registering sk as the
// issuer for who, with its proof of possession.
func registrationDoc(t *testing.T, who *fakeid.Identity, sk *bbs.SecretKey, description string) string {
	t.Helper()
	st := &registration.Statement{Purpose: registration.PurposeRegister, Channel: testChannel, IssuerID: issuerID,
		KeyVersion: 1, Scheme: sk.Scheme().Name(), MSPID: who.MSPID, SubmitterID: request.SubmitterID(who.Cert)}
	pop, err := registration.Prove(rand.NewChaCha8([32]byte{9}), sk, st)
	require.NoError(t, err)
	b, err := json.Marshal(registration.Registration{ID: issuerID, Scheme: sk.Scheme().Name(),
		PublicKey:   base64.StdEncoding.EncodeToString(sk.PublicKey().Bytes()),
		Description: description, ProofOfPossession: base64.StdEncoding.EncodeToString(pop)})
	require.NoError(t, err)
	return string(b)
}

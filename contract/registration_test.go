// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/stretchr/testify/require"
)

// TestRegisterIssuerPseudonymSchemes: a pseudonym scheme's key registers
// with a proof of possession made with its IETF ciphersuite.
func TestRegisterIssuerPseudonymSchemes(t *testing.T) {
	for i, s := range bbs.PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			e := newEnv(t)
			k := newKeyPair(t, s, byte(30+i))
			is := decode[issuers.Issuer](t, e.register(e.alice, "nym", k, ""))
			require.Equal(t, s.Name(), is.Scheme)
			require.True(t, e.rotate(e.alice, "nym", newKeyPair(t, s, byte(40+i))).Committed)
		})
	}
}

// TestProofOfPossessionIsBound: a proof of possession made for one
// channel, issuer ID, submitter, purpose, key version or scheme does not
// register the key under any other; nothing is written.
func TestProofOfPossessionIsBound(t *testing.T) {
	e := newEnv(t)
	k := newKeyPair(t, bbs.BBSPlus2020(), 11)
	good := func() *registration.Statement {
		return popStatement(e.alice, registration.PurposeRegister, "acme", 1, bbs.BBSPlus2020Name)
	}
	cases := map[string]func(st *registration.Statement){
		"another channel":        func(st *registration.Statement) { st.Channel = "other-channel" },
		"another issuer ID":      func(st *registration.Statement) { st.IssuerID = "acme2" },
		"another submitter":      func(st *registration.Statement) { st.SubmitterID = popStatement(e.bob, "", "", 0, "").SubmitterID },
		"another MSP":            func(st *registration.Statement) { st.MSPID = "Org2MSP" },
		"purpose rotate":         func(st *registration.Statement) { st.Purpose = registration.PurposeRotate },
		"key version 2":          func(st *registration.Statement) { st.KeyVersion = 2 },
		"another scheme name":    func(st *registration.Statement) { st.Scheme = bbs.BLS12381SHA256Name },
		"an empty submitter":     func(st *registration.Statement) { st.SubmitterID = "" },
		"the same, as its proof": func(*registration.Statement) {},
	}
	for name, change := range cases {
		t.Run(name, func(t *testing.T) {
			st := good()
			change(st)
			doc := registration.Registration{ID: "acme", Scheme: bbs.BBSPlus2020Name, PublicKey: k.publicKeyText(),
				Settings: json.RawMessage(`{"messageCounts":[5]}`)}
			if name == "another scheme name" {
				// Made with the IETF scheme on the same secret.
				ietf, err := bbs.BLS12381SHA256().ParseSecretKey(k.sk.Bytes())
				require.NoError(t, err)
				doc.ProofOfPossession = (&keyPair{scheme: bbs.BLS12381SHA256(), sk: ietf}).pop(t, st)
			} else {
				if name == "the same, as its proof" {
					// A proof of possession of another key, for the right statement.
					doc.ProofOfPossession = newKeyPair(t, bbs.BBSPlus2020(), 12).pop(t, st)
				} else {
					doc.ProofOfPossession = k.pop(t, st)
				}
			}
			before := e.ledger.Keys()
			requireFailure(t, e.submit(e.alice, "RegisterIssuer", jsonArg(t, doc)), "access denied", "the proof of possession does not verify")
			require.Equal(t, before, e.ledger.Keys())
		})
	}
	// The statement as the contract rebuilds it registers.
	doc := registration.Registration{ID: "acme", Scheme: bbs.BBSPlus2020Name, PublicKey: k.publicKeyText(),
		Settings: json.RawMessage(`{"messageCounts":[5]}`), ProofOfPossession: k.pop(t, good())}
	require.True(t, e.submit(e.alice, "RegisterIssuer", jsonArg(t, doc)).Committed)
}

// TestKeySquattingRefused: someone who saw an issuer's
// public key (and even its registration transaction) cannot register it
// first under an ID of their own; the key holder's own registration
// succeeds afterwards.
func TestKeySquattingRefused(t *testing.T) {
	e := newEnv(t)
	k := newKeyPair(t, bbs.BBSPlus2020(), 13)
	// The real issuer's registration document, made for alice, is public
	// once submitted; the squatter replays its proof under its own IDs.
	real := registrationDoc(t, e.alice, "acme", k, "Acme")
	var doc registration.Registration
	require.NoError(t, json.Unmarshal([]byte(real), &doc))
	for _, who := range []*fakeid.Identity{e.admin2, e.bob} {
		for _, id := range []string{"acme", "squat"} {
			d := doc
			d.ID = id
			before := e.ledger.Keys()
			requireFailure(t, e.submit(who, "RegisterIssuer", jsonArg(t, d)), "the proof of possession does not verify")
			require.Equal(t, before, e.ledger.Keys())
		}
	}
	// Without the secret, the squatter's best is a proof by a key of its
	// own, which does not verify under the issuer's key.
	d := doc
	d.ProofOfPossession = newKeyPair(t, bbs.BBSPlus2020(), 14).pop(t, popStatement(e.admin2, registration.PurposeRegister, "squat", 1, bbs.BBSPlus2020Name))
	d.ID = "squat"
	requireFailure(t, e.submit(e.admin2, "RegisterIssuer", jsonArg(t, d)), "the proof of possession does not verify")
	require.True(t, e.submit(e.alice, "RegisterIssuer", real).Committed)
}

// TestUnpinnedBBSPlusIssuerVerifiesNothing: a bbs+2020 record without
// pinned counts (written before they were required) refuses every proof
// before any curve arithmetic, until its owner pins the counts.
func TestUnpinnedBBSPlusIssuerVerifiesNothing(t *testing.T) {
	e := newEnv(t)
	k := newKeyPair(t, bbs.BBSPlus2020(), 15)
	require.NoError(t, e.seedIssuer("legacy", bbs.BBSPlus2020Name, k.publicKeyText(), "", nil))
	req := sign(t, k, nil).present(t, "legacy", []byte("legacy issuer nonce 0123"), 1)
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "without pinned messageCounts")
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), "without pinned messageCounts")
	batch := decode[proofs.BatchResults](t, e.evaluate(e.bob, "VerifyProofs", jsonArg(t, []any{req})))
	require.False(t, batch.Results[0].Valid)

	requireFailure(t, e.submit(e.alice, "SetIssuerSettings", "legacy", `{}`), "must pin messageCounts")
	require.True(t, e.submit(e.alice, "SetIssuerSettings", "legacy", `{"messageCounts":[5]}`).Committed)
	require.True(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req))).Valid)
}

// SPDX-License-Identifier: Apache-2.0

// Package inline shows the second way to build on fabric-bbs: a chaincode
// of one's own that imports packages request and bbs and verifies proofs
// itself, without the bbs chaincode. Gate is such a contract, reduced to
// one transaction; see its Example.
//
// What the bbs chaincode adds is then the application's to do: the issuer
// registry and who may change it, nonce replay protection, submitter-bound
// nonces, pseudonym use counts, policies (package policy evaluates them
// given a policy.Statement).
package inline

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// IssuerKeyState is the state key under which Gate's deployer stores the
// trusted issuer's public key (scheme SchemeName).
const IssuerKeyState = "issuer-key"

// SchemeName is the BBS scheme of the trusted issuer.
const SchemeName = "bbs-bls12381-sha256"

// Gate admits holders of a credential of one trusted issuer who disclose
// message 1 equal to "country=BE".
type Gate struct {
	contractapi.Contract
}

// Enter verifies the request body (package request's JSON) against the
// trusted issuer key and returns the disclosed country. The proof's nonce
// must be bound to the submitting identity (request.BoundNonce), so a
// copied request is useless to anyone else.
func (g *Gate) Enter(ctx contractapi.TransactionContextInterface, body string) (string, error) {
	req, err := request.Parse([]byte(body)) // limits, strict JSON
	if err != nil {
		return "", err
	}
	d, err := req.Decode()
	if err != nil {
		return "", err
	}
	stub := ctx.GetStub()
	id, err := ctx.GetClientIdentity().GetID()
	if err != nil {
		return "", fmt.Errorf("identifying the submitter: %w", err)
	}
	msp, err := ctx.GetClientIdentity().GetMSPID()
	if err != nil {
		return "", fmt.Errorf("identifying the submitter's MSP: %w", err)
	}
	if !d.BindSubmitter || !bytes.Equal(d.Nonce, request.BoundNonce(stub.GetChannelID(), msp, id, d.Salt)) {
		return "", errors.New("the nonce must be bound to the submitter")
	}
	scheme, err := bbs.SchemeByName(SchemeName)
	if err != nil {
		return "", err
	}
	key, err := stub.GetState(IssuerKeyState)
	if err != nil || key == nil {
		return "", fmt.Errorf("no trusted issuer key (%v)", err)
	}
	pk, err := scheme.ParsePublicKey(key)
	if err != nil {
		return "", err
	}
	proof, err := scheme.ParseProof(d.Proof)
	if err != nil {
		return "", err
	}
	disclosed := make([]bbs.DisclosedMessage, len(d.Disclosed))
	for i, m := range d.Disclosed {
		disclosed[i] = bbs.DisclosedMessage{Index: m.Index, Message: m.Message}
	}
	if len(d.Disclosed) != 1 || d.Disclosed[0].Index != 1 || string(d.Disclosed[0].Message) != "country=BE" {
		return "", errors.New("message 1 must be disclosed and be country=BE")
	}
	if err := scheme.VerifyProof(pk, proof, d.Header, d.Nonce, disclosed); err != nil {
		return "", fmt.Errorf("proof rejected: %w", err)
	}
	return string(d.Disclosed[0].Message), nil
}

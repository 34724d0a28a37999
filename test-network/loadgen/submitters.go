// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// submitter is an identity the load tool submits as: the registrations it
// submits carry proofs of possession made for it.
type submitter struct {
	mspID string
	id    string // client identity ID (request.SubmitterID)
}

// loadSubmitters reads the certificates of the load tool's clients, in
// the order bbs-load and bbs-soak make them (gwclient.Dial): for each org
// 1..orgs, for each user, orgDir/peerOrganizations/orgN.example.com/users/
// USER@orgN.example.com/msp/signcerts/ (its first regular file by name).
func loadSubmitters(orgDir string, orgs int, users []string) ([]submitter, error) {
	var out []submitter
	for org := 1; org <= orgs; org++ {
		domain := fmt.Sprintf("org%d.example.com", org)
		for _, u := range users {
			dir := filepath.Join(orgDir, "peerOrganizations", domain, "users", u+"@"+domain, "msp", "signcerts")
			entries, err := os.ReadDir(dir)
			if err != nil {
				return nil, fmt.Errorf("-org-dir: %w", err)
			}
			names := []string{}
			for _, e := range entries {
				if e.Type().IsRegular() {
					names = append(names, e.Name())
				}
			}
			sort.Strings(names)
			if len(names) == 0 {
				return nil, fmt.Errorf("-org-dir: no certificate in %s", dir)
			}
			pemBytes, err := os.ReadFile(filepath.Join(dir, names[0]))
			if err != nil {
				return nil, fmt.Errorf("-org-dir: %w", err)
			}
			id, err := request.SubmitterIDFromPEM(pemBytes)
			if err != nil {
				return nil, fmt.Errorf("-org-dir: %s: %w", dir, err)
			}
			out = append(out, submitter{mspID: fmt.Sprintf("Org%dMSP", org), id: id})
		}
	}
	return out, nil
}

// registrationDoc is the RegisterIssuer argument of sk as issuer id for
// sub on channel, with its proof of possession (blindings from the seed)
// and, for bbs+2020, the bench credentials' message count pinned.
func registrationDoc(o *options, sk *bbs.SecretKey, id, description string, sub submitter, label string, i int) (string, error) {
	s := sk.Scheme()
	st := &registration.Statement{Purpose: registration.PurposeRegister, Channel: o.channel, IssuerID: id, KeyVersion: 1,
		Scheme: s.Name(), MSPID: sub.mspID, SubmitterID: sub.id}
	pop, err := registration.Prove(stream(o.seed, "pop/"+s.Name()+"/"+label, i), sk, st)
	if err != nil {
		return "", fmt.Errorf("proof of possession of %s: %w", id, err)
	}
	doc := registration.Registration{ID: id, Scheme: s.Name(), Description: description,
		PublicKey:         base64.StdEncoding.EncodeToString(sk.PublicKey().Bytes()),
		ProofOfPossession: base64.StdEncoding.EncodeToString(pop)}
	if s.Name() == bbs.BBSPlus2020Name {
		doc.Settings = []byte(fmt.Sprintf(`{"messageCounts":[%d]}`, messageCount))
	}
	b, err := json.Marshal(doc)
	return string(b), err
}

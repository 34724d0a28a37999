// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/examples/poll/ballot"
	"github.com/fabric-bbs/fabric-bbs/examples/poll/pollcc"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// vote.jsonl is what it says: races of voteRace CastVotes of the poll
// chaincode in the poll vote-setup.jsonl creates (its bbs policy: the
// voters' issuer, a pseudonym in the poll's context, one use), each a valid
// pseudonym proof whose nonce is the ballot of its option; one voter (one
// pseudonym) per race, a voter of its own for each race. Without a poll
// chaincode there are no votes.
func TestVoteLines(t *testing.T) {
	dir := t.TempDir()
	if code := run([]string{"-out", dir, "-org-dir", fakeOrgDir(t), "-light", "0", "-single", "0", "-mix", "16",
		"-schemes", "bbs-bls12381-shake256,bbs+2020", "-channel", "soakchannel"}, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "bbsplus2020", "vote.jsonl")); !os.IsNotExist(err) {
		t.Errorf("bbs+2020 has a vote.jsonl (%v)", err)
	}
	sd := filepath.Join(dir, "bbs-bls12381-shake256")
	setup := readTxs(t, filepath.Join(sd, "vote-setup.jsonl"))
	if len(setup) != 3 || setup[0].Name != "RegisterIssuer" || setup[1].Name != "CreatePolicy" || setup[2].Name != "CreatePoll" {
		t.Fatalf("vote setup %+v", setup)
	}
	reg, err := registration.ParseRegistration(setup[0].Args[0])
	if err != nil {
		t.Fatal(err)
	}
	pol, err := policy.Parse([]byte(setup[1].Args[0]))
	if err != nil {
		t.Fatal(err)
	}
	poll := setup[2].Args[0]
	if pol.ID != poll || len(pol.Issuers) != 1 || pol.Issuers[0].ID != reg.ID || pol.Pseudonym == nil ||
		!bytes.Equal(pol.Pseudonym.Context, []byte(poll)) || pol.Pseudonym.Uses != 1 {
		t.Fatalf("the poll's policy %+v does not gate poll %s by a pseudonym of issuer %s, one use", pol, poll, reg.ID)
	}
	if opts, err := pollcc.ParseOptions(setup[2].Args[1]); err != nil || len(opts) != 2 {
		t.Fatalf("poll options %q: %v", setup[2].Args[1], err)
	}
	if setup[0].Chaincode != "" || setup[1].Chaincode != "" || setup[2].Chaincode != "poll" {
		t.Fatalf("setup chaincodes %q %q %q, want bbs, bbs, poll", setup[0].Chaincode, setup[1].Chaincode, setup[2].Chaincode)
	}
	s, err := bbs.SchemeByName(reg.Scheme)
	if err != nil {
		t.Fatal(err)
	}
	ns, ok := s.(bbs.PseudonymScheme)
	if !ok || s.Name() != bbs.NymBLS12381SHAKE256Name {
		t.Fatalf("voters' issuer scheme %s", reg.Scheme)
	}
	kb, _ := base64.StdEncoding.DecodeString(reg.PublicKey)
	pk, err := s.ParsePublicKey(kb)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(sd, "vote.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var lines []VoteTx
	for sc.Scan() {
		var l VoteTx
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	if want := nymRaces(16) * voteRace; len(lines) != want || want < 2*voteRace {
		t.Fatalf("%d vote lines, want %d (at least two races)", len(lines), want)
	}
	nonces, pseudonyms, options := map[string]bool{}, map[string]string{}, map[string]int{}
	for i, l := range lines {
		if l.Name != "CastVote" || l.Chaincode != "poll" || len(l.Args) != 3 || l.Args[0] != poll || l.Args[1] != l.Option || l.Poll != poll {
			t.Fatalf("line %d: not a CastVote of poll %s for its option: %s %q %v", i, poll, l.Chaincode, l.Name, l.Args[:min(2, len(l.Args))])
		}
		options[l.Option]++
		r, err := request.Parse([]byte(l.Args[2]))
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		d, err := r.Decode()
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if err := ballot.Check(d.Nonce, "soakchannel", poll, l.Option); err != nil || !bytes.Equal(d.Context, []byte(poll)) {
			t.Fatalf("line %d: the nonce is not the ballot of its vote (%v), or the context %q is not the poll", i, err, d.Context)
		}
		nym, err := ns.ParsePseudonym(d.Pseudonym)
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		proof, err := s.ParseProof(d.Proof)
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		var disc []bbs.DisclosedMessage
		for _, m := range d.Disclosed {
			disc = append(disc, bbs.DisclosedMessage{Index: m.Index, Message: m.Message})
		}
		if err := ns.VerifyProofWithPseudonym(pk, proof, nym, d.Header, d.Nonce, d.Context, messageCount, bbs.DefaultNymCount, disc, nil); err != nil {
			t.Fatalf("line %d: proof does not verify: %v", i, err)
		}
		if l.Class != ClassVote || d.Issuer != reg.ID || d.Scheme != s.Name() ||
			l.KeySHA256 != hashHex(kb) || l.NonceSHA256 != hashHex(d.Nonce) || l.ContextSHA256 != hashHex(d.Context) ||
			l.PseudonymHex != hex.EncodeToString(d.Pseudonym) || l.Pseudonym != base64.StdEncoding.EncodeToString(d.Pseudonym) ||
			l.Context != base64.StdEncoding.EncodeToString(d.Context) {
			t.Fatalf("line %d: %+v does not describe its request", i, l.NymTx.Race)
		}
		if nonces[l.NonceSHA256] {
			t.Fatalf("line %d: nonce repeated", i)
		}
		nonces[l.NonceSHA256] = true
		if l.Late != (i%voteRace == voteRace-1) {
			t.Fatalf("line %d: late %v: want the last vote of each race late", i, l.Late)
		}
		if want := lines[i/voteRace*voteRace]; l.Race != want.Race || l.Pseudonym != want.Pseudonym {
			t.Fatalf("line %d: race %s pseudonym %s; its race's first: %s %s", i, l.Race, l.Pseudonym, want.Race, want.Pseudonym)
		}
		if r, ok := pseudonyms[l.Pseudonym]; ok && r != l.Race {
			t.Fatalf("line %d: the voter of race %s votes again in race %s", i, r, l.Race)
		}
		pseudonyms[l.Pseudonym] = l.Race
	}
	if options["yes"] == 0 || options["no"] == 0 {
		t.Fatalf("votes per option %v: want both", options)
	}
	// -poll-chaincode "": no votes.
	dir = t.TempDir()
	if code := run([]string{"-out", dir, "-org-dir", fakeOrgDir(t), "-light", "0", "-single", "0", "-mix", "8",
		"-schemes", "bbs-bls12381-sha256", "-poll-chaincode", ""}, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "bbs-bls12381-sha256", "vote.jsonl")); !os.IsNotExist(err) {
		t.Errorf("-poll-chaincode \"\" wrote a vote.jsonl (%v)", err)
	}
}

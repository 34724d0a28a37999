// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/examples/poll/ballot"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// Poll votes of the soak, in vote.jsonl: for each IETF scheme
// with a pseudonym counterpart, one poll of the poll example chaincode
// (examples/poll, which calls bbs's SubmitProof in the same transaction)
// and races of voteRace CastVotes of one voter in it, each with a ballot
// (the proof's nonce, package ballot) of its own, for options in turn.
// Each voter has a credential of its own, so its pseudonym in the poll's
// context is its own: the poll's policy allows one use per pseudonym, so
// exactly one vote of a race counts; the others are refused
// (BBS_PSEUDONYM_USED through the poll) or fail validation
// (MVCC_READ_CONFLICT on the use count). bbs-soak sends a race's votes
// like a pseudonym race's, through every client (both peers) in turn, and
// its last vote (Late) well after them: a duplicate vote once the voter's
// vote has committed, which must be refused (BBS_PSEUDONYM_USED).
const (
	ClassVote = "vote"
	voteRace  = 5
)

// voteOptions are the options of the soak's polls.
var voteOptions = []string{"yes", "no"}

// VoteTx is one line of vote.jsonl: a NymTx whose transaction is a
// CastVote of the poll chaincode, with the poll and the option voted for.
type VoteTx struct {
	NymTx
	Poll   string `json:"poll"`
	Option string `json:"option"`
	// Late: sent after its race's other votes committed (the last of
	// each race).
	Late bool `json:"late,omitempty"`
}

// pollID is the ID of scheme s's poll (and of its bbs policy, which the
// poll chaincode requires) for seed tag t.
func pollID(s bbs.Scheme, t string) string {
	return fmt.Sprintf("soak-poll-%s-%s", schemeDir(s.Name()), t)
}

// voteFiles writes vote-setup.jsonl (the voters' issuer's registration and
// the poll's bbs policy, then the poll, for o.submitters[0], the policy's
// owner) and vote.jsonl (races races of voteRace CastVotes) of scheme s
// into dir; nothing without a poll chaincode or a pseudonym counterpart.
func voteFiles(o *options, s bbs.Scheme, dir string, races int) error {
	ns := nymScheme(s)
	if ns == nil || races <= 0 || o.pollChaincode == "" {
		return nil
	}
	t := tag(o.seed)
	id := fmt.Sprintf("voters-%s-%s", schemeDir(ns.Name()), t)
	poll := pollID(s, t)
	sk, err := key(o.seed, ns, "vote", 1)
	if err != nil {
		return err
	}
	doc, err := registrationDoc(o, sk, id, "fabric-bbs soak: the voters' issuer of the soak's poll", o.submitters[0], "vote", 0)
	if err != nil {
		return err
	}
	pol, err := json.Marshal(map[string]any{"id": poll, "issuers": []any{map[string]any{"id": id}},
		"pseudonym": map[string]any{"context": base64.StdEncoding.EncodeToString([]byte(poll)), "uses": 1}})
	if err != nil {
		return err
	}
	opts, err := json.Marshal(voteOptions)
	if err != nil {
		return err
	}
	setup := []Tx{{Name: "RegisterIssuer", Args: []string{doc}}, {Name: "CreatePolicy", Args: []string{string(pol)}},
		{Name: "CreatePoll", Args: []string{poll, string(opts)}, Chaincode: o.pollChaincode}}
	if err := writeTxs(filepath.Join(dir, "vote-setup.jsonl"), setup); err != nil {
		return err
	}
	header := []byte("fabric-bbs soak vote " + o.seed)
	var messages [][]byte
	for j := 0; j < messageCount; j++ {
		messages = append(messages, []byte(fmt.Sprintf("voter claim %d of %s", j, id)))
	}
	// One credential per voter (race): its own pseudonym secret.
	type voter struct {
		sig    *bbs.Signature
		secret *bbs.NymSecret
	}
	voters := make([]voter, races)
	err = parallel(o.workers, races, func(k int) error {
		com, prover, err := ns.CommitWithNym(stream(o.seed, "vote/commit/"+ns.Name(), k), nil, bbs.DefaultNymCount)
		if err != nil {
			return fmt.Errorf("voter %d commitment: %w", k, err)
		}
		sig, entropy, err := ns.BlindSignWithNym(stream(o.seed, "vote/sign/"+ns.Name(), k), sk, com, header, messages)
		if err != nil {
			return fmt.Errorf("voter %d signature: %w", k, err)
		}
		secret, err := ns.FinalizeWithNym(sk.PublicKey(), sig, header, messages, nil, prover, entropy)
		if err != nil {
			return fmt.Errorf("voter %d credential: %w", k, err)
		}
		voters[k] = voter{sig, secret}
		return nil
	})
	if err != nil {
		return err
	}
	keyHash := hashHex(sk.PublicKey().Bytes())
	cx := []byte(poll)
	n := races * voteRace
	out := make([]VoteTx, n)
	err = parallel(o.workers, n, func(i int) error {
		race := i / voteRace
		option := voteOptions[i%len(voteOptions)]
		salt := digest(o.seed, "vote/salt/"+ns.Name(), i)
		nc, err := ballot.New(o.channel, poll, option, salt[:])
		if err != nil {
			return fmt.Errorf("ballot %d: %w", i, err)
		}
		v := voters[race]
		proof, nym, err := ns.DeriveProofWithPseudonym(stream(o.seed, "proof/"+ns.Name()+"/vote", i), sk.PublicKey(), v.sig,
			header, nc, cx, messages, nil, revealed, nil, v.secret)
		if err != nil {
			return fmt.Errorf("deriving vote proof %d: %w", i, err)
		}
		d := &request.Decoded{Issuer: id, Scheme: ns.Name(), Proof: proof.Bytes(), Nonce: nc, Header: header,
			Pseudonym: nym.Bytes(), Context: cx}
		for _, idx := range revealed {
			d.Disclosed = append(d.Disclosed, request.Message{Index: idx, Message: messages[idx]})
		}
		b, err := encodeRequest(d)
		if err != nil {
			return fmt.Errorf("vote request %d: %w", i, err)
		}
		out[i] = VoteTx{NymTx: NymTx{
			SoakTx: SoakTx{Tx: Tx{Name: "CastVote", Args: []string{poll, option, string(b)}, Proofs: 1, Chaincode: o.pollChaincode},
				Class: ClassVote, Group: fmt.Sprintf("%s/vote/%d", schemeDir(s.Name()), i), KeySHA256: keyHash, NonceSHA256: hashHex(nc)},
			Race:          fmt.Sprintf("%s/vote-race/%d", schemeDir(s.Name()), race),
			Pseudonym:     base64.StdEncoding.EncodeToString(nym.Bytes()),
			Context:       base64.StdEncoding.EncodeToString(cx),
			ContextSHA256: hashHex(cx),
			PseudonymHex:  hex.EncodeToString(nym.Bytes()),
		}, Poll: poll, Option: option, Late: i%voteRace == voteRace-1}
		return nil
	})
	if err != nil {
		return err
	}
	return writeLines(filepath.Join(dir, "vote.jsonl"), out)
}

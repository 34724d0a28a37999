// SPDX-License-Identifier: Apache-2.0

package gwclient

import (
	"errors"
	"flag"
	"fmt"
	"strings"
)

// AllSchemes are the schemes "-schemes all" selects, in report order.
var AllSchemes = []string{"bbs+2020", "bbs-bls12381-sha256", "bbs-bls12381-shake256"}

// Target is the part of bbs-load's and bbs-soak's command line that names
// the network and what to send: the organizations folder, each org's
// gateway peer, the client identities, the channel, the chaincode and the
// schemes. Register adds the flags, Resolve checks them after parsing.
type Target struct {
	OrgDir             string
	Peers              []Peer // Org1's, then Org2's (absent if optional and empty)
	Users              []string
	Channel, Chaincode string
	Schemes            []string

	peer1, peer2, users, schemes *string
	peer2Optional                bool
}

// Register adds -org-dir, -peer1, -peer2, -users, -channel, -chaincode and
// -schemes to fs. With peer2Optional an empty -peer2 means Org1 only.
func (t *Target) Register(fs *flag.FlagSet, usersHelp string, peer2Optional bool) {
	t.peer2Optional = peer2Optional
	peer2Help := "Org2's gateway peer `address` (127.0.0.1, or peer0.orgN.example.com with NETNS=1)"
	if peer2Optional {
		peer2Help = "Org2's gateway peer `address` (127.0.0.1, or peer0.org2.example.com with NETNS=1; empty: Org1 only)"
	}
	fs.StringVar(&t.OrgDir, "org-dir", "", "the network's organizations `dir` ($ORG_DIR; required)")
	t.peer1 = fs.String("peer1", "127.0.0.1:7051", "Org1's gateway peer `address` (127.0.0.1, or peer0.orgN.example.com with NETNS=1)")
	t.peer2 = fs.String("peer2", "127.0.0.1:9051", peer2Help)
	t.users = fs.String("users", "User1,User2", usersHelp)
	fs.StringVar(&t.Channel, "channel", "mychannel", "channel `name`")
	fs.StringVar(&t.Chaincode, "chaincode", "bbs", "chaincode `name`")
	t.schemes = fs.String("schemes", "all", "`schemes`: all, or a comma-separated list")
}

// Resolve fills Peers, Users and Schemes from the parsed flags: loopback
// peers only, at least one user, known schemes and at least one.
func (t *Target) Resolve() error {
	if t.peer1 == nil {
		return errors.New("gwclient: Target.Resolve before Register")
	}
	t.Peers = nil
	for i, addr := range []string{*t.peer1, *t.peer2} {
		if addr == "" && i == 1 && t.peer2Optional {
			continue
		}
		if err := CheckLoopback(addr); err != nil {
			return fmt.Errorf("-peer%d: %w", i+1, err)
		}
		t.Peers = append(t.Peers, Peer{Org: i + 1, Address: addr})
	}
	if t.Users = SplitList(*t.users); len(t.Users) == 0 {
		return errors.New("-users: none")
	}
	if *t.schemes == "all" {
		t.Schemes = AllSchemes
	} else {
		t.Schemes = SplitList(*t.schemes)
	}
	for _, s := range t.Schemes {
		if !Contains(AllSchemes, s) {
			return fmt.Errorf("-schemes: unknown scheme %q (known: %s)", s, strings.Join(AllSchemes, ", "))
		}
	}
	if len(t.Schemes) == 0 {
		return errors.New("-schemes: none")
	}
	return nil
}

// SplitList splits a comma-separated flag value, dropping empty items.
func SplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Contains tells whether list holds s.
func Contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

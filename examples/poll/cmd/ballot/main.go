// SPDX-License-Identifier: Apache-2.0

// Command ballot prints, in base64, the ballot (package ballot) of a vote
// for the poll example chaincode: what a voter passes to "bbs prove" as
// --nonce (a vote relayed by another identity) or as --salt with
// --bind-submitter (a vote the voter submits).
//
//	ballot --channel mychannel --poll poll-1 --option yes [--salt B64]
//
// Without --salt it draws 32 random bytes.
package main

import (
	"crypto/rand"
	"encoding/base64"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/fabric-bbs/fabric-bbs/examples/poll/ballot"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, rand.Reader); err != nil {
		fmt.Fprintln(os.Stderr, "ballot:", err)
		os.Exit(2)
	}
}

func run(args []string, out io.Writer, rnd io.Reader) error {
	fs := flag.NewFlagSet("ballot", flag.ContinueOnError)
	channel := fs.String("channel", "", "the channel `name`")
	poll := fs.String("poll", "", "the poll `ID`")
	option := fs.String("option", "", "the `option` voted for")
	saltArg := fs.String("salt", "", "the salt, `base64` (default: 32 random bytes)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 || *channel == "" || *poll == "" || *option == "" {
		return fmt.Errorf("usage: ballot --channel C --poll P --option O [--salt B64]")
	}
	salt := make([]byte, 32)
	if *saltArg != "" {
		var err error
		if salt, err = base64.StdEncoding.Strict().DecodeString(*saltArg); err != nil {
			return fmt.Errorf("--salt: %w", err)
		}
	} else if _, err := io.ReadFull(rnd, salt); err != nil {
		return fmt.Errorf("drawing a salt: %w", err)
	}
	b, err := ballot.New(*channel, *poll, *option, salt)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, base64.StdEncoding.EncodeToString(b))
	return err
}

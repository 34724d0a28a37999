// SPDX-License-Identifier: Apache-2.0

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes of every command.
const (
	// exitOK: the command did its job (for verify: the proof is valid).
	exitOK = 0
	// exitFailed: verify found the proof invalid, or an operation failed
	// for a reason other than its input (a file could not be written).
	exitFailed = 1
	// exitBadInput: a usage error or malformed input; the message names the
	// flag, file and field.
	exitBadInput = 2
)

// stdin is where a file name of "-" reads from; tests may replace it.
var stdin io.Reader = os.Stdin

// command is one sub-command of bbs.
type command struct {
	name    string
	summary string
	// usage is the synopsis after "bbs NAME".
	usage string
	// about is a paragraph of help printed after the synopsis.
	about string
	// example is printed at the end of the help, indented.
	example string
	// flags defines the command's flags on fs and returns the function
	// that runs it with the positional arguments left after parsing.
	flags func(fs *flag.FlagSet, e *env) func(args []string) error
}

// commands lists the sub-commands in the order help shows them.
var commands = []*command{keygenCmd, registerRequestCmd, rotateRequestCmd, declareMethodsCmd, signCmd, proveCmd, verifyCmd, inspectCmd, nymCommitCmd, nymFinalizeCmd, policyCmd, paramsCmd, vcCmd, accKeygenCmd, accWitnessCmd, revokeCmd, updateWitnessCmd}

// env is what a running command writes to.
type env struct {
	stdout, stderr io.Writer
}

// exitError carries an exit code other than exitBadInput up to run.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// failed marks err as an operational failure (exit 1) rather than bad input.
func failed(err error) error { return &exitError{code: exitFailed, err: err} }

// silentExit ends a command with code after it has printed its own result.
type silentExit int

func (s silentExit) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

// usageError is a mistake in the command line; run adds a hint to --help.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

const mainUsage = `bbs makes BBS issuer keys, signs credentials, derives selective-disclosure
proofs in the request JSON of the fabric-bbs chaincode, and verifies them
offline.

Usage:
  bbs COMMAND [flags] [args]
  bbs help COMMAND

Commands:
%s
Exit status: 0 success (verify: the proof is valid); 1 verify found the proof
invalid, policy check found the document invalid, or an operation failed;
2 usage error or malformed input.
Binary values are standard base64. A file name of "-" means standard input
(or output, for --out).

Example: an issuer key, a credential of three messages, a proof that reveals
messages 0 and 2, and its offline verification:
  bbs keygen --out issuer.json > issuer.pub
  echo '["name=Alice", "age=42", "country=BE"]' > msgs.json
  bbs sign --key issuer.json --messages msgs.json --out credential.json
  bbs prove --credential credential.json --reveal 0,2 --nonce-random \
      --issuer issuer1 --out request.json
  bbs verify --public-key @issuer.pub --request request.json
  bbs inspect request.json
`

// run runs bbs with the arguments after the program name and returns the
// process exit code.
func run(args []string, stdout, stderr io.Writer) int {
	e := &env{stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		printMainUsage(stderr)
		return exitBadInput
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help", "help":
		if name == "help" && len(args) > 1 {
			c := lookupCommand(args[1])
			if c == nil {
				fmt.Fprintf(stderr, "bbs help: unknown command %q; commands: %s\n", args[1], commandNames())
				return exitBadInput
			}
			printCommandHelp(stdout, c, nil)
			return exitOK
		}
		printMainUsage(stdout)
		return exitOK
	}
	if name == "vc" {
		return runVC(e, args[1:])
	}
	c := lookupCommand(name)
	if c == nil {
		fmt.Fprintf(stderr, "bbs: unknown command %q; commands: %s\nRun 'bbs --help' for usage.\n", name, commandNames())
		return exitBadInput
	}
	return runCommand(c, e, args[1:])
}

func runCommand(c *command, e *env, args []string) int {
	fs := flag.NewFlagSet("bbs "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	do := c.flags(fs, e)
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		printCommandHelp(e.stdout, c, fs)
		return exitOK
	}
	if err == nil {
		err = do(pos)
	}
	if err == nil {
		return exitOK
	}
	var s silentExit
	if errors.As(err, &s) {
		return int(s)
	}
	fmt.Fprintf(e.stderr, "bbs %s: %v\n", c.name, err)
	var u *usageError
	var fe flagParseError
	if errors.As(err, &u) || errors.As(err, &fe) {
		fmt.Fprintf(e.stderr, "Run 'bbs %s --help' for usage.\n", c.name)
		return exitBadInput
	}
	var x *exitError
	if errors.As(err, &x) {
		return x.code
	}
	return exitBadInput
}

// flagParseError wraps an error of flag.FlagSet.Parse.
type flagParseError struct{ error }

// parseInterspersed parses fs from args, allowing flags after positional
// arguments (bbs inspect FILE --json). Everything after "--" is positional.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, flagParseError{err}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func lookupCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

func printMainUsage(w io.Writer) {
	var b strings.Builder
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-12s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, mainUsage, b.String())
}

// printCommandHelp prints c's synopsis, description, flags and example. fs
// is c's flag set, or nil to make one.
func printCommandHelp(w io.Writer, c *command, fs *flag.FlagSet) {
	if fs == nil {
		fs = flag.NewFlagSet("bbs "+c.name, flag.ContinueOnError)
		c.flags(fs, &env{stdout: io.Discard, stderr: io.Discard})
	}
	fmt.Fprintf(w, "Usage: bbs %s %s\n\n%s\n", c.name, c.usage, strings.TrimSpace(c.about))
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintf(w, "\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	fmt.Fprintf(w, "\nExample:\n%s", indent(strings.TrimLeft(c.example, "\n"), "  "))
}

func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" && l != "\n" {
			b.WriteString(prefix)
		}
		b.WriteString(l)
	}
	return b.String()
}

// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

var declareMethodsCmd = &command{
	name:    "declare-methods",
	summary: "make the DeclareVerificationMethods argument: the DID URLs a key version's credentials name",
	usage:   "--method DID-URL... | --clear [--out F] [--force]",
	about: `
Writes the methods argument of the chaincode's DeclareVerificationMethods
(after the issuer ID and the key version): a JSON array of the DID URLs
(--method, repeated for several) that credentials under that key version
name as their proof's verificationMethod, e.g. did:web:dmv.example#key-1, as
'bbs vc issue --verification-method' signs them. The array is sorted as the
chaincode requires (ascending, byte order); each method is checked with the
chaincode's rules: a DID URL did:<method>:<id>#<fragment> other than a
did:key (a did:key needs no declaration), at most 512 bytes, at most 16 per
key version, none twice. --clear writes [], which clears the key version's
declaration. The declaration replaces the key version's earlier list; only
the issuer's owner may submit it, directly. One line of JSON goes to
standard output unless --out names a file.`,
	example: `
bbs declare-methods --method did:web:dmv.example#key-1 --out methods.json
peer chaincode invoke ... -c "$(jq -nc --rawfile m methods.json '{Args: ["DeclareVerificationMethods", "dmv", "1", $m]}')"
`,
	flags: func(fs *flag.FlagSet, e *env) func([]string) error {
		var methods stringList
		fs.Var(&methods, "method", "a verification method `DID-URL` of the key version (repeat for several)")
		clearAll := fs.Bool("clear", false, "write [] (no methods): clears the key version's declaration")
		out := fs.String("out", "-", "write the argument to `file`; \"-\" for standard output")
		force := fs.Bool("force", false, "replace an existing --out file")
		return func(args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if *clearAll == (len(methods) > 0) {
				return usagef("give --method (one or more), or --clear")
			}
			if len(methods) > vc.MaxDeclaredMethods {
				return usagef("--method: %d methods, at most %d per key version", len(methods), vc.MaxDeclaredMethods)
			}
			for _, m := range methods {
				if err := vc.CheckDeclaredMethod(m); err != nil {
					return usagef("--method %s %v", request.Excerpt(m), err)
				}
			}
			list := slices.Clone([]string(methods))
			slices.Sort(list)
			for i := 1; i < len(list); i++ {
				if list[i] == list[i-1] {
					return usagef("--method %s is given twice", request.Excerpt(list[i]))
				}
			}
			if list == nil {
				list = []string{}
			}
			data, err := json.Marshal(list)
			if err != nil {
				return failed(err)
			}
			data = append(data, '\n')
			if err := writeOutput(e.stdout, *out, data, 0o644, *force); err != nil {
				return err
			}
			if *out != "-" {
				fmt.Fprintf(e.stderr, "bbs declare-methods: wrote %d verification methods to %s\n", len(list), *out)
			}
			return nil
		}
	},
}

// SPDX-License-Identifier: Apache-2.0

// Command recordtable prints the table of every ledger record kind that
// package contract/records declares, or with -w FILE rewrites it in FILE
// between the markers records.TableBegin and records.TableEnd.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/fabric-bbs/fabric-bbs/contract/records"
)

func main() {
	write := flag.String("w", "", "rewrite the table in this Markdown file")
	flag.Parse()
	if *write == "" {
		fmt.Print(records.Table())
		return
	}
	b, err := os.ReadFile(*write)
	if err != nil {
		fmt.Fprintln(os.Stderr, "recordtable:", err)
		os.Exit(1)
	}
	out, ok := records.ReplaceTable(string(b))
	if !ok {
		fmt.Fprintf(os.Stderr, "recordtable: %s lacks the markers %q and %q\n", *write, records.TableBegin, records.TableEnd)
		os.Exit(1)
	}
	if err := os.WriteFile(*write, []byte(out), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "recordtable:", err)
		os.Exit(1)
	}
}

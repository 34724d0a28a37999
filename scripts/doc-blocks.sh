#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The command sequences of the user documentation, as the tests run them.
#
#   scripts/doc-blocks.sh list FILE...           one line per ```sh block: FILE:LINE KIND
#   scripts/doc-blocks.sh script MODE FILE       the blocks of FILE a run in MODE executes, as one script
#
# Every ```sh block of a listed file is preceded by an annotation line
# (blank lines between are allowed):
#
#   <!-- doctest: offline -->        runs with the bbs CLI alone (go test ./cmd/bbs, and make e2e)
#   <!-- doctest: network -->        needs the local test network (make e2e only)
#   <!-- doctest: skip: WHY -->      not run here; WHY says where it runs instead
#
# MODE offline: the file's offline blocks up to its first network block (the
# rest may depend on the network's answers). MODE network: every block that
# is not skipped, in order. A block without an annotation is an error (exit 2),
# so that no command sequence is added without a test.
set -euo pipefail

usage() { echo "usage: $0 list FILE... | script offline|network FILE" >&2; exit 2; }

# blocks FILE: "LINE KIND" then the block's lines prefixed by "|", per block.
blocks() {
  awk -v file="$1" '
    /^[[:space:]]*<!-- doctest: / {
      kind = $3; sub(/-->$/, "", kind); sub(/:$/, "", kind); pending = kind; next
    }
    !inblock && /^[[:space:]]*```sh[[:space:]]*$/ {
      if (pending == "") { printf "%s:%d: a ```sh block without a <!-- doctest: ... --> annotation\n", file, NR > "/dev/stderr"; bad = 1 }
      print NR " " pending; inblock = 1; pending = ""
      indent = $0; sub(/```sh.*/, "", indent); n = length(indent); next
    }
    inblock && /^[[:space:]]*```[[:space:]]*$/ { inblock = 0; next }
    inblock { line = $0; if (substr(line, 1, n) ~ /^[[:space:]]*$/) line = substr(line, n + 1); print "|" line; next }
    /^[[:space:]]*$/ { next }
    { pending = "" }
    END { exit bad ? 2 : 0 }
  ' "$1"
}

case "${1:-}" in
  list)
    shift
    [ $# -gt 0 ] || usage
    rc=0
    for f in "$@"; do
      out="$(blocks "$f")" || rc=2
      printf '%s\n' "$out" | awk -v f="$f" '!/^\|/ && NF { print f ":" $1 " " $2 }'
    done
    exit "$rc"
    ;;
  script)
    mode="${2:-}" f="${3:-}"
    [ -n "$mode" ] && [ -n "$f" ] || usage
    out="$(blocks "$f")" || exit 2
    printf '%s\n' "$out" | awk -v mode="$mode" -v f="$f" '
      !/^\|/ && NF {
        kind = $2
        if (kind != "offline" && kind != "network" && kind != "skip") {
          printf "%s:%s: unknown doctest kind %s\n", f, $1, kind > "/dev/stderr"; exit 2
        }
        if (mode == "offline" && kind == "network") stop = 1
        run = !stop && (kind == "offline" || (mode == "network" && kind == "network"))
        if (run) printf "\n# ---- %s:%s (%s)\n", f, $1, kind
        next
      }
      /^\|/ && run { print substr($0, 2) }
    '
    ;;
  *) usage ;;
esac

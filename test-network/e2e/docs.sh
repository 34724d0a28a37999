#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The documentation's command sequences against the running network: for
# each page with a <!-- doctest: network --> block (scripts/doc-blocks.sh),
# every block of the page that is not skipped, in order, in one fresh
# folder, as a reader on the demo network runs them from the repository
# root: bin/bbs and bbs are the CLI, test-network/ is this network's. The
# offline blocks alone run in go test ./cmd/bbs as well.
#
# Sourced by e2e.sh once the network is up, bbs deployed and the bbs CLI
# built (BBS).

section "The documentation's command sequences, as written, on this network"
DOCW="$W/docs"
rm -rf "$DOCW"
mkdir -p "$DOCW/bin"
ln -s "$BBS" "$DOCW/bin/bbs"
REPO_DIR="$(cd "$TN_DIR/.." && pwd)"
doc_pages=()
while read -r loc kind; do
  [ "$kind" = network ] || continue
  f="${loc%:*}"
  case " ${doc_pages[*]-} " in *" $f "*) ;; *) doc_pages+=("$f") ;; esac
done < <(cd "$REPO_DIR" && scripts/doc-blocks.sh list README.md cmd/bbs/README.md docs/*.md)
for page in "${doc_pages[@]}"; do
  d="$DOCW/$(printf '%s' "$page" | tr '/.' '__')"
  mkdir -p "$d"
  ln -s "$DOCW/bin" "$d/bin"
  for dir in vc interop examples scripts test-network; do ln -s "$REPO_DIR/$dir" "$d/$dir"; done   # as cmd/bbs/docs_test.go
  (cd "$REPO_DIR" && scripts/doc-blocks.sh script network "$page") > "$d/commands.sh"
  run env -C "$d" PATH="$DOCW/bin:$PATH" bash -euo pipefail commands.sh
  if [ "$RC" -eq 0 ]; then pass "$page: every command sequence runs as written ($(grep -c '^# ---- ' "$d/commands.sh") blocks)"
  else fail "$page: the command sequences run as written" "exit $RC: $(printf '%s\n%s' "$OUT" "$ERR" | tail -n 12)"; fi
done

# make demo's own flow (scripts/demo.sh) on this network: the README's first command.
run "$TN_DIR/network.sh" demo
if [ "$RC" -eq 0 ]; then pass "network.sh demo (make demo's flow): register, verify, submit, replay refused, read back"
else fail "network.sh demo (make demo's flow)" "exit $RC: $(printf '%s\n%s' "$OUT" "$ERR" | tail -n 12)"; fi

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SPDX licence header of the project's own source files.
#
#   scripts/spdx.sh check   list the files without the header; exit 1 if any (make check)
#   scripts/spdx.sh add     add the header where it is missing (make spdx); idempotent
#
# Files: those git knows (tracked, and untracked ones not ignored), without
# vendor/, testdata/ and generated Go files ("// Code generated ... DO NOT
# EDIT."). Go and JavaScript get "// SPDX-License-Identifier: Apache-2.0"
# and a blank line as their first lines (so that the header is never a
# package's doc comment); shell scripts (*.sh, and files whose #! line
# names sh or bash), Python, Makefiles, *.mk, YAML and Dockerfiles get
# "# SPDX-License-Identifier: Apache-2.0" as the first line, or the
# second after a #! line. A file has the header when one of its first 3
# lines carries the identifier. JSON, Markdown and data files get none.
set -euo pipefail

ID='SPDX-License-Identifier: Apache-2.0'
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# missing: "STYLE FILE" (STYLE slash or hash) of each file that should
# carry the header and does not. One awk over every candidate: it reads at
# most 20 lines of each (the #! line, the generated-code marker, the header).
missing() {
  git ls-files -z -co --exclude-standard |
    grep -zvE '(^|/)(vendor|testdata|node_modules)/' |
    xargs -0 -r awk -v id="$ID" '
      function verdict() {
        if (file == "" || generated || found) return
        if (file ~ /\.(go|js|mjs|cjs|ts)$/) s = "slash"
        else if (file ~ /(\.(sh|bash|py|mk|ya?ml)|(^|\/)(Makefile|Dockerfile(\.[^\/]*)?))$/) s = "hash"
        else if (file !~ /(^|\/)[^\/]*\.[^\/]*$/ && shell) s = "hash"
        else return
        print s, file
      }
      FNR == 1 { verdict(); file = FILENAME; generated = found = shell = 0
                 shell = ($0 ~ /^#!.*[\/ ](ba)?sh( |$)/) }
      FNR <= 3 && index($0, id) { found = 1 }
      FNR <= 20 && file ~ /\.go$/ && /^\/\/ Code generated .* DO NOT EDIT\.$/ { generated = 1 }
      FNR > 20 { nextfile }
      END { verdict() }'
}

add() { # STYLE FILE
  local s="$1" f="$2" first
  first="$(head -n 1 "$f")"
  if [ "$s" = slash ]; then
    if [[ "$first" == '#!'* ]]; then sed -i "1a // $ID" "$f"; else sed -i "1i // $ID\n" "$f"; fi
  else
    if [[ "$first" == '#!'* ]]; then sed -i "1a # $ID" "$f"; else sed -i "1i # $ID" "$f"; fi
  fi
}

case "${1:-}" in
  check)
    list="$(missing)"
    if [ -n "$list" ]; then
      echo "spdx: these files lack \"$ID\" in their first lines (scripts/spdx.sh add, or make spdx, adds it):" >&2
      cut -d' ' -f2- <<< "$list" | sed 's/^/  /' >&2
      exit 1
    fi ;;
  add)
    n=0
    while read -r s f; do
      [ -n "$f" ] || continue
      add "$s" "$f"
      n=$((n + 1))
    done < <(missing)
    echo "spdx: header added to $n file(s)" ;;
  *) sed -n '3,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Test of scripts/ccenv-build.sh (make check runs it): on copies of this
# repository's package with a go line a builder cannot meet, the script
# fails and says why:
#  - go 1.99: the builder's own go command refuses it
#    (`go.mod requires go >= 1.99 (running go 1.24.x; GOTOOLCHAIN=local)`),
#    which is what a peer without network access prints;
#  - go 1.24.3: Debian's go1.24.x would build it, but Fabric v3.1.0's ccenv
#    (Go 1.24.0) would not: the version check catches it;
#  - a vendored module asking for go 1.25.0: caught the same way;
#  - the package holds every file of the module but those under a
#    directory whose name starts with "." (Fabric skips those).
# Only Fabric v3.1.0's line is tried here; make check runs the real build
# of every line.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "ccenv-build-test: FAIL: $*" >&2; fails=$((fails + 1)); }

# copy DIR: the repository's tracked files (what a fresh clone has) in DIR.
copy() {
	mkdir -p "$1"
	(cd "$repo" && git ls-files -z --cached | while IFS= read -r -d '' f; do
		[ -f "$f" ] && printf '%s\0' "$f"
	done | xargs -0 -r cp --parents -t "$1")
}

# expect NAME WANT [ENV...]: run ccenv-build.sh on $tmp/NAME for v3.1.0
# (with the ENV settings); it must fail and print WANT.
expect() {
	local out rc=0
	out=$(env FABRIC_LINES="v3.1.0=1.24.0" CC_SRC="$tmp/$1" "${@:3}" "$here/ccenv-build.sh" 2>&1) || rc=$?
	if [ "$rc" = 0 ]; then
		fail "$1: ccenv-build.sh passed, want a failure"
	elif ! grep -qF -- "$2" <<<"$out"; then
		fail "$1: output lacks '$2':"$'\n'"$out"
	else
		echo "ccenv-build-test: $1: fails as it should: $(grep -F -- "$2" <<<"$out" | head -n1 | sed 's/^ *//')"
	fi
}

copy "$tmp/base"

cp -a "$tmp/base" "$tmp/go1.99"
sed -i 's/^go .*/go 1.99/' "$tmp/go1.99/go.mod"
expect go1.99 "go.mod requires go >= 1.99 (running go 1.24"
expect go1.99 "go.mod requires go >= 1.99 (Fabric v3.1.0's ccenv runs go 1.24.0)"

cp -a "$tmp/base" "$tmp/go1.24.3"
sed -i 's/^go .*/go 1.24.3/' "$tmp/go1.24.3/go.mod"
expect go1.24.3 "go.mod requires go >= 1.24.3 (Fabric v3.1.0's ccenv runs go 1.24.0)" CCENV_NO_BUILD=1

cp -a "$tmp/base" "$tmp/vendored"
awk 'BEGIN {done = 0} /^## explicit; go / && !done {sub(/go [0-9.]+/, "go 1.25.0"); done = 1} {print}' \
	"$tmp/base/vendor/modules.txt" >"$tmp/vendored/vendor/modules.txt"
expect vendored "requires go >= 1.25.0 (Fabric v3.1.0's ccenv runs go 1.24.0)" CCENV_NO_BUILD=1

# The package: every file but those under hidden directories, tests and
# vendor/ included, under src/.
cp -a "$tmp/base" "$tmp/hidden"
mkdir -p "$tmp/hidden/.hidden" "$tmp/hidden/contract/.cache"
touch "$tmp/hidden/.hidden/a.go" "$tmp/hidden/contract/.cache/b" "$tmp/hidden/.dotfile"
CC_SRC="$tmp/hidden" CCENV_LIST="$tmp/list" "$here/ccenv-build.sh" >/dev/null
for f in src/go.mod src/vendor/modules.txt src/chaincode/main.go src/.dotfile \
	"src/$(cd "$repo" && git ls-files 'contract/*_test.go' | head -n1)"; do
	grep -qxF "$f" "$tmp/list" || fail "package lacks $f"
done
for f in src/.hidden/a.go src/contract/.cache/b; do
	grep -qxF "$f" "$tmp/list" && fail "package has $f, under a hidden directory"
done
want=$(cd "$tmp/base" && find . -name '.?*' -type d -prune -o -type f -print | wc -l)
[ "$(wc -l <"$tmp/list")" = "$((want + 1))" ] ||
	fail "package has $(wc -l <"$tmp/list") files, want the $want outside hidden directories and .dotfile"

[ "$fails" = 0 ] || exit 1
echo "ccenv-build-test: ok"

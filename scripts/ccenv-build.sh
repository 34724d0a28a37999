#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# ccenv-build.sh: build the chaincode as a peer's Go builder (fabric-ccenv)
# builds it, with the Go release of each supported Fabric line, from the
# files `peer lifecycle chaincode package` puts in the package, and with no
# network and no toolchain switch.
#
#   scripts/ccenv-build.sh              # every line in FABRIC_LINES
#   FABRIC_LINES="v3.1.0=1.24.0" CC_SRC=/some/copy scripts/ccenv-build.sh
#
# FABRIC_LINES: NAME=GOVERSION pairs; GOVERSION is the `go` line of that
#   Fabric's go.mod, from which its Makefile builds the ccenv image (GO_VER).
# CC_SRC: the chaincode module's root (default: this repository). In a git
#   work tree its tracked files are packaged, as a fresh clone has them;
#   elsewhere every file.
# CC_PKG: the chaincode's main package, relative to CC_SRC (./chaincode).
# CCENV_LIST: if set, write the package's file names there (src/...) and
#   stop before any check or build.
# CCENV_NO_BUILD: if set, check the go lines only (step 3 skipped).
#
# For each line:
#  1. The package: Fabric's golang platform (core/chaincode/platforms/golang,
#     findSource) packages the whole module root containing the chaincode
#     path, every file except those under a directory whose name starts
#     with "." (tests, testdata and vendor/ included), under src/.
#  2. The go lines: the package's go.mod and every vendored module
#     (vendor/modules.txt) must ask for at most the line's Go, or that
#     builder fails with `go: go.mod requires go >= X (running go Y)`.
#     Checked here by comparing versions, since the Go used in step 3 may be
#     a later patch release than the builder's.
#  3. The build: Fabric's buildScript for a module with vendor/, in the
#     unpacked src/: `go build -v -mod=vendor -ldflags "-linkmode external
#     -extldflags '-static'" -o .../chaincode <import path>`, with
#     GOTOOLCHAIN=local and GOPROXY=off (a peer without network access;
#     with it, an image whose go.env says GOTOOLCHAIN=auto would download a
#     newer Go instead of failing), GOENV=off and GOFLAGS unset. The go
#     command is of the line's release (scripts/go-toolchain.sh: the
#     machine's Go when it is of that release, else Debian's golang-1.N).
# Exit status 0 only if every line passes both checks.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CC_SRC="$(cd "${CC_SRC:-$here/..}" && pwd)"
CC_PKG="${CC_PKG:-./chaincode}"
FABRIC_LINES="${FABRIC_LINES:-v3.1.0=1.24.0 release-2.5=1.26.1}"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# version_le A B: A ≤ B as Go versions (1.24 < 1.24.0 < 1.24.1).
version_le() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" = "$1" ]; }

# 1. The package's src/ tree.
src="$tmp/input/src"
mkdir -p "$src"
if git -C "$CC_SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
	[ "$(git -C "$CC_SRC" rev-parse --show-toplevel)" = "$CC_SRC" ]; then
	(cd "$CC_SRC" && git ls-files -z --cached) >"$tmp/files"
else
	(cd "$CC_SRC" && find . -name '.?*' -type d -prune -o ! -type d -print0 | sed -z 's|^\./||') >"$tmp/files"
fi
# Fabric skips every directory whose name starts with "." below the root.
grep -zvE '(^|/)\.[^/]*/' "$tmp/files" | (cd "$CC_SRC" && while IFS= read -r -d '' f; do
	[ -f "$f" ] || continue # tracked but deleted in the work tree
	printf '%s\0' "$f"
done) | (cd "$CC_SRC" && xargs -0 -r cp --parents -t "$src")
[ -f "$src/go.mod" ] && [ -d "$src/vendor" ] ||
	{ echo "ccenv-build: $CC_SRC has no go.mod with vendor/: not the buildScript's vendored-module case" >&2; exit 1; }
if [ -n "${CCENV_LIST:-}" ]; then
	(cd "$tmp/input" && find src -type f | LC_ALL=C sort) >"$CCENV_LIST"
	exit 0
fi
module=$(sed -n 's/^module[[:space:]]\{1,\}//p' "$src/go.mod" | tr -d '"' | head -n1)
importpath="$module/${CC_PKG#./}"
echo "ccenv-build: package of $CC_SRC: $(find "$src" -type f | wc -l) files, chaincode $importpath"

# The go lines of the main module and of each vendored module.
goline=$(sed -n 's/^go[[:space:]]\{1,\}\([^[:space:]]*\).*/\1/p' "$src/go.mod" | head -n1)
vendored=$(awk '/^# / {m=$2} /^## / {for (i=2;i<=NF;i++) if ($i=="go") print m, $(i+1)}' "$src/vendor/modules.txt")

fails=0
for line in $FABRIC_LINES; do
	name=${line%%=*}
	fabgo=${line#*=}
	echo "== Fabric $name (ccenv Go $fabgo)"
	ok=1
	# 2. The go lines against the builder's Go.
	if [ -n "$goline" ] && ! version_le "$goline" "$fabgo"; then
		echo "ccenv-build: FAIL: go.mod requires go >= $goline (Fabric $name's ccenv runs go $fabgo)"
		ok=0
	fi
	while read -r mod v; do
		[ -n "$mod" ] || continue
		if ! version_le "$v" "$fabgo"; then
			echo "ccenv-build: FAIL: vendored $mod requires go >= $v (Fabric $name's ccenv runs go $fabgo)"
			ok=0
		fi
	done <<<"$vendored"
	if [ -n "${CCENV_NO_BUILD:-}" ]; then
		[ "$ok" = 1 ] && echo "ccenv-build: Fabric $name: go lines OK (not built)" || fails=$((fails + 1))
		continue
	fi
	# 3. The buildScript with a go command of that release.
	release=$(echo "$fabgo" | cut -d. -f1,2)
	if ! gocmd=$("$here/go-toolchain.sh" "$release"); then
		echo "ccenv-build: FAIL: no Go $release to build with"
		fails=$((fails + 1))
		continue
	fi
	gover=$(GOTOOLCHAIN=local "$gocmd" env GOVERSION)
	out="$tmp/output-$name"
	mkdir -p "$out"
	cache=$(GOTOOLCHAIN=local "$gocmd" env GOCACHE)
	if (cd "$src" && env -i PATH="$(dirname "$gocmd"):/usr/local/bin:/usr/bin:/bin" HOME="$HOME" \
		GOCACHE="$cache" GOENV=off GO111MODULE=on GOTOOLCHAIN=local GOPROXY=off GOSUMDB=off \
		"$gocmd" build -v -mod=vendor -ldflags "-linkmode external -extldflags '-static'" \
		-o "$out/chaincode" "$importpath") >"$tmp/build.log" 2>&1; then
		echo "ccenv-build: built with $gover: $(du -h "$out/chaincode" | cut -f1) binary"
	else
		echo "ccenv-build: FAIL: go build with $gover:"
		grep -v '^[a-z0-9.]*\(/[^ ]*\)*$' "$tmp/build.log" | tail -n 20 | sed 's/^/    /'
		ok=0
	fi
	[ "$ok" = 1 ] && echo "ccenv-build: Fabric $name: OK" || fails=$((fails + 1))
done
[ "$fails" = 0 ] || { echo "ccenv-build: $fails Fabric line(s) cannot build the chaincode" >&2; exit 1; }

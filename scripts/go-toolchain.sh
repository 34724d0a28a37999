#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# go-toolchain.sh 1.N: print the path of a `go` command of Go release 1.N
# (any patch), fetching it once if the machine has none.
#
#   GO=$(scripts/go-toolchain.sh 1.24) && "$GO" version
#
# GO_1_N (GO_1_24 for 1.24), when set, names the go command to use. Else
# the machine's own `go` (or GO_HOST) is used when it is of release 1.N.
# Otherwise the go command comes from Debian's golang-1.N-go and
# golang-1.N-src packages (trixie, or trixie-backports), downloaded with
# apt-get under a private apt state directory (the system's sources and
# installed packages are left alone) and unpacked into
# ${FABRIC_BBS_CACHE:-$HOME/.cache/fabric-bbs}/golang-1.N, where later
# calls find it. Progress goes to stderr; stdout is the one path.
set -euo pipefail

want=${1:?usage: go-toolchain.sh 1.N}
[[ $want =~ ^1\.[0-9]+$ ]] || { echo "go-toolchain.sh: want a release such as 1.24, got $want" >&2; exit 2; }

release_of() { # the 1.N of a go command, or nothing
	local v
	v=$(GOTOOLCHAIN=local "$1" env GOVERSION 2>/dev/null) || return 0
	[[ $v =~ ^go(1\.[0-9]+) ]] && echo "${BASH_REMATCH[1]}"
	return 0
}

override="GO_${want//./_}"
if [ -n "${!override:-}" ]; then
	[ "$(release_of "${!override}")" = "$want" ] || { echo "go-toolchain.sh: $override=${!override} is not Go $want" >&2; exit 1; }
	echo "${!override}"
	exit 0
fi

host=${GO_HOST:-$(command -v go || true)}
if [ -n "$host" ] && [ "$(release_of "$host")" = "$want" ]; then
	echo "$host"
	exit 0
fi

cache=${FABRIC_BBS_CACHE:-$HOME/.cache/fabric-bbs}
root=$cache/golang-$want
gobin=$root/usr/lib/go-$want/bin/go
if [ -x "$gobin" ] && [ "$(release_of "$gobin")" = "$want" ]; then
	echo "$gobin"
	exit 0
fi

command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null ||
	{ echo "go-toolchain.sh: no Go $want here, and no apt-get/dpkg-deb to fetch Debian's golang-$want" >&2; exit 1; }
echo "go-toolchain.sh: fetching Debian's golang-$want into $root" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/debs"
cat >"$work/sources.list" <<'EOF'
deb http://deb.debian.org/debian trixie main
deb http://deb.debian.org/debian trixie-backports main
EOF
apt=(-q -o Dir::Etc::sourcelist="$work/sources.list" -o Dir::Etc::sourceparts=-
	-o Dir::State::Lists="$work/lists" -o Dir::Cache="$work/cache" -o Debug::NoLocking=1
	-o Acquire::IndexTargets::deb::DEP-11::DefaultEnabled=false -o APT::Sandbox::User=root)
apt-get "${apt[@]}" update >&2
(cd "$work/debs" && apt-get "${apt[@]}" download "golang-$want-go" "golang-$want-src" >&2)
rm -rf "$root.tmp"
mkdir -p "$root.tmp"
for deb in "$work"/debs/*.deb; do
	dpkg-deb -x "$deb" "$root.tmp"
done
got=$(release_of "$root.tmp/usr/lib/go-$want/bin/go")
[ "$got" = "$want" ] || { echo "go-toolchain.sh: the unpacked go reports release '$got', want $want" >&2; exit 1; }
rm -rf "$root"
mv "$root.tmp" "$root"
echo "go-toolchain.sh: $("$gobin" version)" >&2
echo "$gobin"

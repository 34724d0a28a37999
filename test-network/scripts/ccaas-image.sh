#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The chaincode-as-a-service server as an OCI image, with Debian's podman and
# no docker daemon and no registry: chaincode/Dockerfile.scratch, FROM scratch
# over the static binary built here from vendor/ (nothing is pulled).
#
#   scripts/ccaas-image.sh check            can podman build and run images here? (exit 0/1, says why)
#   scripts/ccaas-image.sh build [TAG]      build the binary and the image (default TAG localhost/fabric-bbs-ccaas:dev)
#   scripts/ccaas-image.sh go-image [TAG]   the build stage's image of ./Dockerfile without a registry: a
#                                           Debian root file system (debootstrap --variant=minbase,
#                                           DEBIAN_SUITE, DEBIAN_MIRROR; cached in .state-tools/) with the
#                                           Go release of go.mod's go line (GO_VERSION) from the Go module
#                                           proxy (golang.org/toolchain), imported by podman; prints TAG
#                                           (default localhost/fabric-bbs-go:GO_VERSION)
#   scripts/ccaas-image.sh build-multistage [TAG]   podman build of ./Dockerfile, the command of
#                                           fabric-samples' deployCCAAS (-f DIR/Dockerfile, --build-arg
#                                           CC_SERVER_PORT=9999, context DIR = the repository) over the
#                                           go-image (--build-arg GO_IMAGE); default TAG bbs_ccaas_image:latest
#   scripts/ccaas-image.sh flags            the global podman flags it uses (PODMAN_FLAGS)
#   scripts/ccaas-image.sh run TAG NAME     run it in the foreground on the host network, passing
#                                           every CHAINCODE_* variable of the environment and
#                                           mounting the folders of the TLS files read-only
#                                           (network.sh deploy -ccaas with CCAAS_IMAGE=TAG)
#
# PODMAN_FLAGS (global podman flags) and PODMAN_RUN_FLAGS (podman run flags)
# default to what a container without CAP_SYS_RESOURCE and with hybrid
# cgroups needs (see docs/deploy.md): runc with cgroupfs, and resource limits
# no higher than this shell's.
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO_ROOT="${REPO_ROOT:-$(cd "$TN_DIR/.." && pwd)}"
DEFAULT_TAG=localhost/fabric-bbs-ccaas:dev

die() { printf 'ccaas-image: %s\n' "$*" >&2; exit 1; }

podman_flags() {
  if [ -n "${PODMAN_FLAGS+set}" ]; then echo "$PODMAN_FLAGS"; return; fi
  if command -v runc > /dev/null; then echo "--runtime runc --cgroup-manager=cgroupfs"; fi
}

run_flags() {
  if [ -n "${PODMAN_RUN_FLAGS+set}" ]; then echo "$PODMAN_RUN_FLAGS"; return; fi
  local nofile nproc
  nofile="$(ulimit -n)"; [ "$nofile" = unlimited ] && nofile=65536
  nproc="$(ulimit -u)"; [ "$nproc" = unlimited ] && nproc=4096
  [ "$nproc" -gt 4096 ] && nproc=4096
  echo "--ulimit nofile=$nofile:$nofile --ulimit nproc=$nproc:$nproc"
}

build() {
  local tag="${1:-$DEFAULT_TAG}" ctx
  command -v podman > /dev/null || die "podman is not installed (apt-get install podman)"
  ctx="$(mktemp -d)"
  echo "==> go build (static, vendor/, GOPROXY=off) -> image context"
  (cd "$REPO_ROOT" && CGO_ENABLED=0 GOFLAGS="-mod=vendor -buildvcs=false" GOPROXY=off GOWORK=off \
    go build -trimpath -ldflags='-s -w' -o "$ctx/chaincode" ./chaincode)
  echo "==> podman build -f chaincode/Dockerfile.scratch -t $tag"
  # shellcheck disable=SC2046 # flags are words
  if ! podman $(podman_flags) build -q -f "$REPO_ROOT/chaincode/Dockerfile.scratch" -t "$tag" "$ctx" > /dev/null; then
    rm -rf "$ctx"; die "podman build failed"
  fi
  rm -rf "$ctx"
  echo "$tag"
}

# go_version: GO_VERSION, else the go line of go.mod as a release (1.24 -> 1.24.0).
go_version() {
  local v="${GO_VERSION:-$(awk '$1 == "go" {print $2; exit}' "$REPO_ROOT/go.mod")}"
  [[ "$v" =~ ^[0-9]+\.[0-9]+$ ]] && v="$v.0"
  [[ "$v" =~ ^[0-9]+\.[0-9]+(\.[0-9]+|rc[0-9]+)?$ ]] || die "bad Go version '$v'"
  echo "$v"
}

go_image() {
  local ver tag suite="${DEBIAN_SUITE:-bookworm}" mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
  local cache_dir="$TN_DIR/.state-tools/debian" arch tc dir tmp t0
  command -v podman > /dev/null || die "podman is not installed (apt-get install podman)"
  ver="$(go_version)"
  tag="${1:-localhost/fabric-bbs-go:$ver}"
  # shellcheck disable=SC2046
  if podman $(podman_flags) image exists "$tag" 2> /dev/null; then echo "$tag"; return; fi
  arch="$(go env GOARCH)"
  local rootfs_tar="$cache_dir/$suite-minbase-$arch.tar"
  mkdir -p "$cache_dir"
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  if [ ! -s "$rootfs_tar" ]; then
    command -v debootstrap > /dev/null || die "debootstrap is not installed (apt-get install debootstrap)"
    t0=$SECONDS
    echo "==> debootstrap --variant=minbase $suite ($mirror) -> ${rootfs_tar#"$TN_DIR"/}" >&2
    debootstrap --variant=minbase --arch="$(dpkg --print-architecture)" "$suite" "$tmp/rootfs" "$mirror" \
      > "$tmp/debootstrap.log" 2>&1 || { tail -n 20 "$tmp/debootstrap.log" >&2; die "debootstrap failed"; }
    # no package lists or caches in the image
    rm -rf "$tmp/rootfs/var/cache/apt/archives/"*.deb "$tmp/rootfs/var/lib/apt/lists/"*
    tar --numeric-owner -C "$tmp/rootfs" -cf "$rootfs_tar.new" . && mv "$rootfs_tar.new" "$rootfs_tar"
    rm -rf "$tmp/rootfs"
    echo "    $(du -h "$rootfs_tar" | cut -f1) in $((SECONDS - t0)) s" >&2
  fi
  tc="golang.org/toolchain@v0.0.1-go$ver.linux-$arch"
  echo "==> Go $ver: go mod download $tc (Go module proxy)" >&2
  dir="$(cd "$tmp" && GOFLAGS=-mod=mod GOWORK=off GOTOOLCHAIN=local go mod download -json "$tc" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -f "$dir/bin/go" ] || die "go mod download $tc gave no bin/go"
  echo "==> podman import: $suite root file system + /usr/local/go ($tag)" >&2
  mkdir -p "$tmp/rootfs"
  tar -C "$tmp/rootfs" -xf "$rootfs_tar"
  mkdir -p "$tmp/rootfs/usr/local/go"
  cp -a "$dir/." "$tmp/rootfs/usr/local/go/"
  chmod -R u+w "$tmp/rootfs/usr/local/go"
  # a module zip keeps no exec bits: the go command sets them on bin/ and pkg/tool/ when it
  # switches to a toolchain, and so does this
  chmod a+x "$tmp/rootfs/usr/local/go/bin/"* "$tmp/rootfs/usr/local/go/pkg/tool/"*/*
  # shellcheck disable=SC2046
  tar --numeric-owner -C "$tmp/rootfs" -cf - . | podman $(podman_flags) import -q \
    --change 'ENV PATH=/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV GOTOOLCHAIN=local' --change 'WORKDIR /' - "$tag" > /dev/null || die "podman import failed"
  echo "$tag"
}

build_multistage() {
  local tag="${1:-bbs_ccaas_image:latest}" goimg
  goimg="$(go_image)"
  echo "==> podman build -f $REPO_ROOT/Dockerfile -t $tag --build-arg CC_SERVER_PORT=9999 --build-arg GO_IMAGE=$goimg $REPO_ROOT" >&2
  # shellcheck disable=SC2046 # flags are words
  podman $(podman_flags) build -q $(run_flags) -f "$REPO_ROOT/Dockerfile" -t "$tag" \
    --build-arg CC_SERVER_PORT=9999 --build-arg GO_IMAGE="$goimg" "$REPO_ROOT" > /dev/null ||
    die "podman build of ./Dockerfile failed"
  echo "$tag"
}

run() {
  local tag="${1:?image tag}" name="${2:?container name}" v dir args=() dirs=()
  for v in $(compgen -e | grep -E '^(CHAINCODE_|BBS_CHAINCODE_NAME$)' | sort); do
    args+=(-e "$v=${!v}")
    case "$v" in
      CHAINCODE_TLS_KEY | CHAINCODE_TLS_CERT | CHAINCODE_CLIENT_CA_CERT)
        dir="$(dirname "${!v}")"
        [[ " ${dirs[*]-} " == *" $dir "* ]] || dirs+=("$dir") ;;
    esac
  done
  for dir in "${dirs[@]}"; do args+=(-v "$dir:$dir:ro"); done
  # shellcheck disable=SC2046 # flags are words
  podman $(podman_flags) rm -f "$name" > /dev/null 2>&1 || true
  # The user of the image (65532) must read the key: run as the caller instead.
  # shellcheck disable=SC2046
  exec podman $(podman_flags) run --rm --name "$name" --network host --user "$(id -u):$(id -g)" \
    $(run_flags) "${args[@]}" "$tag"
}

check() {
  command -v podman > /dev/null || { echo "podman is not installed"; return 1; }
  local tag=localhost/fabric-bbs-ccaas:check out
  build "$tag" > /dev/null || { echo "podman build failed"; return 1; }
  # shellcheck disable=SC2046
  if ! out="$(podman $(podman_flags) run --rm $(run_flags) -e CHAINCODE_ID=check:0 \
      -e CHAINCODE_SERVER_ADDRESS=127.0.0.1:1 "$tag" 2>&1)"; then
    # the server refuses to start without TLS: that it says so proves the image runs
    if ! grep -q 'no TLS configured' <<< "$out"; then echo "podman run failed: $out"; return 1; fi
  fi
  echo "podman builds and runs $tag"
}

cmd="${1:-}"
[ $# -gt 0 ] && shift
case "$cmd" in
  build) build "$@" ;;
  run) run "$@" ;;
  check) check ;;
  go-image) go_image "$@" ;;
  build-multistage) build_multistage "$@" ;;
  flags) podman_flags ;;
  *) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed '/SPDX-License-Identifier/d; s/^# \{0,1\}//'; exit 2 ;;
esac

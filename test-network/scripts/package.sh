# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Sourced by network.sh: "network.sh package [DIR]" (make package) writes the
# chaincode packages an operator installs with "peer lifecycle chaincode
# install", and prints their package IDs. No Fabric binary and no running
# network: cmd/ccpackage, built here from vendor/, writes the packages byte
# for byte as "peer lifecycle chaincode package" does (a test of
# internal/ccpackage compares them with the peer's where it is built):
#
#   DIR/bbs_<CC_VERSION>.tar.gz        type golang: the module with vendor/,
#                                      built by the peer (docker ccenv or an
#                                      external builder) with no download
#   DIR/bbs_ccaas_<CC_VERSION>.tar.gz  type ccaas: connection.json only; the
#                                      chaincode runs as a server (chaincode/
#                                      with CHAINCODE_SERVER_ADDRESS, see
#                                      docs/deploy.md)
#   DIR/package-ids.txt                "<label> <package ID> <file>" per package
#
# DIR defaults to dist/ at the repository root. The golang package holds the
# files that "network.sh deploy" packages (stage_source in scripts/deploy.sh:
# git's files and vendor/, without test-network/), so the same commit gives
# the same package ID here and on the local network. The ccaas package is
# made only with CCAAS_ADDRESS (the host:port every peer dials); its
# connection.json also takes CCAAS_ROOT_CERT (required with TLS: PEM file of
# the CA that issued the server's TLS certificate), CCAAS_TLS, CCAAS_MTLS and
# CCAAS_CLIENT_TEMPLATES (see package_ccaas in scripts/deploy.sh).

# ccpackage_bin: cmd/ccpackage, built once into DIR/.stage (prints its path).
ccpackage_bin() {
  local bin="$1/ccpackage"
  (cd "$REPO_ROOT" && CGO_ENABLED=0 GOFLAGS="-mod=vendor -buildvcs=false" GOPROXY=off GOWORK=off \
    go build -trimpath -o "$bin" ./cmd/ccpackage) || die "go build ./cmd/ccpackage failed"
  echo "$bin"
}

package_release() {
  local out_dir="${1:-${PACKAGE_DIR:-$REPO_ROOT/dist}}" label file id src tool
  if [ -n "${CCAAS_ADDRESS:-}" ] && [ "$CCAAS_TLS" = true ]; then
    [ -n "${CCAAS_ROOT_CERT:-}" ] && [ -r "$CCAAS_ROOT_CERT" ] ||
      die "CCAAS_ADDRESS is set: CCAAS_ROOT_CERT must name the PEM file of the CA that issued the chaincode server's TLS certificate (or CCAAS_TLS=false for plaintext)"
  fi
  [ -f "$CC_SRC/vendor/modules.txt" ] ||
    die "no $CC_SRC/vendor/: the peers build without network access; run 'go mod vendor' in $CC_SRC"
  mkdir -p "$out_dir"
  out_dir="$(cd "$out_dir" && pwd)"
  # stage_source copies the module under $STATE_DIR; keep it out of a running
  # network's state.
  local STATE_DIR="$out_dir/.stage"
  mkdir -p "$STATE_DIR"
  tool="$(ccpackage_bin "$STATE_DIR")"
  : > "$out_dir/package-ids.txt.new"

  label="${CC_NAME}_${CC_VERSION}"
  file="$out_dir/$label.tar.gz"
  log "Packaging $CC_NAME ($CC_PKG) as type golang: $file"
  src="$(stage_source)"
  [ "$src" = "$CC_SRC" ] || step "module files (git ls-files + vendor/, without test-network/) copied to ${src#"$REPO_ROOT"/}"
  step "ccpackage -lang golang -path $CC_PKG -label $label   (in $src)"
  id="$(cd "$src" && "$tool" -lang golang -path "$CC_PKG" -label "$label" -o "$file")" || die "ccpackage failed"
  echo "$label $id $file" >> "$out_dir/package-ids.txt.new"

  label="${CC_NAME}_ccaas_${CC_VERSION}"
  file="$out_dir/$label.tar.gz"
  rm -f "$file"
  if [ -n "${CCAAS_ADDRESS:-}" ]; then
    log "Packaging $CC_NAME as chaincode-as-a-service: $file"
    local args=(-lang ccaas -address "$CCAAS_ADDRESS" -label "$label" -o "$file")
    if [ "$CCAAS_TLS" = true ]; then
      args+=(-root-cert "$CCAAS_ROOT_CERT" -mtls="$CCAAS_MTLS" -client-templates="${CCAAS_CLIENT_TEMPLATES:-false}")
    else
      args+=(-tls=false)
    fi
    step "ccpackage ${args[*]}"
    id="$("$tool" "${args[@]}")" || die "ccpackage failed"
    echo "$label $id $file" >> "$out_dir/package-ids.txt.new"
  else
    log "No chaincode-as-a-service package: set CCAAS_ADDRESS=host:port (where every peer dials the"
    echo "    chaincode server) and CCAAS_ROOT_CERT=FILE (PEM of the CA of the server's TLS certificate)"
  fi

  rm -rf "$STATE_DIR"
  mv "$out_dir/package-ids.txt.new" "$out_dir/package-ids.txt"
  log "Package IDs (also in $out_dir/package-ids.txt)"
  while read -r label id file; do
    printf '    %-20s %s\n' "$label" "$id"
  done < "$out_dir/package-ids.txt"
}

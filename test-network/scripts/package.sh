# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Sourced by network.sh: "network.sh package [DIR]" (make package) writes the
# chaincode packages an operator installs with "peer lifecycle chaincode
# install", made by the same functions as "network.sh deploy" (stage_source,
# package_golang, package_ccaas), and prints their package IDs:
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
# DIR defaults to dist/ at the repository root. The ccaas package is made only
# with CCAAS_ADDRESS (the host:port every peer dials); its connection.json also
# takes CCAAS_ROOT_CERT (required with TLS: PEM file of the CA that issued the
# server's TLS certificate), CCAAS_TLS, CCAAS_MTLS and CCAAS_CLIENT_TEMPLATES
# (see package_ccaas in scripts/deploy.sh).
# No network needs to run; the peer binary does the packaging.

package_release() {
  local out_dir="${1:-${PACKAGE_DIR:-$REPO_ROOT/dist}}" label file id
  if [ -n "${CCAAS_ADDRESS:-}" ] && [ "$CCAAS_TLS" = true ]; then
    [ -n "${CCAAS_ROOT_CERT:-}" ] && [ -r "$CCAAS_ROOT_CERT" ] ||
      die "CCAAS_ADDRESS is set: CCAAS_ROOT_CERT must name the PEM file of the CA that issued the chaincode server's TLS certificate (or CCAAS_TLS=false for plaintext)"
  fi
  mkdir -p "$out_dir"
  out_dir="$(cd "$out_dir" && pwd)"
  # The peer CLI reads core.yaml even to package: the running network's, or
  # Fabric's sampleconfig from the module cache.
  if [ ! -f "$FABRIC_CFG_PATH/core.yaml" ]; then
    FABRIC_CFG_PATH="$(fabric_sampleconfig)"
    export FABRIC_CFG_PATH
  fi
  # stage_source copies the module under $STATE_DIR; keep it out of a running
  # network's state.
  local STATE_DIR="$out_dir/.stage"
  : > "$out_dir/package-ids.txt.new"

  label="${CC_NAME}_${CC_VERSION}"
  file="$out_dir/$label.tar.gz"
  log "Packaging $CC_NAME ($CC_PKG) as type golang: $file"
  rm -f "$file"
  package_golang "$file" "$label"
  id="$(peer lifecycle chaincode calculatepackageid "$file")"
  echo "$label $id $file" >> "$out_dir/package-ids.txt.new"

  label="${CC_NAME}_ccaas_${CC_VERSION}"
  file="$out_dir/$label.tar.gz"
  rm -f "$file"
  if [ -n "${CCAAS_ADDRESS:-}" ]; then
    log "Packaging $CC_NAME as chaincode-as-a-service: $file"
    package_ccaas "$file" "$label"
    id="$(peer lifecycle chaincode calculatepackageid "$file")"
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

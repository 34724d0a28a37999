# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The chaincode lifecycle, sourced by network.sh ("deploy", "deploy-relay",
# and package.sh's "package"): the staged source, the golang and ccaas
# packages, the chaincode server (-ccaas), install, approve, commit, the
# channel's bbs endorsement configuration, and the wait until both
# gateways can plan endorsements.

committed_sequence() {
  setOrg 1 Admin
  peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$CC_NAME" -O json 2>/dev/null |
    jq -r '.sequence // 0' || echo 0
}

# stage_source: the module's files as git sees them (tracked and untracked,
# not ignored; vendor/ always), without test-network/, copied to
# .state/cc-src. "peer lifecycle chaincode package --lang golang" takes every
# non-hidden file of the module root, so packaging this copy keeps build
# leftovers (test binaries, bin/) out of the package, and the same commit
# always gives the same package ID. Not a git work tree: the folder as is.
stage_source() {
  local dst="$STATE_DIR/cc-src"
  if ! git -C "$CC_SRC" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    echo "$CC_SRC"
    return
  fi
  rm -rf "$dst"
  mkdir -p "$dst"
  (
    cd "$CC_SRC" || exit 1
    {
      git ls-files -z --cached --others --exclude-standard -- . ':(exclude)test-network'
      find vendor -type f -print0
    } | tar --null --ignore-failed-read -cf - -T - 2> /dev/null
  ) | tar -C "$dst" -xf -
  echo "$dst"
}

# package_golang OUT LABEL: the real "peer lifecycle chaincode package --lang golang".
# Fabric puts the whole module (every non-hidden file, vendor/ included)
# under src/ and the main package's import path in metadata.json.
package_golang() {
  local out="$1" label="$2" src
  [ -f "$CC_SRC/go.mod" ] || die "no go.mod in CC_SRC=$CC_SRC"
  [ -d "$CC_SRC/$CC_PKG" ] || die "no chaincode main package at $CC_SRC/$CC_PKG"
  [ -f "$CC_SRC/vendor/modules.txt" ] ||
    die "no $CC_SRC/vendor/: the peers build without network access; run 'go mod vendor' in $CC_SRC"
  src="$(stage_source)"
  [ "$src" = "$CC_SRC" ] || step "module files (git ls-files + vendor/, without test-network/) copied to ${src#"$REPO_ROOT"/}"
  step "peer lifecycle chaincode package --lang golang --path ${CC_PKG} --label $label   (in $src)"
  (cd "$src" && GOFLAGS=-mod=vendor GOPROXY=off GOWORK=off \
    peer lifecycle chaincode package "$out" --lang golang --path "$CC_PKG" --label "$label")
}

# The chaincode server's TLS key pair (cryptogen node ccaas.org1.example.com)
# and the CA the peers verify it with. CCAAS_TLS=false serves plain gRPC (the
# server is then started with the explicit opt-out CHAINCODE_TLS_DISABLED=true).
# CCAAS_MTLS=true (default, with TLS) makes it mutual: the server accepts only
# peers presenting a client certificate from Org1's or Org2's TLS CA; each
# peer presents its own TLS key pair, which the builder's "release" step
# writes into connection.json (client_key, client_cert) on that peer only.
CCAAS_TLS="${CCAAS_TLS:-true}"
CCAAS_MTLS="${CCAAS_MTLS:-true}"
CCAAS_TLS_DIR="$ORG_DIR/peerOrganizations/org1.example.com/peers/ccaas.org1.example.com/tls"

# package_ccaas OUT LABEL: a "ccaas" package is metadata.json + code.tar.gz
# holding connection.json: the address the peers dial and, with TLS, the CA
# certificate that the server's certificate must chain to. CCAAS_ADDRESS and
# CCAAS_ROOT_CERT (a PEM file) override the local network's server and CA
# (make package); CCAAS_CLIENT_TEMPLATES=true writes client_key/client_cert as
# the templates {{.client_key}}/{{.client_cert}} that Fabric's ccaas_builder
# fills in from each peer's CHAINCODE_AS_A_SERVICE_BUILDER_CONFIG.
package_ccaas() {
  local out="$1" label="$2" dir mtls=false tmpl=false
  # With TOXIPROXY=1 each peer reaches the server through a proxy of its
  # own, by the host name the server's certificate carries (toxiproxy.sh).
  local host=127.0.0.1
  if declare -F ccaas_ep_host > /dev/null; then host="$(ccaas_ep_host)"; fi
  local addr="${CCAAS_ADDRESS:-$host:$CCAAS_PORT}" ca="${CCAAS_ROOT_CERT:-$CCAAS_TLS_DIR/ca.crt}"
  dir="$(mktemp -d)"
  if [ "$CCAAS_TLS" = true ]; then
    [ "$CCAAS_MTLS" = true ] && mtls=true
    [ "$mtls" = true ] && [ "${CCAAS_CLIENT_TEMPLATES:-false}" = true ] && tmpl=true
    [ -r "$ca" ] || die "ccaas package: no CA certificate file $ca (CCAAS_ROOT_CERT)"
    jq -n --arg addr "$addr" --rawfile ca "$ca" --argjson mtls "$mtls" --argjson tmpl "$tmpl" \
      '{address: $addr, dial_timeout: "10s", tls_required: true, client_auth_required: $mtls, root_cert: $ca}
       + (if $tmpl then {client_key: "{{.client_key}}", client_cert: "{{.client_cert}}"} else {} end)' \
      > "$dir/connection.json"
  else
    jq -n --arg addr "$addr" '{address: $addr, dial_timeout: "10s", tls_required: false}' \
      > "$dir/connection.json"
  fi
  printf '{"type":"ccaas","label":"%s"}\n' "$label" > "$dir/metadata.json"
  step "ccaas package: metadata.json {type: ccaas, label: $label}, connection.json {address: $addr, tls_required: $CCAAS_TLS, client_auth_required: $mtls}"
  tar -C "$dir" -czf "$dir/code.tar.gz" connection.json
  tar -C "$dir" -czf "$out" metadata.json code.tar.gz
  rm -rf "$dir"
}

# The chaincode server's process name (ccaas-bbs, ccaas-poll): deploy_one
# sets CC_NAME for each chaincode it deploys.
ccaas_proc() { echo "ccaas-$CC_NAME"; }

stop_ccaas() {
  local proc
  proc="$(ccaas_proc)"
  if owned "$proc"; then kill -TERM -- "-$(cat "$PID_DIR/$proc.pid")" 2>/dev/null || true; fi
  local i
  for ((i = 0; i < 50; i++)); do alive "$proc" || break; sleep 0.1; done
  rm -f "$PID_DIR/$proc.pid"
}

# start_ccaas PACKAGE_ID: build $CC_PKG from vendor/ and run it as a
# chaincode server that the peers connect to.
start_ccaas() {
  local pkgid="$1" bin="$STATE_DIR/ccaas/$CC_NAME"
  [ -f "$CC_SRC/vendor/modules.txt" ] || die "no $CC_SRC/vendor/; run 'go mod vendor' in $CC_SRC"
  netns_on && die "deploy -ccaas is not supported with NETNS=1 (the peers launch the chaincode: ./network.sh deploy)"
  if alive "$(ccaas_proc)"; then
    step "stopping the previous chaincode server"
    stop_ccaas
  fi
  port_in_use "$CCAAS_PORT" && die "port CCAAS_PORT=$CCAAS_PORT is already in use on 127.0.0.1; set CCAAS_PORT=<free port>"
  mkdir -p "$(dirname "$bin")"
  if [ -n "${CCAAS_IMAGE:-}" ] && [ "$CC_PKG" = ./chaincode ]; then
    # CCAAS_IMAGE: the bbs server from that OCI image (scripts/ccaas-image.sh
    # build), run by podman on the host network, instead of a host binary.
    step "chaincode server from image $CCAAS_IMAGE (podman, scripts/ccaas-image.sh run)"
    bin="$TN_DIR/scripts/ccaas-image.sh"
    set -- run "$CCAAS_IMAGE" "$(ccaas_proc)-$CCAAS_PORT"
  else
    step "go build -mod=vendor -trimpath -o .state/ccaas/$CC_NAME $CC_PKG (GOPROXY=off)"
    (cd "$CC_SRC" && GOFLAGS="-mod=vendor -buildvcs=false" GOPROXY=off GOSUMDB=off GOWORK=off \
      go build -trimpath -o "$bin" "$CC_PKG")
    set --
  fi
  local tls_env=()
  if [ "$CCAAS_TLS" = true ]; then
    tls_env=(CHAINCODE_TLS_CERT="$CCAAS_TLS_DIR/server.crt" CHAINCODE_TLS_KEY="$CCAAS_TLS_DIR/server.key")
    if [ "$CCAAS_MTLS" = true ]; then
      # the peers' TLS certificates come from their orgs' TLS CAs
      cat "$PEER1_TLS_CA" "$PEER2_TLS_CA" > "$STATE_DIR/ccaas/client-cas.pem"
      tls_env+=(CHAINCODE_CLIENT_CA_CERT="$STATE_DIR/ccaas/client-cas.pem")
    fi
  else
    tls_env=(CHAINCODE_TLS_DISABLED=true)
  fi
  start_process "$(ccaas_proc)" CHAINCODE_SERVER_ADDRESS="127.0.0.1:$CCAAS_PORT" CHAINCODE_ID="$pkgid" BBS_CHAINCODE_NAME="$CC_NAME" \
    "${tls_env[@]}" -- "$bin" "$@"
  wait_for_port "$(ccaas_proc)" "$CCAAS_PORT" 30
}

install_on() { # ORG PACKAGE PACKAGE_ID
  setOrg "$1" Admin
  if peer lifecycle chaincode queryinstalled -O json 2>/dev/null |
      jq -e --arg id "$3" '.installed_chaincodes // [] | any(.package_id == $id)' >/dev/null; then
    step "peer0.org$1: $3 is already installed"
    return
  fi
  local t
  t=$(now_ms)
  step "peer0.org$1: peer lifecycle chaincode install (the peer's external builder builds it)"
  peer lifecycle chaincode install "$2" >> "$LOG_DIR/deploy.log" 2>&1 ||
    die "install on peer0.org$1 failed; see $LOG_DIR/deploy.log and $LOG_DIR/peer0.org$1.log"
  step "peer0.org$1: installed in $(elapsed "$t")"
}

# deploy_cc [-ccaas]: deploy bbs and, unless DEPLOY_POLL=false, the poll
# example, each with the same lifecycle, policy and builder (or each as its
# own chaincode server, on CCAAS_PORT and POLL_CCAAS_PORT).
deploy_cc() {
  local ccaas=false
  while [ $# -gt 0 ]; do
    case "$1" in
      -ccaas|--ccaas) ccaas=true ;;
      *) die "deploy: unknown option $1 (known: -ccaas)" ;;
    esac
    shift
  done
  require_tools
  require_network
  mkdir -p "$STATE_DIR/packages"
  deploy_one "$ccaas" "$CC_NAME" "$CC_PKG" "$CCAAS_PORT" ListIssuers 1 ""
  echo "$DEPLOYED_PKGID" > "$STATE_DIR/packages/current-package-id"
  echo "$CC_VERSION" > "$STATE_DIR/packages/current-version"
  configure_endorsement
  if [ "$DEPLOY_POLL" = true ]; then
    deploy_one "$ccaas" "$POLL_CC_NAME" "$POLL_CC_PKG" "$POLL_CCAAS_PORT" org.hyperledger.fabric:GetMetadata
    echo "$DEPLOYED_PKGID" > "$STATE_DIR/packages/current-package-id-$POLL_CC_NAME"
  fi
}

# cc_upgrade [VERSION]: the upgrade of bbs under load: a new golang package
# (label bbs_VERSION, by default 1.<next sequence - 1>, so another package ID
# from the same source), installed on both peers, approved by both orgs and
# committed as the next sequence, with the same policy; then the wait until
# both gateways can plan endorsements. A transaction endorsed under the old
# definition and ordered after the new one is invalidated at commit
# (MVCC_READ_CONFLICT on the definition the endorsement read). The
# endorsement configuration stays. Not for a chaincode server (deploy -ccaas).
cc_upgrade() {
  require_tools
  require_network
  alive "$(ccaas_proc)" && die "cc-upgrade: bbs runs as a chaincode server; upgrade it with ./network.sh deploy -ccaas"
  local seq
  seq=$(( $(committed_sequence) + 1 ))
  [ "$seq" -gt 1 ] || die "cc-upgrade: $CC_NAME is not deployed (./network.sh deploy)"
  CC_VERSION="${1:-1.$((seq - 1))}"
  case "$CC_VERSION" in ''|*[!A-Za-z0-9_.+-]*) die "cc-upgrade: version '$CC_VERSION': letters, digits and _.+- only" ;; esac
  mkdir -p "$STATE_DIR/packages"
  log "Upgrading $CC_NAME to version $CC_VERSION, sequence $seq"
  deploy_one false "$CC_NAME" "$CC_PKG" "$CCAAS_PORT" ListIssuers 1 ""
  echo "$DEPLOYED_PKGID" > "$STATE_DIR/packages/current-package-id"
  echo "$CC_VERSION" > "$STATE_DIR/packages/current-version"
}

# configure_endorsement: the channel's bbs endorsement configuration, set
# once (a later deploy, an upgrade, keeps it): mode BBS_ENDORSEMENT_MODE,
# both orgs, endorsed by both peers. No issuer or policy can be created
# before it.
configure_endorsement() {
  local cfg t0
  t0=$(now_ms)
  setOrg 1 Admin
  if cfg="$(peer chaincode query -C "$CHANNEL_NAME" -n "$CC_NAME" -c '{"Args":["GetEndorsementConfig"]}' 2>/dev/null)"; then
    step "endorsement configuration already set: $cfg"
    return 0
  fi
  cfg="$(jq -cn --arg mode "$BBS_ENDORSEMENT_MODE" '{mode: $mode, orgs: ["Org1MSP", "Org2MSP"]}')"
  peer chaincode invoke "${ORDERER_ARGS[@]}" -C "$CHANNEL_NAME" -n "$CC_NAME" "${BOTH_PEERS[@]}" --waitForEvent \
    -c "$(jq -cn --arg cfg "$cfg" '{Args: ["SetEndorsementConfig", $cfg]}')" >> "$LOG_DIR/deploy.log" 2>&1 ||
    die "SetEndorsementConfig $cfg failed; see $LOG_DIR/deploy.log"
  step "SetEndorsementConfig $cfg ($(elapsed "$t0"))"
}

# deploy_one CCAAS NAME PKG CCAAS_PORT PLAN_FUNCTION [ARGS...]: the lifecycle
# of one chaincode; PLAN_FUNCTION is the read-only call that shows the
# gateways can plan its endorsements. Sets DEPLOYED_PKGID.
deploy_one() {
  local ccaas="$1" CC_NAME="$2" CC_PKG="$3" CCAAS_PORT="$4" t0
  shift 4
  t0=$(now_ms)
  local seq label pkg pkgid
  seq=$(( $(committed_sequence) + 1 ))
  if $ccaas; then
    label="${CC_NAME}_ccaas_${CC_VERSION}"
    pkg="$STATE_DIR/packages/$label.tar.gz"
    log "Deploying $CC_NAME as a chaincode server (ccaas), sequence $seq"
    package_ccaas "$pkg" "$label"
  else
    label="${CC_NAME}_${CC_VERSION}"
    pkg="$STATE_DIR/packages/$label.tar.gz"
    log "Deploying $CC_NAME from $CC_SRC ($CC_PKG), sequence $seq"
    package_golang "$pkg" "$label"
  fi
  pkgid="$(peer lifecycle chaincode calculatepackageid "$pkg")"
  step "package $pkg ($(du -h "$pkg" | cut -f1)), id $pkgid"
  if $ccaas; then start_ccaas "$pkgid"; fi

  log "Installing on both peers"
  install_on 1 "$pkg" "$pkgid"
  install_on 2 "$pkg" "$pkgid"

  log "Approving for Org1MSP and Org2MSP: policy $CC_POLICY"
  local org
  for org in 1 2; do
    setOrg "$org" Admin
    step "peer lifecycle chaincode approveformyorg (Org$org)"
    peer lifecycle chaincode approveformyorg "${ORDERER_ARGS[@]}" -C "$CHANNEL_NAME" -n "$CC_NAME" \
      --version "$CC_VERSION" --package-id "$pkgid" --sequence "$seq" \
      --signature-policy "$CC_POLICY" >> "$LOG_DIR/deploy.log" 2>&1 ||
      die "approveformyorg for Org$org failed; see $LOG_DIR/deploy.log"
  done
  setOrg 1 Admin
  step "peer lifecycle chaincode checkcommitreadiness: $(peer lifecycle chaincode checkcommitreadiness \
    -C "$CHANNEL_NAME" -n "$CC_NAME" --version "$CC_VERSION" --sequence "$seq" \
    --signature-policy "$CC_POLICY" -O json | jq -c .approvals)"

  log "Committing the definition (endorsed by both peers)"
  peer lifecycle chaincode commit "${ORDERER_ARGS[@]}" -C "$CHANNEL_NAME" -n "$CC_NAME" \
    --version "$CC_VERSION" --sequence "$seq" --signature-policy "$CC_POLICY" \
    "${BOTH_PEERS[@]}" >> "$LOG_DIR/deploy.log" 2>&1 ||
    die "commit failed; see $LOG_DIR/deploy.log"
  step "querycommitted: $(peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$CC_NAME" -O json |
    jq -c '{sequence, version, approvals}')"

  # The first call on each peer launches the chaincode (or dials the server).
  log "Starting the chaincode on both peers"
  local t
  for org in 1 2; do
    setOrg "$org" User1
    t=$(now_ms)
    peer chaincode query -C "$CHANNEL_NAME" -n "$CC_NAME" \
      -c '{"Args":["org.hyperledger.fabric:GetMetadata"]}' > /dev/null 2>> "$LOG_DIR/deploy.log" ||
      die "chaincode does not answer on peer0.org$org; see $LOG_DIR/deploy.log and $LOG_DIR/peer0.org$org.log"
    step "peer0.org$org: chaincode answers ($(elapsed "$t"))"
  done
  wait_for_gateway_plan "$@"
  if ! $ccaas && alive "$(ccaas_proc)"; then
    step "the chaincode server of the previous definition is no longer used: stopping it"
    stop_ccaas
  fi
  DEPLOYED_PKGID="$pkgid"
  log "Chaincode $CC_NAME deployed in $(elapsed "$t0") (package id $pkgid)"
}

# wait_for_gateway_plan: after a (re)definition the peers learn through
# gossip, some seconds later, that the other org's peer runs the chaincode;
# until then the Gateway's discovery finds no set of peers that satisfies
# the AND policy ("no peer combination can satisfy the endorsement
# policy"). Wait until the read-only call FUNCTION [ARGS...] of $CC_NAME
# (bbs: ListIssuers) can be endorsed as the policies require through each
# peer's gateway (nothing is submitted).
wait_for_gateway_plan() { # FUNCTION [ARGS...]
  local gwbin="$FABRIC_BIN_DIR/bbs-gateway" org addr ca t i
  if [ ! -x "$gwbin" ]; then
    step "no $gwbin: not waiting for the gateways' endorsement plans"
    return 0
  fi
  for org in 1 2; do
    if [ "$org" = 1 ]; then addr="$PEER1_ADDRESS" ca="$PEER1_TLS_CA"; else addr="$PEER2_ADDRESS" ca="$PEER2_TLS_CA"; fi
    t=$(now_ms)
    for ((i = 0; ; i++)); do
      tn_client "$gwbin" -peer "$addr" -tls-ca "$ca" -msp "Org${org}MSP" -user "$(userMSP "$org" User1)" \
        -channel "$CHANNEL_NAME" -chaincode "$CC_NAME" -timeout 10s endorse "$@" \
        >> "$LOG_DIR/deploy.log" 2>&1 && break
      [ "$i" -lt 120 ] || die "peer0.org$org's gateway found no endorsement plan for $CC_NAME within 60 s; see $LOG_DIR/deploy.log"
      sleep 0.5
    done
    step "peer0.org$org's gateway can plan $CC_NAME endorsements by both orgs ($(elapsed "$t"))"
  done
}

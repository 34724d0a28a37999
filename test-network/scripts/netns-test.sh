#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck disable=SC2016,SC2012 # the scripts in single quotes run in in_net's bash; ls of plain names
# Test of NETNS=1 (scripts/netns.sh, env.sh) without root and without a
# network (make network-unit runs it): env.sh's addresses and names, the
# refusals (TOXIPROXY=1, STATE_DB=couchdb, not root, no ip), the TLS SANs
# added to cryptogen's input, the node wrappers, and "up"/"down" of the
# namespaces against a fake ip that records its calls and keeps its
# namespaces in a scratch folder: every link and address is made inside a
# namespace, "down" deletes exactly the namespaces "up" made (members first,
# then the hub), and leaves alone a namespace it did not make.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tn="$(cd "$here/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fails=0 checks=0
fail() { echo "netns-test: FAIL: $*" >&2; fails=$((fails + 1)); }
check() { # DESCRIPTION WANT GOT
  checks=$((checks + 1))
  [ "$2" = "$3" ] || fail "$1: want [$2], got [$3]"
}
contains() { # DESCRIPTION NEEDLE HAYSTACK
  checks=$((checks + 1))
  case "$3" in *"$2"*) ;; *) fail "$1: [$2] not in [$3]" ;; esac
}

# A fake ip: logs every call to $tmp/ip.log; "netns add/del/list/pids"
# keep the names as files in $NETNS_RUN_DIR.
mkdir -p "$tmp/bin" "$tmp/run"
cat > "$tmp/bin/ip" <<'EOF'
#!/usr/bin/env bash
echo "ip $*" >> "$FAKE_IP_LOG"
if [ "$1" = netns ]; then
  case "$2" in
    add) [ ! -e "$NETNS_RUN_DIR/$3" ] || { echo "Cannot create namespace file \"$NETNS_RUN_DIR/$3\": File exists" >&2; exit 1; }
         : > "$NETNS_RUN_DIR/$3" ;;
    del) rm "$NETNS_RUN_DIR/$3" ;;
    list) ls "$NETNS_RUN_DIR" ;;
    pids) ;;
  esac
fi
exit 0
EOF
cat > "$tmp/bin/id" <<'EOF'
#!/usr/bin/env bash
if [ "$1" = -u ]; then echo "${FAKE_UID:-0}"; else exec /usr/bin/id "$@"; fi
EOF
chmod +x "$tmp/bin/ip" "$tmp/bin/id"
export FAKE_IP_LOG="$tmp/ip.log" NETNS_RUN_DIR="$tmp/run"

# in_net ENV... -- SCRIPT: SCRIPT in a bash that sourced env.sh and netns.sh
# with the fake ip first on PATH; the network's state in $tmp/tn. Its
# output, then "(exit N)" if it failed.
mkdir -p "$tmp/tn/scripts"
cp "$tn/env.sh" "$tmp/tn/"
cp "$here/netns.sh" "$tmp/tn/scripts/"
cp -r "$tn/config" "$tmp/tn/"
in_net() {
  local envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  # shellcheck disable=SC2016 # for the inner bash
  env -u NETNS -u TOXIPROXY -u STATE_DB -u NETNS_PREFIX -u NETNS_NET -u PORT_OFFSET \
    PATH="$tmp/bin:$PATH" "${envs[@]}" bash -c '
    set -euo pipefail
    . "$0/env.sh"
    step() { echo "step: $*"; }
    die() { echo "die: $*"; exit 1; }
    port_in_use() { return 1; }
    . "$0/scripts/netns.sh"
    eval "$1"' "$tmp/tn" "$1" 2>&1 || echo "(exit $?)"
}

# ---- env.sh
got="$(in_net NETNS=1 PORT_OFFSET=4700 -- 'echo "$NETNS_PREFIX $ORDERER_ADDRESS $PEER1_ADDRESS $PEER2_ADDRESS $(orderer_client_host 1) $(orderer_client_host 3)"')"
check "NETNS=1 addresses" "fbbs4700 orderer.example.com:11750 peer0.org1.example.com:11751 peer0.org2.example.com:13751 orderer.example.com orderer3.example.com" "$got"
got="$(in_net NETNS=1 PORT_OFFSET=4700 -- 'echo "$NETNS_ORDERER_IP $NETNS_ORG1_IP $NETNS_ORG2_IP $NETNS_CLIENT_IP"')"
check "NETNS=1 namespace addresses" "10.200.0.10 10.200.0.11 10.200.0.12 10.200.0.100" "$got"
got="$(in_net NETNS=1 NETNS_NET=10.9.8 NETNS_PREFIX=mine -- 'echo "$NETNS_PREFIX $NETNS_ORG2_IP $(netns_name hub)"')"
check "NETNS_NET, NETNS_PREFIX" "mine 10.9.8.12 mine-hub" "$got"
got="$(in_net PORT_OFFSET=4700 -- 'echo "$NETNS $ORDERER_ADDRESS $PEER1_ADDRESS $(orderer_client_host 2) $(type -t peer || echo none)"')"
check "NETNS=0 addresses" "0 127.0.0.1:11750 127.0.0.1:11751 127.0.0.1 none" "$got"
got="$(in_net NETNS=1 -- 'type -t peer; type -t osnadmin')"
check "NETNS=1 wraps the peer CLI and osnadmin" "function
function" "$got"
got="$(in_net NETNS=2 -- 'echo loaded' || true)"
contains "NETNS=2 refused" "NETNS=2: 0 or 1" "$got"
got="$(in_net NETNS=1 PORT_OFFSET=4700 -- 'tn_client echo hi; tail -n 1 "$FAKE_IP_LOG"')"
contains "tn_client runs in the client namespace" "ip netns exec fbbs4700-client sh -c mount --bind" "$got"
got="$(in_net PORT_OFFSET=4700 -- 'tn_client echo direct')"
check "tn_client without NETNS" "direct" "$got"

# ---- node names, addresses and wrappers
got="$(in_net NETNS=1 PORT_OFFSET=4700 -- 'for n in orderer orderer3 peer0.org1 peer0.org2; do printf "%s=%s,%s " "$n" "$(node_ip "$n")" "$(node_host "$n")"; done; anchor_host 2')"
check "NETNS=1 node addresses and names" "orderer=10.200.0.10,orderer.example.com orderer3=10.200.0.10,orderer3.example.com peer0.org1=10.200.0.11,peer0.org1.example.com peer0.org2=10.200.0.12,peer0.org2.example.com peer0.org2.example.com" "$got"
got="$(in_net PORT_OFFSET=4700 -- 'printf "%s %s %s %s" "$(node_ip peer0.org1)" "$(node_host orderer2)" "$(anchor_host 1)" "$(netns_wrap peer0.org1 | wc -l)"')"
check "NETNS=0 node addresses, no wrapper" "127.0.0.1 127.0.0.1 127.0.0.1 0" "$got"
got="$(in_net NETNS=1 PORT_OFFSET=4700 -- 'netns_wrap peer0.org2 | tr "\n" " "')"
contains "a peer's wrapper" "netns exec fbbs4700-org2 sh -c mount --bind \"\$0\" /etc/hosts && exec \"\$@\" $tmp/tn/.state/ns/hosts" "$got"
got="$(in_net NETNS=1 -- 'netns_wrap couchdb.org1' || true)"
contains "no namespace for another process" "die: NETNS=1: no namespace for process couchdb.org1" "$got"

# ---- refusals
got="$(in_net NETNS=1 TOXIPROXY=1 -- 'netns_require' || true)"
contains "TOXIPROXY=1 refused" "NETNS=1 with TOXIPROXY=1 is not supported" "$got"
got="$(in_net NETNS=1 STATE_DB=couchdb -- 'netns_require' || true)"
contains "STATE_DB=couchdb refused" "NETNS=1 with STATE_DB=couchdb is not supported" "$got"
got="$(in_net NETNS=1 FAKE_UID=1000 -- 'netns_require' || true)"
contains "not root refused" "NETNS=1 needs root" "$got"
got="$(in_net NETNS=1 -- 'command() { if [ "$2" = ip ]; then return 1; fi; builtin command "$@"; }; netns_require' || true)"
contains "no ip refused" "NETNS=1 needs ip (iproute2): make network-netns-deps" "$got"
got="$(in_net -- 'netns_require; echo fine')"
check "NETNS=0 requires nothing" "fine" "$got"

# ---- the TLS SANs
got="$(in_net NETNS=1 -- 'mkdir -p "$STATE_DIR"; f="$(netns_crypto_config "$TN_DIR/config/crypto-config.yaml")"; { diff "$TN_DIR/config/crypto-config.yaml" "$f" || true; } | grep "^[<>]" | tr -s " " | tr "\n" "|"')"
check "crypto-config.yaml: each org's address added after 127.0.0.1" "> - 10.200.0.10|> - 10.200.0.11|> - 10.200.0.11|> - 10.200.0.12|" "$got"
got="$(in_net NETNS=1 -- 'mkdir -p "$STATE_DIR"; f="$(netns_crypto_config "$TN_DIR/config/crypto-config-bft.yaml")"; grep -c "SANS: \[localhost, 127.0.0.1, 10.200.0.10\]" "$f"; grep -vc "SANS" "$f" > /dev/null; diff <(grep -v SANS "$TN_DIR/config/crypto-config-bft.yaml") <(grep -v SANS "$f") && echo same-otherwise')"
check "crypto-config-bft.yaml: the orderer address in each orderer's SANs" "4
same-otherwise" "$got"
got="$(in_net -- 'netns_crypto_config "$TN_DIR/config/crypto-config.yaml"')"
check "NETNS=0: cryptogen's input as it is" "$tmp/tn/config/crypto-config.yaml" "$got"
for f in configtx.yaml configtx-bft.yaml; do
  got="$(grep -c '@PEER[12]_ANCHOR_HOST@' "$tn/config/$f")"
  check "$f: the anchor peers' hosts are placeholders" 2 "$got"
done

# ---- up and down with the fake ip
: > "$FAKE_IP_LOG"
: > "$NETNS_RUN_DIR/fbbs0-hub"          # another network's namespaces
: > "$NETNS_RUN_DIR/unrelated"
got="$(in_net NETNS=1 PORT_OFFSET=4700 -- 'mkdir -p "$STATE_DIR"; netns_up > /dev/null; cat "$STATE_DIR/netns"; cut -d" " -f1 "$STATE_DIR/ns/created" | tr "\n" " "')"
check "up: the namespaces it made, recorded" "1
fbbs4700-hub fbbs4700-orderer fbbs4700-org1 fbbs4700-org2 fbbs4700-client " "$got"
got="$(ls "$NETNS_RUN_DIR" | tr '\n' ' ')"
check "up: the namespaces there" "fbbs0-hub fbbs4700-client fbbs4700-hub fbbs4700-orderer fbbs4700-org1 fbbs4700-org2 unrelated " "$got"
got="$(grep -E '^ip (link|addr|route)' "$FAKE_IP_LOG" | grep -vc '^ip -n ' || true)"
check "up: no link, address or route outside a namespace" 0 "$got"
got="$(grep -c 'sysctl' "$FAKE_IP_LOG" || true)"
check "up: no sysctl" 0 "$got"
got="$(grep -c '^ip -n fbbs4700-hub link add v-[a-z0-9]* type veth peer name eth0 netns fbbs4700-' "$FAKE_IP_LOG")"
check "up: four veth pairs, hub to namespace" 4 "$got"
got="$(grep '^ip -n [^ ]* addr add' "$FAKE_IP_LOG" | tr '\n' '|')"
check "up: the addresses" "ip -n fbbs4700-orderer addr add 10.200.0.10/24 dev eth0|ip -n fbbs4700-org1 addr add 10.200.0.11/24 dev eth0|ip -n fbbs4700-org2 addr add 10.200.0.12/24 dev eth0|ip -n fbbs4700-client addr add 10.200.0.100/24 dev eth0|" "$got"
got="$(grep -c 'peer0.org1.example.com' "$tmp/tn/.state/ns/hosts")"
check "up: the hosts file names peer0.org1" 1 "$got"
got="$(in_net NETNS=1 PORT_OFFSET=4700 -- 'netns_require' || true)"
contains "up again refused while the namespaces exist" "die: network namespace fbbs4700-hub already exists" "$got"

# a namespace recorded but deleted and made again by someone else is left alone
sed -i 's/^\(fbbs4700-org2\) .*/\1 999999999/' "$tmp/tn/.state/ns/created"
: > "$FAKE_IP_LOG"
got="$(in_net NETNS=1 PORT_OFFSET=4700 -- 'netns_down')"
contains "down: a namespace that is not the one it made" "WARNING: namespace fbbs4700-org2 is not the one network.sh made" "$got"
got="$(grep '^ip netns del' "$FAKE_IP_LOG" | tr '\n' '|')"
check "down: deletes what it made, members first, hub last" "ip netns del fbbs4700-client|ip netns del fbbs4700-org1|ip netns del fbbs4700-orderer|ip netns del fbbs4700-hub|" "$got"
got="$(ls "$NETNS_RUN_DIR" | tr '\n' ' ')"
check "down: the others stay" "fbbs0-hub fbbs4700-org2 unrelated " "$got"
check "down: its record removed" "no" "$( [ -e "$tmp/tn/.state/ns/created" ] && echo yes || echo no)"
got="$(in_net NETNS=1 PORT_OFFSET=4700 -- 'netns_down; echo done')"
check "down again: nothing to do" "done" "$got"

echo "netns-test: $checks checks, $fails failed"
[ "$fails" -eq 0 ]

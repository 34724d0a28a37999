# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The channel, sourced by network.sh: the genesis block (configtxgen from
# config/), the orderer's join (osnadmin, channel participation) and the
# peers' joins. scripts/bft.sh replaces generate_channel_block's profile and
# join_channel on v3.1.

# The channel's configtx template (config/) and profile; scripts/bft.sh sets
# the BFT ones for FABRIC_VERSION=3.1.
CHANNEL_CONFIGTX="${CHANNEL_CONFIGTX:-configtx.yaml}"
# The Raft channel's block cutting (configtx.yaml; docs/network.md, "Block
# cutting"): a block is cut at MaxMessageCount transactions, when the next
# transaction would take it past PreferredMaxBytes, or BatchTimeout after its
# first transaction. The BFT channel (configtx-bft.yaml) takes
# ORDERER_BATCH_MAX_MESSAGES (SmartBFT's batch count) and keeps its own
# other values.
ORDERER_BATCH_TIMEOUT="${ORDERER_BATCH_TIMEOUT:-100ms}"
ORDERER_BATCH_MAX_MESSAGES="${ORDERER_BATCH_MAX_MESSAGES:-100}"
ORDERER_BATCH_ABSOLUTE_BYTES="${ORDERER_BATCH_ABSOLUTE_BYTES:-10 MB}"
ORDERER_BATCH_PREFERRED_BYTES="${ORDERER_BATCH_PREFERRED_BYTES:-2 MB}"
CHANNEL_PROFILE="${CHANNEL_PROFILE:-ChannelUsingRaft}"

generate_channel_block() {
  step "configtxgen -profile $CHANNEL_PROFILE -channelID $CHANNEL_NAME -outputBlock"
  sed -e "s/@ORDERER_PORT@/$ORDERER_PORT/g" -e "s/@ORDERER2_PORT@/$ORDERER2_PORT/g" \
    -e "s/@ORDERER3_PORT@/$ORDERER3_PORT/g" -e "s/@ORDERER4_PORT@/$ORDERER4_PORT/g" \
    -e "s/@PEER1_ANCHOR_PORT@/$(anchor_port 1)/g" -e "s/@PEER2_ANCHOR_PORT@/$(anchor_port 2)/g" \
    -e "s/@PEER1_ANCHOR_HOST@/$(anchor_host 1)/g" -e "s/@PEER2_ANCHOR_HOST@/$(anchor_host 2)/g" \
    -e "s/@ORDERER1_EP_HOST@/$(orderer_ep_host 1)/g" -e "s/@ORDERER2_EP_HOST@/$(orderer_ep_host 2)/g" \
    -e "s/@ORDERER3_EP_HOST@/$(orderer_ep_host 3)/g" -e "s/@ORDERER4_EP_HOST@/$(orderer_ep_host 4)/g" \
    -e "s/@ORDERER1_CLUSTER_HOST@/$(orderer_ep_host 1)/g" -e "s/@ORDERER2_CLUSTER_HOST@/$(orderer_ep_host 2)/g" \
    -e "s/@ORDERER3_CLUSTER_HOST@/$(orderer_ep_host 3)/g" -e "s/@ORDERER4_CLUSTER_HOST@/$(orderer_ep_host 4)/g" \
    -e "s/@ORDERER_BATCH_TIMEOUT@/$ORDERER_BATCH_TIMEOUT/g" \
    -e "s/@ORDERER_BATCH_MAX_MESSAGES@/$ORDERER_BATCH_MAX_MESSAGES/g" \
    -e "s/@ORDERER_BATCH_ABSOLUTE_BYTES@/$ORDERER_BATCH_ABSOLUTE_BYTES/g" \
    -e "s/@ORDERER_BATCH_PREFERRED_BYTES@/$ORDERER_BATCH_PREFERRED_BYTES/g" \
    "$TN_DIR/config/$CHANNEL_CONFIGTX" > "$STATE_DIR/configtx.yaml"
  mkdir -p "$STATE_DIR/channel-artifacts"
  configtxgen -configPath "$STATE_DIR" -profile "$CHANNEL_PROFILE" -channelID "$CHANNEL_NAME" \
    -outputBlock "$STATE_DIR/channel-artifacts/$CHANNEL_NAME.block" > "$LOG_DIR/configtxgen.log" 2>&1 ||
    die "configtxgen failed; see $LOG_DIR/configtxgen.log"
}

# join_peers BLOCK: both peers join the channel (retried: a peer may not
# serve its admin API yet).
join_peers() {
  local block="$1" org i
  for org in 1 2; do
    step "peer channel join -b $CHANNEL_NAME.block (peer0.org$org, Org$org Admin)"
    setOrg "$org" Admin
    for ((i = 1; ; i++)); do
      peer channel join -b "$block" >> "$LOG_DIR/channel-join.log" 2>&1 && break
      [ "$i" -lt 10 ] || die "peer0.org$org could not join $CHANNEL_NAME; see $LOG_DIR/channel-join.log"
      sleep 1
    done
  done
}

join_channel() {
  local block="$STATE_DIR/channel-artifacts/$CHANNEL_NAME.block"
  local o="$ORG_DIR/ordererOrganizations/example.com"
  step "osnadmin channel join --channelID $CHANNEL_NAME (orderer)"
  osnadmin channel join --channelID "$CHANNEL_NAME" --config-block "$block" \
    -o "$(orderer_client_host 1):$ORDERER_ADMIN_PORT" --ca-file "$ORDERER_CA" \
    --client-cert "$o/users/Admin@example.com/tls/client.crt" \
    --client-key "$o/users/Admin@example.com/tls/client.key" > "$LOG_DIR/osnadmin.log" 2>&1 ||
    die "osnadmin channel join failed; see $LOG_DIR/osnadmin.log"
  join_peers "$block"
  # The orderer must have elected itself Raft leader before the first transaction.
  for ((i = 0; i < 100; i++)); do
    grep -q "Raft leader changed: 0 -> 1\|became leader at term" "$LOG_DIR/orderer.log" && break
    sleep 0.2
  done
}

# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# SmartBFT leader faults for the soak test: sourced by
# scripts/bft.sh (FABRIC_VERSION=3.1, four orderers).
#
#   ./network.sh bft-leader              "N VIEW": orderer N (1-4) leads view VIEW.
#                                        Read from the orderers' own logs: each
#                                        SmartBFT node logs "ChangeRole -> Changing
#                                        to leader|follower role, current view: V,
#                                        current leader: L" when it enters a view
#                                        (internal/bft/controller.go); the answer
#                                        is the highest view that a running
#                                        orderer is in, and that view's leader
#                                        must itself log "Changing to leader role"
#                                        for it (otherwise the command fails).
#   ./network.sh bft-view-wait VIEW [SECS]   wait (default 120 s) until a quorum
#                                        (3 of 4) of the running orderers are in a
#                                        view after VIEW with the same leader;
#                                        prints "NEWVIEW LEADER SECONDS"
#   ./network.sh orderer-kill N          crash: SIGKILL orderer N right after it
#                                        logs a block it writes ("writing block N")
#
# The node IDs are the consenter IDs of config/configtx-bft.yaml: orderer N
# is node N. Leader rotation is off (the channel's SmartBFT options leave it
# unset; an orderer logs ChangeRole again within a view, after a sync, with
# the same leader, so its last such line is what counts).

# bft_roles: "NAME ROLE VIEW LEADER" of each running orderer, from the last
# ChangeRole line of its current log (none yet: nothing printed for it).
bft_roles() {
  local n name line
  for n in 1 2 3 4; do
    name="$(bft_name "$n")"
    alive "$name" || continue
    line="$(grep -E -o 'Changing to (leader|follower) role, current view: [0-9]+, current leader: [0-9]+' \
      "$LOG_DIR/$name.log" 2> /dev/null | tail -n 1)" || continue
    [ -n "$line" ] || continue
    # "Changing to leader role, current view: 3, current leader: 4"
    # shellcheck disable=SC2086 # word splitting wanted
    set -- ${line//,/}
    echo "$name $3 $7 ${10}"
  done
}

# bft_leader: "N VIEW" of the current leader (see the header).
bft_leader() {
  local roles view leader
  roles="$(bft_roles)"
  [ -n "$roles" ] || die "bft-leader: no running orderer has logged a SmartBFT role yet"
  view="$(awk '{print $3}' <<< "$roles" | sort -n | tail -n 1)"
  leader="$(awk -v v="$view" '$3 == v {print $4}' <<< "$roles" | sort -u)"
  [ "$(wc -l <<< "$leader")" = 1 ] || die "bft-leader: the orderers in view $view name different leaders: $(tr '\n' ' ' <<< "$roles")"
  case "$leader" in 1|2|3|4) ;; *) die "bft-leader: leader '$leader' is not a node of this network" ;; esac
  awk -v v="$view" -v n="$(bft_name "$leader")" '$1 == n && $2 == "leader" && $3 == v {found = 1} END {exit !found}' <<< "$roles" ||
    die "bft-leader: view $view names node $leader as leader, but $(bft_name "$leader") has not logged that it leads it: $(tr '\n' ' ' <<< "$roles")"
  echo "$leader $view"
}

# bft_view_wait VIEW [SECS]: see the header.
bft_view_wait() {
  local old="${1:?usage: network.sh bft-view-wait VIEW [SECS]}" secs="${2:-120}" i roles best
  case "$old$secs" in *[!0-9]*) die "bft-view-wait: VIEW and SECS are numbers" ;; esac
  local t0
  t0="$(date +%s%3N)"
  for ((i = 0; i < secs * 5; i++)); do
    roles="$(bft_roles)"
    # views after VIEW, with how many orderers are in each with which leader
    best="$(awk -v old="$old" '$3 > old {print $3, $4}' <<< "$roles" | sort | uniq -c |
      awk '$1 >= 3 {print $2, $3}' | sort -n | tail -n 1)"
    if [ -n "$best" ]; then
      echo "$best $(awk -v a="$t0" -v b="$(date +%s%3N)" 'BEGIN {printf "%.1f", (b - a) / 1000}')"
      return 0
    fi
    sleep 0.2
  done
  die "bft-view-wait: no quorum of orderers in a view after $old within $secs s: $(tr '\n' ' ' <<< "$roles")"
}

# bft_orderer_kill N: SIGKILL orderer N right after it writes a block.
bft_orderer_kill() {
  local n="${1:?usage: network.sh orderer-kill 1|2|3|4}"
  [ -d "$PID_DIR" ] || die "the network is not running: FABRIC_VERSION=3.1 ./network.sh up"
  kill_owned "$(bft_name "$n")" 'writing block [0-9]+'
}

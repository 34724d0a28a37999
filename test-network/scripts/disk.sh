# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# A full disk under one peer: sourced by network.sh.
#
#   PEER_LEDGER_FS=N[:SIZE] ./network.sh up   peer0.orgN's data folder
#                                (.state/peers/peer0.orgN: ledger, snapshots,
#                                the chaincode builds) on a tmpfs of SIZE (1g)
#                                of its own; "down" unmounts it (needs root)
#   ./network.sh disk-fill N     fill that file system (a filler file, until
#                                ENOSPC), then wait (60 s at most) until the
#                                peer stops committing: it exits, or its height
#                                stays put for 10 s; says which, with the
#                                peer's last error
#   ./network.sh disk-free N     remove the filler; if the peer exited, start
#                                it again on its ledger (peer-start N)
#   ./network.sh disk-usage N    df of that file system

PEER_LEDGER_FS="${PEER_LEDGER_FS:-}"

# ledger_fs_dir N: the folder of peer0.orgN that has a file system of its own
ledger_fs_dir() { echo "$STATE_DIR/peers/peer0.org$1"; }

# ledger_fs_mount: at "up", before the peers start (PEER_LEDGER_FS=N[:SIZE])
ledger_fs_mount() {
  [ -n "$PEER_LEDGER_FS" ] || return 0
  local n="${PEER_LEDGER_FS%%:*}" size=1g dir
  [[ "$PEER_LEDGER_FS" == *:* ]] && size="${PEER_LEDGER_FS#*:}"
  case "$n" in 1|2) ;; *) die "PEER_LEDGER_FS=$PEER_LEDGER_FS: N[:SIZE] with N 1 or 2" ;; esac
  case "$size" in ''|*[!0-9kmgKMG]*) die "PEER_LEDGER_FS=$PEER_LEDGER_FS: SIZE like 512m or 1g" ;; esac
  [ "$(id -u)" = 0 ] || die "PEER_LEDGER_FS needs root (mount -t tmpfs)"
  dir="$(ledger_fs_dir "$n")"
  mkdir -p "$dir"
  mount -t tmpfs -o "size=$size,mode=0755" "bbs-ledger-peer0.org$n" "$dir" ||
    die "could not mount a tmpfs of $size on $dir"
  echo "$n" > "$STATE_DIR/ledger-fs"
  step "peer0.org$n's data folder on a tmpfs of $size ($dir)"
}

# ledger_fs_umount: every file system mounted under .state/ (only
# ledger_fs_mount makes them), before .state/ is removed
ledger_fs_umount() {
  local m
  [ -d "$STATE_DIR" ] || return 0
  awk -v d="$STATE_DIR/" 'index($2, d) == 1 {print $2}' /proc/self/mounts | sort -r | while read -r m; do
    umount "$m" 2> /dev/null || umount -l "$m" || true
    step "unmounted $m"
  done
}

disk_need() {
  case "${2:-}" in 1|2) ;; *) die "$1: use 1 or 2" ;; esac
  [ "$(cat "$STATE_DIR/ledger-fs" 2> /dev/null)" = "$2" ] ||
    die "$1 $2: peer0.org$2's data folder has no file system of its own (PEER_LEDGER_FS=$2 ./network.sh up)"
}

disk_usage() {
  disk_need disk-usage "${1:-}"
  df -k --output=size,used,avail,pcent "$(ledger_fs_dir "$1")" | tail -n 1 |
    awk '{printf "%d KiB, %d used, %d free (%s)\n", $1, $2, $3, $4}'
}

disk_fill() {
  disk_need disk-fill "${1:-}"
  local n="$1" dir name i h last same=0 pid
  dir="$(ledger_fs_dir "$n")" name="peer0.org$n"
  alive "$name" || die "disk-fill: $name is not running"
  pid="$(cat "$PID_DIR/$name.pid")"
  dd if=/dev/zero of="$dir/filler" bs=1M status=none 2> /dev/null || true
  step "$name's file system filled: $(disk_usage "$n")"
  last="$(tp_peer_height "$n")"
  for ((i = 0; i < 60; i++)); do
    sleep 1
    if ! kill -0 "$pid" 2> /dev/null; then
      step "$name exited ${i} s after the disk filled; its last error: $(grep -E 'PANI|ERRO' "$LOG_DIR/$name.log" | tail -n 1 | cut -c 1-300)"
      return 0
    fi
    h="$(tp_peer_height "$n")"
    if [ -n "$h" ] && [ "$h" = "$last" ]; then same=$((same + 1)); else same=0 last="$h"; fi
    if [ "$same" -ge 10 ]; then
      step "$name still runs, its height stayed at $h for 10 s; its last error: $(grep -E 'ERRO|WARN' "$LOG_DIR/$name.log" | tail -n 1 | cut -c 1-300)"
      return 0
    fi
  done
  step "$name still runs and still commits 60 s after the disk filled (height $h)"
}

disk_free() {
  disk_need disk-free "${1:-}"
  local n="$1"
  rm -f "$(ledger_fs_dir "$n")/filler"
  step "filler removed: $(disk_usage "$n")"
  if ! alive "peer0.org$n"; then
    step "peer0.org$n exited: starting it again on its ledger"
    peer_command peer-start "$n"
    step "peer0.org$n: $(peer_command peer-recovery "$n" | tail -n 1)"
  fi
}

# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The end-to-end tests' helpers, sourced by e2e.sh and by e2e/poll.sh and
# e2e/policies.sh when they run alone: results are counted in passed and
# failed. list_all needs gw (invoke.sh).

passed="${passed:-0}" failed="${failed:-0}"

now_ms() { date +%s%3N; }
secs() { local ms=$1; printf '%d.%01d s' $((ms / 1000)) $(((ms % 1000) / 100)); }
section() { printf '\n--- %s\n' "$*"; }

pass() { passed=$((passed + 1)); printf '  PASS  %s\n' "$1"; }
fail() {
  failed=$((failed + 1))
  printf '  FAIL  %s\n' "$1"
  if [ -n "${2:-}" ]; then printf '%s\n' "$2" | tail -n 15 | sed 's/^/        | /'; fi
}

# run CMD...: runs it, keeping its exit status in RC, stdout in OUT, stderr in ERR.
run() {
  local o e
  o="$(mktemp)" e="$(mktemp)"
  set +e
  "$@" > "$o" 2> "$e"
  RC=$?
  set -e
  OUT="$(cat "$o")" ERR="$(cat "$e")"
  rm -f "$o" "$e"
}

# as ORG USER CMD...: runs CMD with the peer CLI set to that identity and peer.
as() { local org="$1" user="$2"; shift 2; ( setOrg "$org" "$user" && "$@" ); }

# ok NAME JQ_FILTER CMD...: passes if CMD succeeds and JQ_FILTER holds on its
# output ("" to check only the exit status). Like rejected, it records the
# result and returns 0; OUT keeps the output for the next step.
ok() {
  local name="$1" filter="$2"
  shift 2
  run "$@"
  if [ "$RC" -ne 0 ]; then fail "$name" "exit $RC: $OUT
$ERR"; return 0; fi
  if [ -n "$filter" ] && ! printf '%s' "$OUT" | jq -e "$filter" > /dev/null 2>&1; then
    fail "$name" "output does not satisfy $filter:
$OUT"
    return 0
  fi
  pass "$name"
}

# rejected NAME REGEX CMD...: passes if CMD fails with REGEX in its output.
rejected() {
  local name="$1" regex="$2"
  shift 2
  run "$@"
  if [ "$RC" -eq 0 ]; then fail "$name" "expected a rejection, got success: $OUT"; return 0; fi
  if ! printf '%s\n%s' "$OUT" "$ERR" | grep -Eiq -- "$regex"; then
    fail "$name" "rejected, but without /$regex/: $OUT
$ERR"
    return 0
  fi
  pass "$name"
}

# setup NAME CMD...: a step the rest depends on; on failure the test stops.
setup() {
  local name="$1"
  shift
  run "$@"
  if [ "$RC" -ne 0 ]; then
    fail "$name" "exit $RC: $OUT
$ERR"
    exit 1
  fi
}

# standalone_part NAME: the set-up of a part file (e2e/poll.sh,
# e2e/policies.sh) run alone on a deployed network: W is a fresh folder
# under .state/NAME, RUN_SUFFIX "-XXXX" from it (a second run on one network
# uses new IDs), BBS the bbs CLI built into W; on exit it prints
# "NAME: N passed, M failed" and exits non-zero on a failure.
standalone_part() {
  local name="$1"
  [ -d "$STATE_DIR" ] || { echo "no network: network.sh up && network.sh deploy first" >&2; exit 1; }
  mkdir -p "$STATE_DIR/$name"
  W="$(mktemp -d "$STATE_DIR/$name/run.XXXX")"
  RUN_SUFFIX="-${W##*.}"
  setup "build the bbs CLI" bash -c "cd '$REPO_ROOT' && GOFLAGS='-mod=vendor -buildvcs=false' GOPROXY=off go build -trimpath -o '$W/bbs' ./cmd/bbs"
  BBS="$W/bbs"
  # shellcheck disable=SC2064 # NAME now, the counts at exit
  trap "echo; echo \"$name: \$passed passed, \$failed failed\"; [ \"\$failed\" -eq 0 ]" EXIT
}

# regdoc DEST KEY ID ORG USER [COUNTS]: RegisterIssuer's registration
# document for issuer ID with key file KEY, carrying the key's proof of
# possession for OrgORG's USER on the channel (bbs register-request);
# COUNTS (as 4 or 3,5) pins the message counts, required for bbs+2020.
regdoc() {
  local counts=()
  [ -n "${6:-}" ] && counts=(--counts "$6")
  setup "bbs register-request $(basename "$1")" "$BBS" register-request --key "$2" --id "$3" --channel "$CHANNEL_NAME" \
    --msp "Org$4MSP" --cert "$(ls "$(userMSP "$4" "$5")"/signcerts/*.pem)" "${counts[@]}" --description "issuer $3 (e2e)" --out "$1"
}

# rotdoc DEST KEY ID VERSION ORG USER: RotateIssuerKey's rotation document
# adding KEY as version VERSION, for OrgORG's USER (bbs rotate-request).
rotdoc() {
  setup "bbs rotate-request $(basename "$1")" "$BBS" rotate-request --key "$2" --id "$3" --version "$4" --channel "$CHANNEL_NAME" \
    --msp "Org$5MSP" --cert "$(ls "$(userMSP "$5" "$6")"/signcerts/*.pem)" --out "$1"
}

# list_all TX PAGE_SIZE [ARG...]: pages TX (ListIssuers, ListPolicies, or
# GetIssuerHistory with ARG = issuer ID) through the gateway (Org1 User2) to
# the end with PAGE_SIZE, following bookmarks until
# the empty one, and prints {"pages": n, "items": [...every item...]}.
# Fails on a page that is too big, or on a bookmark that does not move on.
list_all() {
  local tx="$1" size="$2" bookmark="" page pages=0 items="[]" field next
  shift 2
  case "$tx" in ListIssuers) field=issuers ;; ListPolicies) field=policies ;; *) field=entries ;; esac
  while :; do
    page="$(gw 1 User2 evaluate "$tx" "$@" "$size" "$bookmark")" || return 1
    pages=$((pages + 1))
    [ "$(jq ".$field | length" <<< "$page")" -le "$size" ] || { echo "page $pages larger than $size: $page" >&2; return 1; }
    items="$(jq -c --argjson acc "$items" "\$acc + .$field" <<< "$page")"
    next="$(jq -r '.bookmark // ""' <<< "$page")"
    [ -n "$next" ] || break
    [ "$next" != "$bookmark" ] || { echo "bookmark $next repeated" >&2; return 1; }
    bookmark="$next"
    [ "$pages" -lt 1000 ] || { echo "more than 1000 pages" >&2; return 1; }
  done
  jq -cn --argjson items "$items" --argjson pages "$pages" '{pages: $pages, items: $items}'
}

# cc_sequence [NAME]: the committed definition's sequence of chaincode NAME (default bbs).
cc_sequence() {
  as 1 Admin peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "${1:-$CC_NAME}" -O json 2> /dev/null |
    jq -r '.sequence // 0'
}

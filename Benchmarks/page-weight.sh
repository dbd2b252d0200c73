#!/usr/bin/env bash
# Bytes of page markup per plain table row: serves a table of 50 rows and one of none (each row a
# tappable cell with a disclosure indicator, as in a mail list), fetches both pages as a browser
# would, and prints the difference divided by 50.
#   Benchmarks/page-weight.sh [path/to/segue]     (default .build/release/segue, else debug)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
[[ -z "$bin" ]] && { [[ -x .build/release/segue ]] && bin=.build/release/segue || bin=.build/debug/segue; }
work=$(mktemp -d)
trap 'kill "${pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

flow() {  # flow ROWS FILE
  {
    printf 'initialViewController: list\nscenes:\n  list:\n    kind: tableViewController\n    title: Inbox\n'
    printf '    view:\n      - table:\n          style: plain\n          rows:\n'
    if (($1 == 0)); then printf '            []\n'; fi
    for ((i = 0; i < $1; i++)); do
      printf '            - {id: message%d, text: Message %d, accessory: disclosureIndicator, segue: open}\n' "$i" "$i"
    done
    printf '    segues:\n      open: {kind: show, destination: other}\n  other: {title: Other}\n'
  } > "$2"
}

bytes() {  # bytes FLOW: the size of the first page of a new session
  "$bin" serve "$1" --port 0 --store memory --log-level warning --public-dir Public > "$work/log" 2>&1 &
  pid=$!
  local url=""
  for _ in $(seq 100); do
    url=$(grep -o 'http://[0-9.]*:[0-9]*' "$work/log" | head -1 || true)
    [[ -n "$url" ]] && break
    sleep 0.1
  done
  curl -sL -c "$work/jar" -b "$work/jar" "$url/" | wc -c
  kill "$pid"; wait "$pid" 2>/dev/null || true
  pid=""
}

flow 0 "$work/empty.yaml"
flow 50 "$work/full.yaml"
empty=$(bytes "$work/empty.yaml")
full=$(bytes "$work/full.yaml")
echo "empty table page: $empty bytes; 50 rows: $full bytes; per row: $(( (full - empty) / 50 )) bytes"

#!/usr/bin/env bash
# Compressed answers: sizes and the cost of serving them.
#   1. bytes on the wire of a 50-row table page, the Mail inbox page and the stylesheet, as they
#      are, gzip-encoded and brotli-encoded (curl's size_download, one GET each);
#   2. GETs of the 50-row table page (one session per connection, the page cached at its
#      version) with and without `Accept-Encoding: gzip, br`, in ROUNDS rounds back to back; the
#      ratio compressed/plain is taken within each round and the median reported.
# Usage: Benchmarks/compression.sh [seconds per load test, default 10]   (needs wrk, curl, python3)
#        BIN=.build/debug/segue Benchmarks/compression.sh (skip the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-10}"
ROUNDS="${ROUNDS:-3}"
PORT="${PORT:-8194}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-64}"
BASE="http://127.0.0.1:$PORT"

source Benchmarks/lib.sh
prepare_benchmark
WORK="$(mktemp -d)"
SERVER=""
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

# A navigation stack whose root lists 50 messages (each row a disclosure to a detail scene).
python3 - "$WORK/table.yaml" <<'PY'
import sys
out = ["initialViewController: nav", "scenes:",
       "  nav: {kind: navigationController, rootViewController: list}",
       "  list:", "    kind: tableViewController", "    title: Inbox", "    view:", "      - table:", "          rows:"]
for i in range(50):
    out.append(f"            - {{id: m{i}, text: 'Message {i}: a subject line of ordinary length', detail: 'Sender {i % 7}', style: subtitle, accessory: disclosureIndicator, segue: open}}")
out += ["    segues:", "      open: {kind: show, destination: detail}",
        "  detail: {title: Message, view: [{label: {text: The message}}]}"]
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY

"$BIN" serve "$WORK/table.yaml" --port "$PORT" --log-level warning --store memory >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do curl -fs "$BASE/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

sessions=()
for _ in $(seq "$CONNECTIONS"); do
  sessions+=("$(curl -s -X POST -d '{}' "$BASE/api/v1/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')")
done
page=$(curl -s "$BASE/api/v1/sessions/${sessions[0]}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["url"])')
cookie="segue_session=${sessions[0]}"

size() {  # URL [Accept-Encoding]
  if [ -n "${2:-}" ]; then curl -s -o /dev/null -w '%{size_download}' -H "Cookie: $cookie" -H "Accept-Encoding: $2" "$1"
  else curl -s -o /dev/null -w '%{size_download}' -H "Cookie: $cookie" "$1"; fi
}
echo "# Compression  $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s  x$ROUNDS rounds"
echo
echo "| body | identity | gzip | br | br/identity |"
echo "|---|---:|---:|---:|---:|"
row() {  # NAME URL
  local plain gz br
  plain=$(size "$2"); gz=$(size "$2" gzip); br=$(size "$2" br)
  echo "| $1 | $plain | $gz | $br | $(python3 -c "print(f'{$br/$plain:.3f}')") |"
}
row "50-row table page $page" "$BASE/api/v1/sessions/${sessions[0]}/page$page"
row "stylesheet /public/segue.css" "$BASE/public/segue.css"
row "JSON state GET /api/v1/sessions/ID" "$BASE/api/v1/sessions/${sessions[0]}"

# Each connection's session at the page, then GETs of its page (through the API: the page route for a session id).
ids_lua="local ids = { $(printf '"%s",' "${sessions[@]}") }"
for id in "${sessions[@]}"; do curl -s -o /dev/null "$BASE/api/v1/sessions/$id/page$page"; done
plain_lua="$WORK/plain.lua"; compressed_lua="$WORK/compressed.lua"
cycling_wrk_script "$plain_lua" "$ids_lua" '
  for _, id in ipairs(ids) do requests[#requests + 1] = wrk.format("GET", "/api/v1/sessions/" .. id .. "/page'"$page"'") end'
cycling_wrk_script "$compressed_lua" "$ids_lua" '
  for _, id in ipairs(ids) do requests[#requests + 1] = wrk.format("GET", "/api/v1/sessions/" .. id .. "/page'"$page"'", {["Accept-Encoding"] = "gzip, br"}) end'

rps() { awk '/Requests\/sec/ {print $2}'; }
plains=(); compresseds=(); ratios=()
echo
for round in $(seq "$ROUNDS"); do
  p=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s "$plain_lua" "$BASE" | rps)
  c=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s "$compressed_lua" "$BASE" | rps)
  plains+=("$p"); compresseds+=("$c"); ratios+=("$(python3 -c "print($c/$p)")")
  echo "round $round: plain $p req/s, compressed (br) $c req/s, ratio $(python3 -c "print(f'{$c/$p:.2f}')")"
done
echo
echo "Medians: page GET plain $(median "${plains[@]}") req/s, with 'Accept-Encoding: gzip, br' $(median "${compresseds[@]}") req/s, ratio $(median "${ratios[@]}")x (target >= 0.8x)"

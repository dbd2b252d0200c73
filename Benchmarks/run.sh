#!/usr/bin/env bash
# Segue benchmarks, in one run and side by side:
#   1. a bare libmicrohttpd route of the same binary (GET /healthz),
#   2. the Mail inbox page (GET of its canonical URL with the session cookie),
#   3. a JSON push/pop action pair (POST .../actions, alternating push and pop),
#   4. memory per idle session: RSS growth over 10,000 sessions.
# The three load tests run in ROUNDS rounds (default 3), each round bare, page, action back to
# back; a ratio is taken within its round (this machine's speed drifts by tens of percent from
# minute to minute), and the report gives the median of each.
# Usage: Benchmarks/run.sh [seconds per load test, default 10]   (needs wrk, curl, python3)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-10}"
ROUNDS="${ROUNDS:-3}"
PORT="${PORT:-8191}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-64}"
BASE="http://127.0.0.1:$PORT"

source Benchmarks/lib.sh
prepare_benchmark

start_server() {
  "$BIN" serve Examples/mail.yaml --port "$PORT" --log-level warning --store memory --max-sessions 200000 --max-live-sessions 200000 >/tmp/segue-bench.log 2>&1 &
  SERVER=$!
  for _ in $(seq 50); do curl -fs "$BASE/healthz" >/dev/null 2>&1 && return; sleep 0.1; done
  echo "server did not start" >&2; exit 1
}
stop_server() { kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; }
trap stop_server EXIT

rps() { awk '/Requests\/sec/ {print $2}'; }
latency() { awk '/Latency/ {print $2; exit}'; }

echo "# Segue benchmark  $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s  x$ROUNDS rounds"
start_server

# Sessions for the page and action tests: one per connection, as a browser per user would have.
sessions=()
for _ in $(seq "$CONNECTIONS"); do
  sessions+=("$(curl -s -X POST -d '{}' "$BASE/api/v1/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')")
done
ids_lua="local ids = { $(printf '"%s",' "${sessions[@]}") }"
inbox='/ui/mailNav(mailboxes,inbox)'
for id in "${sessions[@]}"; do curl -s -o /dev/null "$BASE/api/v1/sessions/$id/page$inbox"; done
page_bytes=$(curl -s "$BASE/api/v1/sessions/${sessions[0]}/page$inbox" | wc -c)

# Inbox page: each session opened at the inbox, then GETs of that page with the session cookie.
page_lua=$(mktemp --suffix=.lua)
cycling_wrk_script "$page_lua" "$ids_lua" '
  for _, id in ipairs(ids) do requests[#requests + 1] = wrk.format("GET", "/api/v1/sessions/" .. id .. "/page'"$inbox"'") end'
# Push/pop pair: the same sessions (at the inbox), each alternating push and pop.
action_lua=$(mktemp --suffix=.lua)
cycling_wrk_script "$action_lua" "$ids_lua" '
  for _, id in ipairs(ids) do
    local path = "/api/v1/sessions/" .. id .. "/actions"
    requests[#requests + 1] = wrk.format("POST", path, {["Content-Type"] = "application/json"}, [[{"action":"push","scene":"message"}]])
    requests[#requests + 1] = wrk.format("POST", path, {["Content-Type"] = "application/json"}, [[{"action":"pop"}]])
  end'

bares=(); pages=(); actions=(); page_ratios=(); action_ratios=(); non2xx_total=0
for round in $(seq "$ROUNDS"); do
  bare_out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" "$BASE/healthz")
  page_out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s "$page_lua" "$BASE")
  action_out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s "$action_lua" "$BASE")
  bare=$(echo "$bare_out" | rps); page=$(echo "$page_out" | rps); action=$(echo "$action_out" | rps)
  non2xx=$(echo "$action_out" | awk '/Non-2xx/ {print $5}'); non2xx_total=$((non2xx_total + ${non2xx:-0}))
  bares+=("$bare"); pages+=("$page"); actions+=("$action")
  page_ratios+=("$(python3 -c "print($page/$bare)")"); action_ratios+=("$(python3 -c "print($action/$bare)")")
  echo "round $round: bare $bare req/s ($(echo "$bare_out" | latency)), page $page ($(echo "$page_out" | latency)), action $action ($(echo "$action_out" | latency)); page/bare $(python3 -c "print(f'{$page/$bare:.2f}')"), action/bare $(python3 -c "print(f'{$action/$bare:.2f}')")"
done
stop_server

# 4. Memory per idle session: a fresh server, RSS before and after 10,000 sessions.
start_server
sleep 0.5
rss() { awk '/VmRSS/ {print $2}' "/proc/$SERVER/status"; }
before=$(rss)
python3 - "$PORT" <<'PY'
import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
for _ in range(10_000):
    c.request("POST", "/api/v1/sessions", body=b"{}", headers={"Content-Type": "application/json"})
    r = c.getresponse(); r.read()
    assert r.status == 201, r.status
PY
sleep 0.5
after=$(rss)
per_session=$(( (after - before) * 1024 / 10000 ))

cat <<REPORT

Medians over $ROUNDS rounds (ratios taken within each round):

| Measurement | Result | Target |
|---|---|---|
| bare route GET /healthz | $(median "${bares[@]}") req/s | >= 100k req/s |
| inbox page GET $inbox (${page_bytes} bytes) | $(median "${pages[@]}") req/s, $(median "${page_ratios[@]}")x bare | >= 0.4x bare |
| push/pop action pair POST .../actions | $(median "${actions[@]}") req/s, $(median "${action_ratios[@]}")x bare, non-2xx: ${non2xx_total} | >= 0.3x bare |
| memory per idle session | ${per_session} bytes (RSS ${before} KiB -> ${after} KiB over 10,000 sessions) | <= 20 KB |
REPORT

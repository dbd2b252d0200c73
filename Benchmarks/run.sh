#!/usr/bin/env bash
# Segue benchmarks, in one run and side by side:
#   1. a bare libmicrohttpd route of the same binary (GET /healthz),
#   2. the Mail inbox page (GET of its canonical URL with the session cookie),
#   3. a JSON push/pop action pair (POST .../actions, alternating push and pop),
#   4. memory per idle session: RSS growth over 10,000 sessions.
# Usage: Benchmarks/run.sh [seconds per load test, default 10]   (needs wrk, curl, python3)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-10}"
PORT="${PORT:-8191}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-64}"
BASE="http://127.0.0.1:$PORT"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
swift build -c release --product segue >/dev/null
BIN="$(swift build -c release --show-bin-path)/segue"

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

echo "# Segue benchmark  $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s"
start_server

# 1. Bare route.
bare_out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" "$BASE/healthz")
bare=$(echo "$bare_out" | rps)

# Sessions for the page and action tests: one per connection, as a browser per user would have.
sessions=()
for _ in $(seq "$CONNECTIONS"); do
  sessions+=("$(curl -s -X POST -d '{}' "$BASE/api/v1/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')")
done
ids_lua="local ids = { $(printf '"%s",' "${sessions[@]}") }"

# 2. Inbox page: each session opened at the inbox, then GETs of that page with the session cookie.
inbox='/ui/mailNav(mailboxes,inbox)'
for id in "${sessions[@]}"; do curl -s -o /dev/null -H "Cookie: segue_session=$id" "$BASE$inbox"; done
page_bytes=$(curl -s -H "Cookie: segue_session=${sessions[0]}" "$BASE$inbox" | wc -c)
page_lua=$(mktemp --suffix=.lua)
cat > "$page_lua" <<LUA
$ids_lua
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "$inbox", {["Cookie"] = "segue_session=" .. ids[(n % #ids) + 1]})
end
LUA
page_out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s "$page_lua" "$BASE")
page=$(echo "$page_out" | rps)

# 3. Push/pop pair: the same sessions (now at the inbox), each alternating push and pop.
lua=$(mktemp --suffix=.lua)
cat > "$lua" <<LUA
$ids_lua
local n = 0
local push = '{"action":"push","scene":"message"}'
local pop = '{"action":"pop"}'
request = function()
  n = n + 1
  local id = ids[(math.floor((n - 1) / 2) % #ids) + 1]
  local body = (n % 2 == 1) and push or pop
  return wrk.format("POST", "/api/v1/sessions/" .. id .. "/actions", {["Content-Type"] = "application/json"}, body)
end
response = function(status)
  if status ~= 200 then errors = (errors or 0) + 1 end
end
LUA
action_out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s "$lua" "$BASE")
action=$(echo "$action_out" | rps)
non2xx=$(echo "$action_out" | awk '/Non-2xx/ {print $5}')
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

ratio() { python3 -c "print(f'{$1/$2:.2f}')"; }
cat <<REPORT

| Measurement | Result | Target |
|---|---|---|
| bare route GET /healthz | ${bare} req/s (latency $(echo "$bare_out" | latency)) | >= 100k req/s |
| inbox page GET $inbox (${page_bytes} bytes) | ${page} req/s (latency $(echo "$page_out" | latency)), $(ratio "$page" "$bare")x bare | >= 0.4x bare |
| push/pop action pair POST .../actions | ${action} req/s (latency $(echo "$action_out" | latency)), $(ratio "$action" "$bare")x bare, non-2xx: ${non2xx:-0} | >= 0.3x bare |
| memory per idle session | ${per_session} bytes (RSS ${before} KiB -> ${after} KiB over 10,000 sessions) | <= 20 KB |
REPORT

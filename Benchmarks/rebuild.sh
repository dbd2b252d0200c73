#!/usr/bin/env bash
# Rebuild benchmark: how a session's age changes what it costs to bring it back into memory.
#
# One release `segue serve` of the Mail example on SQLite with a live-session cap of 16, so every
# request below rebuilds its session from storage (wrk cycles through more sessions than the cap
# in order, so each one has left memory by its next turn). SESSIONS sessions are opened at the inbox and
# each is given STEPS more steps (push and pop in turn); then wrk cycles `GET` of each session's
# STATE over them for the given seconds. Run for young and old sessions, with snapshots
# (`--snapshot-interval 32`, the default) and without (`0`): with snapshots a rebuild replays at
# most 31 steps after the latest one, so the rate should not fall with age.
# Usage: Benchmarks/rebuild.sh [seconds per run, default 8]   (needs wrk, curl, python3)
# AGES="40 400" sets the step counts. Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-8}"
SESSIONS="${SESSIONS:-64}"
AGES="${AGES:-40 400}"
source Benchmarks/lib.sh
prepare_benchmark
WORK="$(mktemp -d /tmp/segue-rebuild-XXXXXX)"
SERVER=""
cleanup() { [ -n "$SERVER" ] && { kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; }; rm -rf "$WORK"; }
trap cleanup EXIT

run() {  # STEPS INTERVAL -> prints "req/s p50 p99"
    local steps="$1" interval="$2" port
    port="$(free_port)"
    rm -rf "$WORK/data"
    "$BIN" serve Examples/mail.yaml --port "$port" --log-level warning --store "$WORK/data" \
        --max-live-sessions 16 --snapshot-interval "$interval" >"$WORK/server.log" 2>&1 &
    SERVER=$!
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
    python3 - "$port" "$SESSIONS" "$steps" >"$WORK/ids" <<'PY'
import http.client, json, sys
port, sessions, steps = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
c = http.client.HTTPConnection("127.0.0.1", port)
def post(path, body):
    c.request("POST", path, body=body.encode(), headers={"Content-Type": "application/json"})
    r = c.getresponse(); data = r.read()
    assert r.status in (200, 201), (r.status, data)
    return json.loads(data)
ids = [post("/api/v1/sessions", "{}")["id"] for _ in range(sessions)]
for sid in ids:
    post(f"/api/v1/sessions/{sid}/actions", '{"action":"tap","element":"inboxRow"}')
    for i in range(steps - 1):
        post(f"/api/v1/sessions/{sid}/actions", '{"action":"push","scene":"message"}' if i % 2 == 0 else '{"action":"pop"}')
for sid in ids: print(sid)
PY
    cycling_wrk_script "$WORK/state.lua" "local ids = {}
for line in io.lines('$WORK/ids') do ids[#ids + 1] = line end
response = function(status, headers, body)
  if status >= 400 then local f = io.open('$WORK/errors', 'a'); f:write(status, ' ', (body or ''):sub(1, 300), '\\n'); f:close() end
end" "
  for _, id in ipairs(ids) do requests[#requests + 1] = wrk.format('GET', '/api/v1/sessions/' .. id) end"
    wrk -t2 -c8 -d"${DURATION}s" --latency -s "$WORK/state.lua" "http://127.0.0.1:$port" >"$WORK/wrk.out"
    kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=""
    if grep -q "Non-2xx" "$WORK/wrk.out"; then echo "non-2xx answers:" >&2; head -5 "$WORK/errors" >&2; exit 1; fi
    echo "$(awk '/Requests\/sec/ {print $2}' "$WORK/wrk.out") $(awk '$1 == "50%" {print $2}' "$WORK/wrk.out") $(awk '$1 == "99%" {print $2}' "$WORK/wrk.out")"
}

echo "# Segue rebuild benchmark  $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  $SESSIONS sessions, live cap 16, ${DURATION}s per run"
echo
echo "| steps per session | snapshots | rebuilds/s | p50 | p99 |"
echo "|---:|---|---:|---:|---:|"
for steps in $AGES; do
    for interval in 0 32; do
        read -r rate p50 p99 < <(run "$steps" "$interval")
        echo "| $steps | $([ "$interval" = 0 ] && echo none || echo "every $interval") | $rate | $p50 | $p99 |"
    done
done

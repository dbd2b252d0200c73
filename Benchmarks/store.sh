#!/usr/bin/env bash
# Session-store benchmark: JSON action throughput and latency with each store, side by side.
#
# For each store (memory; SQLite, the default, with synchronous=NORMAL and FULL; PostgreSQL on a
# private loopback server when Debian's postgresql is installed), one release `segue serve`,
# CONNECTIONS sessions opened at the inbox, then wrk alternating push and pop on them (every
# action is durable before its 200 with the durable stores).
#
# Usage: Benchmarks/store.sh [seconds per run, default 10]   (needs wrk, curl, python3)
# Prints a Markdown table; "ratio" is requests/s relative to the memory store.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-10}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
swift build -c release --product segue >/dev/null
BIN="$(swift build -c release --show-bin-path)/segue"
WORK="$(mktemp -d /tmp/segue-store-bench-XXXXXX)"
SERVER=""
PG_DIR=""
cleanup() {
    [ -n "$SERVER" ] && { kill -9 "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; }
    [ -n "$PG_DIR" ] && Tests/Scripts/postgres.sh stop "$PG_DIR"
    rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

run_store() {  # name, then extra serve arguments
    local name="$1"; shift
    local port; port="$(free_port)"
    local base="http://127.0.0.1:$port"
    "$BIN" serve Examples/mail.yaml --port "$port" --log-level warning "$@" >"$WORK/$name.log" 2>&1 &
    SERVER=$!
    for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
    local ids=()
    for _ in $(seq "$CONNECTIONS"); do
        local id; id="$(curl -s -X POST -d '{}' "$base/api/v1/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
        curl -s -o /dev/null -X POST -d '{"action":"tap","element":"inboxRow"}' "$base/api/v1/sessions/$id/actions"
        ids+=("$id")
    done
    local lua="$WORK/$name.lua"
    cat >"$lua" <<LUA
local ids = { $(printf '"%s",' "${ids[@]}") }
local counter = 0
setup = function(thread) counter = counter + 1; thread:set("tid", counter) end
local n = 0
request = function()
  n = n + 1
  -- Each wrk connection keeps to its own sessions so a session's push and pop alternate.
  local id = ids[((tid or 1) - 1 + (math.floor((n - 1) / 2) * $THREADS)) % #ids + 1]
  local body = (n % 2 == 1) and '{"action":"push","scene":"message"}' or '{"action":"pop"}'
  return wrk.format("POST", "/api/v1/sessions/" .. id .. "/actions", {["Content-Type"] = "application/json"}, body)
end
LUA
    local out; out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$lua" "$base")"
    local rps; rps="$(echo "$out" | awk '/Requests\/sec/ {print $2}')"
    local avg; avg="$(echo "$out" | awk '/^    Latency/ {print $2; exit}')"
    local p50; p50="$(echo "$out" | awk '/^ +50%/ {print $2; exit}')"
    local p99; p99="$(echo "$out" | awk '/^ +99%/ {print $2; exit}')"
    local non2xx; non2xx="$(echo "$out" | awk '/Non-2xx/ {print $5}')"
    kill -9 "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=""
    echo "$name $rps $avg $p50 $p99 ${non2xx:-0}"
}

echo "# Segue session stores  $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s  push/pop actions"
results=()
results+=("$(run_store memory --store memory)")
results+=("$(run_store sqlite --store "$WORK/sqlite")")
results+=("$(run_store sqlite-full --store "$WORK/sqlite-full" --sqlite-synchronous full)")
if ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
    eval "$(Tests/Scripts/postgres.sh start 2>/dev/null)"
    PG_DIR="$SEGUE_PG_DIR"
    results+=("$(run_store postgres --store "$SEGUE_TEST_POSTGRES_URL" --threads 8)")
fi
base_rps="$(echo "${results[0]}" | awk '{print $2}')"
echo
echo "| store | requests/s | ratio | latency avg | p50 | p99 | non-2xx |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for r in "${results[@]}"; do
    echo "$r" | awk -v base="$base_rps" '{ printf "| %s | %s | %.2f× | %s | %s | %s | %s |\n", $1, $2, $2 / base, $3, $4, $5, $6 }'
done

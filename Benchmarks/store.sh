#!/usr/bin/env bash
# Session-store benchmark: JSON action throughput and latency with each store, side by side.
#
# For each store (memory; SQLite, the default, with synchronous=NORMAL and FULL; PostgreSQL on a
# private loopback server when Debian's postgresql is installed), one release `segue serve`,
# CONNECTIONS sessions opened at the inbox, then wrk alternating push and pop on them (every
# action is durable before its 200 with the durable stores). The table gives the database round
# trips per action of each run with a database server (counted by the server,
# `GET /api/v1/admin/storage`).
#
# Every store runs once per round, ROUNDS rounds (default 3), back to back within a round; each
# ratio is taken within its round (this machine's speed drifts from minute to minute) and the
# table gives medians.
# STORES="memory sqlite" limits the runs to those stores (PostgreSQL runs when it is listed and
# installed); the default is "memory sqlite sqlite-full postgres". "sqlite-no-snapshots" is SQLite
# with `--snapshot-interval 0`: beside "sqlite", what taking a snapshot every 32 steps costs. POSTGRES_OPTIONS is appended to
# the PostgreSQL URL (e.g. "?lanes=2").
# Usage: Benchmarks/store.sh [seconds per run, default 10]   (needs wrk, curl, python3)
# Prints a Markdown table; "ratio" is requests/s relative to the memory store.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-10}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
ROUNDS="${ROUNDS:-3}"
PUSH='{"action":"push","scene":"message"}'
POP='{"action":"pop"}'
source Benchmarks/lib.sh
TRAITS=Postgres  # the PostgreSQL store
prepare_benchmark
WORK="$(mktemp -d /tmp/segue-store-bench-XXXXXX)"
SERVER=""
PG_DIR=""
cleanup() {
    [ -n "$SERVER" ] && { kill -9 "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; }
    [ -n "$PG_DIR" ] && Tests/Scripts/postgres.sh stop "$PG_DIR"
    rm -rf "$WORK"
}
trap cleanup EXIT

# The store's database round trips so far (admin API), "null" without a database server.
round_trips() { curl -s "$1/api/v1/admin/storage" | python3 -c 'import json,sys; v=json.load(sys.stdin)["roundTrips"]; print("null" if v is None else v)'; }


run_store() {  # name, then extra serve arguments
    local name="$1"; shift
    local port; port="$(free_port)"
    local base="http://127.0.0.1:$port"
    "$BIN" serve Examples/mail.yaml --port "$port" --log-level warning --admin loopback "$@" >"$WORK/$name.log" 2>&1 &
    SERVER=$!
    for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
    local ids=()
    for _ in $(seq "$CONNECTIONS"); do
        local id; id="$(curl -s -X POST -d '{}' "$base/api/v1/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
        curl -s -o /dev/null -X POST -d '{"action":"tap","element":"inboxRow"}' "$base/api/v1/sessions/$id/actions"
        ids+=("$id")
    done
    local lua="$WORK/$name.lua"
    # Each wrk thread keeps to its own sessions, each alternating push and pop.
    cycling_wrk_script "$lua" "local ids = { $(printf '"%s",' "${ids[@]}") }
local counter = 0
setup = function(thread) counter = counter + 1; thread:set('tid', counter) end" "
  for i = (tid or 1), #ids, $THREADS do
    local path = '/api/v1/sessions/' .. ids[i] .. '/actions'
    requests[#requests + 1] = wrk.format('POST', path, {['Content-Type'] = 'application/json'}, [[$PUSH]])
    requests[#requests + 1] = wrk.format('POST', path, {['Content-Type'] = 'application/json'}, [[$POP]])
  end"
    local trips0; trips0="$(round_trips "$base")"
    local out; out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$lua" "$base")"
    local trips1; trips1="$(round_trips "$base")"
    local requests; requests="$(echo "$out" | awk '/requests in/ {print $1; exit}')"
    local per_action="-"
    [ "$trips0" != null ] && per_action="$(python3 -c "print('%.3f' % (($trips1 - $trips0) / max(1, $requests)))")"
    local rps; rps="$(echo "$out" | awk '/Requests\/sec/ {print $2}')"
    local avg; avg="$(echo "$out" | awk '/^    Latency/ {print $2; exit}')"
    local p50; p50="$(echo "$out" | awk '/^ +50%/ {print $2; exit}')"
    local p99; p99="$(echo "$out" | awk '/^ +99%/ {print $2; exit}')"
    local non2xx; non2xx="$(echo "$out" | awk '/Non-2xx/ {print $5}')"
    kill -9 "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=""
    echo "$name $rps $avg $p50 $p99 ${non2xx:-0} $per_action"
}

echo "# Segue session stores  $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s  push/pop actions"
field() { echo "$1" | awk -v f="$2" '{print $f}'; }
declare -A rps ratio avg p50 p99 non2xx trips
read -r -a stores <<< "${STORES:-memory sqlite sqlite-full postgres}"
if [[ " ${stores[*]} " == *" postgres "* ]]; then
    if ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
        eval "$(Tests/Scripts/postgres.sh start 2>/dev/null)"
        PG_DIR="$SEGUE_PG_DIR"
    else
        echo "PostgreSQL is not installed: its runs are left out" >&2
        stores=("${stores[@]/postgres}")
        read -r -a stores <<< "${stores[*]}"
    fi
fi
for round in $(seq "$ROUNDS"); do
    line=()
    for store in "${stores[@]}"; do
        case "$store" in
            memory) r="$(run_store memory --store memory)" ;;
            sqlite) r="$(run_store sqlite --store "$WORK/sqlite-$round")" ;;
            sqlite-full) r="$(run_store sqlite-full --store "$WORK/sqlite-full-$round" --sqlite-synchronous full)" ;;
            sqlite-no-snapshots) r="$(run_store sqlite-no-snapshots --store "$WORK/sqlite-no-snapshots-$round" --snapshot-interval 0)" ;;
            postgres) r="$(run_store postgres --store "$SEGUE_TEST_POSTGRES_URL${POSTGRES_OPTIONS:-}")" ;;
        esac
        trips[$store]+=" $(field "$r" 7)"
        rps[$store]+=" $(field "$r" 2)"; avg[$store]+=" $(field "$r" 3)"; p50[$store]+=" $(field "$r" 4)"; p99[$store]+=" $(field "$r" 5)"
        non2xx[$store]=$(( ${non2xx[$store]:-0} + $(field "$r" 6) ))
        base="$(echo "${rps[memory]:-0}" | awk '{print $NF}')"  # 0 without a memory run: no ratio
        ratio[$store]+=" $(python3 -c "print($(field "$r" 2) / $base if $base else 0)")"
        line+=("$store $(field "$r" 2)")
    done
    echo "round $round: ${line[*]}"
done
echo
echo "Medians over $ROUNDS rounds (ratios to the memory store of the same round):"
echo
echo "| store | requests/s | ratio | latency avg (last round) | p50 | p99 (each round) | non-2xx | database round trips per action |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for store in "${stores[@]}"; do
    printf "| %s | %.0f | %.2f× | %s | %s | %s | %s | %s |\n" "$store" "$(median ${rps[$store]})" "$(median ${ratio[$store]})" \
        "$(echo "${avg[$store]}" | awk '{print $NF}')" "$(echo "${p50[$store]}" | awk '{print $NF}')" "$(echo ${p99[$store]})" \
        "${non2xx[$store]}" "$(echo ${trips[$store]})"
done

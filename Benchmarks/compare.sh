#!/usr/bin/env bash
# Two builds side by side: the action pair, page and bare-route loads of `Benchmarks/run.sh`, alternating
# between a base binary and this tree's release binary, so that both see the same machine
# (whose speed drifts by tens of percent from minute to minute).
#
# Both servers run at once (the idle one costs nothing); each round measures the action load on
# the base, then on this build, then the page load and the bare route on each; "ratio" is this
# build over the base. Each load also reports the server's CPU time per request (user and system,
# from /proc): steadier than req/s when the machine drifts, since it leaves out the time the server
# waits for a core; "cpu ratio" is the base's CPU per request over this build's (above 1: cheaper).
# Usage: BASE_BIN=/path/to/old/segue Benchmarks/compare.sh [seconds per load, default 8]
#        (BIN=... to measure another binary than this tree's release build; needs wrk, curl, python3)
# To build a base: git worktree add /tmp/segue-base COMMIT && (cd /tmp/segue-base && swift build -c release --product segue)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-8}"
ROUNDS="${ROUNDS:-3}"
: "${BASE_BIN:?set BASE_BIN to the segue binary to compare against}"
source Benchmarks/lib.sh
prepare_benchmark
WORK="$(mktemp -d /tmp/segue-compare-XXXXXX)"
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

start() {  # binary, port
    "$1" serve Examples/mail.yaml --port "$2" --log-level warning --store memory \
        --max-sessions 200000 --max-live-sessions 200000 >"$WORK/$2.log" 2>&1 &
    PIDS+=($!)
    echo $! >"$WORK/$2.pid"
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$2/healthz" >/dev/null 2>&1 && return; sleep 0.1; done
    echo "the server on port $2 did not start" >&2; exit 1
}

scripts() {  # port: 64 sessions at the inbox, then the page and action wrk scripts
    local base="http://127.0.0.1:$1" ids=()
    for _ in $(seq 64); do
        ids+=("$(curl -s -X POST -d '{}' "$base/api/v1/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')")
    done
    for id in "${ids[@]}"; do curl -s -o /dev/null "$base/api/v1/sessions/$id/page/ui/mailNav(mailboxes,inbox)"; done
    local list="local ids = { $(printf '"%s",' "${ids[@]}") }"
    cycling_wrk_script "$WORK/$1-page.lua" "$list" '
  for _, id in ipairs(ids) do requests[#requests + 1] = wrk.format("GET", "/api/v1/sessions/" .. id .. "/page/ui/mailNav(mailboxes,inbox)") end'
    cycling_wrk_script "$WORK/$1-action.lua" "$list" '
  for _, id in ipairs(ids) do
    local path = "/api/v1/sessions/" .. id .. "/actions"
    requests[#requests + 1] = wrk.format("POST", path, {["Content-Type"] = "application/json"}, [[{"action":"push","scene":"message"}]])
    requests[#requests + 1] = wrk.format("POST", path, {["Content-Type"] = "application/json"}, [[{"action":"pop"}]])
  end'
}

old_port="$(free_port)"; start "$BASE_BIN" "$old_port"
new_port="$(free_port)"; start "$BIN" "$new_port"
scripts "$old_port"; scripts "$new_port"
# One wrk load on PORT (KIND: action, page or bare): "req/s cpu-µs-per-request".
load() {  # PORT KIND
    local pid ticks_before ticks_after out target
    pid=$(cat "$WORK/$1.pid")
    if [ "$2" = bare ]; then target=(-t2 -c64 -d"${DURATION}s" "http://127.0.0.1:$1/healthz")
    else target=(-t2 -c64 -d"${DURATION}s" -s "$WORK/$1-$2.lua" "http://127.0.0.1:$1"); fi
    ticks_before=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    out=$(wrk "${target[@]}")
    ticks_after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    python3 - "$out" "$ticks_before" "$ticks_after" "$(getconf CLK_TCK)" <<'PY'
import re, sys
out, before, after, hz = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rate = float(re.search(r"Requests/sec:\s+([0-9.]+)", out).group(1))
requests = int(re.search(r"(\d+) requests in", out).group(1))
print(f"{rate:.0f} {(after - before) * 1e6 / hz / max(requests, 1):.1f}")
PY
}
echo "# Segue build comparison  $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  wrk -t2 -c64 -d${DURATION}s  base $BASE_BIN"
declare -A ratios cpu_ratios
for round in $(seq "$ROUNDS"); do
    for kind in action page bare; do
        read -r before before_cpu <<<"$(load "$old_port" "$kind")"
        read -r after after_cpu <<<"$(load "$new_port" "$kind")"
        ratio=$(python3 -c "print(f'{$after / $before:.2f}')")
        cpu_ratio=$(python3 -c "print(f'{$before_cpu / $after_cpu:.2f}')")
        ratios[$kind]+=" $ratio"
        cpu_ratios[$kind]+=" $cpu_ratio"
        echo "round $round: $kind base $before req/s ($before_cpu µs CPU each), this build $after req/s ($after_cpu µs), ratio $ratio, cpu ratio $cpu_ratio"
    done
done
echo
echo "Median ratio (this build / base): action pair $(median ${ratios[action]}), page $(median ${ratios[page]}), bare route $(median ${ratios[bare]})"
echo "Median CPU ratio (base's CPU per request / this build's): action pair $(median ${cpu_ratios[action]}), page $(median ${cpu_ratios[page]}), bare route $(median ${cpu_ratios[bare]})"

#!/usr/bin/env bash
# A million sessions: RSS per idle session and page latency at that size.
#
# STORE=memory (default): one release `segue serve` of the Mail example with room for every
# session live; 64 sessions opened at the inbox give the page latency (wrk, p50 and p99) before
# and after N more sessions are created (wrk POSTs, the server's own speed), and RSS before and
# after gives the bytes per idle session (target <= 6 KB at 1,000,000).
# STORE=sqlite: the same on SQLite with `--memory-ceiling CEILING` MiB (default 256): RSS is
# sampled through the run and must stay under the ceiling (the server evicts idle sessions to
# storage), and every sampled session (one in SAMPLE_EVERY, plus the first and last) must still
# answer its state afterwards.
# Usage: Benchmarks/million.sh [sessions, default 1000000]   (needs wrk, curl, python3)
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-1000000}"
STORE="${STORE:-memory}"
CEILING="${CEILING:-256}"
SAMPLE_EVERY="${SAMPLE_EVERY:-1000}"
DURATION="${DURATION:-10}"
source Benchmarks/lib.sh
prepare_benchmark
WORK="$(mktemp -d /tmp/segue-million-XXXXXX)"
SERVER=""
cleanup() { [ -n "$SERVER" ] && { kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; }; rm -rf "$WORK"; }
trap cleanup EXIT
port="$(free_port)"
base="http://127.0.0.1:$port"
limit=$((N * 2 + 1000))
if [ "$STORE" = memory ]; then
    store_args=(--store memory --max-live-sessions "$limit")
else
    store_args=(--store "$WORK/data" --memory-ceiling "$CEILING")
fi
"$BIN" serve Examples/mail.yaml --port "$port" --log-level warning --max-sessions "$limit" "${store_args[@]}" >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
rss() { awk '/VmRSS/ {print $2}' "/proc/$SERVER/status"; }

# 64 sessions at the inbox: the page the latency is measured on.
inbox='/ui/mailNav(mailboxes,inbox)'
ids=()
for _ in $(seq 64); do
    id="$(curl -s -X POST -d '{}' "$base/api/v1/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
    curl -s -o /dev/null "$base/api/v1/sessions/$id/page$inbox"
    ids+=("$id")
done
page_lua="$WORK/page.lua"
cycling_wrk_script "$page_lua" "local ids = { $(printf '"%s",' "${ids[@]}") }" '
  for _, id in ipairs(ids) do requests[#requests + 1] = wrk.format("GET", "/api/v1/sessions/" .. id .. "/page'"$inbox"'") end'
page_latency() { wrk -t2 -c16 -d"${DURATION}s" --latency -s "$page_lua" "$base" | awk '/Requests\/sec/ {r=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} END {print r " req/s, p50 " p50 ", p99 " p99}'; }
before_latency="$(page_latency)"
before=$(rss)

# N sessions, POSTed by wrk; each thread writes every SAMPLE_EVERY-th id and "done" at its share,
# and wrk is stopped once both have.
create_lua="$WORK/create.lua"
cat >"$create_lua" <<LUA
local threads, counter = {}, 0
setup = function(thread) counter = counter + 1; thread:set("tid", counter); table.insert(threads, thread) end
local made, quota, out = 0, 0, nil
init = function(args)
  quota = math.floor($N / 2) + ((tid == 1) and ($N % 2) or 0)
  out = io.open("$WORK/ids-" .. tid, "w")
  wrk.method = "POST"; wrk.body = "{}"; wrk.headers["Content-Type"] = "application/json"
end
response = function(status, headers, body)
  if status == 201 then
    made = made + 1
    if out and (made == 1 or made % $SAMPLE_EVERY == 0 or made == quota) then out:write(body:match('"id":"([^"]+)"'), "\n"); out:flush() end
  end
  if made >= quota and out then out:write("done\n"); out:close(); out = nil end
end
LUA
: >"$WORK/rss-trace"
( while kill -0 "$SERVER" 2>/dev/null; do rss >>"$WORK/rss-trace"; sleep 1; done ) &
TRACER=$!
start=$(date +%s.%N)
wrk -t2 -c32 -d3600s -s "$create_lua" "$base/api/v1/sessions" >"$WORK/create.out" &
WRK=$!
until [ "$(cat "$WORK"/ids-* 2>/dev/null | grep -c '^done$')" = 2 ]; do sleep 0.2; done
kill -INT "$WRK"; wait "$WRK" || true
elapsed=$(python3 -c "import time; print(f'{time.time() - $start:.0f}')")
sleep 6  # one memory-pressure pass of the server (every 5 s) after the last session
after=$(rss)
after_latency="$(page_latency)"
kill "$TRACER" 2>/dev/null || true

echo "# Segue: $N sessions  $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  store $STORE$([ "$STORE" = memory ] || echo ", memory ceiling $CEILING MiB")"
non2xx=$(awk '/Non-2xx/ {print $5}' "$WORK/create.out" | grep . || echo 0)
echo "created in ${elapsed} s: $(awk '/Requests\/sec/ {print $2}' "$WORK/create.out") sessions/s, $non2xx non-2xx"
# wrk goes on POSTing until both threads are done, so the server holds more than N sessions: the
# ones answered 201 (requests less non-2xx; at most the 32 in flight when wrk stopped are missed).
created=$(( $(awk '/requests in/ {print $1; exit}' "$WORK/create.out") - non2xx ))
echo "sessions created: $created (asked: $N)"
echo "RSS ${before} KiB before, ${after} KiB after: $(( (after - before) * 1024 / created )) bytes per session; highest $(sort -n "$WORK/rss-trace" | tail -1) KiB"
echo "inbox page with 64 sessions:       $before_latency"
echo "inbox page with $N more:    $after_latency"
if [ "$STORE" != memory ]; then
    grep -hv '^done$' "$WORK"/ids-* >"$WORK/sampled"
    reachable=0; total=0
    while read -r id; do
        total=$((total + 1))
        [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/v1/sessions/$id")" = 200 ] && reachable=$((reachable + 1))
    done <"$WORK/sampled"
    echo "sampled sessions answering their state: $reachable of $total; RSS now $(rss) KiB (ceiling $((CEILING * 1024)) KiB)"
fi

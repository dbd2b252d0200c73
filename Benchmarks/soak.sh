#!/usr/bin/env bash
# Soak: steady load for a long time, RSS sampled as it runs; memory must stay flat.
#
# One release `segue serve` of the Mail example on SQLite (STORE=memory for the memory store)
# with a live-session cap below the number of sessions, so the load keeps evicting sessions and
# rebuilding them from storage, the regime where a leak shows. Each wrk thread sends the pushes of
# all its sessions, then their page GETs, then their pops, so that one session's requests are
# never in flight together (as with a person clicking, or a client waiting for each answer); every
# answer that is not 2xx or 3xx is counted by status and the first few are kept.
#
# The phases:
# 1. Ageing, unthrottled, AGE seconds (about 30 cycles through the sessions, 60 steps each): the
#    sessions grow past their first snapshots (one per 32 steps) and the server
#    reaches the state it keeps for the rest of the run (full live cache, snapshots in storage,
#    heaps at their high-water marks). Its first 15 s give the rate on fresh sessions, reported for
#    comparison only: a fresh session rebuilds from next to nothing, so that rate overstates what
#    the server sustains.
# 2. Capacity: 30 s unthrottled on the aged sessions.
# 3. Calibration: wrk paces each connection with a per-request delay; rate ~ connections * 1000 /
#    (delay + latency). A 20 s probe at the delay computed from capacity measures the latency at
#    that load (wrk's timers are whole milliseconds, and latency falls with load), and the delay
#    is corrected with it; twice, so the soak offers LOAD percent.
# 4. The soak, MINUTES long, RSS read every SAMPLE seconds. The report: capacity, achieved rate
#    and its share of capacity, errors, p50/p99, and RSS after the soak's first WARMUP seconds:
#    min, max and the largest deviation from their mean (target within +-5%).
# Usage: Benchmarks/soak.sh [minutes, default 30]   (needs wrk, curl, python3)
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES="${1:-30}"
LOAD="${LOAD:-70}"
SESSIONS="${SESSIONS:-4000}"
LIVE="${LIVE:-1000}"
STORE="${STORE:-sqlite}"
CONNECTIONS="${CONNECTIONS:-32}"
SAMPLE="${SAMPLE:-10}"
WARMUP="${WARMUP:-180}"
AGE="${AGE:-300}"
source Benchmarks/lib.sh
prepare_benchmark
WORK="$(mktemp -d /tmp/segue-soak-XXXXXX)"
SERVER=""
cleanup() { [ -n "$SERVER" ] && { kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; }; rm -rf "$WORK"; }
trap cleanup EXIT
port="$(free_port)"
base="http://127.0.0.1:$port"
store_args=(--store "$WORK/data")
[ "$STORE" = memory ] && store_args=(--store memory)
"$BIN" serve Examples/mail.yaml --port "$port" --log-level warning "${store_args[@]}" \
    --max-sessions $((SESSIONS * 2)) --max-live-sessions "$LIVE" >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

# Sessions, each opened at the inbox.
python3 - "$port" "$SESSIONS" >"$WORK/ids" <<'PY'
import http.client, json, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
for _ in range(int(sys.argv[2])):
    c.request("POST", "/api/v1/sessions", body=b"{}", headers={"Content-Type": "application/json"})
    r = c.getresponse(); sid = json.loads(r.read())["id"]
    c.request("POST", f"/api/v1/sessions/{sid}/actions", body=b'{"action":"tap","element":"inboxRow"}',
              headers={"Content-Type": "application/json"})
    c.getresponse().read()
    print(sid)
PY

lua="$WORK/soak.lua"
write_script() {  # per-request delay in ms
    cycling_wrk_script "$lua" "local ids = {}
for line in io.lines('$WORK/ids') do ids[#ids + 1] = line end
local counter = 0
setup = function(thread) counter = counter + 1; thread:set('tid', counter) end
delay = function() return $1 end
local failures = 0
response = function(status, headers, body)
  if status >= 400 then
    failures = failures + 1
    local f = io.open('$WORK/errors.' .. (tid or 0), 'a')
    if failures <= 5 then f:write(status, ' ', (body or ''):sub(1, 300):gsub('\\n', ' '), '\\n') else f:write(status, '\\n') end
    f:close()
  end
end" "
  local mine = {}
  for i = (tid or 1), #ids, 2 do mine[#mine + 1] = ids[i] end
  for _, id in ipairs(mine) do
    requests[#requests + 1] = wrk.format('POST', '/api/v1/sessions/' .. id .. '/actions', {['Content-Type'] = 'application/json'}, [[{\"action\":\"push\",\"scene\":\"message\"}]])
  end
  for _, id in ipairs(mine) do
    requests[#requests + 1] = wrk.format('GET', '/api/v1/sessions/' .. id .. '/page/ui/mailNav(mailboxes,inbox,message)')
  end
  for _, id in ipairs(mine) do
    requests[#requests + 1] = wrk.format('POST', '/api/v1/sessions/' .. id .. '/actions', {['Content-Type'] = 'application/json'}, [[{\"action\":\"pop\"}]])
  end"
}
rps() { awk '/Requests\/sec/ {print $2}'; }

write_script 0
fresh=$(wrk -t2 -c"$CONNECTIONS" -d15s -s "$lua" "$base" | rps)
wrk -t2 -c"$CONNECTIONS" -d"$((AGE - 15))s" -s "$lua" "$base" >/dev/null
capacity=$(wrk -t2 -c"$CONNECTIONS" -d30s -s "$lua" "$base" | rps)
target=$(python3 -c "print(round($capacity * $LOAD / 100, 1))")
# Latency at full load is connections / capacity; at the target it is lower, which the probe measures.
delay=$(python3 -c "print(round(max(0.0, $CONNECTIONS * 1000 / $target - 1000 * $CONNECTIONS / $capacity), 3))")
write_script "$delay"
probes=""
for _ in 1 2; do
    probe=$(wrk -t2 -c"$CONNECTIONS" -d20s -s "$lua" "$base" | rps)
    probes="$probes $probe"
    delay=$(python3 -c "latency = $CONNECTIONS * 1000 / $probe - $delay; print(round(max(0.0, $CONNECTIONS * 1000 / $target - latency), 3))")
    write_script "$delay"
done
# Answers of 400 or more before the soak (ageing, capacity, probe) are reported apart.
before=$( (cat "$WORK"/errors.* 2>/dev/null || true) | wc -l)
rm -f "$WORK"/errors.*
echo "# Segue soak  $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  store $STORE  $SESSIONS sessions, live cap $LIVE"
echo "fresh sessions (first 15 s) ${fresh} req/s; after ${AGE} s of ageing, capacity ${capacity} req/s"
echo "answers of 400 or more before the soak: ${before}"
echo "target ${LOAD}% = ${target} req/s: probes${probes} req/s, per-request delay ${delay} ms on $CONNECTIONS connections; ${MINUTES} min"

wrk -t2 -c"$CONNECTIONS" -d"$((MINUTES * 60))s" --latency -s "$lua" "$base" >"$WORK/wrk.out" &
WRK=$!
: >"$WORK/rss"
start=$(date +%s)
while kill -0 "$WRK" 2>/dev/null; do
    echo "$(( $(date +%s) - start )) $(awk '/VmRSS/ {print $2}' "/proc/$SERVER/status")" >>"$WORK/rss"
    sleep "$SAMPLE"
done
wait "$WRK" || true
cat "$WORK/wrk.out" | grep -E "Requests/sec|Non-2xx|Socket errors|requests in" || true
# Answers that were not 2xx or 3xx: counted by status, the first few of each thread in full.
if ls "$WORK"/errors.* >/dev/null 2>&1; then
    echo "errors by status: $(cat "$WORK"/errors.* | awk '{print $1}' | sort | uniq -c | awk '{printf "%s x%s  ", $2, $1}')"
    grep -h " " "$WORK"/errors.* | head -10 | sed 's/^/  /'
    echo "server log (warnings and errors, last lines):"; tail -5 "$WORK/server.log" | sed 's/^/  /'
else
    echo "errors by status: none"
fi
python3 - "$WORK/rss" "$WARMUP" "$WORK/wrk.out" "$capacity" <<'PY'
import re, sys, statistics
rows = [tuple(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()]
warm = [kib for t, kib in rows if t >= int(sys.argv[2])]
wrk = open(sys.argv[3]).read()
lat = dict(re.findall(r"\s+(50|99)%\s+(\S+)", wrk))
print("minute  RSS MiB")
for t, kib in rows:
    if t % 60 < 10: print(f"{t // 60:6d}  {kib / 1024:7.1f}")
if warm:
    mean = statistics.mean(warm)
    dev = max(abs(k - mean) for k in warm) / mean * 100
    print(f"after warm-up: RSS min {min(warm)/1024:.1f} MiB, max {max(warm)/1024:.1f} MiB, mean {mean/1024:.1f} MiB, largest deviation {dev:.1f}% (target <= 5%)")
    first, last = warm[: max(1, len(warm) // 6)], warm[-max(1, len(warm) // 6):]
    minutes = (rows[-1][0] - int(sys.argv[2])) / 60
    print(f"drift: {(statistics.mean(last) - statistics.mean(first)) / 1024 / max(minutes * 5 / 6, 1e-9):+.2f} MiB/min between the first and last sixth")
achieved = re.search(r"Requests/sec:\s+(\S+)", wrk)
if achieved: print(f"achieved {float(achieved.group(1)):.1f} req/s = {float(achieved.group(1)) / float(sys.argv[4]) * 100:.1f}% of capacity")
print(f"latency p50 {lat.get('50', '?')}, p99 {lat.get('99', '?')}")
PY

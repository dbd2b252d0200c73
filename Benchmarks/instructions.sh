#!/usr/bin/env bash
# Instructions per JSON action, counted by callgrind (exact and repeatable, unlike req/s on a
# shared machine): a release `segue serve` (memory store) under valgrind, PAIRS push/pop pairs on
# one session over one keep-alive connection, instructions counted inside the responder only
# (SegueApp.respond(to:): routing, decoding, the action, state and events encoding).
# Usage: Benchmarks/instructions.sh [pairs, default 1000]   (needs valgrind, python3, curl)
# Set TOP=n to print the n most expensive functions (inclusive); BIN=path measures that binary
# (e.g. an older build) instead of this tree's release build.
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS="${1:-1000}"
PORT="${PORT:-8293}"
command -v valgrind >/dev/null || { echo "valgrind is missing: apt-get install -y valgrind" >&2; exit 1; }
if [ -z "${BIN:-}" ]; then
    swift build -c release --product segue >/dev/null
    BIN="$(swift build -c release --show-bin-path)/segue"
fi
WORK="$(mktemp -d)"
# Valgrind 3.19 cannot read Swift's DWARF 5: keep the symbols, drop the debug info.
cp "$BIN" "$WORK/segue"
strip -g "$WORK/segue"
# LOOP=1 counts the server's whole loop instead (libmicrohttpd and the HTTP layer included).
if [ -n "${LOOP:-}" ]; then COLLECT='MHD_run_wait'; SCOPE="whole loop"; else COLLECT='*AppC7respond2to*'; SCOPE="responder only"; fi
valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.out" --toggle-collect="$COLLECT" \
    "$WORK/segue" serve Examples/mail.yaml --port "$PORT" --store memory --log-level warning >"$WORK/valgrind.log" 2>&1 &
VG=$!
trap 'kill -9 $VG 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 0.3; done
python3 - "$PORT" "$PAIRS" <<'PY'
import http.client, json, sys
port, pairs = int(sys.argv[1]), int(sys.argv[2])
c = http.client.HTTPConnection("127.0.0.1", port)
c.request("POST", "/api/v1/sessions", body="{}"); sid = json.loads(c.getresponse().read())["id"]
c.request("GET", "/ui/mailNav(mailboxes,inbox)", headers={"Cookie": "segue_session=" + sid}); c.getresponse().read()
for _ in range(pairs):
    for body in ('{"action":"push","scene":"message"}', '{"action":"pop"}'):
        c.request("POST", "/api/v1/sessions/%s/actions" % sid, body=body, headers={"Content-Type": "application/json"})
        r = c.getresponse(); r.read(); assert r.status == 200, r.status
PY
callgrind_control -d "$VG" >/dev/null
sleep 2
report="$(callgrind_annotate --inclusive=yes "$WORK"/cg.out.* 2>/dev/null | swift demangle --simplified)"
total="$(echo "$report" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')"
echo "instructions per action ($SCOPE): $(( total / (2 * PAIRS) ))"
if [ -n "${TOP:-}" ]; then echo "$report" | sed -n '/file:function/,$p' | head -$((TOP + 2)); fi

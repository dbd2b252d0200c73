#!/usr/bin/env bash
# Instructions per JSON action, counted by callgrind (exact and repeatable, unlike req/s on a
# shared machine): a release `segue serve` (memory store) under valgrind, PAIRS push/pop pairs on
# one session over one keep-alive connection, instructions counted inside the responder only
# (SegueApp.respond(to:): routing, decoding, the action, state and events encoding).
# Usage: Benchmarks/instructions.sh [pairs, default 1000]   (needs valgrind, python3, curl)
# Set TOP=n to print the n most expensive functions (inclusive); BIN=path measures that binary
# (e.g. an older build) instead of this tree's release build. BARE=1 counts GET /healthz
# requests instead (the bare route, PAIRS × 2 of them), over the whole loop.
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS="${1:-1000}"
PORT="${PORT:-8293}"
source Benchmarks/lib.sh
WORK="$(mktemp -d)"
valgrind_binary "$WORK"
# LOOP=1 counts the server's whole loop instead (libmicrohttpd and the HTTP layer included).
[ -n "${BARE:-}" ] && LOOP=1
if [ -n "${LOOP:-}" ]; then COLLECT='MHD_run_wait'; SCOPE="whole loop"; else COLLECT='*AppC7respond2to*'; SCOPE="responder only"; fi
valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.out" --toggle-collect="$COLLECT" \
    "$WORK/segue" serve Examples/mail.yaml --port "$PORT" --store memory --log-level warning >"$WORK/valgrind.log" 2>&1 &
VG=$!
trap 'kill -9 $VG 2>/dev/null || true; rm -rf "$WORK"' EXIT
if [ -n "${BARE:-}" ]; then bare_requests "$PORT" $((2 * PAIRS)); UNIT=request; else push_pop_pairs "$PORT" "$PAIRS"; UNIT=action; fi
callgrind_control -d "$VG" >/dev/null
sleep 2
report="$(callgrind_annotate --inclusive=yes "$WORK"/cg.out.* 2>/dev/null | swift demangle --simplified)"
total="$(echo "$report" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')"
echo "instructions per $UNIT ($SCOPE): $(( total / (2 * PAIRS) ))"
if [ -n "${TOP:-}" ]; then echo "$report" | sed -n '/file:function/,$p' | head -$((TOP + 2)); fi

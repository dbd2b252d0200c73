#!/usr/bin/env bash
# Dumps the event log of every session the bundled examples' flow tests create, one block per
# session, the blocks sorted so that the output does not depend on the order tests ran in: run it
# before and after a change of the core and diff the two files to see that the events did not move.
# The tests run over HTTP through a small proxy that keeps the sessions the runner deletes at the
# end of each test, so that their logs can be read afterwards through the admin API.
# Usage: Tests/Scripts/event-logs.sh [segue binary, default .build/debug/segue] > events.txt
# Needs curl and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${1:-.build/debug/segue}"
WORK="$(mktemp -d /tmp/segue-event-logs-XXXXXX)"
PID=""
PROXY=""
cleanup() {
    [ -n "$PID" ] && kill "$PID" 2>/dev/null || true
    [ -n "$PROXY" ] && kill "$PROXY" 2>/dev/null || true
    rm -rf "$WORK"
}
cat >"$WORK/proxy.py" <<'PY'
import http.server, sys, urllib.request, urllib.error
upstream, port = sys.argv[1], int(sys.argv[2])
class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def forward(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.command == "DELETE":
            self.send_response(204); self.send_header("Content-Length", "0"); self.end_headers(); return
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length", "accept-encoding")}
        request = urllib.request.Request(upstream + self.path, data=body if body else None, headers=headers, method=self.command)
        try: answer = urllib.request.urlopen(request)
        except urllib.error.HTTPError as e: answer = e
        data = answer.read()
        self.send_response(answer.status)
        for k, v in answer.headers.items():
            if k.lower() not in ("content-length", "transfer-encoding", "connection"): self.send_header(k, v)
        self.send_header("Content-Length", str(len(data))); self.end_headers(); self.wfile.write(data)
    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = forward
http.server.ThreadingHTTPServer(("127.0.0.1", port), Proxy).serve_forever()
PY
trap cleanup EXIT

for test in Examples/tests/*.test.yaml; do
    flow="$(dirname "$test")/$(sed -n 's/^flow: *//p' "$test" | head -1)"
    port=$((20000 + RANDOM % 20000))
    "$BIN" serve "$flow" --port "$port" --store memory --admin loopback --log-level error >"$WORK/server.log" 2>&1 &
    PID=$!
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
    proxy=$((port + 1))
    python3 "$WORK/proxy.py" "http://127.0.0.1:$port" "$proxy" &
    PROXY=$!
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$proxy/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
    "$BIN" test "$test" --server "http://127.0.0.1:$proxy" --jobs 1 >"$WORK/test.log" 2>&1 || { cat "$WORK/test.log" >&2; exit 1; }
    curl -fs "http://127.0.0.1:$port/api/v1/admin/sessions?limit=10000" >"$WORK/sessions.json"
    python3 - "$port" "$test" "$WORK/sessions.json" <<'PY'
import json, sys, urllib.request
port, test, listing = sys.argv[1], sys.argv[2], sys.argv[3]
blocks = []
for s in json.load(open(listing))["sessions"]:
    url = f"http://127.0.0.1:{port}/api/v1/sessions/{s['id']}/events?after=0"
    events = json.load(urllib.request.urlopen(url))["events"]
    lines = [json.dumps({k: v for k, v in e.items() if k not in ("seq", "time", "timestamp")}, sort_keys=True) for e in events]
    blocks.append("\n".join(lines))
print(f"# {test}: {len(blocks)} sessions")
for b in sorted(blocks):
    print(b)
    print("--")
PY
    kill "$PID" "$PROXY"; wait "$PID" "$PROXY" 2>/dev/null || true; PID=""; PROXY=""
done

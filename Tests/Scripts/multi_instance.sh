#!/usr/bin/env bash
# Several `segue serve` instances sharing sessions through PostgreSQL: a session
# started on one instance continues on any other.
#
# Starts a private PostgreSQL on loopback (Tests/Scripts/postgres.sh), three `segue serve`
# instances on different ports against it, drives sessions alternately through all three and
# checks that state and events stay consistent (including concurrent writes to one session from
# several instances: each is applied exactly once or answered 409, never lost), then kills one
# instance with SIGKILL and carries on through the others. Also runs the PostgreSQL storage
# contract tests when the test bundle is built.
#
#   Tests/Scripts/multi_instance.sh [path/to/segue]     (default .build/debug/segue)
set -euo pipefail
cd "$(dirname "$0")/../.."
SEGUE="${1:-.build/debug/segue}"
[ -x "$SEGUE" ] || { echo "multi_instance.sh: build first (swift build): $SEGUE not found" >&2; exit 1; }

eval "$(Tests/Scripts/postgres.sh start)"
PIDS=()
cleanup() {
    for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null || true; done
    Tests/Scripts/postgres.sh stop "$SEGUE_PG_DIR"
}
trap cleanup EXIT

PORTS=()
for i in 1 2 3; do
    PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
    "$SEGUE" serve Examples/mail.yaml --port "$PORT" --store "$SEGUE_TEST_POSTGRES_URL" --log-level warning \
        >"$SEGUE_PG_DIR/segue-$i.log" 2>&1 &
    PIDS+=($!)
    PORTS+=("$PORT")
done

python3 - "${PORTS[@]}" "${PIDS[@]}" "$SEGUE_PG_DIR" <<'PY'
import json, os, signal, subprocess, sys, threading, time, urllib.request, urllib.error
ports, pids = sys.argv[1:4], [int(p) for p in sys.argv[4:7]]
bases = ["http://127.0.0.1:%s" % p for p in ports]
checks, failures = [0], []

def check(ok, message):
    checks[0] += 1
    if not ok:
        failures.append(message)
        print("FAIL", message)

def parse(raw):
    try:
        return json.loads(raw or b"{}")
    except ValueError:
        return {"text": raw.decode(errors="replace")}

def call(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, parse(r.read())
    except urllib.error.HTTPError as e:
        return e.code, parse(e.read())

for base in bases:  # wait for all three
    for _ in range(300):
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1):
                break
        except Exception:
            time.sleep(0.1)
    else:
        sys.exit("instance %s did not start" % base)

CYCLE = [{"action": "tap", "element": "inboxRow"}, {"action": "tap", "element": "msgAnna"}, {"action": "pop"},
         {"action": "tap", "element": "compose"}, {"action": "setValues", "values": {"subject": "x"}},
         {"action": "dismiss"}, {"action": "pop"}]

def drive(live, sid, n, start_version, phase=None):
    """One session, each action through the next instance in turn; every answer's events must
    continue the log seen so far, and every instance must then report the same state and events."""
    phase = start_version if phase is None else phase
    version, events = start_version, call(live[0], "GET", "/api/v1/sessions/%s/events" % sid)[1]["events"]
    for i in range(n):
        base = live[i % len(live)]
        action = dict(CYCLE[(phase + i) % 7])
        if action["action"] == "setValues":
            action["values"] = {"subject": "draft %d" % version}
        status, body = call(base, "POST", "/api/v1/sessions/%s/actions" % sid, action)
        check(status == 200, "%s %s answered %d %s" % (base, action, status, body))
        if status != 200:
            return version
        check(body["state"]["version"] == version + 1, "version %s after %d" % (body["state"]["version"], version))
        if body["events"]:
            check(body["events"][0]["seq"] == events[-1]["seq"] + 1, "events do not continue the log on %s" % base)
        events += body["events"]
        version += 1
    states = [call(b, "GET", "/api/v1/sessions/%s" % sid)[1] for b in live]
    logs = [call(b, "GET", "/api/v1/sessions/%s/events" % sid)[1]["events"] for b in live]
    check(all(s["version"] == version and s["url"] == states[0]["url"] for s in states), "instances disagree on the state")
    check(all(l == events[-len(l):] for l in logs) and all(l == logs[0] for l in logs), "instances disagree on the events")
    return version

status, body = call(bases[0], "POST", "/api/v1/sessions", {})
sid = body["id"]
version = drive(bases, sid, 60, 0)  # ends with the compose sheet up (60 % 7 == 4): setValues next

# Concurrent writes to one session from all three instances: each applied once or refused (409).
results = []
def writer(base, k):
    for j in range(10):
        results.append(call(base, "POST", "/api/v1/sessions/%s/actions" % sid, {"action": "setValues", "values": {"subject": "w%d-%d" % (k, j)}})[0])
threads = [threading.Thread(target=writer, args=(b, k)) for k, b in enumerate(bases)]
for t in threads: t.start()
for t in threads: t.join()
ok = results.count(200)
check(all(r in (200, 409) for r in results), "concurrent writes answered %s" % sorted(set(results)))
final = [call(b, "GET", "/api/v1/sessions/%s" % sid)[1]["version"] for b in bases]
check(final == [version + ok] * 3, "after %d acknowledged concurrent writes the instances report versions %s (expected %d)" % (ok, final, version + ok))
phase = 60 + 1  # the concurrent setValues stand for the cycle's setValues step
version = version + ok
print("concurrent writes: %d applied, %d refused with 409" % (ok, results.count(409)))

# Kill one instance; carry on through the others, with a session created on the dead one too.
status, body = call(bases[2], "POST", "/api/v1/sessions", {})
other = body["id"]
drive(bases, other, 9, 0)
os.kill(pids[2], signal.SIGKILL)
live = bases[:2]
version = drive(live, sid, 40, version, phase)
drive(live, other, 20, 9)

# The database goes down: clear 503s within the storage timeout, nothing half-applied; when it
# is back every instance carries on from the last acknowledged state.
before = call(live[0], "GET", "/api/v1/sessions/%s" % sid)[1]
subprocess.run(["Tests/Scripts/postgres.sh", "pause", sys.argv[7]], check=True, stderr=subprocess.DEVNULL)
t0 = time.time()
status, body = call(live[0], "POST", "/api/v1/sessions/%s/actions" % sid, {"action": "pop"})
check(status == 503 and body.get("error", {}).get("code") == "storage_unavailable", "database down answered %d %s" % (status, body))
check(time.time() - t0 < 15, "database down took %.1f s to answer" % (time.time() - t0))
check(call(live[1], "POST", "/api/v1/sessions", {})[0] == 503, "creating a session with the database down")
check(call(live[1], "GET", "/healthz")[0] == 200, "the server keeps serving what needs no database")
subprocess.run(["Tests/Scripts/postgres.sh", "resume", sys.argv[7]], check=True, stderr=subprocess.DEVNULL)
after = None
for _ in range(50):
    status, after = call(live[1], "GET", "/api/v1/sessions/%s" % sid)
    if status == 200:
        break
    time.sleep(0.2)
check(status == 200 and after["version"] == before["version"] and after["url"] == before["url"], "state after the database came back: %s" % after)
version = drive(live, sid, 7, version, phase + 40)
status, body = call(live[1], "DELETE", "/api/v1/sessions/%s" % other)
check(status == 204, "delete answered %d" % status)
check(call(live[0], "GET", "/api/v1/sessions/%s" % other)[0] == 404, "a session deleted on one instance is gone on the others")
print("multi-instance: %d checks, %d failed" % (checks[0], len(failures)))
print("%d passed, %d failed" % (checks[0] - len(failures), len(failures)))
sys.exit(1 if failures else 0)
PY

if [ -x .build/debug/SeguePackageTests.xctest ] || ls .build/*/debug/SeguePackageTests.xctest >/dev/null 2>&1; then
    SEGUE_TEST_POSTGRES_URL="$SEGUE_TEST_POSTGRES_URL" swift test --skip-build --filter StorageContractTests
fi

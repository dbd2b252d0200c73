#!/usr/bin/env bash
# Three `segue serve` instances sharing sessions through PostgreSQL, behind HAProxy
# (deploy/haproxy.cfg, cookie affinity): the deployment deploy/README.md describes.
#
# Starts a private PostgreSQL on loopback (Tests/Scripts/postgres.sh), three instances against it
# (with a one-second session lease, so that a takeover is quick), and HAProxy in front of them.
# Then:
#   1. clients (each with its own cookie jar) drive sessions through the balancer; one instance
#      is killed with SIGKILL mid-run; every action acknowledged before or after is in the
#      session's stored log exactly once, and the sessions of the dead instance go on at another;
#   2. two instances race on one session (addressed directly, bypassing the balancer): every
#      acknowledged action is stored exactly once;
#   3. the database goes down: clear 503 `storage_unavailable` answers; when it is back the
#      sessions carry on from their last acknowledged state.
#
#   Tests/Scripts/multi_instance.sh [path/to/segue]     (default .build/debug/segue; needs haproxy)
set -euo pipefail
cd "$(dirname "$0")/../.."
SEGUE="${1:-.build/debug/segue}"
[ -x "$SEGUE" ] || { echo "multi_instance.sh: build first (swift build): $SEGUE not found" >&2; exit 1; }
command -v haproxy >/dev/null || { echo "multi_instance.sh: haproxy is not installed (apt-get install haproxy)" >&2; exit 1; }

eval "$(Tests/Scripts/postgres.sh start)"
PIDS=()
HAPROXY=""
cleanup() {
    for p in "${PIDS[@]}" $HAPROXY; do kill -9 "$p" 2>/dev/null || true; done
    Tests/Scripts/postgres.sh stop "$SEGUE_PG_DIR"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
PORTS=()
for i in 1 2 3; do
    PORT="$(free_port)"
    "$SEGUE" serve Examples/mail.yaml --port "$PORT" --store "$SEGUE_TEST_POSTGRES_URL?lease=1" --log-level warning --admin loopback \
        >"$SEGUE_PG_DIR/segue-$i.log" 2>&1 &
    PIDS+=($!)
    disown  # killed on purpose below: no job report
    PORTS+=("$PORT")
done
export SEGUE_LISTEN="127.0.0.1:$(free_port)" SEGUE_STATS="127.0.0.1:$(free_port)"
export SEGUE_1="127.0.0.1:${PORTS[0]}" SEGUE_2="127.0.0.1:${PORTS[1]}" SEGUE_3="127.0.0.1:${PORTS[2]}"
haproxy -db -f deploy/haproxy.cfg >"$SEGUE_PG_DIR/haproxy.log" 2>&1 &
HAPROXY=$!
disown

PSQL="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/psql"
python3 - "$SEGUE_LISTEN" "${PORTS[@]}" "${PIDS[@]}" "$SEGUE_PG_DIR" "$SEGUE_PG_PORT" "$PSQL" <<'PY'
import http.cookiejar, json, os, signal, subprocess, sys, threading, time, urllib.request, urllib.error
balancer = "http://" + sys.argv[1]
ports, pids = sys.argv[2:5], [int(p) for p in sys.argv[5:8]]
pg_dir, pg_port, psql = sys.argv[8], sys.argv[9], sys.argv[10]
direct = ["http://127.0.0.1:%s" % p for p in ports]
checks, failures = [0], []
lock = threading.Lock()

def check(ok, message):
    with lock:
        checks[0] += 1
        if not ok:
            failures.append(message)
            print("FAIL", message)

def parse(raw):
    try:
        return json.loads(raw or b"{}")
    except ValueError:
        return {"text": raw.decode(errors="replace")}

def call(opener, base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with opener.open(req, timeout=20) as r:
            return r.status, parse(r.read())
    except urllib.error.HTTPError as e:
        return e.code, parse(e.read())
    except (urllib.error.URLError, ConnectionError, TimeoutError) as e:
        return 0, {"text": str(e)}

def stored_steps(sid):
    out = subprocess.run([psql, "-h", "127.0.0.1", "-p", pg_port, "-U", "postgres", "-At", "-c",
                          "SELECT step FROM segue_steps WHERE session = '%s' ORDER BY seq" % sid],
                         check=True, capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if line]

plain = urllib.request.build_opener()
for base in direct + [balancer]:  # wait for the instances and the balancer
    for _ in range(300):
        if call(plain, base, "GET", "/healthz")[0] == 200:
            break
        time.sleep(0.1)
    else:
        sys.exit("%s did not start" % base)

# 1. Clients through the balancer, one instance killed mid-run.
CLIENTS, BEFORE, AFTER = 6, 12, 12
halfway = threading.Barrier(CLIENTS + 1)
resume = threading.Event()
clients = []

class Client:
    def __init__(self, k):
        self.k = k
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.acked = []  # (subject, version)
        self.version = 0

    def node(self):
        return next((c.value for c in self.jar if c.name == "segue_node"), None)

    def act(self, j):
        subject = "c%d-%d" % (self.k, j)
        status, body = call(self.opener, balancer, "POST", "/api/v1/sessions/%s/actions" % self.sid,
                            {"action": "setValues", "values": {"subject": subject}})
        if status == 200:
            check(body["state"]["version"] == self.version + 1, "client %d: version %s after %d" % (self.k, body["state"]["version"], self.version))
            self.version = body["state"]["version"]
            self.acked.append((subject, self.version))
            return
        # Not acknowledged (the instance died under it): the action may or may not be stored.
        check(status in (0, 502, 503), "client %d: %s answered %d %s" % (self.k, subject, status, body))
        status, state = call(self.opener, balancer, "GET", "/api/v1/sessions/%s" % self.sid)
        check(status == 200 and state.get("version") in (self.version, self.version + 1),
              "client %d: after a failed action the session answered %d %s (last acknowledged version %d)" % (self.k, status, state, self.version))
        if status == 200:
            self.version = state["version"]

    def run(self):
        status, body = call(self.opener, balancer, "POST", "/api/v1/sessions", {})
        check(status == 201, "client %d: create answered %d" % (self.k, status))
        self.sid = body["id"]
        for action in ({"action": "tap", "element": "inboxRow"}, {"action": "tap", "element": "compose"}):
            status, body = call(self.opener, balancer, "POST", "/api/v1/sessions/%s/actions" % self.sid, action)
            check(status == 200, "client %d: %s answered %d" % (self.k, action, status))
        self.version = 2
        for j in range(BEFORE):
            self.act(j)
        self.first_node = self.node()
        halfway.wait()
        resume.wait()
        for j in range(BEFORE, BEFORE + AFTER):
            self.act(j)

clients = [Client(k) for k in range(CLIENTS)]
threads = [threading.Thread(target=c.run) for c in clients]
for t in threads: t.start()
halfway.wait()
# Kill the instance that serves client 0 (so at least one session must move).
victim = int(clients[0].first_node[-1]) - 1
os.kill(pids[victim], signal.SIGKILL)
resume.set()
for t in threads: t.join()
moved = [c for c in clients if c.first_node == clients[0].first_node]
check(all(c.node() != c.first_node for c in moved), "sessions of the killed instance did not move: %s" % [c.node() for c in moved])
for c in clients:
    steps = stored_steps(c.sid)
    for subject, version in c.acked:
        holding = [i for i, s in enumerate(steps) if '"%s"' % subject in s]
        check(len(holding) == 1, "client %d: acknowledged %s is stored %d times" % (c.k, subject, len(holding)))
        check(holding[:1] == [version - 1], "client %d: %s stored as step %s, acknowledged as version %d" % (c.k, subject, holding[:1], version))
    status, state = call(c.opener, balancer, "GET", "/api/v1/sessions/%s" % c.sid)
    check(status == 200 and state["version"] == len(steps) == c.version, "client %d: state %s, %d steps stored, version %d" % (c.k, state.get("version"), len(steps), c.version))
    status, body = call(c.opener, balancer, "GET", "/api/v1/sessions/%s/events" % c.sid)
    seqs = [e["seq"] for e in body.get("events", [])]
    check(seqs == list(range(seqs[0], seqs[0] + len(seqs))) if seqs else False, "client %d: the event log has gaps" % c.k)
print("balancer: %d clients, %d of them moved off the killed instance, %d actions acknowledged"
      % (CLIENTS, len(moved), sum(len(c.acked) for c in clients)))

# 2. Two live instances racing on one session, addressed directly.
live = [d for i, d in enumerate(direct) if i != victim]
status, body = call(plain, live[0], "POST", "/api/v1/sessions", {})
race = body["id"]
for action in ({"action": "tap", "element": "inboxRow"}, {"action": "tap", "element": "compose"}):
    check(call(plain, live[0], "POST", "/api/v1/sessions/%s/actions" % race, action)[0] == 200, "race setup")
acks, refusals = [], []
def racer(base, k):
    opener = urllib.request.build_opener()
    for j in range(6):
        subject = "r%d-%d" % (k, j)
        status, body = call(opener, base, "POST", "/api/v1/sessions/%s/actions" % race, {"action": "setValues", "values": {"subject": subject}})
        with lock:
            (acks if status == 200 else refusals).append((subject, body.get("state", {}).get("version"), status))
racers = [threading.Thread(target=racer, args=(b, k)) for k, b in enumerate(live)]
for t in racers: t.start()
for t in racers: t.join()
check(all(s in (409, 503) for _, _, s in refusals), "racing writes answered %s" % sorted(set(s for _, _, s in refusals)))
steps = stored_steps(race)
for subject, version, _ in acks:
    holding = [i for i, s in enumerate(steps) if '"%s"' % subject in s]
    check(holding == [version - 1], "race: acknowledged %s (version %s) stored at %s" % (subject, version, holding))
check(len(steps) == 2 + len(acks), "race: %d steps stored for %d acknowledged actions" % (len(steps), len(acks)))
print("race: %d acknowledged, %d refused" % (len(acks), len(refusals)))

# 3. The database goes down and comes back.
c = clients[1]
before = call(c.opener, balancer, "GET", "/api/v1/sessions/%s" % c.sid)[1]
subprocess.run(["Tests/Scripts/postgres.sh", "pause", pg_dir], check=True, stderr=subprocess.DEVNULL)
t0 = time.time()
status, body = call(c.opener, balancer, "POST", "/api/v1/sessions/%s/actions" % c.sid, {"action": "setValues", "values": {"subject": "down"}})
check(status == 503 and body.get("error", {}).get("code") == "storage_unavailable", "database down answered %d %s" % (status, body))
check(time.time() - t0 < 15, "database down took %.1f s to answer" % (time.time() - t0))
check(call(plain, balancer, "POST", "/api/v1/sessions", {})[0] == 503, "creating a session with the database down")
check(call(plain, balancer, "GET", "/healthz")[0] == 200, "the server keeps serving what needs no database")
subprocess.run(["Tests/Scripts/postgres.sh", "resume", pg_dir], check=True, stderr=subprocess.DEVNULL)
after = None
for _ in range(50):
    status, after = call(c.opener, balancer, "GET", "/api/v1/sessions/%s" % c.sid)
    if status == 200:
        break
    time.sleep(0.2)
check(status == 200 and after["version"] == before["version"] and after["url"] == before["url"], "state after the database came back: %s" % after)
status, body = call(c.opener, balancer, "POST", "/api/v1/sessions/%s/actions" % c.sid, {"action": "setValues", "values": {"subject": "back"}})
check(status == 200 and body["state"]["version"] == before["version"] + 1, "acting after the database came back answered %d" % status)

print("multi-instance: %d checks, %d failed" % (checks[0], len(failures)))
sys.exit(1 if failures else 0)
PY

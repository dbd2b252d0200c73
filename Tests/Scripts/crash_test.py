#!/usr/bin/env python3
"""Crash safety of the SQLite session store: every acknowledged action survives a kill -9.

Starts `segue serve` on a fresh data directory, drives several sessions through thousands of
scripted actions from concurrent clients, and kills the server with SIGKILL at random moments.
After each restart every client checks its session:

- every action that got a 2xx answer is there: the version is at least the last acknowledged one,
  and the events the answers reported are exactly the stored ones (same seq, same content);
- the one action in flight at the kill (no answer) is either wholly applied (version + 1, its
  events after the acknowledged ones, a state the script expects) or not at all: never half.

Usage: Tests/Scripts/crash_test.py [--segue .build/debug/segue] [--actions 3000] [--clients 4]
Exit 0 and a closing line "N passed, 0 failed" when every check held.
"""
import argparse, json, os, random, shutil, signal, socket, subprocess, sys, tempfile, threading, time, urllib.request, urllib.error

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# One cycle of the Mail flow; every step changes the state (version + 1).
def step(i):
    k = i % 7
    return [
        {"action": "tap", "element": "inboxRow"},
        {"action": "tap", "element": "msgAnna"},
        {"action": "pop"},
        {"action": "tap", "element": "compose"},
        {"action": "setValues", "values": {"subject": "draft %d" % i}},
        {"action": "dismiss"},
        {"action": "pop"},
    ][k]

EXPECTED_URL_PREFIX = [  # the URL after step k of a cycle
    "/ui/mailNav(mailboxes,inbox)", "/ui/mailNav(mailboxes,inbox,message", "/ui/mailNav(mailboxes,inbox)",
    "/ui/mailNav(mailboxes,inbox)~formSheet~composeNav(compose)", "/ui/mailNav(mailboxes,inbox)~formSheet~composeNav(compose;f.subject=draft+",
    "/ui/mailNav(mailboxes,inbox)", "/ui/mailNav(mailboxes)",
]

class ServerDown(Exception):
    pass

def request(base, method, path, body=None, timeout=10):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")
    except (urllib.error.URLError, ConnectionError, socket.timeout, TimeoutError, OSError) as e:
        raise ServerDown(str(e))

class Server:
    def __init__(self, segue, data):
        self.segue, self.data, self.proc, self.port = segue, data, None, None
        self.lock = threading.Lock()
        self.generation = 0

    def start(self):
        s = socket.socket(); s.bind(("127.0.0.1", 0)); self.port = s.getsockname()[1]; s.close()
        self.proc = subprocess.Popen([self.segue, "serve", os.path.join(ROOT, "Examples/mail.yaml"), "--port", str(self.port),
                                      "--store", self.data, "--log-level", "warning"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        self.generation += 1
                        return
            except Exception:
                time.sleep(0.05)
        raise RuntimeError("segue did not start")

    @property
    def base(self):
        return "http://127.0.0.1:%d" % self.port

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

class Client(threading.Thread):
    def __init__(self, server, count, failures, checks):
        super().__init__(daemon=True)
        self.server, self.count, self.failures, self.checks = server, count, failures, checks
        self.events = []      # every event an answer reported, in order
        self.version = 0      # last acknowledged version
        self.done = 0
        self.in_flight_applied = 0
        self.in_flight_absent = 0

    def fail(self, message):
        self.failures.append("%s: %s" % (self.id, message))

    def check(self, ok, message):
        self.checks[0] += 1
        if not ok:
            self.fail(message)

    def run(self):
        while True:
            try:
                status, body = request(self.server.base, "POST", "/api/v1/sessions", {})
                break
            except ServerDown:
                time.sleep(0.1)
        self.id = body["id"]
        while True:  # the launch's events (the creation answer reports the state only)
            try:
                self.events = request(self.server.base, "GET", "/api/v1/sessions/%s/events?after=0" % self.id)[1]["events"]
                break
            except ServerDown:
                time.sleep(0.1)
        while self.done < self.count and len(self.failures) < 20:
            action = step(self.version)
            try:
                status, body = request(self.server.base, "POST", "/api/v1/sessions/%s/actions" % self.id, action)
            except ServerDown:
                self.recover(in_flight=True)
                continue
            if status == 503:  # storage busy: nothing was acknowledged; try again
                time.sleep(0.05)
                continue
            if status != 200:
                self.fail("action %s answered %d %s" % (action, status, body))
                return
            self.check(body["state"]["version"] == self.version + 1, "version %d after %d" % (body["state"]["version"], self.version))
            self.version += 1
            self.events.extend(body["events"])
            self.done += 1

    def recover(self, in_flight):
        while True:
            try:
                status, state = request(self.server.base, "GET", "/api/v1/sessions/%s" % self.id)
                status2, ev = request(self.server.base, "GET", "/api/v1/sessions/%s/events?after=0" % self.id)
                break
            except ServerDown:
                time.sleep(0.1)
        self.check(status == 200, "session lost after restart: %d %s" % (status, state))
        if status != 200:
            return
        v = state["version"]
        self.check(v == self.version or (in_flight and v == self.version + 1),
                   "version %d after restart, %d acknowledged" % (v, self.version))
        stored = ev["events"]
        last_acked = self.events[-1]["seq"] if self.events else 0
        first = stored[0]["seq"] if stored else 1
        mine = [e for e in self.events if e["seq"] >= first]
        self.check(stored[:len(mine)] == mine, "stored events differ from acknowledged ones (from seq %d)" % first)
        extra = stored[len(mine):]
        if v == self.version:
            if in_flight:
                self.in_flight_absent += 1
            self.check(not extra, "events beyond the acknowledged ones without a version change")
        else:
            # The in-flight action was applied whole: its events follow, its URL is the script's.
            # (setValues changes the state without events.)
            contiguous = extra[0]["seq"] == last_acked + 1 if extra else step(self.version)["action"] == "setValues"
            self.check(contiguous, "the in-flight action %s left no contiguous events" % step(self.version))
            self.version = v
            self.in_flight_applied += 1
            self.events.extend(extra)
            self.done += 1
        want = EXPECTED_URL_PREFIX[(v - 1) % 7] if v > 0 else "/ui/mailNav(mailboxes)"
        self.check(state["url"].startswith(want), "url %s after restart, expected %s…" % (state["url"], want))

def wait_for_progress(clients, done_before, deadline):
    """Returns once a client has acknowledged an action past `done_before`, every client has
    stopped, or the deadline has passed."""
    while time.time() < deadline and any(c.is_alive() for c in clients):
        if sum(c.done for c in clients) > done_before:
            return
        time.sleep(0.01)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--segue", default=os.path.join(ROOT, ".build/debug/segue"))
    ap.add_argument("--actions", type=int, default=3000)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--max-seconds", type=int, default=600)
    args = ap.parse_args()
    random.seed(args.seed)
    data = tempfile.mkdtemp(prefix="segue-crash-")
    server = Server(args.segue, data)
    server.start()
    failures, checks = [], [0]
    per = args.actions // args.clients
    clients = [Client(server, per, failures, checks) for _ in range(args.clients)]
    for c in clients:
        c.start()
    kills = 0
    started = time.time()
    try:
        while any(c.is_alive() for c in clients):
            if time.time() - started > args.max_seconds:
                failures.append("timed out after %d s" % args.max_seconds)
                break
            # Each restart lets at least one action through before the next kill, so the run ends
            # however slow the machine; then a random moment, mid-action or between actions.
            wait_for_progress(clients, sum(c.done for c in clients), started + args.max_seconds)
            time.sleep(random.uniform(0, 0.1))
            if not any(c.is_alive() for c in clients):
                break
            server.kill()
            kills += 1
            time.sleep(random.uniform(0, 0.1))
            server.start()
        for c in clients:
            c.join(timeout=30)
        # A last restart, then every session once more.
        server.kill(); server.start(); kills += 1
        for c in clients:
            if hasattr(c, "id"):
                c.recover(in_flight=False)
    finally:
        try:
            server.kill()
        except Exception:
            pass
    done = sum(c.done for c in clients)
    print("crash test: seed %d, %d actions acknowledged, %d SIGKILLs, %d checks; unanswered actions: %d applied whole, %d absent" % (
        args.seed, done, kills, checks[0], sum(c.in_flight_applied for c in clients), sum(c.in_flight_absent for c in clients)))
    for f in failures[:20]:
        print("FAIL", f)
    ok = not failures and done >= args.actions - args.clients
    print("%d passed, %d failed" % (checks[0] if ok else checks[0] - len(failures), 0 if ok else max(1, len(failures))))
    if ok:
        shutil.rmtree(data, ignore_errors=True)
    else:
        print("the store is kept for a look: %s" % data)
    sys.exit(0 if ok else 1)

if __name__ == "__main__":
    main()

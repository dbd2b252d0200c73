# Shared by the benchmark scripts (sourced, from the repository root).

# wrk must be installed; builds the release `segue` and sets BIN to it (BIN set beforehand: that
# binary is measured as it is, e.g. one built elsewhere). TRAITS (e.g. "Postgres") are package
# traits the build enables.
prepare_benchmark() {
    command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
    [ -n "${BIN:-}" ] && return
    swift build -c release --product segue ${TRAITS:+--traits "$TRAITS"} >/dev/null
    BIN="$(swift build -c release ${TRAITS:+--traits "$TRAITS"} --show-bin-path)/segue"
}

# A free TCP port on the loopback interface.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# The median of the numbers given.
median() { python3 -c "import statistics,sys; print(f'{statistics.median(float(x) for x in sys.argv[1:]):.2f}')" "$@"; }

# Writes a wrk script to FILE that cycles through requests built once: PRELUDE is Lua run first
# (e.g. `local ids = {...}`), INIT is Lua that fills the table `requests` (with wrk.format). Built
# once, the load generator (on the same cores) costs about what it costs for a plain URL.
cycling_wrk_script() {  # FILE PRELUDE INIT
    cat > "$1" <<LUA
$2
local requests = {}
local n = 0
init = function(args)
$3
end
request = function()
  n = n + 1
  return requests[((n - 1) % #requests) + 1]
end
LUA
}

# A copy of BIN that valgrind can read, in DIR/segue (valgrind is required; builds the release
# `segue` when BIN is not set). Valgrind 3.19 cannot read Swift's DWARF 5: the copy keeps the
# symbols and drops the debug info.
valgrind_binary() {  # DIR
    command -v valgrind >/dev/null || { echo "valgrind is missing: apt-get install -y valgrind" >&2; exit 1; }
    if [ -z "${BIN:-}" ]; then
        swift build -c release --product segue >/dev/null
        BIN="$(swift build -c release --show-bin-path)/segue"
    fi
    cp "$BIN" "$1/segue"
    strip -g "$1/segue"
}

# PAIRS push/pop action pairs on one new session of the mail flow served on PORT, over one
# keep-alive connection (after the inbox page, so the stack holds two controllers).
push_pop_pairs() {  # PORT PAIRS
    # Up to 3 minutes: a server under valgrind on a busy machine takes more than one to start.
    for _ in $(seq 600); do curl -fs "http://127.0.0.1:$1/healthz" >/dev/null 2>&1 && break; sleep 0.3; done
    python3 - "$1" "$2" <<'PY'
import http.client, json, sys
port, pairs = int(sys.argv[1]), int(sys.argv[2])
c = http.client.HTTPConnection("127.0.0.1", port)
c.request("POST", "/api/v1/sessions", body="{}"); sid = json.loads(c.getresponse().read())["id"]
c.request("GET", "/api/v1/sessions/%s/page/ui/mailNav(mailboxes,inbox)" % sid); c.getresponse().read()
for _ in range(pairs):
    for body in ('{"action":"push","scene":"message"}', '{"action":"pop"}'):
        c.request("POST", "/api/v1/sessions/%s/actions" % sid, body=body, headers={"Content-Type": "application/json"})
        r = c.getresponse(); r.read(); assert r.status == 200, r.status
PY
}

# COUNT GET /healthz requests (the bare route) over one keep-alive connection to PORT.
bare_requests() {  # PORT COUNT
    for _ in $(seq 600); do curl -fs "http://127.0.0.1:$1/healthz" >/dev/null 2>&1 && break; sleep 0.3; done
    python3 - "$1" "$2" <<'PY'
import http.client, sys
port, count = int(sys.argv[1]), int(sys.argv[2])
c = http.client.HTTPConnection("127.0.0.1", port)
for _ in range(count):
    c.request("GET", "/healthz")
    r = c.getresponse(); r.read(); assert r.status == 200, r.status
PY
}

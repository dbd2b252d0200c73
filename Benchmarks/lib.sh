# Shared by the benchmark scripts (sourced, from the repository root).

# wrk must be installed; builds the release `segue` and sets BIN to it (BIN set beforehand: that
# binary is measured as it is, e.g. one built elsewhere).
prepare_benchmark() {
    command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
    [ -n "${BIN:-}" ] && return
    swift build -c release --product segue >/dev/null
    BIN="$(swift build -c release --show-bin-path)/segue"
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

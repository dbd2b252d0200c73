#!/usr/bin/env bash
# Heap allocations per JSON action, counted by valgrind's DHAT (exact and repeatable): a release
# `segue serve` (memory store) under DHAT twice, with PAIRS and 6×PAIRS push/pop pairs on one
# session over one keep-alive connection; the difference between the two runs, divided by the
# extra actions, leaves out start-up (the flow, the compressed assets).
# Usage: Benchmarks/allocations.sh [pairs, default 100]   (needs valgrind, python3, curl)
# BIN=path measures that binary instead of this tree's release build; TOP=n prints the n
# allocation sites (two frames below the allocator) that allocate most often per action.
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS="${1:-100}"
source Benchmarks/lib.sh
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
valgrind_binary "$WORK"

profile() {  # PAIRS OUT
    local port; port="$(free_port)"
    valgrind --tool=dhat --dhat-out-file="$2" "$WORK/segue" serve Examples/mail.yaml --port "$port" \
        --store memory --log-level warning >"$WORK/valgrind.log" 2>&1 &
    local vg=$!
    push_pop_pairs "$port" "$1"
    kill -INT "$vg"; wait "$vg" || true
}
profile "$PAIRS" "$WORK/short.json"
profile "$((6 * PAIRS))" "$WORK/long.json"
python3 - "$WORK/short.json" "$WORK/long.json" "$((10 * PAIRS))" "${TOP:-0}" <<'PY' | swift demangle --simplified | cut -c1-220
import collections, json, sys
short, long, actions, top = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
allocator = ("malloc", "calloc", "realloc", "memalign", "swift_slowAlloc", "swift_allocObject", "vg_replace")
def sites(path):
    d = json.load(open(path)); frames = d["ftbl"]; out = collections.defaultdict(lambda: [0, 0])
    for pp in d["pps"]:
        stack = [frames[i].split(": ", 1)[-1] for i in pp["fs"]]
        stack = [f for f in stack if not any(a in f for a in allocator)]
        key = " | ".join(f.split(" (in ")[0] for f in stack[:2])
        out[key][0] += pp["tbk"]; out[key][1] += pp["tb"]
    return out
a, b = sites(short), sites(long)
blocks = sum(v[0] for v in b.values()) - sum(v[0] for v in a.values())
size = sum(v[1] for v in b.values()) - sum(v[1] for v in a.values())
print(f"allocations per action: {blocks / actions:.1f} ({size / actions:,.0f} bytes)")
rows = sorted(((b.get(k, [0, 0])[0] - a.get(k, [0, 0])[0]) / actions, k) for k in set(a) | set(b))
for per, key in reversed(rows[-top:] if top else []):
    print(f"{per:6.2f}  {key}")
PY

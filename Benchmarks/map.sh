#!/usr/bin/env bash
# How long GET /map takes for large flows (the map must be served in well under 300 ms):
#   1. a generated flow file of 70 scenes (layered layout: no canvas positions),
#   2. when the public storyboard corpus is present, a directory of its two largest storyboards
#      (88 scenes with canvas positions).
# Each is served by `segue serve`; /map is fetched 20 times; the report gives the median and the
# slowest time (curl's time_total, loopback) and the page size.
# Usage: Benchmarks/map.sh        BIN=.build/debug/segue Benchmarks/map.sh (skip the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-8193}"
BASE="http://127.0.0.1:$PORT"
# The shared corpus beside the checkout (`../shared`), when present.
CORPUS="${CORPUS:-$(cd .. && pwd)/shared/corpus/storyboards}"
if [ -z "${BIN:-}" ]; then
  swift build -c release --product segue >/dev/null
  BIN="$(swift build -c release --show-bin-path)/segue"
fi
WORK="$(mktemp -d)"
SERVER=""
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

# 70 scenes: a tab bar of four navigation stacks, and chains of show, present and
# popover segues between content scenes with labels, buttons and table rows.
python3 - "$WORK/seventy.yaml" <<'PY'
import sys
out = ["initialViewController: tabs", "scenes:", "  tabs: {kind: tabBarController, viewControllers: [nav0, nav1, nav2, nav3]}"]
n = 0
for t in range(4):
    out.append(f"  nav{t}: {{kind: navigationController, rootViewController: s{n}}}")
    for i in range(16):
        sid = f"s{n}"
        nxt = f"s{n + 1}"
        kind = ["show", "presentation", "show", "popover"][i % 4]
        last = i == 15
        out.append(f"  {sid}:")
        out.append(f"    kind: tableViewController")
        out.append(f"    title: Scene {n}")
        if not last:
            out.append("    view:")
            out.append("      - table:")
            out.append("          rows:")
            out.append(f"            - {{id: r{n}, text: Next {n + 1}, accessory: disclosureIndicator, segue: next}}")
            out.append(f"            - {{id: q{n}, text: Row two}}")
            out.append("    segues:")
            out.append(f"      next: {{kind: {kind}, destination: {nxt}}}")
        n += 1
out.append("  about: {title: About, view: [{label: {text: Reached by identifier only}}]}")
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY

measure() {  # NAME PATH
  "$BIN" serve "$2" --port "$PORT" --log-level warning --store memory >"$WORK/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 100); do curl -fs "$BASE/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
  local scenes
  scenes=$(curl -fs "$BASE/api/v1/scenes" | python3 -c "import json,sys; print(len(json.load(sys.stdin)['scenes']))")
  local times=()
  for _ in $(seq 20); do times+=("$(curl -fs -o "$WORK/map.html" -w '%{time_total}' "$BASE/map")"); done
  local bytes
  bytes=$(wc -c <"$WORK/map.html")
  python3 -c "import statistics,sys; t=[float(x)*1000 for x in sys.argv[4:]]; print(f'{sys.argv[1]}: {sys.argv[2]} scenes, /map median {statistics.median(t):.1f} ms, slowest {max(t):.1f} ms, {sys.argv[3]} bytes')" "$1" "$scenes" "$bytes" "${times[@]}"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=""
}

echo "# GET /map  $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  $BIN"
measure "generated flow file" "$WORK/seventy.yaml"
if [ -d "$CORPUS" ]; then
  mkdir "$WORK/set"
  ln -s "$CORPUS"/044__* "$WORK/set/Main.storyboard"
  ln -s "$CORPUS"/060__* "$WORK/set/MainStoryboard.storyboard"
  measure "two corpus storyboards" "$WORK/set"
else
  echo "corpus absent at $CORPUS: the corpus measurement is skipped"
fi

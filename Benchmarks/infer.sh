#!/usr/bin/env bash
# `segue infer` on a generated app of N source files (default 300: half Swift, half Objective-C,
# one storyboard with a scene per controller): the median of 5 runs, in seconds.
# BIN=path/to/segue measures that binary; else the release build is built.
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-300}"
if [ -z "${BIN:-}" ]; then
    swift build -c release --product segue >/dev/null
    BIN="$(swift build -c release --show-bin-path)/segue"
fi
APP="$(mktemp -d)"
trap 'rm -rf "$APP"' EXIT
python3 Benchmarks/infer/make-app.py "$APP" "$N"
times=()
for _ in 1 2 3 4 5; do
    start=$(date +%s.%N)
    "$BIN" infer "$APP" >/dev/null
    end=$(date +%s.%N)
    times+=("$(python3 -c "print(f'{$end - $start:.2f}')")")
done
echo "segue infer, $N files: runs ${times[*]} s; median $(python3 -c "import statistics,sys; print(statistics.median(float(x) for x in sys.argv[1:]))" "${times[@]}") s"

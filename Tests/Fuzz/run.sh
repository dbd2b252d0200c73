#!/usr/bin/env bash
# Fuzzes one target for SECONDS: Tests/Fuzz/run.sh TARGET SECONDS [libFuzzer flags…]
#
# Inputs come from the committed seeds (Tests/Fuzz/corpus/TARGET) and the corpus libFuzzer grows
# in .build-fuzz/corpus/TARGET (kept between runs). Prints one line of results; on a crash, a
# trap or a hang (an input running over 10 s) it prints the input and how to reproduce it, and
# exits 1. SEGUE_FUZZ_NO_BUILD=1 skips the build (run-all.sh builds once); SEGUE_FUZZ_SEED=N
# fixes libFuzzer's random seed, so a run from the same corpus mutates the same way (CI).
# SEGUE_FUZZ_PRODUCT=segue-fuzz-readers runs (and builds) the readers-only executable.
# AddressSanitizer keeps no stack per allocation (malloc_context_size=0: recording them took a
# fifth of the time); to see where a faulty block was allocated, rerun the input with
# ASAN_OPTIONS=malloc_context_size=30.
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -ge 2 ]] || { echo "usage: $0 TARGET SECONDS [libFuzzer flags…]" >&2; exit 2; }
target=$1 seconds=$2
shift 2
[[ -d Tests/Fuzz/corpus/$target ]] || { echo "no seeds in Tests/Fuzz/corpus/$target" >&2; exit 2; }
[[ ${SEGUE_FUZZ_NO_BUILD:-} == 1 ]] || Tests/Fuzz/build.sh
fuzzer=.build-fuzz/${SEGUE_FUZZ_CONFIG:-debug}/${SEGUE_FUZZ_PRODUCT:-segue-fuzz}
mkdir -p ".build-fuzz/corpus/$target" .build-fuzz/artifacts
dict=()
[[ -n ${SEGUE_FUZZ_SEED:-} ]] && dict+=(-seed="$SEGUE_FUZZ_SEED")
dictionary=$(SEGUE_FUZZ_TARGET=--list "$fuzzer" | awk -v t="$target" '$1 == t { print $2 }')
[[ -n $dictionary && -f Tests/Fuzz/dict/$dictionary ]] && dict=(-dict="Tests/Fuzz/dict/$dictionary")
log=".build-fuzz/artifacts/$target.log"
status=0
ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:malloc_context_size=0 SWIFT_BACKTRACE=enable=no SEGUE_FUZZ_TARGET=$target "$fuzzer" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -detect_leaks=0 -print_final_stats=1 \
  -artifact_prefix=".build-fuzz/artifacts/$target-" "${dict[@]}" "$@" \
  ".build-fuzz/corpus/$target" "Tests/Fuzz/corpus/$target" >"$log" 2>&1 || status=$?
runs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log" | tail -1)
corpus=$(ls ".build-fuzz/corpus/$target" | wc -l)
if [[ $status -eq 0 ]]; then
  echo "$target: ${runs:-?} executions in ${seconds} s, 0 crashes, 0 hangs (corpus: $corpus inputs)"
  exit 0
fi
artifact=$(sed -n "s/.*Test unit written to \(.*\)$/\1/p" "$log" | tail -1)
kind=crash
grep -q "ERROR: libFuzzer: timeout" "$log" && kind=hang
echo "$target: $kind after ${runs:-?} executions (exit $status)"
grep -v '^"' "$log" | grep -A40 -m1 "ERROR:\|Fatal error\|deadly signal" || tail -40 "$log"
if [[ -n $artifact && -f $artifact ]]; then
  echo "--- the input ($artifact, $(wc -c <"$artifact") bytes), base64:"
  base64 -w 76 "$artifact" | head -40
  echo "--- reproduce: Tests/Fuzz/build.sh && SEGUE_FUZZ_TARGET=$target $fuzzer $artifact"
fi
exit 1

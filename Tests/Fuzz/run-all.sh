#!/usr/bin/env bash
# Fuzzes every target in turn, one at a time: Tests/Fuzz/run-all.sh SECONDS (each target), or
# Tests/Fuzz/run-all.sh --budget SECONDS (shared among the targets, at least 10 s each: CI).
# Builds once; exits 1 after the last target when any crashed or hung (each prints its input).
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -ge 1 ]] || { echo "usage: $0 SECONDS | --budget SECONDS" >&2; exit 2; }
Tests/Fuzz/build.sh
targets=$(SEGUE_FUZZ_TARGET=--list .build-fuzz/${SEGUE_FUZZ_CONFIG:-debug}/${SEGUE_FUZZ_PRODUCT:-segue-fuzz} | awk '{ print $1 }')
count=$(wc -w <<<"$targets")
if [[ $1 == --budget ]]; then
  seconds=$(( $2 / count ))
  (( seconds >= 10 )) || seconds=10
else
  seconds=$1
fi
failed=()
for target in $targets; do
  SEGUE_FUZZ_NO_BUILD=1 Tests/Fuzz/run.sh "$target" "$seconds" || failed+=("$target")
done
if ((${#failed[@]})); then
  echo "fuzzing found crashes or hangs in: ${failed[*]}" >&2
  exit 1
fi

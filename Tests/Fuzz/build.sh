#!/usr/bin/env bash
# Builds the libFuzzer executable `segue-fuzz` (every module instrumented for coverage, with
# AddressSanitizer) into .build-fuzz, apart from the ordinary build. Quiet unless it fails.
# SEGUE_FUZZ_CONFIG=release builds it optimised (slower to build, faster to fuzz); the default
# is debug. SEGUE_FUZZ_PRODUCT=segue-fuzz-readers builds the readers' targets only, without the
# server and SwiftSyntax (which takes long to build instrumented).
set -euo pipefail
cd "$(dirname "$0")/../.."
log=$(mktemp)
# The fuzz build resolves without the Postgres trait, and SwiftPM then rewrites Package.resolved
# without PostgreSQL's pins: the committed file is put back when the build ends.
resolved=$(mktemp)
cp Package.resolved "$resolved"
trap 'cp "$resolved" Package.resolved; rm -f "$log" "$resolved"' EXIT
if ! SEGUE_FUZZ=1 swift build -c "${SEGUE_FUZZ_CONFIG:-debug}" --scratch-path .build-fuzz --product "${SEGUE_FUZZ_PRODUCT:-segue-fuzz}" \
    -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld >"$log" 2>&1; then
  grep -v "Cannot export local symbol" "$log" >&2
  exit 1
fi

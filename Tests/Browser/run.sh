#!/usr/bin/env bash
# Runs the browser tests in headless Chromium against the built `segue` binary.
# Needs Debian's chromium and chromium-driver, and Python's selenium, pytest, axe-selenium-python (axe-core) and pillow.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 -c 'import selenium, pytest, axe_selenium_python, PIL' 2>/dev/null || pip install -q selenium pytest axe-selenium-python pillow
export SEGUE_BIN="${SEGUE_BIN:-$PWD/.build/debug/segue}"
# Chromium writes profiles and shared-memory files under TMPDIR; they go with this folder.
export TMPDIR="$(mktemp -d /tmp/segue-browser-XXXXXX)"
trap 'rm -rf "$TMPDIR"' EXIT
python3 -m pytest -q -p no:cacheprovider Tests/Browser "$@"

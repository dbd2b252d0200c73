#!/usr/bin/env bash
# How long an app folder takes to import: generates an app of 70 storyboard scenes (7
# storyboards), 30 xibs (nib-based controllers) and 300 images (an asset catalog and loose
# @2x files) with an Info.plist, then times `segue graph DIR --format json` (process start,
# the import, and writing the graph) with a warm file cache. Usage: Benchmarks/app-import.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-7}"
if [ -z "${BIN:-}" ]; then
  swift build -c release --product segue >/dev/null
  BIN="$(swift build -c release --show-bin-path)/segue"
fi
DIR="$(mktemp -d)"
trap 'rm -rf "$DIR"' EXIT
python3 - "$DIR" <<'PY'
import os, plistlib, sys, zlib, struct
root = os.path.join(sys.argv[1], "BenchApp")
def write(path, data):
    full = os.path.join(root, path); os.makedirs(os.path.dirname(full), exist_ok=True)
    open(full, "wb").write(data.encode() if isinstance(data, str) else data)
def png(n):
    raw = b"".join(b"\x00" + bytes([n % 256, 80, 160]) * 8 for _ in range(8))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
write("App/Info.plist", plistlib.dumps({"UIMainStoryboardFile": "Main", "CFBundleDevelopmentRegion": "en"}).decode())
names = ["Main"] + ["Part%d" % i for i in range(1, 7)]
for s, name in enumerate(names):
    scenes = []
    for i in range(10):
        sid = "%s-%d" % (name, i)
        nxt = "%s-%d" % (name, i + 1)
        seg = '<connections><segue destination="%s" kind="show" id="g-%s"/></connections>' % (nxt, sid) if i < 9 else ""
        subviews = "".join('<label text="Row %d" id="l-%s-%d"><rect key="frame" x="16" y="%d" width="300" height="21"/></label>' % (k, sid, k, 80 + 30 * k) for k in range(8))
        subviews += '<imageView image="image%d" id="i-%s"><rect key="frame" x="16" y="400" width="64" height="64"/></imageView>' % (s * 10 + i, sid)
        subviews += '<button id="b-%s"><rect key="frame" x="16" y="480" width="200" height="30"/><state key="normal" title="Next"/>%s</button>' % (sid, seg)
        scenes.append('<scene sceneID="s-%s"><objects><viewController id="%s" customClass="Screen%d%dViewController" sceneMemberID="viewController"><view key="view" id="v-%s"><subviews>%s</subviews></view><navigationItem key="navigationItem" title="%s" id="n-%s"/></viewController></objects></scene>' % (sid, sid, s, i, sid, subviews, sid, sid))
    doc = '<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490" targetRuntime="iOS.CocoaTouch" initialViewController="%s-0"><scenes>%s</scenes></document>\n' % (name, "".join(scenes))
    write("App/Base.lproj/%s.storyboard" % name, doc)
for x in range(30):
    views = "".join('<label text="Field %d" id="x%d-%d"><rect key="frame" x="10" y="%d" width="300" height="21"/></label>' % (k, x, k, 20 + 30 * k) for k in range(10))
    write("App/Nibs/Detail%dViewController.xib" % x, '<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14490" targetRuntime="iOS.CocoaTouch"><objects><placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="Detail%dViewController"><connections><outlet property="view" destination="root" id="o"/></connections></placeholder><view id="root"><rect key="frame" x="0" y="0" width="375" height="667"/><subviews>%s</subviews></view></objects></document>\n' % (x, views))
for n in range(150):
    write("App/Assets.xcassets/image%d.imageset/Contents.json" % n, '{"images":[{"filename":"image%d@2x.png","idiom":"universal","scale":"2x"}],"info":{"author":"xcode","version":1}}' % n)
    write("App/Assets.xcassets/image%d.imageset/image%d@2x.png" % (n, n), png(n))
for n in range(150):
    write("App/Images/loose%d@2x.png" % n, png(n + 150))
PY
"$BIN" graph "$DIR/BenchApp" --format json >/dev/null   # warms the file cache
times=()
for _ in $(seq "$RUNS"); do
  start=$(date +%s%N)
  "$BIN" graph "$DIR/BenchApp" --format json >/dev/null
  times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
scenes=$("$BIN" graph "$DIR/BenchApp" --format json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["scenes"]))')
echo "app import (70 storyboard scenes, 30 xibs, 300 images; $scenes scenes in all): ms per run: ${times[*]}"
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print "median ms:", a[int((NR+1)/2)]}'

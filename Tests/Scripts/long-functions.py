#!/usr/bin/env python3
# Lists the Swift functions and initializers longer than LIMIT lines (default 60) under a folder,
# longest first: the project keeps every function of SegueCore within 60 lines.
# Usage: Tests/Scripts/long-functions.py Sources/SegueCore [LIMIT]
import os, re, sys
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 60
found = []
for root, _, files in os.walk(sys.argv[1]):
    for f in files:
        if not f.endswith('.swift'): continue
        path = os.path.join(root, f)
        lines = open(path).read().split('\n')
        i = 0
        while i < len(lines):
            line = lines[i]
            if re.search(r'^\s*(@\w+(\(.*?\))?\s+)*((public|private|fileprivate|internal|open|final|static|override|mutating|required|convenience|nonisolated|@discardableResult)\s+)*(func|init)\b', line):
                # find opening brace
                j = i; depth = 0; started = False
                while j < len(lines):
                    code = re.sub(r'"(\\.|[^"\\])*"', '""', lines[j]).split('//')[0]
                    for ch in code:
                        if ch == '{': depth += 1; started = True
                        elif ch == '}': depth -= 1
                    if started and depth <= 0: break
                    if not started and j > i + 15: break
                    j += 1
                n = j - i + 1
                if started and n > limit: found.append((n, f"{path}:{i+1} {line.strip()[:80]}"))
            i += 1
for n, where in sorted(found, reverse=True): print(f"{n:4d} {where}")
sys.exit(1 if found else 0)

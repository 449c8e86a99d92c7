#!/usr/bin/env python3
"""The layers hold: every #include "..." of a source file names a folder of its
own layer or of a layer below it (docs/architecture.md, "The layers").

usage: check_layers.py ROOT [--plant FILE:HEADER]

ROOT is the source tree. --plant adds `#include "HEADER"` to FILE in memory
before checking, so that CTest can show that a violation is caught (that test
is expected to fail).

Exit 0 when every include is allowed, 1 with one line per violation.
"""
import os
import re
import sys

# Each layer: its folders, and the layers it may include (besides itself).
GROUND = ["core", "params", "model"]
MECHANICS = ["elements", "contact", "solvers"]
LAYERS = {
    "core": (["src/core"], []),
    "params": (["src/params"], ["core"]),
    "model": (["src/model"], ["core", "params"]),
    "elements": (["elements"], GROUND),
    "contact": (["contact"], GROUND),
    "solvers": (["solvers"], GROUND),
    "io": (["src/io"], GROUND),
    "deck": (["src/deck"], GROUND + MECHANICS + ["io"]),
    "analysis": (["src/analysis"], GROUND + MECHANICS + ["io", "deck"]),
    "parallel": (["src/parallel"], GROUND + MECHANICS + ["io", "deck", "analysis"]),
    "cli": (["src/cli"], GROUND + MECHANICS + ["io", "deck", "analysis", "parallel"]),
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def layer_of(path):
    """The layer whose folder holds `path` (the longest match), or None."""
    best = None
    for name, (folders, _) in LAYERS.items():
        for folder in folders:
            if path.startswith(folder + "/") and (best is None or len(folder) > len(best[1])):
                best = (name, folder)
    return best[0] if best else None


def sources(root):
    for name, (folders, _) in LAYERS.items():
        for folder in folders:
            for directory, _, files in os.walk(os.path.join(root, folder)):
                for f in sorted(files):
                    if f.endswith((".hpp", ".cpp", ".h")):
                        yield os.path.relpath(os.path.join(directory, f), root)


def violations(root, planted):
    found = []
    for path in sorted(set(sources(root))):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        if path in planted:
            text += f'\n#include "{planted[path]}"\n'
        own = layer_of(path)
        allowed = set(LAYERS[own][1]) | {own}
        for line_number, line in enumerate(text.splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = layer_of(match.group(1))
            if target is None and match.group(1).startswith(("tests/", "benchmarks/", "examples/")):
                found.append(f"{path}:{line_number}: includes {match.group(1)}, outside the library")
            elif target is not None and target not in allowed:
                found.append(f"{path}:{line_number}: layer '{own}' includes {match.group(1)} "
                             f"of layer '{target}' (allowed: {', '.join(sorted(allowed))})")
    return found


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    root = args[0]
    planted = {}
    if len(args) == 3 and args[1] == "--plant":
        file, header = args[2].split(":", 1)
        planted[file] = header
    found = violations(root, planted)
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} includes break the layers (docs/architecture.md)")
        return 1
    print("the layers hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fails when two source folders depend on each other through #include, directly or around a cycle.

A folder is a file's directory (src/gpu/plan, host_ref, ...); the public API (include/ovcl/**) counts as
one folder. An #include "x" resolves as the compiler does: next to the including file first, then the
project's include roots. Run by ctest (lint.layers); prints every cycle with one include that closes it.
    scripts/check_layers.py [repository root]
"""
import collections
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
SOURCES = ("src", "host_ref", "remote", "include")
# The include roots of the targets (src/gpu and remote are the GPU plugin's; the rest everyone's).
INCLUDE_ROOTS = ("src/gpu", "remote", "src", ".", "include")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder(path):
    return "include" if path.startswith("include/") else os.path.dirname(path)


def resolve(including, name):
    for base in (os.path.dirname(including),) + INCLUDE_ROOTS:
        candidate = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(os.path.join(ROOT, candidate)):
            return candidate
    return None  # a system or generated header


def main():
    files = [os.path.relpath(os.path.join(d, f), ROOT)
             for top in SOURCES for d, _, names in os.walk(os.path.join(ROOT, top)) for f in sorted(names)]
    edges = collections.defaultdict(dict)  # folder -> {folder: "file includes name"}
    for path in files:
        if not path.endswith((".cpp", ".hpp", ".h", ".def")):
            continue
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read()
        for name in INCLUDE.findall(text):
            target = resolve(path, name)
            if target and folder(target) != folder(path):
                edges[folder(path)].setdefault(folder(target), f'{path} includes "{name}"')
    # Every cycle through a folder's dependencies, found by depth-first search.
    cycles, state = [], {}

    def visit(node, stack):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(edges.get(node, {})):
            if state.get(nxt) == "open":
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            visit(node, [])
    for cycle in cycles:
        print("cycle: " + " -> ".join(cycle))
        for a, b in zip(cycle, cycle[1:]):
            print(f"  {a} -> {b}: {edges[a][b]}")
    if cycles:
        return 1
    print(f"ok: {len(edges)} folders, no include cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fails when a code block of the docs differs from the compiled example it shows.

In README.md and docs/**/*.md, a fenced block preceded by a marker line
    <!-- snippet: examples/quick_start.cpp#quick_start -->
must equal, line for line, the region of that file between the lines holding `[doc:quick_start]` and
`[/doc:quick_start]` (`// [doc:quick_start]` in C++; the marker lines themselves are left out, and the
region is dedented by its common indentation). Without `#name` the block is the whole file. Every
```cpp block must have a marker (so no C++ in the docs goes uncompiled), and every region marked in
examples/ must be shown by some doc. The examples are built and run by ctest (examples/CMakeLists.txt);
this check runs as examples.doc_snippets. Each failure names the doc file and line.
    scripts/check_doc_snippets.py [repository root]            check
    scripts/check_doc_snippets.py [repository root] --write    rewrite the doc blocks from the examples
"""
import difflib
import os
import re
import sys

CPP_INFO = {"cpp", "c++", "cxx", "cc"}
MARKER = re.compile(r"^<!--\s*snippet:\s*([^\s#]+)(?:#([\w.-]+))?\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`\s]*)")
OPEN = re.compile(r"\[doc:([\w.-]+)\]")
CLOSE = re.compile(r"\[/doc:([\w.-]+)\]")


def doc_files(root):
    files = [os.path.join(root, "README.md")] if os.path.isfile(os.path.join(root, "README.md")) else []
    for d, _, names in sorted(os.walk(os.path.join(root, "docs"))):
        files += [os.path.join(d, n) for n in sorted(names) if n.endswith(".md")]
    return files


def fenced_blocks(lines):
    """(info, indent, fence line index, content start, content end) for each fenced block."""
    blocks, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3).lower()
        j = i + 1
        while j < len(lines):
            s = lines[j].strip()
            if len(s) >= len(fence) and set(s) == {fence[0]}:  # a closing fence: the same character, as long
                break
            j += 1
        blocks.append((info, indent, i, i + 1, j))  # j == len(lines): unclosed, the block runs to the end
        i = j + 1
    return blocks


def dedent(lines):
    indents = [len(l) - len(l.lstrip()) for l in lines if l.strip()]
    cut = min(indents) if indents else 0
    return [l[cut:] if l.strip() else "" for l in lines]


def unindent(line, n):
    cut = len(line) - len(line.lstrip(" "))
    return line[min(cut, n):]


def regions(path, rel, problems):
    """name -> (first line number of the content, content lines) of every region marked in a file."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    found, open_at = {}, {}
    for n, line in enumerate(lines, 1):
        for m in OPEN.finditer(line):
            name = m.group(1)
            if name in open_at:
                problems.append(f"{rel}:{n}: region '{name}' opened again before it was closed (line {open_at[name]})")
            elif name in found:
                problems.append(f"{rel}:{n}: region '{name}' is marked twice (first at line {found[name][0] - 1})")
            open_at[name] = n
        for m in CLOSE.finditer(line):
            name = m.group(1)
            if name not in open_at:
                problems.append(f"{rel}:{n}: region '{name}' closed but not opened")
                continue
            start = open_at.pop(name)
            body = [l for l in lines[start:n - 1] if not OPEN.search(l) and not CLOSE.search(l)]
            found[name] = (start + 1, dedent([l.rstrip() for l in body]))
    for name, n in open_at.items():
        problems.append(f"{rel}:{n}: region '{name}' is never closed ([/doc:{name}])")
    return found


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    write = "--write" in sys.argv[1:]
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), ".."))
    problems, shown, checked = [], set(), 0
    cache = {}

    def region(target, name, where, out):
        path = os.path.join(root, target)
        if not os.path.isfile(path):
            out.append(f"{where}: snippet file {target} does not exist")
            return None
        if name is None:
            with open(path, encoding="utf-8") as f:
                return 1, [l.rstrip() for l in f.read().splitlines()]
        if target not in cache:
            cache[target] = regions(path, target, problems)
        if name not in cache[target]:
            out.append(f"{where}: {target} marks no region '{name}' (// [doc:{name}] ... // [/doc:{name}])")
            return None
        return cache[target][name]

    for doc in doc_files(root):
        rel = os.path.relpath(doc, root)
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        lines = text.splitlines()
        changed, doc_problems = False, []
        # Last block first, so that --write keeps the line numbers of the blocks before it.
        for info, indent, fence, start, end in reversed(fenced_blocks(lines)):
            k = fence - 1
            while k >= 0 and not lines[k].strip():
                k -= 1
            marker = MARKER.match(lines[k].strip()) if k >= 0 else None
            if not marker:
                if info in CPP_INFO:
                    doc_problems.append(f"{rel}:{fence + 1}: a ```{info} block without a snippet marker: precede it "
                                        f"with <!-- snippet: examples/<file>.cpp#<region> --> and mark the region")
                continue
            target, name = marker.group(1), marker.group(2)
            shown.add((target, name))
            if end >= len(lines):
                doc_problems.append(f"{rel}:{fence + 1}: the block is never closed")
                continue
            got = region(target, name, f"{rel}:{k + 1}", doc_problems)
            if got is None:
                continue
            checked += 1
            first, want = got
            have = [unindent(l, indent).rstrip() for l in lines[start:end]]  # a block in a list is indented
            if have == want:
                continue
            if write:
                lines[start:end] = [" " * indent + l if l else "" for l in want]
                changed = True
                continue
            i = next((i for i, (a, b) in enumerate(zip(have, want)) if a != b), min(len(have), len(want)))
            label = f"{target}#{name}" if name else target
            diff = difflib.unified_diff(want, have, f"{target} (lines {first}-{first + len(want) - 1})",
                                        f"{rel} (lines {start + 1}-{end})", lineterm="")
            doc_problems.append(f"{rel}:{start + 1 + i}: the block differs from {label} (its line {first + i}); "
                                f"copy the region into the doc (--write) or change the example\n  " +
                                "\n  ".join(diff))
        problems.extend(reversed(doc_problems))
        if changed:
            with open(doc, "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + ("\n" if text.endswith("\n") else ""))
            print(f"rewrote {rel}")

    # Every region marked in examples/ is shown by a doc.
    examples = os.path.join(root, "examples")
    for d, _, names in sorted(os.walk(examples)):
        for n in sorted(names):
            target = os.path.relpath(os.path.join(d, n), root)
            if target not in cache:
                try:
                    cache[target] = regions(os.path.join(d, n), target, problems)
                except UnicodeDecodeError:
                    continue
            for name, (first, _) in sorted(cache[target].items()):
                if (target, name) not in shown:
                    problems.append(f"{target}:{first - 1}: region '{name}' is shown by no doc "
                                    f"(<!-- snippet: {target}#{name} --> before a code block)")

    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problem(s); {checked} doc block(s) checked")
        return 1
    print(f"ok: {checked} doc block(s) match their examples")
    return 0


if __name__ == "__main__":
    sys.exit(main())

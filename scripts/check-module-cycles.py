#!/usr/bin/env python3
"""Fails when the modules of a Rust crate import each other in a circle.

Checked per crate (engine, host-server): the top-level modules (`src/<name>.rs` or
`src/<name>/`, and the crate root `lib.rs`), and, inside every module folder, its sibling
submodules (`cart/cache.rs` and `cart/store.rs`; the folder's own `mod.rs` is the parent and
not a sibling). A module depends on another when its code names it: `use crate::x`,
`crate::x::f()`, `super::y` and `self::y` paths, grouped imports included. Unit-test modules
(`#[cfg(test)]` to the end of the file) are not counted.

The composition root is the one place allowed to name everything: the crate root (`lib.rs`),
`app` (the router of every area) and `state` (`AppState`, what every handler reaches). Their
own imports are not counted, and no other module may import `app` or an item defined in the
crate root (`AppState` is named through the root's `pub use state::AppState`, which counts as
naming `state`).

Some modules are kept apart from request code (`APART`): in host-server the fixtures importer
(`fixtures`), which only the composition root may start; what both sides share lives in
`platform::stored_json`. Some serve every other module and import none of them (`FOUNDATION`):
in host-server `platform`.

Usage: scripts/check-module-cycles.py [CRATE_DIR ...]   (default: engine host-server)
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def strip_comments_and_strings(text):
    """The code without comments and with string and char literals emptied."""
    out, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif ch == "r" and re.match(r'r#*"', text[i:]) and not re.match(r"\w", text[i - 1 : i] or " "):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            out.append('""')
            i = n if end < 0 else end + 1 + len(hashes)
        elif ch == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            out.append('""')
            i += 1
        elif ch == "'" and re.match(r"'(\\.[^']*|[^\\'])'", text[i:]):
            i += len(re.match(r"'(\\.[^']*|[^\\'])'", text[i:]).group(0))
            out.append("' '")
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def code_of(path):
    text = strip_comments_and_strings(path.read_text())
    cut = re.search(r"^\s*#\[cfg\(test\)\]\s*\n\s*mod \w+", text, re.M)
    if cut:
        text = text[: cut.start()]
    return text


def first_segments(text, prefix):
    """The first path segment after every `prefix::`, expanding `prefix::{a, b::c}`."""
    names = set()
    for match in re.finditer(r"\b" + prefix + r"::", text):
        rest = text[match.end():]
        if rest.startswith("{"):
            depth, group = 0, []
            for ch in rest:
                if ch == "{":
                    depth += 1
                    if depth == 1:
                        continue
                elif ch == "}":
                    depth -= 1
                    if depth == 0:
                        break
                group.append(ch if depth == 1 else " ")
            for item in "".join(group).split(","):
                word = re.match(r"\s*(\w+)", item)
                if word:
                    names.add(word.group(1))
        else:
            word = re.match(r"(\w+)", rest)
            if word:
                names.add(word.group(1))
    return names


def module_of(src, path):
    """(folder, module name) of a source file: the crate root is ('', 'crate')."""
    rel = path.relative_to(src)
    parts = list(rel.with_suffix("").parts)
    if parts in (["lib"], ["main"]):
        return ("", "crate")
    return ("/".join(parts[:-1]), parts[-1])


def circles(graph):
    """Every group of modules that import each other (strongly connected components of more
    than one module), each with one circle through it."""
    index, low, on_stack, stack, groups = {}, {}, set(), [], []
    counter = [0]

    def connect(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(set(graph) | {n for targets in graph.values() for n in targets}):
        if node not in index:
            connect(node)
    return [(group, one_circle(graph, group)) for group in groups]


def one_circle(graph, group):
    start = group[0]
    paths = [[start]]
    while paths:
        path = paths.pop(0)
        for nxt in sorted(graph.get(path[-1], ())):
            if nxt == start:
                return path + [start]
            if nxt in group and nxt not in path:
                paths.append(path + [nxt])
    return group


COMPOSITION = {"crate", "app", "state"}

# Modules that only the composition root may import, per crate, with the reason.
APART = {
    # The fixtures importer reads files and fills the database at start; request code uses the
    # shapes it stores through `platform::stored_json`, never the importer itself.
    "host-server": {"fixtures"},
}

# Modules below every domain, per crate: they may import only themselves and the composition
# root's `AppState` (`state`), never a domain. In host-server, `platform` (database,
# configuration, sessions, trust, mail, errors, …) serves every domain.
FOUNDATION = {
    "host-server": {"platform"},
}

# Circles known and not yet broken, as (crate, sorted modules), each with a comment giving its
# reason; the check fails on any other circle, and on a known one that has grown. None now.
KNOWN_CIRCLES: set[tuple[str, tuple[str, ...]]] = set()


def root_reexports(src):
    """Items the crate root re-exports from a module: `pub use state::AppState;`."""
    lib = src / "lib.rs"
    found = {}
    if lib.exists():
        for module, items in re.findall(r"pub use (\w+)::\{?([\w, ]+)\}?;", code_of(lib)):
            for item in items.split(","):
                found[item.strip()] = module
    return found


def check_crate(crate_dir):
    src = crate_dir / "src"
    reexports = root_reexports(src)
    files = [p for p in src.rglob("*.rs") if p.name != "main.rs" or p.parent != src]
    top = {p.stem if p.parent == src else p.relative_to(src).parts[0] for p in files}
    top.discard("lib")
    top.discard("main")
    top_graph = {}
    sibling_graphs = {}
    layering = []
    for path in files:
        text = code_of(path)
        rel = path.relative_to(src).parts
        owner = "crate" if path.stem in ("lib", "main") and path.parent == src else rel[0].removesuffix(".rs")
        targets = {name for name in first_segments(text, "crate") if name in top}
        if path.parent == src and path.stem not in ("lib", "main"):
            targets |= {name for name in first_segments(text, "super") if name in top}
        for target in first_segments(text, "crate") - top:
            if target in reexports:
                targets.add(reexports[target])
            elif re.match(r"[A-Z]", target):
                # an item defined in the crate root itself
                targets.add("crate")
        if owner not in COMPOSITION:
            for target in targets - {owner}:
                top_graph.setdefault(owner, set()).add(target)
                if target in ("app", "crate"):
                    layering.append(f"{crate_dir.name}: {path.relative_to(crate_dir)} imports the composition root ({target}); move what it needs into a module of its own")
                if owner in FOUNDATION.get(crate_dir.name, set()) and target not in ("state", "crate"):
                    layering.append(f"{crate_dir.name}: {path.relative_to(crate_dir)} imports the domain {target}; {owner} serves the domains and imports none")
                if target in APART.get(crate_dir.name, set()):
                    layering.append(f"{crate_dir.name}: {path.relative_to(crate_dir)} imports {target}, which is kept apart from request code (APART)")
        # siblings inside a module folder
        if path.parent != src and path.name != "mod.rs":
            folder = path.parent
            siblings = {p.stem for p in folder.glob("*.rs") if p.name != "mod.rs"}
            siblings |= {p.name for p in folder.iterdir() if p.is_dir()}
            names = first_segments(text, "super")
            module_path = "::".join(folder.relative_to(src).parts)
            for match in re.finditer(r"\bcrate::" + module_path + r"::(\w+)", text):
                names.add(match.group(1))
            for target in (names & siblings) - {path.stem}:
                sibling_graphs.setdefault(str(folder.relative_to(crate_dir)), {}).setdefault(path.stem, set()).add(target)
    problems = sorted(set(layering))
    for group, circle in circles(top_graph):
        if (crate_dir.name, tuple(group)) in KNOWN_CIRCLES:
            print(f"{crate_dir.name}: known circle {' -> '.join(circle)} (see KNOWN_CIRCLES)")
            continue
        problems.append(f"{crate_dir.name}: modules {', '.join(group)} import each other, e.g. {' -> '.join(circle)}")
    for folder, graph in sorted(sibling_graphs.items()):
        for group, circle in circles(graph):
            problems.append(f"{crate_dir.name}/{folder}: submodules {', '.join(group)} import each other, e.g. {' -> '.join(circle)}")
    return problems


def main():
    crates = sys.argv[1:] or ["engine", "host-server"]
    problems = []
    for name in crates:
        problems += check_crate(ROOT / name)
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"module cycles: none in {', '.join(crates)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Fails when two types of the HTTP contract would have the same OpenAPI schema name.

utoipa names a schema after its type (or after `#[schema(as = Name)]`), and when the routers are
merged a second schema of the same name silently replaces the first: the document, and the
TypeScript types generated from it, would then describe one of the two types for both. This
check finds every type that derives `ToSchema` in the engine and the server and reports the names
used more than once. Unit-test modules (`#[cfg(test)]` to the end of the file) are not counted.

Usage: scripts/check-schema-names.py [SRC_DIR ...]   (default: engine/src host-server/src)
"""

import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCES = ["engine/src", "host-server/src"]

# A derive list naming ToSchema, directly or through cfg_attr, then the item's attributes and
# its `struct` or `enum` line (a macro's `struct $name` is its invocations' business).
DERIVE = re.compile(r"#\[(?:cfg_attr\([^\]]*?)?derive\([^\]]*?\bToSchema\b[^\]]*\]")
ITEM = re.compile(r"\b(?:struct|enum)\s+(\$?[A-Za-z_][A-Za-z0-9_]*)")
RENAMED = re.compile(r"schema\([^\]]*?\bas\s*=\s*([A-Za-z_][A-Za-z0-9_:]*)")
# A hand-written `impl ToSchema for path::Type { … }`, whose name may be set by `fn name()`
# returning a literal; and the engine's `schema!(path::Type [as "Name"], …)` that writes one.
HAND_WRITTEN = re.compile(r"impl\s+(?:utoipa::)?ToSchema\s+for\s+([A-Za-z_][A-Za-z0-9_:]*)\s*(\{[^}]*\})?")
NAME_LITERAL = re.compile(r"fn\s+name\(\)[^{]*\{[^\"]*\"([^\"]+)\"")
ID_WRITTEN = re.compile(r"^id_type!\(\s*(?:///[^\n]*\n\s*)*([A-Za-z_][A-Za-z0-9_]*)", re.MULTILINE)
MACRO_WRITTEN = re.compile(r"^schema!\(\s*([A-Za-z_][A-Za-z0-9_:]*)(?:\s+as\s+\"([^\"]+)\")?", re.MULTILINE)


def without_tests(text: str) -> str:
    marker = text.find("#[cfg(test)]")
    return text if marker < 0 else text[:marker]


def schema_names(text: str):
    """Yields (schema name, line) for each type in `text` that derives ToSchema."""
    for derive in DERIVE.finditer(text):
        item = ITEM.search(text, derive.end())
        if item is None or item.group(1).startswith("$"):
            continue
        between = text[derive.end() : item.start()]
        renamed = RENAMED.search(between)
        name = renamed.group(1).replace("::", ".") if renamed else item.group(1)
        yield name, text.count("\n", 0, item.start()) + 1
    for impl in HAND_WRITTEN.finditer(text):
        if impl.group(1) == "$type":
            continue
        literal = NAME_LITERAL.search(impl.group(2) or "")
        name = literal.group(1) if literal else impl.group(1).split("::")[-1]
        yield name, text.count("\n", 0, impl.start()) + 1
    for call in ID_WRITTEN.finditer(text):
        yield call.group(1), text.count("\n", 0, call.start()) + 1
    for call in MACRO_WRITTEN.finditer(text):
        name = call.group(2) or call.group(1).split("::")[-1]
        yield name, text.count("\n", 0, call.start()) + 1


def main() -> int:
    sources = sys.argv[1:] or DEFAULT_SOURCES
    places = defaultdict(list)
    for source in sources:
        directory = ROOT / source
        for path in sorted(directory.rglob("*.rs")):
            text = without_tests(path.read_text(encoding="utf-8"))
            for name, line in schema_names(text):
                places[name].append(f"{path.relative_to(ROOT).as_posix()}:{line}")
    repeated = {name: where for name, where in places.items() if len(where) > 1}
    if repeated:
        print("OpenAPI schema names used by more than one type (rename one, or `#[schema(as = …)]`):")
        for name, where in sorted(repeated.items()):
            print(f"  {name}: {', '.join(where)}")
        return 1
    print(f"{len(places)} schema names, each used by one type")
    return 0


if __name__ == "__main__":
    sys.exit(main())

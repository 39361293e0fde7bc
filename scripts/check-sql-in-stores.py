#!/usr/bin/env python3
"""Fails when host-server runs SQL outside its store modules.

Each domain keeps all its SQL in its store: a file named `store.rs`, or any file in a folder
named `store/` (`orders/store.rs`, `cart/store/lines.rs`). Handlers and services call the
store's functions and never write a query themselves, so a table's every reader and writer is in
one place. `platform/db.rs` is the database itself (pool, migrations, dialect helpers) and may
run SQL too. Unit-test modules (`#[cfg(test)]` to the end of the file) are not counted.

What counts as SQL: a call of sqlx's query functions (`query`, `query_as`, `query_scalar`,
with or without the `sqlx::` path) or a `QueryBuilder`.

Usage: scripts/check-sql-in-stores.py [SRC_DIR]   (default: host-server/src)
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {"platform/db.rs"}
SQL = re.compile(r"(?<![.\w])(?:sqlx::)?(?:query|query_as|query_scalar|query_as_with|query_with)\s*(?:::<[^>]*>)?\s*\(|\bQueryBuilder\b")


def in_store(relative: str) -> bool:
    parts = relative.split("/")
    return parts[-1] == "store.rs" or "store" in parts[:-1] or relative in ALLOWED


def without_tests(text: str) -> str:
    marker = text.find("#[cfg(test)]")
    return text if marker < 0 else text[:marker]


def main() -> int:
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "host-server" / "src"
    offenders = []
    for path in sorted(src.rglob("*.rs")):
        relative = path.relative_to(src).as_posix()
        if in_store(relative):
            continue
        for number, line in enumerate(without_tests(path.read_text()).splitlines(), start=1):
            if SQL.search(line) and not line.lstrip().startswith("//"):
                offenders.append(f"{relative}:{number}: {line.strip()[:100]}")
    if offenders:
        print(f"SQL outside store modules ({len(offenders)} places):")
        print("\n".join(offenders))
        return 1
    print(f"SQL in stores: every query of {src.relative_to(ROOT) if src.is_relative_to(ROOT) else src} is in a store module")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fails when a migration would break the previous release during an upgrade without downtime.

During an upgrade, servers of the previous release keep running on the database the new one has
migrated (docs/operations.md#upgrades-without-downtime). So a migration only adds: it does not
drop or rename a table or column, nor make a column NOT NULL without a default, which the
previous release's INSERTs would not fill. A migration that must remove something the previous
release no longer uses says so in a `-- contract: <why it is safe>` comment, and passes.

Migrations up to BASELINE were written before this rule was checked, and are left as they are
(a changed migration no longer matches the checksum the databases recorded).

Usage: scripts/check-migrations.py [MIGRATIONS_DIR]   (default: host-server/migrations)
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = 65
BREAKING = [
    (re.compile(r"\bDROP\s+(TABLE|COLUMN)\b", re.I), "drops a table or column"),
    (re.compile(r"\bRENAME\b", re.I), "renames a table or column"),
    (re.compile(r"\bALTER\s+COLUMN\s+\w+\s+SET\s+NOT\s+NULL\b", re.I), "makes a column NOT NULL"),
    (re.compile(r"\bADD\s+(COLUMN\s+)?(?:(?!DEFAULT)[^;])*\bNOT\s+NULL\b(?:(?!DEFAULT)[^;])*;", re.I),
     "adds a NOT NULL column without a default"),
]


def statements(text: str) -> str:
    """The SQL without its comments."""
    return re.sub(r"--[^\n]*", "", text)


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "host-server" / "migrations"
    problems = []
    checked = 0
    for path in sorted(folder.glob("*/*.sql")):
        number = int(path.name.split("_", 1)[0])
        if number <= BASELINE:
            continue
        checked += 1
        text = path.read_text()
        if "-- contract:" in text:
            continue
        sql = statements(text)
        for pattern, what in BREAKING:
            if pattern.search(sql):
                problems.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {what}")
    if problems:
        print("Migrations that would break the previous release during an upgrade:")
        print("\n".join(problems))
        print("Add first and remove in a later release, or explain in a '-- contract:' comment.")
        return 1
    print(f"Migrations: the {checked} after {BASELINE:04d} only add (or say why they may remove)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

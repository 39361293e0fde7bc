#!/usr/bin/env python3
"""Checks the relative links of the repository's Markdown files.

Reads every Markdown file git knows (tracked, plus new files not yet committed and not ignored;
node_modules is skipped), finds the links `[text](path)`, `[text](path#anchor)` and
`![alt](path)` outside code, and fails with a list when a linked file or folder does not exist
in the repository, or when an `#anchor` names no heading of the Markdown file it points to.
Links with a scheme (http:, https:, mailto:, ...) are not checked.

    python3 scripts/check-doc-links.py
"""

import os
import re
import subprocess
import sys
from urllib.parse import unquote

REPO_ROOT = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
# [text](target) or ![alt](target); the target may be wrapped in <...> and followed by a title.
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"", re.IGNORECASE)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def markdown_files():
    """The Markdown files git knows: tracked ones and new ones that are not ignored."""
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", "*.md"],
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")
    files = sorted({path for path in out.split("\0") if path})
    return [path for path in files if "node_modules" not in path.split("/")]


def lines_outside_code(text, strip_inline_code=True):
    """Yields (line number, line) of the lines outside fenced code blocks, by default with
    inline code removed."""
    in_fence = None
    for number, line in enumerate(text.splitlines(), start=1):
        fence = FENCE.match(line)
        if fence:
            if in_fence is None:
                in_fence = fence.group(1)
            elif fence.group(1) == in_fence:
                in_fence = None
            continue
        if in_fence is None:
            yield number, INLINE_CODE.sub("", line) if strip_inline_code else line


def slug(heading):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "").lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


_anchor_cache = {}


def anchors_of(path):
    """Every anchor a Markdown file offers: its headings (numbered when repeated) and <a id>."""
    if path not in _anchor_cache:
        anchors = set()
        seen = {}
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        for _, line in lines_outside_code(text, strip_inline_code=False):
            match = HEADING.match(line)
            if match:
                base = slug(match.group(2))
                count = seen.get(base, 0)
                anchors.add(base if count == 0 else f"{base}-{count}")
                seen[base] = count + 1
        anchors.update(HTML_ANCHOR.findall(text))
        _anchor_cache[path] = anchors
    return _anchor_cache[path]


def check_link(source, target):
    """An error message for one link target of the file `source`, or None when it is fine."""
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1]
    if not target or SCHEME.match(target):
        return None
    path_part, _, anchor = target.partition("#")
    path_part = unquote(path_part.split("?", 1)[0])
    if path_part == "":
        resolved = os.path.join(REPO_ROOT, source)
    elif path_part.startswith("/"):
        resolved = os.path.join(REPO_ROOT, path_part.lstrip("/"))
    else:
        resolved = os.path.join(REPO_ROOT, os.path.dirname(source), path_part)
    resolved = os.path.realpath(resolved)
    if resolved != REPO_ROOT and not resolved.startswith(REPO_ROOT + os.sep):
        return f"{target}: points outside the repository"
    if not os.path.exists(resolved):
        return f"{target}: {os.path.relpath(resolved, REPO_ROOT)} does not exist"
    if anchor and resolved.endswith(".md") and os.path.isfile(resolved):
        if unquote(anchor).lower() not in anchors_of(resolved):
            return f"{target}: no heading #{anchor} in {os.path.relpath(resolved, REPO_ROOT)}"
    return None


def main():
    problems = []
    files = markdown_files()
    links = 0
    for source in files:
        with open(os.path.join(REPO_ROOT, source), encoding="utf-8") as handle:
            text = handle.read()
        for number, line in lines_outside_code(text):
            for match in LINK.finditer(line):
                links += 1
                problem = check_link(source, match.group(1))
                if problem:
                    problems.append(f"{source}:{number}: {problem}")
    if problems:
        print(f"Broken links in the Markdown files ({len(problems)}):", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"Markdown links: {links} links in {len(files)} files, none broken")
    return 0


if __name__ == "__main__":
    sys.exit(main())

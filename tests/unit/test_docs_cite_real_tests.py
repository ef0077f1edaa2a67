"""Every test the documentation names exists: each ``docs/**/*.md`` page and ``README.md`` is read for test
citations, and each is looked up in the test files' syntax trees (``ast``, nothing imported).

The forms the pages use, all understood here:

- ``tests/unit/test_store.py`` (a file or a folder; it must exist),
- ``tests/unit/test_store.py::test_name``, ``...::TestClass::test_name``, ``...::test_name[param-id]``,
  and the same with ``: `` instead of ``::`` or with the name on the next line,
- ``::test_name`` after such a citation (another test of the file named before it),
- ``test_store.py`` or ``gui/test_fork.py`` alone (some test file of that name under ``tests/``),
- a bare ``test_name``: a test of the file or folder named last before it in the same paragraph or list
  item, or of any test file when that paragraph names none.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_NAME = r"(?:[A-Z]\w*::)?test_\w+|[A-Z]\w*"
CITATION = re.compile(
    # a path under tests/, or a test file's name with or without some of its folders
    r"(?<![\w/.-])(?P<path>tests/(?:[\w.-]+/?)*|(?:[\w-]+/)*test_\w+\.py)"
    rf"(?:(?:::\s*|:[ \t]*\n?[ \t]*(?=test_))(?P<qualified>{_NAME}))?"
    # another test of the file named before: `::test_name`
    rf"|(?<![\w.])::(?P<continued>{_NAME})"
    # a bare test name
    r"|(?<![\w/.:-])(?P<bare>test_\w+)(?!\w|\.py)"
)
#: A new paragraph or list item (or table row) starts a new context for bare names.
BLOCK_START = re.compile(r"^\s*$|^\s*(?:[-*+]|\d+\.|\|)\s")


@dataclass(frozen=True)
class Citation:
    """One test named in a page: ``where`` files (``None``: any test file), and the test's name."""

    line: int
    written: str
    where: str | None
    name: str | None


def blocks(text: str) -> Iterator[tuple[int, str]]:
    """(first line number, text) of each paragraph, list item or table row."""
    start, lines = 1, list[str]()
    for number, line in enumerate(text.splitlines(), 1):
        if BLOCK_START.match(line) and lines:
            yield start, "\n".join(lines)
            start, lines = number, []
        if not lines:
            start = number
        lines.append(line)
    if lines:
        yield start, "\n".join(lines)


def citations(text: str) -> list[Citation]:
    """Every test citation of a Markdown page, in order."""
    found = []
    for first_line, block in blocks(text):
        last_path: str | None = None
        for match in CITATION.finditer(block):
            line = first_line + block.count("\n", 0, match.start())
            written = match.group(0).strip()
            if match.group("path"):
                last_path = match.group("path").rstrip(".")
                found.append(Citation(line, written, last_path, match.group("qualified")))
            elif match.group("continued"):
                found.append(Citation(line, written, last_path, match.group("continued")))
            else:
                found.append(Citation(line, written, last_path, match.group("bare")))
    return found


@cache
def defined(test_file: Path) -> frozenset[str]:
    """The module-level functions and classes of a test file, and ``Class::method`` for each method."""
    names = set()
    for node in ast.parse(test_file.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.add(node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(f"{node.name}::{item.name}")
    return frozenset(names)


def files_meant(where: str | None, root: Path) -> list[Path]:
    """The files a citation's path can mean: that file, the test files of that folder, or every test file
    under ``tests/`` whose path ends so."""
    tests = root / "tests"
    if where is None:
        return sorted(tests.rglob("test_*.py"))
    if where.startswith("tests/"):
        path = root / where
        return sorted(path.rglob("test_*.py")) if path.is_dir() else [path] if path.is_file() else []
    return sorted(path for path in tests.rglob(Path(where).name) if path.as_posix().endswith("/" + where))


def problem(citation: Citation, root: Path) -> str | None:
    """Why a citation names nothing that exists, or None."""
    if citation.name is None and citation.where and (root / citation.where).exists():
        return None  # a folder of fixtures, a helper module
    files = files_meant(citation.where, root)
    if not files:
        return f"no such file {citation.where}" if citation.where else "no test file at all"
    if citation.name is None:
        return None
    name = citation.name
    if any(name in defined(file) or any(n.endswith("::" + name) for n in defined(file)) for file in files):
        return None
    return f"no {name} in {citation.where or 'any test file'}"


def missing(paths: list[Path], root: Path) -> list[str]:
    """``page:line: citation: problem`` for every citation in those pages that names nothing real."""
    found = []
    for page in paths:
        for citation in citations(page.read_text(encoding="utf-8")):
            reason = problem(citation, root)
            if reason:
                found.append(f"{page.relative_to(root)}:{citation.line}: `{citation.written}`: {reason}")
    return found


def test_every_test_the_docs_and_the_readme_name_exists() -> None:
    pages = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
    assert len(pages) > 5 and sum(len(citations(page.read_text(encoding="utf-8"))) for page in pages) > 500
    stale = missing(pages, ROOT)
    assert not stale, "tests the docs name that do not exist:\n" + "\n".join(stale)


def test_each_form_of_citation_is_read_and_a_stale_one_is_reported(tmp_path: Path) -> None:
    gui = tmp_path / "tests" / "gui"
    gui.mkdir(parents=True)
    (gui / "test_fork.py").write_text(
        "import pytest\n\n\ndef test_one() -> None: ...\n\n\nasync def test_two() -> None: ...\n\n\n"
        "class TestMenu:\n    def test_three(self) -> None: ...\n", encoding="utf-8")
    (tmp_path / "tests" / "test_top.py").write_text("def test_four() -> None: ...\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "Proof: `tests/gui/test_fork.py::test_one`, `::test_two[de-ja]`, `::TestMenu::test_three`,\n"
        "`tests/gui/test_fork.py: test_two`, `tests/gui/test_fork.py::\ntest_one`, `::test_gone`.\n\n"
        "- `tests/gui/test_fork.py` (`test_one`, `test_three`, `test_four`: only in test_top.py).\n"
        "- `test_fork.py`: `test_two`; `gui/test_fork.py::test_one`; `tests/gui/`: `test_three`.\n"
        "- `test_four` alone, `test_nowhere` alone, `tests/gui/test_missing.py`, `tests/none/`.\n"
        "- `tests/test_top.py::TestMenu::test_three`, `tests/test_top.py`, `test_top.py::test_four`.\n",
        encoding="utf-8")
    assert missing([page], tmp_path) == [
        "page.md:3: `::test_gone`: no test_gone in tests/gui/test_fork.py",
        "page.md:5: `test_four`: no test_four in tests/gui/test_fork.py",
        "page.md:7: `test_nowhere`: no test_nowhere in any test file",
        "page.md:7: `tests/gui/test_missing.py`: no such file tests/gui/test_missing.py",
        "page.md:7: `tests/none/`: no such file tests/none/",
        "page.md:8: `tests/test_top.py::TestMenu::test_three`: no TestMenu::test_three in tests/test_top.py",
    ]

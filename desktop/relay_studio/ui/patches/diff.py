"""Line diffs for patch proposals and file versions: hunks, per-hunk acceptance, HTML rendering.

Pure Python over ``difflib``. A hunk is one run of changed lines; accepting a subset of hunks gives
the text with only those changes applied, which the creator may then edit further.
"""

from __future__ import annotations

import difflib
import html
from dataclasses import dataclass


@dataclass(frozen=True)
class Hunk:
    index: int
    a_start: int  # 0-based line in before
    a_lines: tuple[str, ...]
    b_start: int
    b_lines: tuple[str, ...]

    @property
    def header(self) -> str:
        return f"@@ -{self.a_start + 1},{len(self.a_lines)} +{self.b_start + 1},{len(self.b_lines)} @@"


def lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def hunks(before: str, after: str) -> list[Hunk]:
    a, b = lines(before), lines(after)
    out: list[Hunk] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag != "equal":
            out.append(Hunk(len(out), i1, tuple(a[i1:i2]), j1, tuple(b[j1:j2])))
    return out


def apply_hunks(before: str, all_hunks: list[Hunk], accepted: set[int]) -> str:
    """``before`` with only the accepted hunks' changes applied."""
    a = lines(before)
    out: list[str] = []
    pos = 0
    for hunk in all_hunks:
        out.extend(a[pos:hunk.a_start])
        out.extend(hunk.b_lines if hunk.index in accepted else hunk.a_lines)
        pos = hunk.a_start + len(hunk.a_lines)
    out.extend(a[pos:])
    return "".join(out)


def unified(before: str, after: str, path: str = "file", context: int = 3) -> str:
    diff = difflib.unified_diff(lines(before), lines(after), f"{path} (before)", f"{path} (after)", n=context)
    return "".join(line if line.endswith("\n") else line + "\n" for line in diff)


def unified_html(before: str, after: str, path: str = "file", *, add_bg: str = "#e6ffec",
                 del_bg: str = "#ffebe9", muted: str = "#6b7280", no_changes: str = "No changes.") -> str:
    rows: list[str] = []
    for line in unified(before, after, path).splitlines():
        text = html.escape(line) or "&nbsp;"
        if line.startswith(("+++", "---", "@@")):
            rows.append(f'<div style="color:{muted}">{text}</div>')
        elif line.startswith("+"):
            rows.append(f'<div style="background:{add_bg}">{text}</div>')
        elif line.startswith("-"):
            rows.append(f'<div style="background:{del_bg}">{text}</div>')
        else:
            rows.append(f"<div>{text}</div>")
    if not rows:
        rows.append(f'<div style="color:{muted}">{html.escape(no_changes)}</div>')
    return '<pre style="white-space:pre-wrap; margin:0">' + "".join(rows) + "</pre>"


def side_by_side(before: str, after: str) -> list[tuple[str, str, str]]:
    """Rows of (tag, left line, right line); tag is equal, replace, delete or insert."""
    a, b = before.splitlines(), after.splitlines()
    rows: list[tuple[str, str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        left, right = a[i1:i2], b[j1:j2]
        for k in range(max(len(left), len(right))):
            rows.append((tag, left[k] if k < len(left) else "", right[k] if k < len(right) else ""))
    return rows


def side_by_side_html(before: str, after: str, *, add_bg: str = "#e6ffec", del_bg: str = "#ffebe9",
                      after_title: str = "After", before_title: str = "Before") -> str:
    cells: list[str] = []
    for tag, left, right in side_by_side(before, after):
        lbg = del_bg if tag in ("replace", "delete") else "transparent"
        rbg = add_bg if tag in ("replace", "insert") else "transparent"
        cells.append(
            f'<tr><td width="50%" style="background:{lbg}"><pre style="white-space:pre-wrap; margin:0">'
            f"{html.escape(left) or '&nbsp;'}</pre></td>"
            f'<td width="50%" style="background:{rbg}"><pre style="white-space:pre-wrap; margin:0">'
            f"{html.escape(right) or '&nbsp;'}</pre></td></tr>"
        )
    return ('<table width="100%" cellspacing="0" cellpadding="2">'
            f'<tr><th align="left">{html.escape(before_title)}</th>'
            f'<th align="left">{html.escape(after_title)}</th></tr>' + "".join(cells) + "</table>")

"""A run's branches: the run a lineage started from and every fork under it, and what two branches ended
with (their last commit, their ``output/`` files), for the timeline's branches strip and compare view."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from relay_studio.runtime.checkpoints import ForkOrigin, Stage, fork_origin, stages
from relay_studio.store.runs import RunStore

#: the workspace folder a comparison reads (what a relay hands the creator)
OUTPUT_ROOT = "output"
#: larger files are compared by their first this many characters
MAX_COMPARED_CHARS = 200_000


@dataclass
class Branch:
    run_id: str
    status: str
    origin: ForkOrigin | None
    stages: list[Stage]
    #: how many forks deep it is (0: the run the lineage started from)
    level: int = 0
    created_at: str = ""


def lineage_root(runs: RunStore, run_id: str) -> str:
    seen: set[str] = set()
    while run_id not in seen:
        seen.add(run_id)
        origin = fork_origin(runs, run_id)
        if origin is None or runs.run(origin.run_id) is None:
            return run_id
        run_id = origin.run_id
    return run_id


def branches(runs: RunStore, run_id: str) -> list[Branch]:
    """The lineage ``run_id`` belongs to, the source first, each fork after the run it came from (forks of one
    run by their stage, then by when they were made)."""
    record = runs.run(run_id)
    if record is None:
        return []
    root = lineage_root(runs, run_id)
    children: dict[str, list[tuple[int, str, str]]] = {}
    records = {r.id: r for r in runs.runs_as_seen(record.chat_id, limit=10_000)}
    for other in records.values():
        origin = fork_origin(runs, other.id)
        if origin is not None:
            children.setdefault(origin.run_id, []).append((origin.stage, other.created_at, other.id))
    out: list[Branch] = []

    def visit(current: str, level: int) -> None:
        rec = records.get(current) or runs.run(current)
        if rec is None:
            return
        out.append(Branch(current, rec.status.value, fork_origin(runs, current), stages(runs, current), level,
                          rec.created_at))
        for _stage, _created, child in sorted(children.get(current, [])):
            visit(child, level + 1)

    visit(root, 0)
    return out


@dataclass
class FileComparison:
    path: str
    left: str | None
    right: str | None

    @property
    def same(self) -> bool:
        return self.left == self.right


@dataclass
class Comparison:
    left_run: str
    right_run: str
    left_message: str
    right_message: str
    files: list[FileComparison] = field(default_factory=list)


def _last_commit(runs: RunStore, run_id: str) -> str:
    commits = runs.commits(run_id)
    return commits[-1].content if commits else ""


def _outputs(workspace: Path) -> dict[str, str]:
    base = workspace / OUTPUT_ROOT
    out: dict[str, str] = {}
    if not base.is_dir() or base.is_symlink():
        return out
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if not (Path(dirpath) / d).is_symlink())
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if name.startswith(".tmp-") or path.is_symlink():
                continue
            try:
                with path.open(encoding="utf-8", errors="replace") as fh:
                    out[path.relative_to(workspace).as_posix()] = fh.read(MAX_COMPARED_CHARS)
            except OSError:
                continue
    return out


def compare(runs: RunStore, workspace_of: dict[str, Path], left: str, right: str) -> Comparison:
    """Each branch's final message (its last commit; "" if it committed nothing) and its ``output/`` files."""
    a, b = _outputs(workspace_of[left]), _outputs(workspace_of[right])
    files = [FileComparison(p, a.get(p), b.get(p)) for p in sorted(set(a) | set(b))]
    return Comparison(left, right, _last_commit(runs, left), _last_commit(runs, right), files)

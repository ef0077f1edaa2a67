"""The README's set-up commands and CI stay in step."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    return [line for block in blocks[:2] for line in block.splitlines() if line and not line.startswith("#")]


def test_readme_starts_with_install_and_run_then_install_and_test() -> None:
    run, test = _readme_commands()
    assert "pip install" in run and "relay-studio" in run
    assert 'pip install -e ".[test]"' in test and test.endswith('python -m pytest -m "not packaging"')


def test_ci_runs_exactly_the_readme_test_command() -> None:
    _, test = _readme_commands()
    readme_test = test.split("&& ", 2)[-1]  # the part after creating and activating the venv
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_test in ci.splitlines()


def test_ci_runs_the_packaging_tests_the_readme_leaves_out_as_a_later_step() -> None:
    """The everyday command deselects exactly the ``packaging`` marker (so tests/realserver stays in it);
    CI runs that marker after it, and fails when pytest collects nothing (exit 5)."""
    _, test = _readme_commands()
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    readme_at = lines.index(test.split("&& ", 2)[-1])
    step = next(i for i, line in enumerate(lines) if re.match(r"python -m pytest -m packaging( |$)", line))
    assert step > readme_at
    assert any('"$status" = 5' in line for line in lines[step:]) and "exit 1" in "\n".join(lines[step:])
    assert re.findall(r'-m "([^"]*)"', test) == ["not packaging"]
    marked = [p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py")
              if "pytest.mark.packaging" in p.read_text(encoding="utf-8")]
    assert marked and not any(p.startswith("tests/realserver/") for p in marked)

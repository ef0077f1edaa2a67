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
    assert 'pip install -e ".[test]"' in test and test.endswith("python -m pytest")


def test_ci_runs_exactly_the_readme_test_command() -> None:
    _, test = _readme_commands()
    readme_test = test.split("&& ", 2)[-1]  # the part after creating and activating the venv
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_test in ci.splitlines()

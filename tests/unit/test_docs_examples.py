"""The documentation's runnable examples run, and print what the documentation says they print."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_python_api_example_runs_as_documented(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S)
    expected = re.search(r"It prints:\n\n```\n(.*?)```", text, re.S)
    assert code is not None and expected is not None
    script = tmp_path / "example.py"
    script.write_text(code.group(1), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected.group(1)

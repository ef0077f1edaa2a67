"""What the window's start-up leaves for later: the built-in profiles are read without jsonschema (their
schemas are checked here instead), and neither jsonschema nor regex is imported before a run needs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from relay_studio.domain.profile import ProfileError, parse_profile
from relay_studio.runtime.profile_catalog import builtin_dir, load_dir


def test_every_builtin_schema_passes_the_meta_schema() -> None:
    """The built-ins are read with ``schemas_known_valid``: this is the check they skip at start-up."""
    checked = 0
    for path in sorted(builtin_dir().glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        parse_profile(data, source=str(path))  # raises on a schema the meta-schema refuses
        checked += bool(data.get("output", {}).get("schema") or data.get("handoffIn", {}).get("inputSchema"))
    assert checked >= 1, "no built-in profile carries a schema: the skipped check would prove nothing"


def test_a_folder_not_marked_builtin_is_still_checked(tmp_path: Path) -> None:
    """Only the app's own folder skips the meta-schema; a profile folder a creator names is checked."""
    source = next(p for p in sorted(builtin_dir().glob("*.json"))
                  if json.loads(p.read_text(encoding="utf-8")).get("output", {}).get("schema"))
    data = json.loads(source.read_text(encoding="utf-8"))
    data["output"]["schema"] = {"type": "object", "properties": {"verdict": {"type": "no-such-type"}}}
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ProfileError) as raised:
        load_dir(tmp_path)
    assert "not valid JSON Schema" in str(raised.value.diagnostics[0].message)
    assert load_dir(tmp_path, builtin=True)[0].id == data["id"]  # what the flag skips, and nothing else


def test_the_window_start_path_leaves_jsonschema_and_regex_for_later(tmp_path: Path) -> None:
    """The runtime and the window's modules import, and the built-ins load, without jsonschema or regex."""
    code = ("import sys, relay_studio.runtime.engine, relay_studio.runtime.provider_source\n"
            "import relay_studio.ui.main_window, relay_studio.ui.studio\n"
            "from relay_studio.runtime.profile_catalog import catalog\n"
            "assert catalog()\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'jsonschema', 'regex', 'httpx'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.stdout.strip() == "[]", done.stdout

"""The window's translations: extract the strings (pyside6-lupdate) and compile them (pyside6-lrelease).

    python packaging/translations.py update    # the .ts files follow the code (new strings come in unfinished)
    python packaging/translations.py release   # the .qm files follow the .ts files
    python packaging/translations.py check     # exit 1 when either is out of date (what the tests assert)

The .ts sources and the compiled .qm files both live in ``resources/translations/`` and are committed:
pip cannot run lrelease when it installs a wheel or a checkout, so the app, a wheel (``resources`` is
force-included) and the frozen app (``relay-studio.spec`` bundles ``resources/``) all load the same
committed .qm; ``tests/unit/test_translations.py`` fails when a .qm is not what lrelease makes of its .ts.
Locations are left out of the .ts files (``-locations none``), so a moved line does not change them.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "desktop" / "relay_studio"
TRANSLATIONS = ROOT / "resources" / "translations"
#: relay_studio.ui.i18n.LANGUAGES; English, the source language, has a catalogue of its plural forms only
LANGUAGES = ("en", "de", "ja", "zh_CN")
CATALOGUE = "relay_studio"


def tool(name: str) -> str:
    """A PySide6 tool: beside this Python (a venv's bin/ or Scripts/), else on PATH."""
    here = Path(sys.executable).parent
    for candidate in (here / name, here / f"{name}.exe"):
        if candidate.exists():
            return str(candidate)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} was not found; it comes with PySide6 (pip install pyside6-essentials).")
    return found


def sources() -> list[Path]:
    """Every file with window strings: ``ui/`` and the start window."""
    return sorted([*(PACKAGE / "ui").rglob("*.py"), PACKAGE / "start_window.py"])


def ts_file(language: str, folder: Path = TRANSLATIONS) -> Path:
    return folder / f"{CATALOGUE}_{language}.ts"


def qm_file(language: str, folder: Path = TRANSLATIONS) -> Path:
    return folder / f"{CATALOGUE}_{language}.qm"


def update(folder: Path = TRANSLATIONS) -> None:
    """Runs lupdate over the sources into the .ts files of ``folder`` (created when missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    for language in LANGUAGES:
        plural_only = ["-pluralonly"] if language == "en" else []
        subprocess.run([tool("pyside6-lupdate"), "-locations", "none", "-no-obsolete", *plural_only,
                        "-source-language", "en", "-target-language", language, *map(str, sources()),
                        "-ts", str(ts_file(language, folder))], check=True, capture_output=True, cwd=ROOT)


def release(folder: Path = TRANSLATIONS, out: Path | None = None) -> None:
    """Compiles each .ts of ``folder`` into a .qm in ``out`` (the same folder by default)."""
    out = out or folder
    out.mkdir(parents=True, exist_ok=True)
    for language in LANGUAGES:
        target = qm_file(language, out)
        fresh = target.with_suffix(".qm.new")  # then renamed over: a running app's mapped .qm stays whole
        subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts_file(language, folder)), "-qm", str(fresh)],
                       check=True, capture_output=True)
        os.replace(fresh, target)


def stale() -> list[str]:
    """What is out of date: .ts files lupdate would change, .qm files lrelease would write differently."""
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        for language in LANGUAGES:
            if ts_file(language).exists():
                shutil.copy(ts_file(language), ts_file(language, scratch))
        update(scratch)
        for language in LANGUAGES:
            ours, theirs = ts_file(language), ts_file(language, scratch)
            if not ours.exists() or ours.read_bytes() != theirs.read_bytes():
                problems.append(f"{ts_file(language).name} is not in step with the code: run "
                                "'python packaging/translations.py update' and translate what it adds")
        compiled = scratch / "qm"
        release(TRANSLATIONS, compiled)
        for language in LANGUAGES:
            if not qm_file(language).exists() or not filecmp.cmp(qm_file(language), qm_file(language, compiled),
                                                                 shallow=False):
                problems.append(f"{qm_file(language).name} is not what its .ts compiles to: run "
                                "'python packaging/translations.py release'")
    return problems


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "release":
        release()
    elif command == "check":
        problems = stale()
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

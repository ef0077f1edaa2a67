"""The release recipes, checked without building anything: the workflow, the installer scripts, the
package metadata, the Qt trimming rules and the archive writer."""

from __future__ import annotations

import gzip
import json
import os
import re
import struct
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

import yaml

from relay_studio import __version__
from tests.conftest import SmokeRun
from tests.packaging.support import PACKAGING, ROOT, load

WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
build = load("build")
qt_filter = load("qt_filter")


def _workflow() -> dict[str, Any]:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _steps() -> list[dict[str, Any]]:
    return [step for job in _workflow()["jobs"].values() for step in job["steps"]]


def test_workflow_is_valid_yaml_with_the_three_systems() -> None:
    data = _workflow()
    triggers = data["on"] if "on" in data else data[True]  # type: ignore[index]  # YAML 1.1 reads `on` as True
    assert isinstance(triggers, dict)
    assert "push" in triggers and "workflow_dispatch" in triggers
    matrix = data["jobs"]["build"]["strategy"]["matrix"]["os"]
    assert sorted(matrix) == ["macos-latest", "ubuntu-latest", "windows-latest"]
    for job in data["jobs"].values():
        assert job["steps"], "every job has steps"
        for step in job["steps"]:
            assert ("run" in step) != ("uses" in step), f"a step runs a command or uses an action: {step}"


def test_workflow_builds_smoke_tests_and_uploads_every_artefact() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    runs = "\n".join(str(step.get("run", "")) for step in _steps())
    for command in ("build.py linux", "build.py windows", "build.py macos-app", "build.py macos-sign",
                    "build.py macos-dmg", "build.py macos-notarize", "build.py checksums"):
        assert command in runs, command
    # each artefact is smoke-tested on its own system: frozen app, .deb, tarball, installer, .dmg
    assert "check_frozen.py build/packaging/pyinstaller/dist/relay-studio/relay-studio" in runs
    assert "apt-get install -y ./dist/relay-studio_*.deb" in runs and "check_frozen.py /usr/bin/relay-studio" in runs
    assert "portable/relay-studio-*/relay-studio" in runs
    assert "windows-x64-setup.exe" in runs and "unins000.exe" in runs
    assert 'check_frozen.py "$dir\\relay-studio.exe"' in runs
    assert "hdiutil attach dist/RelayStudio-*.dmg" in runs and "Relay Studio.app/Contents/MacOS/relay-studio" in runs
    upload = next(s for s in _steps() if str(s.get("uses", "")).startswith("actions/upload-artifact"))
    paths = upload["with"]["path"]
    for pattern in ("dist/*.deb", "dist/*.tar.gz", "dist/*-setup.exe", "dist/*.dmg", "dist/SHA256SUMS"):
        assert pattern in paths, pattern
        assert pattern.removeprefix("dist/") in (*build.ARTEFACT_PATTERNS, "SHA256SUMS")
    assert "sha256sum --check SHA256SUMS" in text


def test_workflow_reads_secrets_only_in_signing_steps() -> None:
    data = _workflow()
    for name, job in data["jobs"].items():
        outside_steps = {k: v for k, v in job.items() if k != "steps"}
        assert "secrets." not in json.dumps(outside_steps), f"job {name} exposes secrets to every step"
        for step in job["steps"]:
            if "secrets." in json.dumps(step):
                assert re.search(r"sign|notari", step.get("name", ""), re.I), step.get("name")
                assert "secrets." not in str(step.get("run", "")), "secrets go through env, not the command line"
    assert "secrets." not in json.dumps({k: v for k, v in data.items() if k != "jobs"})


def test_ci_installs_every_package_the_deb_depends_on() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    match = re.search(r'^QT_SYSTEM_PACKAGES="([^"]+)"', ci, re.M)
    assert match, ".ci/run names the system packages it installs"
    assert set(build.DEB_DEPENDS) <= set(match.group(1).split())


def test_version_comes_from_pyproject_and_matches_the_package() -> None:
    assert build.version() == __version__
    spec = (PACKAGING / "relay-studio.spec").read_text(encoding="utf-8")
    assert 'tomllib.loads((ROOT / "pyproject.toml")' in spec and "__version__" in spec


def test_windows_installer_has_start_menu_entry_uninstaller_and_keeps_user_data() -> None:
    iss = (PACKAGING / "windows" / "relay-studio.iss").read_text(encoding="utf-8")
    sections = {m.group(1) for m in re.finditer(r"^\[(\w+)\]", iss, re.M)}
    assert {"Setup", "Files", "Icons", "UninstallDelete"} <= sections
    assert re.search(r'^Name: "\{autoprograms\}\\Relay Studio"; Filename: "\{app\}\\relay-studio-gui.exe"', iss, re.M)
    assert re.search(r"^AppId=\{\{[0-9A-F-]{36}\}$", iss, re.M), "a fixed AppId ties upgrades and the uninstaller"
    assert "Uninstallable=no" not in iss
    assert "OutputBaseFilename=RelayStudio-{#AppVersion}-windows-x64-setup" in iss
    for user_folder in ("{localappdata}", "{userappdata}", "{commonappdata}", "{userdocs}"):
        assert user_folder not in iss, f"the installer must not touch {user_folder}"
    # the GUI twin without a console exists only on Windows, where the Start-menu entry points at it
    assert 'name="relay-studio-gui"' in (PACKAGING / "relay-studio.spec").read_text(encoding="utf-8")


def test_macos_signing_and_notarization_skip_with_a_clear_message_without_secrets(
        tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    for name in ("MACOS_SIGNING_IDENTITY", "APPLE_ID", "APPLE_TEAM_ID", "APPLE_APP_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "RelayStudio-0.1.0-macos-arm64.dmg").write_bytes(b"not a real dmg")
    assert build.sign_macos_app(tmp_path) is False
    assert build.notarize_dmg(tmp_path) is False
    out = capsys.readouterr().out
    assert "SKIP code signing: MACOS_SIGNING_IDENTITY is not set" in out
    assert "SKIP notarization: APPLE_ID, APPLE_TEAM_ID, APPLE_APP_PASSWORD, MACOS_SIGNING_IDENTITY not set" in out


def _desktop_entry(text: str) -> dict[str, str]:
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:])


def test_desktop_entry_launches_the_app_with_its_icon() -> None:
    entry = _desktop_entry(build.DESKTOP_ENTRY)
    assert entry["Type"] == "Application" and entry["Name"] == "Relay Studio"
    assert entry["Exec"] == "relay-studio" and entry["Icon"] == "relay-studio" and entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and entry["StartupWMClass"] == "relay-studio"
    assert build.LAUNCHER.startswith("#!/bin/sh\n") and 'exec /opt/relay-studio/relay-studio "$@"' in build.LAUNCHER


def test_deb_control_declares_the_system_qt_libraries() -> None:
    control = build.deb_control(1234, "amd64")
    fields = dict(line.split(": ", 1) for line in control.splitlines() if line and not line.startswith(" "))
    assert fields["Package"] == "relay-studio" and fields["Version"] == __version__
    assert fields["Architecture"] == "amd64" and fields["Installed-Size"] == "1234"
    depends = [d.strip() for d in fields["Depends"].split(",")]
    assert depends[0].startswith("libc6 (>= 2.")
    for needed in ("libegl1", "libxkbcommon-x11-0", "libxcb-cursor0", "libxcb-icccm4", "libfontconfig1"):
        assert needed in depends
    assert all(line.startswith(" ") for line in control.split("Description: ", 1)[1].splitlines()[1:])
    assert build.deb_control(1, "arm64", "0.1.0-2").splitlines()[1] == "Version: 0.1.0-2"


def test_archives_are_reproducible(tmp_path: Path) -> None:
    def tree(root: Path, mtime: int) -> list[tuple[Path, str]]:
        (root / "sub").mkdir(parents=True)
        (root / "b.txt").write_text("b")
        (root / "sub" / "a.bin").write_bytes(b"\0\1")
        exe = root / "run"
        exe.write_text("#!/bin/sh\n")
        exe.chmod(0o700)
        for p in [root, *root.rglob("*")]:
            os.utime(p, (mtime, mtime))
        return [(p, f"top/{p.relative_to(root).as_posix()}") for p in root.rglob("*")]

    one, two = tmp_path / "one.tar.gz", tmp_path / "two.tar.gz"
    build.deterministic_tar_gz(one, tree(tmp_path / "x", 1_000_000), 1_700_000_000)
    build.deterministic_tar_gz(two, list(reversed(tree(tmp_path / "y", 2_000_000))), 1_700_000_000)
    assert one.read_bytes() == two.read_bytes()
    with tarfile.open(one) as tar:
        members = tar.getmembers()
    assert [m.name for m in members] == sorted(m.name for m in members)
    assert {(m.uid, m.gid, m.mtime) for m in members} == {(0, 0, 1_700_000_000)}
    assert next(m for m in members if m.name == "top/run").mode == 0o755
    assert next(m for m in members if m.name == "top/b.txt").mode == 0o644
    with gzip.open(one) as gz:
        assert gz.read(1)
    assert struct.unpack("<I", one.read_bytes()[4:8])[0] == 1_700_000_000  # gzip header mtime


def test_qt_filter_keeps_the_windowing_plugins_and_drops_the_rest() -> None:
    keep = [
        "PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so", "PySide6/plugins/platforms/qwindows.dll",
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib", "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so", "PySide6/Qt/lib/libQt6Core.so.6",
        "relay_studio/resources/profiles/writer.json", "PySide6/Qt/translations/qtbase_de.qm",
        "PySide6/Qt/translations/qtbase_zh_CN.qm", "PySide6\\translations\\qtbase_ja.qm",
        "relay_studio/resources/translations/relay_studio_ja.qm",
    ]
    drop = [
        "PySide6/Qt/plugins/platforms/libqeglfs.so", "PySide6/Qt/plugins/platforms/libqvnc.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so", "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/networkinformation/libqnetworkmanager.so",
        "PySide6/Qt/plugins/generic/libqevdevmouseplugin.so",
        "PySide6/Qt/plugins/imageformats/libqtiff.so", "PySide6/Qt/translations/qtbase_fr.qm",
        "PySide6\\translations\\qt_fr.qm", "PySide6/Qt/translations/qtbase_zh_TW.qm",
    ]
    assert [d for d in keep if not qt_filter.wanted(d)] == []
    assert [d for d in drop if qt_filter.wanted(d)] == []
    assert "PySide6.QtNetwork" in qt_filter.EXCLUDED_MODULES and "hypothesis" in qt_filter.EXCLUDED_MODULES


def test_icons_render_into_valid_ico_and_icns(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(PACKAGING / "icons.py"), str(tmp_path)], check=True, capture_output=True)
    ico = (tmp_path / "relay-studio.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, 7)
    for i in range(count):
        _width, _h, _c, _r, _planes, _bpp, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i: 22 + 16 * i])
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + size <= len(ico)
    assert {struct.unpack("<B", ico[6 + 16 * i: 7 + 16 * i])[0] for i in range(count)} >= {16, 32, 48, 0}
    icns = (tmp_path / "relay-studio.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic10" in icns and b"icp4" in icns
    png = (tmp_path / "relay-studio-256.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (256, 256)


def test_smoke_from_the_source_install_opens_the_window_and_runs_the_demo(smoke_run: SmokeRun) -> None:
    report = smoke_run.report()
    assert report["smoke"] == "ok" and report["runStatus"] == "completed" and report["platform"] == "offscreen"
    assert report["version"] == __version__ and report["frozen"] is False and report["answerChars"] > 0
    assert report["window"][0] >= 100 and report["firstPaintMs"] > 0
    # --data-dir was honoured: the demo chat is there afterwards
    assert (smoke_run.data_dir / "relay-studio.db").is_file()


def test_pinned_build_set_satisfies_pyproject_for_each_python() -> None:
    import tomllib

    from packaging.markers import Marker
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [Requirement(r) for r in [*project["dependencies"], *project["optional-dependencies"]["packaging"]]]
    pins: list[tuple[str, str, Marker | None]] = []
    for line in (PACKAGING / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            pin = Requirement(line)
            (spec,) = pin.specifier
            assert spec.operator == "==", line
            pins.append((canonicalize_name(pin.name), spec.version, pin.marker))
    for python in ("3.11", "3.12", "3.13"):
        env = {"python_version": python, "sys_platform": "linux", "platform_system": "Linux"}
        chosen = {name: ver for name, ver, marker in pins if marker is None or marker.evaluate(env)}
        for req in wanted:
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            name = canonicalize_name(req.name)
            assert name in chosen, f"constraints.txt pins no {name} for Python {python}"
            assert req.specifier.contains(chosen[name], prereleases=True), f"{name}=={chosen[name]} vs {req} ({python})"

"""The Linux artefacts, built once for the session by ``packaging/build.py linux`` and then run.

Marked ``packaging`` (select with ``-m packaging``): the README's test command leaves them out, CI runs them
as its own step after it. The .deb is built with zstd here (a second instead of a minute of xz); the release
uses xz, the contents are the same. The install test needs root and dpkg, as in CI: without them it fails and
says so.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pytest

from relay_studio import __version__
from relay_studio.cli.parser import build_parser
from tests.packaging.support import PACKAGING, ROOT, load

pytestmark = pytest.mark.packaging

build = load("build")
check = load("check_frozen")
qt_filter = load("qt_filter")
SOURCE = [sys.executable, "-m", "relay_studio"]


@dataclass(frozen=True)
class Built:
    work: Path
    dist: Path
    app: Path
    exe: Path
    deb: Path
    tarball: Path
    log: str
    env: dict[str, str]


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    if not sys.platform.startswith("linux"):
        pytest.fail("the Linux artefacts are built and tested on Linux; the release workflow builds the others")
    base = tmp_path_factory.mktemp("release")
    work, dist = base / "work", base / "dist"
    # one time stamp for every build in the session, even if a commit lands meanwhile
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(build.source_date_epoch()))
    proc = subprocess.run([sys.executable, str(PACKAGING / "build.py"), "linux", "--deb-compression", "zstd",
                           "--work", str(work), "--dist", str(dist)],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=600, check=False)
    log = proc.stdout + proc.stderr
    if proc.returncode != 0:
        pytest.fail(f"packaging/build.py linux failed ({proc.returncode}):\n{log[-4000:]}")
    _deb_arch, machine = build.arch_names()
    app = work / "pyinstaller" / "dist" / "relay-studio"
    debs = sorted(dist.glob("relay-studio_*.deb"))
    return Built(work, dist, app, app / "relay-studio", debs[0] if debs else dist / "missing.deb",
                 dist / f"relay-studio-{__version__}-linux-{machine}.tar.gz", log, env)


def test_build_writes_the_deb_the_tarball_and_their_checksums(built: Built) -> None:
    assert built.exe.is_file() and os.access(built.exe, os.X_OK)
    assert built.deb.is_file() and built.tarball.is_file()
    sums = (built.dist / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    listed = {name: digest for digest, name in (line.split("  ", 1) for line in sums)}
    assert set(listed) == {built.deb.name, built.tarball.name}
    for name, digest in listed.items():
        assert hashlib.sha256((built.dist / name).read_bytes()).hexdigest() == digest


def test_frozen_app_answers_version_smoke_and_a_scripted_relay(built: Built, tmp_path: Path) -> None:
    exe = [built.exe]
    assert check.check_version(exe) == f"relay-studio {__version__}"
    report = check.check_smoke(exe)
    assert report["frozen"] is True and report["platform"] == "offscreen" and report["chat"] == "Demo relay"
    demo = check.check_demo(exe, tmp_path / "data")
    scripted = check.check_run_script(exe, tmp_path / "data")
    assert demo["committedMessage"] == scripted["committedMessage"]
    check.check_read_back(exe, tmp_path / "data", str(demo["runId"]), str(demo["committedMessage"]))


def test_frozen_app_needs_no_network(built: Built, tmp_path: Path) -> None:
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.fail("util-linux's unshare is needed to run the app without a network")
    prefix = [unshare, "--net"] if os.geteuid() == 0 else [unshare, "--map-root-user", "--net"]
    assert subprocess.run([*prefix, "true"], check=False).returncode == 0, "unshare --net is not permitted here"
    check.check_demo([*prefix, built.exe], tmp_path / "data")
    check.check_smoke([*prefix, built.exe])


def _command_paths() -> list[list[str]]:
    """Every command and sub-command of the CLI, from its own parser."""
    def walk(parser: argparse.ArgumentParser, prefix: list[str]) -> Iterator[list[str]]:
        yield prefix
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    yield from walk(sub, [*prefix, name])

    return list(walk(build_parser(), []))


def test_frozen_cli_answers_exactly_like_the_installed_package(built: Built, tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = check.headless_env({"COLUMNS": "100", "RELAY_STUDIO_DATA_DIR": str(tmp_path / "default")})
    demo = check.check_demo([built.exe], data)
    run_id = str(demo["runId"])
    paths = _command_paths()
    assert ["run"] in paths and ["profiles", "export"] in paths and ["chat", "show"] in paths
    calls: list[list[str]] = [[*p, "--help"] for p in paths]
    calls += [[*c, "--data-dir", str(data)] for c in (
        ["runs"], ["runs", "--json"], ["events", run_id], ["events", run_id, "--jsonl"],
        ["turns", run_id], ["turns", run_id, "--json"], ["workspace", run_id],
        ["workspace", run_id, "output/main.md"], ["chat", "show", "Demo relay"],
        ["chat", "show", "Demo relay", "--json"], ["profiles", "list"], ["profiles", "export", "writer"],
        ["profiles", "validate", str(ROOT / "resources" / "profiles" / "writer.json")],
        ["connections", "list"],
        # wrong input answers the same way too (exit 2, one line)
        ["events", "run_missing"], ["workspace", run_id, "../outside.txt"], ["profiles", "export", "nobody"],
        ["run", "--agent", "nobody", "--prompt", "x", "--script", str(check.DEMO_SCRIPT)],
    )]
    calls += [["--version"], ["--help"], ["no-such-command"]]

    # the installed package: its console script's main(), every command line in one process
    batch = subprocess.run([sys.executable, "-m", "tests.packaging.cli_batch"], input=json.dumps(calls),
                           capture_output=True, text=True, env=env, cwd=ROOT, timeout=300, check=True)
    source = [check.Result(args, r["returncode"], r["stdout"], r["stderr"], 0.0)
              for args, r in zip(calls, json.loads(batch.stdout), strict=True)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        frozen = list(pool.map(lambda args: check.call([built.exe], *args, env=env), calls))
    results = list(zip(calls, frozen, source, strict=True))
    differences = [
        f"{' '.join(args)}:\n  frozen {frozen.returncode} {frozen.stdout[:300]!r} {frozen.stderr[-300:]!r}\n"
        f"  source {source.returncode} {source.stdout[:300]!r} {source.stderr[-300:]!r}"
        for args, frozen, source in results
        if (frozen.returncode, frozen.stdout, frozen.stderr) != (source.returncode, source.stdout, source.stderr)
    ]
    assert differences == []
    assert any(r[1].returncode == 2 for r in results) and any(r[1].returncode == 0 for r in results)
    by_args = {tuple(args): src for args, _frozen, src in results}
    assert by_args[("--version",)].stdout == f"relay-studio {__version__}\n"
    assert run_id in by_args[("runs", "--data-dir", str(data))].stdout


def test_frozen_and_source_relays_journal_the_same_events(built: Built, tmp_path: Path) -> None:
    outputs: list[tuple[list[str], str, str]] = []
    for exe in ([built.exe], SOURCE):
        result = check.call(exe, "demo", "--data-dir", tmp_path / str(len(outputs)), "--jsonl")
        assert result.returncode == 0, result.stderr
        lines = [json.loads(line) for line in result.stdout.splitlines()]
        outputs.append(([e["type"] for e in lines[:-1]], lines[-1]["committedMessage"], lines[-1]["status"]))
    assert outputs[0] == outputs[1]


def _elf_files(root: Path) -> list[Path]:
    found = []
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def test_bundle_carries_only_the_qt_the_app_uses(built: Built) -> None:
    internal = built.app / "_internal"
    plugins = internal / "PySide6" / "Qt" / "plugins"
    for folder in plugins.iterdir():
        assert folder.name in qt_filter.KEPT_PLUGINS, f"unexpected Qt plugin folder {folder.name}"
        allowed = qt_filter.KEPT_PLUGINS[folder.name]
        for plugin in folder.iterdir():
            assert allowed is None or plugin.name in allowed, f"unexpected Qt plugin {folder.name}/{plugin.name}"
    assert {p.name for p in (plugins / "platforms").iterdir()} >= {"libqxcb.so", "libqwayland.so", "libqoffscreen.so"}
    qt_catalogues = {p.name for p in (internal / "PySide6").rglob("*.qm")}
    assert qt_catalogues == qt_filter.KEPT_QT_TRANSLATIONS, "only Qt's own catalogues of the window's languages"
    ours = {p.name for p in internal.rglob("relay_studio_*.qm")}
    assert ours == {"relay_studio_en.qm", "relay_studio_de.qm", "relay_studio_ja.qm", "relay_studio_zh_CN.qm"}
    python_modules = {p.name.split(".")[0] for p in (internal / "PySide6").glob("Qt*.so")}
    assert python_modules == {"QtCore", "QtGui", "QtWidgets", "QtSvg", "QtDBus"}
    for unwanted in ("mypy", "hypothesis", "pytest", "_pytest", "PyInstaller", "numpy", "tkinter", "libgtk-3.so.0"):
        assert not (internal / unwanted).exists(), unwanted
    assert (internal / "relay_studio" / "resources" / "profiles" / "writer.json").is_file()
    assert (internal / "relay_studio" / "resources" / "icons" / "relay-studio.svg").is_file()


def _owner(path: str) -> str | None:
    for candidate in {path, str(Path(path).resolve()), path.replace("/usr/lib/", "/lib/", 1),
                      str(Path(path).resolve()).replace("/usr/lib/", "/lib/", 1)}:
        proc = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True, check=False)
        if proc.returncode == 0:
            return proc.stdout.split(":", 1)[0]
    return None


def test_every_system_library_the_bundle_needs_is_a_declared_dependency(built: Built) -> None:
    from PyInstaller.depend.bindepend import get_imports  # type: ignore[import-untyped]

    bundled = {p.name for p in built.app.rglob("*") if ".so" in p.name}
    declared = {"libc6", *build.DEB_DEPENDS}
    from_system: dict[str, str | None] = {}
    for elf in _elf_files(built.app):
        for name, path in get_imports(str(elf)):
            soname = PurePosixPath(name).name
            if soname not in bundled:
                from_system[soname] = path
    assert "libEGL.so.1" in from_system and "libc.so.6" in from_system
    undeclared = sorted(s for s in from_system if s not in build.SYSTEM_LIBRARIES)
    assert undeclared == [], "map these sonames to their Debian package in packaging/build.py SYSTEM_LIBRARIES"
    for soname, path in sorted(from_system.items()):
        package = build.SYSTEM_LIBRARIES[soname]
        assert build.IMPLIED_PACKAGES.get(package, package) in declared, f"{soname}: {package} is not in Depends"
        if path is not None and shutil.which("dpkg"):
            owner = _owner(path)
            assert owner is None or owner.split(":")[0] == package, f"{soname} comes from {owner}, not {package}"


def test_deb_layout_and_metadata(built: Built) -> None:
    info = subprocess.run(["dpkg-deb", "--field", str(built.deb)], capture_output=True, text=True, check=True).stdout
    fields = dict(line.split(": ", 1) for line in info.splitlines() if ": " in line and not line.startswith(" "))
    assert fields["Package"] == "relay-studio" and fields["Version"] == __version__
    assert "libxcb-cursor0" in fields["Depends"] and "libegl1" in fields["Depends"]
    listing = subprocess.run(["dpkg-deb", "--contents", str(built.deb)], capture_output=True, text=True,
                             check=True).stdout.splitlines()
    entries = {line.split()[-1].removeprefix("."): line.split()[:2] for line in listing}
    files = [p for p, (mode, _owner) in entries.items() if not mode.startswith("d")]
    allowed = ("/opt/relay-studio/", "/usr/bin/relay-studio", "/usr/share/applications/relay-studio.desktop",
               "/usr/share/icons/hicolor/", "/usr/share/doc/relay-studio/")
    assert [f for f in files if not f.startswith(allowed)] == []
    assert {owner for _mode, owner in entries.values()} == {"root/root"}
    assert "/opt/" not in entries and "/opt/relay-studio/" in entries, "/opt belongs to the system, not to us"
    assert entries["/usr/bin/relay-studio"][0] == "-rwxr-xr-x"
    assert entries["/opt/relay-studio/relay-studio"][0] == "-rwxr-xr-x"
    assert "/usr/share/icons/hicolor/256x256/apps/relay-studio.png" in entries
    assert "/usr/share/icons/hicolor/scalable/apps/relay-studio.svg" in entries
    maintainer_scripts = subprocess.run(["dpkg-deb", "--info", str(built.deb)], capture_output=True, text=True,
                                        check=True).stdout
    assert "postrm" not in maintainer_scripts and "prerm" not in maintainer_scripts, "nothing deletes user data"


def test_removing_the_deb_keeps_an_opt_nothing_else_owns(tmp_path: Path) -> None:
    """On a minimal system /opt is empty and owned by no package; dpkg removes folders only its packages
    list, so a .deb that listed ./opt/ took /opt away with it. A tiny package of the same shape, installed
    into a folder of its own with a dpkg database of its own."""
    if shutil.which("dpkg") is None or os.geteuid() != 0:
        pytest.fail("this test installs a package with dpkg, which needs root (CI runs as root)")
    root, inst, admin = tmp_path / "root", tmp_path / "inst", tmp_path / "admin"
    (root / "opt" / "zz-relay-probe").mkdir(parents=True)
    (root / "opt" / "zz-relay-probe" / "app").write_text("x", encoding="utf-8")
    (inst / "opt").mkdir(parents=True)
    for sub in ("updates", "info", "triggers"):
        (admin / sub).mkdir(parents=True)
    (admin / "status").write_text("", encoding="utf-8")
    epoch = build.source_date_epoch()
    build.normalize_tree(root, epoch)
    control = {"control": "Package: zz-relay-probe\nVersion: 1\nArchitecture: all\nMaintainer: t <t@t.invalid>\n"
                          "Description: probe\n", "md5sums": build.md5sums(root)}
    deb = tmp_path / "probe.deb"
    build.write_deb(deb, root, control, "gzip", epoch)
    dpkg = ["dpkg", f"--instdir={inst}", f"--admindir={admin}", "--force-script-chrootless", "--force-not-root"]
    installed = subprocess.run([*dpkg, "--install", str(deb)], capture_output=True, text=True, check=False)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert (inst / "opt" / "zz-relay-probe" / "app").is_file()
    removed = subprocess.run([*dpkg, "--purge", "zz-relay-probe"], capture_output=True, text=True, check=False)
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert not (inst / "opt" / "zz-relay-probe").exists() and (inst / "opt").is_dir()


def test_frozen_app_without_a_display_says_so_in_one_line(built: Built, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run([str(built.exe), "--data-dir", str(tmp_path / "d")], env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=60, check=False)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "no display is reachable" in done.stderr


def test_frozen_app_names_missing_system_libraries_without_a_traceback(built: Built, tmp_path: Path) -> None:
    env = dict(os.environ, RELAY_STUDIO_LIBRARY_PATH=str(tmp_path / "no-libraries"))
    done = subprocess.run([str(built.exe), "--smoke", "--data-dir", str(tmp_path / "d")], env=env,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "libGL.so.1" in done.stderr and "libgl1" in done.stderr


def test_deb_is_reproducible(built: Built, tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, str(PACKAGING / "build.py"), "deb", "--deb-compression", "zstd",
                           "--work", str(built.work), "--dist", str(tmp_path)],
                          capture_output=True, text=True, env=built.env, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    again = tmp_path / built.deb.name
    assert hashlib.sha256(again.read_bytes()).hexdigest() == hashlib.sha256(built.deb.read_bytes()).hexdigest()


def test_tarball_is_portable_with_a_desktop_entry_and_icon(built: Built, tmp_path: Path) -> None:
    top = built.tarball.name.removesuffix(".tar.gz")
    with tarfile.open(built.tarball) as tar:
        members = {m.name: m for m in tar.getmembers()}
        tar.extractall(tmp_path, filter="tar")
    for name in ("relay-studio", "relay-studio.desktop", "install-desktop-entry.sh", "README.txt",
                 "share/icons/relay-studio-256.png", "share/icons/relay-studio.svg"):
        assert f"{top}/{name}" in members, name
    assert members[f"{top}/relay-studio"].mode == 0o755
    assert all(m.name == top or m.name.startswith(top + "/") for m in members.values())
    app = tmp_path / top
    assert check.check_version([app / "relay-studio"]) == f"relay-studio {__version__}"

    home = tmp_path / "home"
    env = dict(os.environ, HOME=str(home))
    env.pop("XDG_DATA_HOME", None)
    subprocess.run([str(app / "install-desktop-entry.sh")], env=env, check=True, capture_output=True)
    entry = (home / ".local/share/applications/relay-studio.desktop").read_text(encoding="utf-8")
    assert f'Exec="{app}/relay-studio"' in entry
    icon = next(line.split("=", 1)[1] for line in entry.splitlines() if line.startswith("Icon="))
    assert Path(icon).is_file()
    assert os.path.realpath(home / ".local/bin/relay-studio") == str(app / "relay-studio")
    subprocess.run([str(app / "install-desktop-entry.sh"), "--uninstall"], env=env, check=True, capture_output=True)
    assert not (home / ".local/share/applications/relay-studio.desktop").exists()
    assert not (home / ".local/bin/relay-studio").exists()


def _dpkg(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["dpkg", *args], capture_output=True, text=True, check=False,
                          env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def _installed() -> bool:
    return _dpkg("-s", "relay-studio").returncode == 0


def test_deb_installs_runs_upgrades_and_uninstalls_keeping_user_data(built: Built, tmp_path: Path) -> None:
    if shutil.which("dpkg") is None:
        pytest.fail("dpkg is not available: the .deb cannot be installed on this system")
    if os.geteuid() != 0:
        pytest.fail("installing the .deb needs root (CI runs as root); deselect with -m 'not packaging'")
    if _installed():
        assert _dpkg("--remove", "relay-studio").returncode == 0, "a left-over relay-studio could not be removed"

    home = tmp_path / "home"
    env = check.headless_env({"HOME": str(home)})
    for name in ("RELAY_STUDIO_DATA_DIR", "XDG_DATA_HOME"):
        env.pop(name, None)
    user_data = home / ".local" / "share" / "relay-studio"
    upgrade = build.build_deb(built.work, tmp_path / "upgrade", "zstd", f"{__version__}+upgrade1")
    try:
        installed = _dpkg("--install", str(built.deb))
        assert installed.returncode == 0, installed.stdout + installed.stderr
        assert Path("/usr/share/applications/relay-studio.desktop").is_file()
        before = sorted(p.relative_to("/opt/relay-studio") for p in Path("/opt/relay-studio").rglob("*"))
        launcher = ["/usr/bin/relay-studio"]
        assert check.check_version(launcher) == f"relay-studio {__version__}"
        smoke = check.call(launcher, "--smoke", env=env)
        assert smoke.returncode == 0 and '"smoke": "ok"' in smoke.stdout, smoke.stderr
        demo = check.call(launcher, "demo", "--jsonl", env=env)
        assert demo.returncode == 0, demo.stderr
        run_id = json.loads(demo.stdout.splitlines()[-1])["runId"]
        assert (user_data / "relay-studio.db").is_file(), "user data goes to ~/.local/share/relay-studio"
        after = sorted(p.relative_to("/opt/relay-studio") for p in Path("/opt/relay-studio").rglob("*"))
        assert after == before, "running the app writes nothing into the install folder"

        upgraded = _dpkg("--install", str(upgrade))
        assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
        assert f"Version: {__version__}+upgrade1" in _dpkg("-s", "relay-studio").stdout
        runs = check.call(launcher, "runs", "--json", env=env)
        assert run_id in {r["id"] for r in json.loads(runs.stdout)}, "an upgrade keeps the creator's runs"

        removed = _dpkg("--remove", "relay-studio")
        assert removed.returncode == 0, removed.stdout + removed.stderr
        for path in ("/opt/relay-studio", "/usr/bin/relay-studio", "/usr/share/applications/relay-studio.desktop",
                     "/usr/share/icons/hicolor/256x256/apps/relay-studio.png"):
            assert not Path(path).exists(), f"{path} is left after dpkg --remove"
        assert _dpkg("--purge", "relay-studio").returncode == 0
        assert not _installed()
        assert (user_data / "relay-studio.db").is_file(), "uninstalling keeps the creator's data"
        kept = check.call([built.exe], "runs", "--json", "--data-dir", str(user_data))
        assert run_id in {r["id"] for r in json.loads(kept.stdout)}
    finally:
        if _installed():
            _dpkg("--purge", "relay-studio")

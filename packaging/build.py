"""Build Relay Studio's release artefacts from a checkout.

    python packaging/build.py linux              # frozen app + .deb + portable tarball + SHA256SUMS
    python packaging/build.py freeze             # only the frozen onedir app (any OS)
    python packaging/build.py deb | tarball      # Linux packages from an existing frozen app
    python packaging/build.py windows            # frozen app + Inno Setup installer (needs iscc)
    python packaging/build.py macos-app | macos-sign | macos-dmg | macos-notarize
    python packaging/build.py checksums          # SHA256SUMS over dist/
    python packaging/build.py deb-depends        # the Debian packages the app needs, one line

Options: ``--dist DIR`` (artefacts, default ``dist/``), ``--work DIR`` (intermediate files, default
``build/packaging``). Needs the project and PyInstaller installed in the running Python
(``pip install . pyinstaller``, or the pinned set in ``packaging/constraints.txt``). Every archive is
written with sorted entries, root ownership and the commit's time (``SOURCE_DATE_EPOCH``), so the same
frozen app always packs to the same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import os
import platform
import shutil
import stat
import subprocess
import sys
import tarfile
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import BinaryIO

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
NAME = "relay-studio"
APP_NAME = "Relay Studio"
INSTALL_DIR = f"/opt/{NAME}"
DESCRIPTION = "A desktop studio for creators who write with several AI agents at once."
MAINTAINER = "Relay Studio maintainers <maintainers@relay-studio.invalid>"
HOMEPAGE = "https://relay-studio.invalid/"

#: Debian packages the frozen app needs from the system. Qt loads its windowing plugins (xcb,
#: Wayland) against these; the offscreen platform needs only EGL/GL, fontconfig and xkbcommon.
#: tests/packaging checks that every shared library the bundle needs but does not carry is
#: provided by one of them (``SYSTEM_LIBRARIES``), and .ci/run installs the same list.
DEB_DEPENDS: tuple[str, ...] = (
    "libegl1", "libgl1", "libfontconfig1", "libfreetype6", "libdbus-1-3",
    "libxkbcommon0", "libxkbcommon-x11-0", "libx11-6", "libx11-xcb1",
    "libxcb1", "libxcb-cursor0", "libxcb-glx0", "libxcb-icccm4", "libxcb-image0", "libxcb-keysyms1",
    "libxcb-randr0", "libxcb-render0", "libxcb-render-util0", "libxcb-shape0", "libxcb-shm0",
    "libxcb-sync1", "libxcb-xfixes0", "libxcb-xkb1",
    "libwayland-client0", "libwayland-cursor0", "libwayland-egl1",
)
#: soname -> the Debian package that provides it, for libraries PyInstaller leaves to the system
SYSTEM_LIBRARIES: dict[str, str] = {
    "libc.so.6": "libc6", "libm.so.6": "libc6", "libdl.so.2": "libc6", "libpthread.so.0": "libc6",
    "librt.so.1": "libc6", "libutil.so.1": "libc6", "ld-linux-x86-64.so.2": "libc6",
    "ld-linux-aarch64.so.1": "libc6",
    "libEGL.so.1": "libegl1", "libGL.so.1": "libgl1", "libGLX.so.0": "libglx0",
    "libGLdispatch.so.0": "libglvnd0", "libOpenGL.so.0": "libopengl0",
    "libxcb.so.1": "libxcb1", "libxcb-icccm.so.4": "libxcb-icccm4", "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libwayland-client.so.0": "libwayland-client0", "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}
#: packages that come in with another declared one (libgl1 depends on libglx0 and libglvnd0)
IMPLIED_PACKAGES = {"libglx0": "libgl1", "libglvnd0": "libgl1"}

DESKTOP_ENTRY = f"""[Desktop Entry]
Type=Application
Name={APP_NAME}
GenericName=Writing studio
Comment=Write with several AI agents: a writer drafts, an editor revises, a finalizer finishes
Exec={NAME}
Icon={NAME}
Terminal=false
Categories=Office;
Keywords=writing;AI;agents;chat;editor;
StartupNotify=true
StartupWMClass={NAME}
"""

LAUNCHER = f"""#!/bin/sh
# Relay Studio: the app lives in {INSTALL_DIR}; chats and settings live in the user's data folder.
exec {INSTALL_DIR}/{NAME} "$@"
"""

DESKTOP_INSTALLER = f"""#!/bin/sh
# Adds Relay Studio from this folder to your desktop's app menu (and ~/.local/bin), or removes it
# again with --uninstall. Your chats and settings are kept either way: they live in
# ${{XDG_DATA_HOME:-~/.local/share}}/{NAME}, never in this folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${{XDG_DATA_HOME:-$HOME/.local/share}}
apps="$data/applications"
icons="$data/icons/hicolor"
if [ "${{1:-}}" = "--uninstall" ]; then
  rm -f "$apps/{NAME}.desktop" "$HOME/.local/bin/{NAME}" "$icons/scalable/apps/{NAME}.svg"
  for size in 16 32 48 64 128 256 512; do rm -f "$icons/${{size}}x${{size}}/apps/{NAME}.png"; done
  echo "Removed {APP_NAME} from the app menu. Your data in $data/{NAME} is untouched."
  exit 0
fi
mkdir -p "$apps" "$HOME/.local/bin" "$icons/scalable/apps"
for size in 16 32 48 64 128 256 512; do
  mkdir -p "$icons/${{size}}x${{size}}/apps"
  cp "$here/share/icons/{NAME}-$size.png" "$icons/${{size}}x${{size}}/apps/{NAME}.png"
done
cp "$here/share/icons/{NAME}.svg" "$icons/scalable/apps/{NAME}.svg"
sed -e "s|^Exec=.*|Exec=\\"$here/{NAME}\\"|" -e "s|^Icon=.*|Icon=$icons/256x256/apps/{NAME}.png|" \\
  "$here/{NAME}.desktop" > "$apps/{NAME}.desktop"
ln -sf "$here/{NAME}" "$HOME/.local/bin/{NAME}"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$apps" >/dev/null 2>&1 || true
echo "Added {APP_NAME} to the app menu and linked ~/.local/bin/{NAME}."
"""


# -- helpers --------------------------------------------------------------------------------------
def version() -> str:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def source_date_epoch() -> int:
    """The time every packed file carries: $SOURCE_DATE_EPOCH, else the last commit's, else 1980."""
    env = os.environ.get("SOURCE_DATE_EPOCH")
    if env:
        return int(env)
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True,
                             text=True, check=True).stdout.strip()
        return int(out)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return 315532800


def arch_names() -> tuple[str, str]:
    """(debian architecture, the machine name used in file names)."""
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "arm64": "aarch64"}.get(machine, machine)
    deb = {"x86_64": "amd64", "aarch64": "arm64"}.get(machine, machine)
    return deb, machine


def glibc_version() -> str:
    name, _, ver = (os.confstr("CS_GNU_LIBC_VERSION") or "glibc 2.31").partition(" ")
    return ver if name == "glibc" else "2.31"


def run(cmd: Sequence[str | Path], **kwargs: object) -> None:
    print("+ " + " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)  # type: ignore[call-overload]


def step(message: str) -> None:
    print(f"== {message}", flush=True)


def frozen_dir(work: Path) -> Path:
    return work / "pyinstaller" / "dist" / NAME


def frozen_executable(work: Path) -> Path:
    return frozen_dir(work) / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def normalize_tree(root: Path, epoch: int) -> None:
    """Modes 0755/0644 (keeping the executable bit) and one mtime, so archives are reproducible."""
    for path in sorted(root.rglob("*"), reverse=True):
        if path.is_symlink():
            os.utime(path, (epoch, epoch), follow_symlinks=False)
            continue
        mode = path.stat().st_mode
        if path.is_dir():
            path.chmod(0o755)
        else:
            path.chmod(0o755 if mode & stat.S_IXUSR else 0o644)
        os.utime(path, (epoch, epoch))
    root.chmod(0o755)
    os.utime(root, (epoch, epoch))


def copy_tree(src: Path, dst: Path) -> None:
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(src, dst, symlinks=True)


def icons(work: Path) -> Path:
    out = work / "icons"
    if not (out / f"{NAME}.ico").is_file():
        run([sys.executable, PACKAGING / "icons.py", out], stdout=subprocess.DEVNULL)
    return out


# -- the frozen app -------------------------------------------------------------------------------
def freeze(work: Path) -> Path:
    step(f"freezing {APP_NAME} {version()} with PyInstaller (onedir)")
    icon_dir = icons(work)
    env = dict(os.environ, RELAY_STUDIO_ICON_DIR=str(icon_dir), PYTHONHASHSEED="0",
               SOURCE_DATE_EPOCH=str(source_date_epoch()))
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--distpath", work / "pyinstaller" / "dist", "--workpath", work / "pyinstaller" / "work",
         PACKAGING / "relay-studio.spec"], env=env, cwd=ROOT)
    exe = frozen_executable(work)
    if not exe.is_file():
        raise SystemExit(f"error: PyInstaller did not produce {exe}.")
    print(f"frozen app: {frozen_dir(work)} ({dir_size(frozen_dir(work)) / 2**20:.1f} MiB)")
    return exe


def dir_size(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def require_frozen(work: Path) -> Path:
    if not frozen_executable(work).is_file():
        freeze(work)
    return frozen_dir(work)


# -- Linux: .deb ----------------------------------------------------------------------------------
def deb_control(installed_kib: int, arch: str, package_version: str | None = None) -> str:
    depends = ", ".join([f"libc6 (>= {glibc_version()})", *DEB_DEPENDS])
    return (
        f"Package: {NAME}\n"
        f"Version: {package_version or version()}\n"
        f"Architecture: {arch}\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: {depends}\n"
        "Suggests: gnome-keyring\n"
        "Section: editors\n"
        "Priority: optional\n"
        f"Homepage: {HOMEPAGE}\n"
        f"Description: {DESCRIPTION}\n"
        " Relay Studio lets a creator define agent profiles (a writer, an editor, a finalizer, ...)\n"
        " and watch them pass the work along: every step is journaled and shown on a timeline.\n"
        " .\n"
        f" The app is installed in {INSTALL_DIR}; chats, runs and settings live in each user's\n"
        " data folder (~/.local/share/relay-studio) and are kept when the package is removed.\n"
    )


def stage_desktop_files(root: Path, icon_dir: Path) -> None:
    apps = root / "usr" / "share" / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    (apps / f"{NAME}.desktop").write_text(DESKTOP_ENTRY, encoding="utf-8")
    hicolor = root / "usr" / "share" / "icons" / "hicolor"
    for png in sorted(icon_dir.glob(f"{NAME}-*.png")):
        size = png.stem.rsplit("-", 1)[1]
        target = hicolor / f"{size}x{size}" / "apps"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(png, target / f"{NAME}.png")
    (hicolor / "scalable" / "apps").mkdir(parents=True, exist_ok=True)
    shutil.copy2(icon_dir / f"{NAME}.svg", hicolor / "scalable" / "apps" / f"{NAME}.svg")


#: folders the system owns: never members of the .deb, or removing the package would remove them
#: with it when nothing else lists them (``/opt`` on a minimal Debian)
DEB_SYSTEM_DIRS = ("opt",)

DEB_PREINST = """#!/bin/sh
# /opt belongs to the system, not to this package; a minimal system may lack it.
set -e
[ -d /opt ] || mkdir -p /opt
exit 0
"""


def md5sums(root: Path) -> str:
    lines = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            digest = hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()
            lines.append(f"{digest}  {path.relative_to(root).as_posix()}\n")
    return "".join(lines)


def _deb_tar(files: Iterable[tuple[str, Path]], generated: dict[str, tuple[bytes, int]], epoch: int) -> bytes:
    """A tar as dpkg-deb writes one: ``./`` names, root/root, one mtime. ``files`` are taken from disk
    (folders, files, links, as they are); ``generated`` maps a name to its content and mode."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT) as tar:
        def add(info: tarfile.TarInfo, data: BinaryIO | None) -> None:
            info.mtime, info.uid, info.gid, info.uname, info.gname = epoch, 0, 0, "root", "root"
            if info.isdir() and not info.name.endswith("/"):
                info.name += "/"
            tar.addfile(info, data)

        for name, path in files:
            info = tar.gettarinfo(str(path), name)
            if info.isreg():
                with path.open("rb") as fh:
                    add(info, fh)
            else:
                add(info, None)
        for name, (content, mode) in sorted(generated.items()):
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(content), mode
            add(info, io.BytesIO(content))
    return buffer.getvalue()


def _compress(data: bytes, compression: str, epoch: int) -> tuple[str, bytes]:
    if compression == "xz":
        import lzma

        return ".xz", lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64, preset=6)
    if compression == "gzip":
        return ".gz", gzip.compress(data, compresslevel=9, mtime=epoch)
    if compression == "zstd":
        zstd = shutil.which("zstd")
        if zstd is None:
            raise SystemExit("error: --deb-compression zstd needs the zstd command (apt install zstd).")
        done = subprocess.run([zstd, "-q", "-3", "-T1", "-c"], input=data, capture_output=True, check=True)
        return ".zst", done.stdout
    return "", data


def write_deb(out: Path, root: Path, control: dict[str, str], compression: str, epoch: int) -> None:
    """The .deb as an ar archive of debian-binary, control.tar and data.tar, written here rather than by
    dpkg-deb, which makes every parent folder a member: the folders in ``DEB_SYSTEM_DIRS`` are not."""
    scripts = ("preinst", "postinst", "prerm", "postrm")
    generated = {f"./{name}": (text.encode(), 0o755 if name in scripts else 0o644) for name, text in control.items()}
    ext, control_tar = _compress(_deb_tar([("./", root)], generated, epoch), compression, epoch)
    data = [("./" if path == root else f"./{path.relative_to(root).as_posix()}", path)
            for path in [root, *sorted(root.rglob("*"))]
            if path.relative_to(root).as_posix() not in DEB_SYSTEM_DIRS]
    _, data_tar = _compress(_deb_tar(data, {}, epoch), compression, epoch)
    members = [("debian-binary", b"2.0\n"), (f"control.tar{ext}", control_tar), (f"data.tar{ext}", data_tar)]
    with out.open("wb") as fh:
        fh.write(b"!<arch>\n")
        for name, payload in members:
            header = f"{name:<16}{epoch:<12}{0:<6}{0:<6}{'100644':<8}{len(payload):<10}`\n".encode()
            fh.write(header + payload + (b"\n" if len(payload) % 2 else b""))


def build_deb(work: Path, dist: Path, compression: str = "xz", package_version: str | None = None) -> Path:
    """The .deb; ``package_version`` overrides the Debian version (a packaging revision like 0.1.0-2)."""
    app = require_frozen(work)
    arch, _ = arch_names()
    step(f"building the .deb ({arch})")
    root = work / "deb" / "root"
    if root.exists():
        shutil.rmtree(root)
    copy_tree(app, root / INSTALL_DIR.lstrip("/"))
    launcher = root / "usr" / "bin" / NAME
    launcher.parent.mkdir(parents=True)
    launcher.write_text(LAUNCHER, encoding="utf-8")
    launcher.chmod(0o755)
    stage_desktop_files(root, icons(work))
    doc = root / "usr" / "share" / "doc" / NAME
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        f"Upstream-Name: {NAME}\n\nFiles: *\nCopyright: Relay Studio authors\nLicense: MIT\n"
        " The bundled Qt libraries (PySide6) are used under the LGPL-3.0; the bundled Python under the PSF\n"
        " License; see the licence files inside the application folder.\n",
        encoding="utf-8")
    installed_kib = (dir_size(root) + 1023) // 1024
    control = {"control": deb_control(installed_kib, arch, package_version), "preinst": DEB_PREINST,
               "md5sums": md5sums(root)}
    epoch = source_date_epoch()
    normalize_tree(root, epoch)
    dist.mkdir(parents=True, exist_ok=True)
    out = dist / f"{NAME}_{package_version or version()}_{arch}.deb"
    write_deb(out, root, control, compression, epoch)
    print(f"deb: {out} ({out.stat().st_size / 2**20:.1f} MiB)")
    return out


# -- Linux: portable tarball ----------------------------------------------------------------------
def _tar_add(tar: tarfile.TarFile, path: Path, arcname: str, epoch: int) -> None:
    info = tar.gettarinfo(str(path), arcname)
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = epoch
    if info.isreg():
        info.mode = 0o755 if info.mode & stat.S_IXUSR else 0o644
        with path.open("rb") as fh:
            tar.addfile(info, fh)
    else:
        if info.isdir():
            info.mode = 0o755
        tar.addfile(info)


def deterministic_tar_gz(out: Path, entries: Iterable[tuple[Path, str]], epoch: int) -> None:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for path, arcname in sorted(entries, key=lambda e: e[1]):
            _tar_add(tar, path, arcname, epoch)
    with out.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=epoch,
                                               compresslevel=6) as gz:
        gz.write(buffer.getvalue())


def build_tarball(work: Path, dist: Path) -> Path:
    app = require_frozen(work)
    _, machine = arch_names()
    top = f"{NAME}-{version()}-linux-{machine}"
    step(f"building the portable tarball {top}.tar.gz")
    stage = work / "tarball" / top
    copy_tree(app, stage)
    (stage / f"{NAME}.desktop").write_text(DESKTOP_ENTRY, encoding="utf-8")
    share = stage / "share" / "icons"
    share.mkdir(parents=True)
    icon_dir = icons(work)
    for png in sorted(icon_dir.glob(f"{NAME}-*.png")):
        shutil.copy2(png, share / png.name)
    shutil.copy2(icon_dir / f"{NAME}.svg", share / f"{NAME}.svg")
    installer = stage / "install-desktop-entry.sh"
    installer.write_text(DESKTOP_INSTALLER, encoding="utf-8")
    installer.chmod(0o755)
    (stage / "README.txt").write_text(
        f"{APP_NAME} {version()} (portable)\n\n"
        f"Run ./{NAME} to open the window, ./{NAME} --help for the command line.\n"
        "Run ./install-desktop-entry.sh to add it to your app menu (--uninstall removes it again).\n"
        "Needs the system libraries listed as Depends in the .deb (on Debian/Ubuntu:\n"
        f"  sudo apt install {' '.join(DEB_DEPENDS)}).\n"
        f"Your chats and settings live in ~/.local/share/{NAME}, not in this folder.\n",
        encoding="utf-8")
    epoch = source_date_epoch()
    normalize_tree(stage, epoch)
    entries = [(stage, top)] + [(p, f"{top}/{p.relative_to(stage).as_posix()}") for p in stage.rglob("*")]
    dist.mkdir(parents=True, exist_ok=True)
    out = dist / f"{top}.tar.gz"
    deterministic_tar_gz(out, entries, epoch)
    print(f"tarball: {out} ({out.stat().st_size / 2**20:.1f} MiB)")
    return out


# -- Windows --------------------------------------------------------------------------------------
def find_iscc() -> str | None:
    found = shutil.which("iscc") or shutil.which("ISCC")
    if found:
        return found
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES"),
                 os.path.join(os.environ.get("LOCALAPPDATA", ""), "Programs")):
        if base:
            candidate = Path(base) / "Inno Setup 6" / "ISCC.exe"
            if candidate.is_file():
                return str(candidate)
    return None


def build_windows(work: Path, dist: Path) -> Path:
    app = require_frozen(work)
    iscc = find_iscc()
    if iscc is None:
        raise SystemExit("error: Inno Setup's ISCC.exe was not found (install Inno Setup 6: "
                         "'choco install innosetup').")
    step("building the Windows installer with Inno Setup")
    dist.mkdir(parents=True, exist_ok=True)
    icon_dir = icons(work)
    run([iscc, "/Qp", f"/DAppVersion={version()}", f"/DSourceDir={app}", f"/DOutputDir={dist.resolve()}",
         f"/DIconFile={icon_dir / (NAME + '.ico')}", PACKAGING / "windows" / "relay-studio.iss"])
    out = dist / f"RelayStudio-{version()}-windows-x64-setup.exe"
    if not out.is_file():
        raise SystemExit(f"error: Inno Setup did not produce {out}.")
    print(f"installer: {out} ({out.stat().st_size / 2**20:.1f} MiB)")
    return out


# -- macOS ----------------------------------------------------------------------------------------
def mac_app(work: Path) -> Path:
    return work / "pyinstaller" / "dist" / f"{APP_NAME}.app"


def build_macos_app(work: Path) -> Path:
    freeze(work)
    app = mac_app(work)
    if not app.is_dir():
        raise SystemExit(f"error: PyInstaller did not produce {app} (run this on macOS).")
    return app


def _macho_files(app: Path) -> list[Path]:
    found = []
    for path in app.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as fh:
                magic = fh.read(4)
            if magic in (b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"\xbe\xba\xfe\xca"):
                found.append(path)
    return sorted(found, key=lambda p: len(p.parts), reverse=True)  # innermost first


def sign_macos_app(work: Path) -> bool:
    """Sign with the Developer ID in $MACOS_SIGNING_IDENTITY (already in the keychain), or say why not."""
    identity = os.environ.get("MACOS_SIGNING_IDENTITY", "")
    if not identity:
        print("SKIP code signing: MACOS_SIGNING_IDENTITY is not set (no signing secrets). The .app keeps "
              "PyInstaller's ad-hoc signature; Gatekeeper will ask creators to confirm the first start.")
        return False
    app = mac_app(work)
    entitlements = PACKAGING / "macos" / "entitlements.plist"
    step(f"signing {app.name} as {identity!r}")
    common = ["codesign", "--force", "--timestamp", "--options", "runtime", "--sign", identity]
    for path in _macho_files(app):
        run([*common, "--entitlements", entitlements, path], stdout=subprocess.DEVNULL)
    run([*common, "--entitlements", entitlements, app])
    run(["codesign", "--verify", "--deep", "--strict", "--verbose=2", app])
    return True


def build_dmg(work: Path, dist: Path) -> Path:
    app = mac_app(work)
    if not app.is_dir():
        raise SystemExit(f"error: {app} is missing: run 'build.py macos-app' first.")
    _, machine = arch_names()
    dist.mkdir(parents=True, exist_ok=True)
    out = dist / f"RelayStudio-{version()}-macos-{'arm64' if machine == 'aarch64' else machine}.dmg"
    step(f"building {out.name}")
    stage = work / "dmg"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    run(["ditto", app, stage / app.name])
    (stage / "Applications").symlink_to("/Applications")
    if out.exists():
        out.unlink()
    run(["hdiutil", "create", "-volname", f"{APP_NAME} {version()}", "-srcfolder", stage, "-fs", "HFS+",
         "-format", "UDZO", "-ov", out])
    print(f"dmg: {out} ({out.stat().st_size / 2**20:.1f} MiB)")
    return out


def notarize_dmg(dist: Path) -> bool:
    """Sign the .dmg and have Apple notarize it, when the secrets are there; else say why not."""
    dmgs = sorted(dist.glob("RelayStudio-*.dmg"))
    if not dmgs:
        raise SystemExit("error: no .dmg in dist/: run 'build.py macos-dmg' first.")
    identity = os.environ.get("MACOS_SIGNING_IDENTITY", "")
    needed = ("APPLE_ID", "APPLE_TEAM_ID", "APPLE_APP_PASSWORD", "MACOS_SIGNING_IDENTITY")
    missing = [n for n in needed if not os.environ.get(n)]
    if identity:
        for dmg in dmgs:
            run(["codesign", "--force", "--timestamp", "--sign", identity, dmg])
    else:
        print("SKIP signing the .dmg: MACOS_SIGNING_IDENTITY is not set (no signing secrets).")
    if missing:
        print(f"SKIP notarization: {', '.join(missing)} not set (no notarization secrets). The .dmg is "
              "not notarized; macOS will warn on first start.")
        return False
    for dmg in dmgs:
        step(f"notarizing {dmg.name}")
        run(["xcrun", "notarytool", "submit", dmg, "--apple-id", os.environ["APPLE_ID"],
             "--team-id", os.environ["APPLE_TEAM_ID"], "--password", os.environ["APPLE_APP_PASSWORD"], "--wait"])
        run(["xcrun", "stapler", "staple", dmg])
    return True


# -- checksums ------------------------------------------------------------------------------------
ARTEFACT_PATTERNS = ("*.deb", "*.tar.gz", "*-setup.exe", "*.dmg")


def write_checksums(dist: Path) -> Path:
    files = sorted({p for pattern in ARTEFACT_PATTERNS for p in dist.glob(pattern)})
    if not files:
        raise SystemExit(f"error: no artefacts in {dist}.")
    lines = []
    for path in files:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        lines.append(f"{digest}  {path.name}\n")
    out = dist / "SHA256SUMS"
    out.write_text("".join(lines), encoding="utf-8")
    print(out.read_text(encoding="utf-8"), end="")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("target", choices=["freeze", "deb", "tarball", "linux", "windows", "macos-app",
                                           "macos-sign", "macos-dmg", "macos-notarize", "checksums", "version",
                                           "deb-depends"])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "packaging")
    parser.add_argument("--deb-compression", default="xz", choices=["xz", "gzip", "zstd", "none"],
                        help="xz (default) is the smallest download; zstd builds in a second (tests)")
    parser.add_argument("--deb-version", help="the .deb's version, when not the app's (e.g. 0.1.0-2)")
    args = parser.parse_args(argv)
    dist, work = args.dist.resolve(), args.work.resolve()
    target = args.target
    if target == "version":
        print(version())
    elif target == "deb-depends":
        print(" ".join(DEB_DEPENDS))
    elif target == "freeze":
        freeze(work)
    elif target == "deb":
        build_deb(work, dist, args.deb_compression, args.deb_version)
    elif target == "tarball":
        build_tarball(work, dist)
    elif target == "linux":
        freeze(work)
        build_deb(work, dist, args.deb_compression, args.deb_version)
        build_tarball(work, dist)
        write_checksums(dist)
    elif target == "windows":
        freeze(work)
        build_windows(work, dist)
    elif target == "macos-app":
        build_macos_app(work)
    elif target == "macos-sign":
        sign_macos_app(work)
    elif target == "macos-dmg":
        build_dmg(work, dist)
    elif target == "macos-notarize":
        notarize_dmg(dist)
    elif target == "checksums":
        write_checksums(dist)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

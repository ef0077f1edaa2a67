"""What the frozen app leaves out, and the Windows version resource; used by relay-studio.spec.

The app imports QtCore, QtGui, QtWidgets and (for its SVG icon) QtSvg. PyInstaller's Qt hooks
collect every plugin of those modules' families and every translation catalogue; ``keep`` drops
the plugins the app never loads, and (on Linux) the shared libraries that only those plugins needed.
"""

from __future__ import annotations

import sys
from pathlib import PurePosixPath

#: Python modules never imported by the app (PyInstaller follows optional imports into them)
EXCLUDED_MODULES: list[str] = [
    "tkinter", "_tkinter", "IPython", "matplotlib", "numpy", "PIL",
    "pytest", "_pytest", "pytestqt", "hypothesis", "mypy", "mypyc", "ast_serialize", "pydantic.mypy",
    "pydantic.v1.mypy", "ruff", "pip", "setuptools", "openai", "agents", "PyInstaller",
    # Qt modules the app does not use (the GUI is widgets only)
    "PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets",
    "PySide6.QtPrintSupport", "PySide6.QtSql", "PySide6.QtTest", "PySide6.QtXml", "PySide6.QtConcurrent",
    "PySide6.QtMultimedia", "PySide6.QtPdf", "PySide6.QtWebEngineCore", "PySide6.QtDesigner", "PySide6.QtUiTools",
    "PySide6.QtHelp", "PySide6.QtSvgWidgets",
]

#: Qt plugins kept, by plugin folder; a folder not named here is dropped whole
KEPT_PLUGINS: dict[str, set[str] | None] = {
    # windows: a screen on each OS, plus offscreen for --smoke and headless screenshots
    "platforms": {"libqxcb.so", "libqwayland.so", "libqoffscreen.so", "libqminimal.so",
                  "qwindows.dll", "qoffscreen.dll", "qminimal.dll", "libqcocoa.dylib", "libqoffscreen.dylib",
                  "libqminimal.dylib",
                  # older PySide6 wheels split Wayland into two plugins
                  "libqwayland-egl.so", "libqwayland-generic.so"},
    "platformthemes": {"libqxdgdesktopportal.so"},  # native file dialogs through the portal; no GTK
    "platforminputcontexts": None,  # compose keys and input methods (accents, CJK)
    "xcbglintegrations": None,
    "wayland-shell-integration": {"libxdg-shell.so"},
    "wayland-decoration-client": None,
    "wayland-graphics-integration-client": {"libqt-plugin-wayland-egl.so", "libshm-emulation-server.so",
                                            "libdmabuf-server.so"},
    "iconengines": None,  # the SVG icon engine
    "imageformats": {"libqsvg.so", "libqico.so", "libqjpeg.so", "libqgif.so",
                     "qsvg.dll", "qico.dll", "qjpeg.dll", "qgif.dll",
                     "libqsvg.dylib", "libqico.dylib", "libqjpeg.dylib", "libqgif.dylib", "libqicns.dylib"},
    "styles": None,  # qmodernwindowsstyle on Windows, the native look
}


def _plugin_path(dest: str) -> tuple[str, str] | None:
    parts = PurePosixPath(dest.replace("\\", "/")).parts
    if "plugins" in parts:
        i = parts.index("plugins")
        if i >= 1 and parts[i - 1] in ("Qt", "PySide6") and len(parts) > i + 2:
            return parts[i + 1], parts[-1]
    return None


#: Qt's own catalogues of the languages the window speaks (relay_studio.ui.i18n loads them for the standard
#: dialogs and buttons); every other language's are left out
KEPT_QT_TRANSLATIONS = frozenset({"qtbase_de.qm", "qtbase_ja.qm", "qtbase_zh_CN.qm"})


def _is_qt_translation(dest: str) -> bool:
    parts = PurePosixPath(dest.replace("\\", "/")).parts
    return ("translations" in parts and "PySide6" in parts and parts[-1].endswith(".qm")
            and parts[-1] not in KEPT_QT_TRANSLATIONS)


def wanted(dest: str) -> bool:
    plugin = _plugin_path(dest)
    if plugin is not None:
        folder, name = plugin
        if folder not in KEPT_PLUGINS:
            return False
        names = KEPT_PLUGINS[folder]
        return names is None or name in names
    # Qt's own translation catalogues: only those of the window's languages (its own are in resources/)
    return not _is_qt_translation(dest)


def keep(entries: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    kept = [e for e in entries if wanted(e[0])]
    if sys.platform.startswith("linux"):
        kept = prune_unreachable_libraries(kept)
    return kept


def prune_unreachable_libraries(entries: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Drop bundled shared libraries that nothing kept links to (those the dropped plugins needed).

    Roots are the Python extension modules, the Qt plugins and the Python library; a plain ``BINARY``
    is kept when a root or another kept library names it in its ELF ``NEEDED`` list. Libraries that
    Qt opens with dlopen (libdbus-1, libEGL, libGL) come from the system: the .deb declares them.
    """
    from PyInstaller.depend.bindepend import get_imports  # type: ignore[import-untyped]

    by_name: dict[str, list[tuple[str, str, str]]] = {}
    for entry in entries:
        by_name.setdefault(PurePosixPath(entry[0]).name, []).append(entry)
    roots = [e for e in entries if e[2] == "EXTENSION" or _plugin_path(e[0]) is not None
             or PurePosixPath(e[0]).name.startswith("libpython")]
    reached: set[str] = set()
    todo = [e for e in roots if e[2] != "SYMLINK"]
    while todo:
        dest, src, _ = todo.pop()
        if dest in reached:
            continue
        reached.add(dest)
        for name, _path in get_imports(src):
            for dep in by_name.get(PurePosixPath(name).name, []):
                if dep[0] not in reached:
                    todo.append(dep)
    reached_names = {PurePosixPath(d).name for d in reached}
    out = []
    for entry in entries:
        dest, _src, typecode = entry
        if typecode not in ("BINARY", "SYMLINK") or dest in reached or PurePosixPath(dest).name in reached_names:
            out.append(entry)
    return out


def windows_version_file(build_dir: object, version: str) -> str:
    """A VSVersionInfo file for the .exe's Details tab, numbers from ``version``."""
    from pathlib import Path

    numbers = [int(part) for part in version.split(".")[:3] if part.isdigit()]
    quad = tuple([*numbers, 0, 0, 0, 0][:4])
    text = f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={quad}, prodvers={quad}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
      StringStruct('CompanyName', 'Relay Studio'),
      StringStruct('FileDescription', 'Relay Studio'),
      StringStruct('FileVersion', '{version}'),
      StringStruct('InternalName', 'relay-studio'),
      StringStruct('LegalCopyright', 'MIT License'),
      StringStruct('OriginalFilename', 'relay-studio.exe'),
      StringStruct('ProductName', 'Relay Studio'),
      StringStruct('ProductVersion', '{version}')])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
    path = Path(str(build_dir))
    path.mkdir(parents=True, exist_ok=True)
    target = path / "windows-version.txt"
    target.write_text(text, encoding="utf-8")
    return str(target)

"""Render the app icon (resources/icons/relay-studio.svg) into the formats the installers need.

    python packaging/icons.py OUT_DIR

writes ``relay-studio-{16,32,48,64,128,256,512}.png``, ``relay-studio.ico`` (Windows: PNG entries,
16-256 px) and ``relay-studio.icns`` (macOS: PNG entries, 16-1024 px). Qt renders the SVG offscreen, so
no image tool beyond PySide6 is needed; the containers are written here, byte for byte the same for
the same SVG and Qt.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "relay-studio.svg"
PNG_SIZES = (16, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types holding PNG data, by edge length in pixels
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def render_pngs(svg: Path, sizes: set[int]) -> dict[int, bytes]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"error: {svg} is not a valid SVG.")
    out: dict[int, bytes] = {}
    for size in sorted(sizes):
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")  # type: ignore[call-overload]  # PySide6 takes str at run time
        buffer.close()
        out[size] = bytes(data.data())
    del _app
    return out


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO container whose entries are PNG images (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = 6 + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, data in sorted(pngs.items()):
        edge = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data for size, data in sorted(pngs.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out_dir: Path, svg: Path = SVG) -> dict[str, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    pngs = render_pngs(svg, set(PNG_SIZES) | set(ICO_SIZES) | set(ICNS_TYPES))
    written: dict[str, Path] = {}
    for size in PNG_SIZES:
        path = out_dir / f"relay-studio-{size}.png"
        path.write_bytes(pngs[size])
        written[f"png{size}"] = path
    (out_dir / "relay-studio.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (out_dir / "relay-studio.icns").write_bytes(icns_bytes({s: pngs[s] for s in ICNS_TYPES}))
    (out_dir / "relay-studio.svg").write_bytes(svg.read_bytes())
    written.update(ico=out_dir / "relay-studio.ico", icns=out_dir / "relay-studio.icns",
                   svg=out_dir / "relay-studio.svg")
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python packaging/icons.py OUT_DIR")
    for name, path in write_icons(Path(sys.argv[1])).items():
        print(f"{name}: {path}")

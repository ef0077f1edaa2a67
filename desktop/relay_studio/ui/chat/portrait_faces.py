"""The pictures in the cast strip's portraits: an agent's kept card picture (``library/portraits.py``), decoded
off the GUI thread (a card's picture may be 4096 pixels a side), cropped to a square and scaled to the portrait's
size, and remembered by file and modification time, so the strip decodes each picture once.

``decode_face`` is pure QImage work (thread-safe); ``FaceCache`` asks the studio's reader lane for it (a query)
and hands the face to the strip on the GUI thread. A picture that does not decode leaves the initials.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QImage, QImageReader

from relay_studio.ui.background import Done, Outcome

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio

FACE_PX = 96  # decoded size: sharp at the strip's 40 px on a 2x screen


def decode_face(path: Path, size: int = FACE_PX) -> QImage | None:
    """The picture at ``path`` as a ``size``×``size`` square (its middle, scaled); None when it does not decode."""
    reader = QImageReader(str(path))
    reader.setAutoTransform(True)
    found = reader.size()
    if found.isValid() and min(found.width(), found.height()) > 0:
        side = min(found.width(), found.height())
        reader.setClipRect(QRect((found.width() - side) // 2, (found.height() - side) // 3, side, side))
        reader.setScaledSize(QSize(size, size))
    image = reader.read()
    if image.isNull():
        return None
    if image.width() != size or image.height() != size:  # a format that cannot clip or scale while reading
        side = min(image.width(), image.height())
        image = image.copy((image.width() - side) // 2, (image.height() - side) // 3, side, side).scaled(
            size, size, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
    return image


class FaceCache:
    """Decoded faces by (file, modification time); ``face`` answers at once or decodes and calls back later."""

    def __init__(self, studio: Studio) -> None:
        self.studio = studio
        self._faces: dict[tuple[str, int], QImage | None] = {}

    def face(self, path: Path, arrived: Callable[[QImage], None]) -> QImage | None:
        """The face of ``path`` if decoded before; else None now, and ``arrived(face)`` once decoded."""
        try:
            key = (str(path), path.stat().st_mtime_ns)
        except OSError:
            return None
        if key in self._faces:
            return self._faces[key]

        def decode(_stores: object) -> QImage | None:
            return decode_face(path)

        def delivered(outcome: Outcome[QImage | None]) -> None:
            face = outcome.value if isinstance(outcome, Done) else None
            self._faces[key] = face
            if face is not None:
                with contextlib.suppress(RuntimeError):  # the strip's portrait is gone meanwhile
                    arrived(face)

        self.studio.ops.query_outcome(decode, delivered, key=("portrait-face", key))
        return None

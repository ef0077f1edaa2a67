"""Shared fixtures. Qt runs offscreen; this must happen before anything imports Qt."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

"""Run-wide limits every host shares (a light module: the CLI's parser reads it before anything heavy)."""

from __future__ import annotations

#: model rounds a whole run may take across every stage and helper, unless the host says otherwise
DEFAULT_MAX_TOTAL_ROUNDS = 200

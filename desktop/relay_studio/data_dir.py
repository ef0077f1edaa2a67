"""Where a creator's chats, runs and settings live, shared by the window and the command line.

``RELAY_STUDIO_DATA_DIR`` wins; otherwise the platform's per-user data folder
(``platformdirs.user_data_dir("relay-studio", "RelayStudio")``). ``--data-dir`` overrides both where the
caller offers it. Kept free of heavy imports: ``relay-studio --version`` and the window's first paint
both reach it before anything else is loaded.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR_ENV = "RELAY_STUDIO_DATA_DIR"


def default_data_dir() -> Path:
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("relay-studio", "RelayStudio"))

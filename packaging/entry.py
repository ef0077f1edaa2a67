"""The frozen app's entry point: the same ``main`` as the ``relay-studio`` console script (quiet Ctrl+C)."""

from __future__ import annotations

from relay_studio.launch import main

if __name__ == "__main__":
    raise SystemExit(main())

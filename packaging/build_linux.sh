#!/usr/bin/env bash
# Build the Linux artefacts from a clean checkout into dist/:
#   relay-studio_<version>_<arch>.deb, relay-studio-<version>-linux-<machine>.tar.gz, SHA256SUMS
# Needs: Python 3.11-3.13 with venv, dpkg-deb (Debian/Ubuntu), and PyPI for the pinned build tools.
# Options are passed on to packaging/build.py (e.g. --deb-compression zstd, --dist DIR).
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
VENV=${BUILD_VENV:-build/venv}
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet -c packaging/constraints.txt ".[packaging]"
exec "$VENV/bin/python" packaging/build.py linux "$@"

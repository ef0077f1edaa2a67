"""Runs the real epubcheck (Debian's ``epubcheck`` package) on a file. Debian's ``/usr/bin/epubcheck`` is the
jar itself, started through binfmt_misc where the kernel has it registered; without that, ``java -jar``."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path


def epubcheck(path: Path) -> subprocess.CompletedProcess[str]:
    found = shutil.which("epubcheck")
    assert found is not None, "epubcheck is not installed: apt-get install epubcheck"
    real = os.path.realpath(found)
    command = ["java", "-jar", real] if real.endswith(".jar") else [found]
    return subprocess.run([*command, str(path)], capture_output=True, text=True, timeout=300, check=False)

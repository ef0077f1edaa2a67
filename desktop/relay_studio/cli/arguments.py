"""Checks on the parsed command line that no single command owns.

Text arguments must be UTF-8: Python hands an undecodable byte of ``argv`` over as a lone surrogate
(``surrogateescape``), and such text failed later, far from the command line, as a traceback (``runs
show``, ``chat show``, ``events``, ``export --run`` …; issue 39). A file path may hold such bytes (a file
name on Linux is bytes), so ``Path`` arguments are left alone. ``run`` checks its texts itself in the
runtime (``run.text_not_utf8``), as the window's runs do.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

from relay_studio.cli.exits import UsageError
from relay_studio.domain.error_codes import INPUT_NOT_UTF8

_SURROGATE = re.compile("[\ud800-\udfff]")
#: commands whose texts the runtime checks with its own code
_CHECKED_BY_THE_RUNTIME = {("run", "prompt"), ("run", "chat")}


def _texts(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    for name, value in vars(args).items():
        if isinstance(value, str):
            yield name, value
        elif isinstance(value, list):
            yield from ((name, v) for v in value if isinstance(v, str))


def check_text_arguments(args: argparse.Namespace) -> None:
    """Raises ``UsageError`` naming the first text argument that is not UTF-8."""
    for name, text in _texts(args):
        if (args.command, name) in _CHECKED_BY_THE_RUNTIME:
            continue
        bad = _SURROGATE.search(text)
        if bad is not None:
            raise UsageError(f"The {name.replace('_', ' ')} given on the command line is not valid UTF-8 text (a "
                             f"byte that cannot be read at character {bad.start() + 1}). [{INPUT_NOT_UTF8}]")

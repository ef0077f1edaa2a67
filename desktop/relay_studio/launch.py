"""The ``relay-studio`` command's entry point, free of heavy imports.

Importing the CLI (runtime, pydantic, SQLModel) takes a few hundred milliseconds; a Ctrl+C in that time
printed a KeyboardInterrupt traceback and exited -2. Until ``cli.main`` (which answers Ctrl+C itself)
is imported, Ctrl+C ends the process at once with 130, the exit code of a cancel: nothing was written yet.
From then on it raises ``cli.interrupt.CommandInterrupted`` (never Python's own KeyboardInterrupt, which
can end ``python -m relay_studio`` with -2: see that module), which the command turns into 130 and one
sentence; a run installs its own handler that cancels it.
"""

from __future__ import annotations

import os
import signal
from types import FrameType

from relay_studio.cli.interrupt import CANCELLED_SENTENCE, raise_interrupted

EXIT_CANCELLED = 130


def _quit_quietly(_signum: int, _frame: FrameType | None) -> None:
    os.write(2, (CANCELLED_SENTENCE + "\n").encode())
    os._exit(EXIT_CANCELLED)


def _cancelled() -> int:
    import sys

    sys.stderr.write(CANCELLED_SENTENCE + "\n")
    return EXIT_CANCELLED


# At import, not in main(): this module is only ever imported to start the command, and the sooner the
# quiet handler is in place, the smaller the moment in which a Ctrl+C could still print a traceback.
try:
    _PREVIOUS = signal.signal(signal.SIGINT, _quit_quietly)
except ValueError:  # not the main thread: nobody can press Ctrl+C at us
    _PREVIOUS = None


def main() -> int:
    """``--help``, ``--version`` and bad usage are answered, and the window is opened, by the light parser
    and ``window_start`` alone; only a command imports the CLI with its runtime. A window start is parsed
    without building the sub-commands (``parse_window_args``), so the first paint waits for less."""
    import sys

    from relay_studio.cli.parser import build_parser, parse_window_args
    from relay_studio.domain.secret_values import ScrubbedStream

    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = ScrubbedStream(out), ScrubbedStream(err)  # what cli.main does for every command
    try:
        # exits here for --help, --version and a mistyped argument
        args = parse_window_args(sys.argv[1:]) or build_parser().parse_args()
        if args.smoke or args.command is None:
            from relay_studio.window_start import open_window

            if _PREVIOUS is not None:
                signal.signal(signal.SIGINT, _PREVIOUS)
            return open_window(args)
    except KeyboardInterrupt:  # in the instant between the two handlers, or before the window's loop
        return _cancelled()
    finally:
        sys.stdout, sys.stderr = out, err
    from relay_studio.cli import main as cli_main

    try:
        if _PREVIOUS is not None:
            signal.signal(signal.SIGINT, raise_interrupted)
        return cli_main()
    except KeyboardInterrupt:  # in the instant between the two handlers, or in cli.main's own clean-up
        return _cancelled()

"""Opening the window (or ``--smoke``) from parsed arguments, before anything heavy is imported.

``launch.py`` calls it straight after parsing, so the window's first paint does not wait for the
command line's runtime imports; ``cli.host`` uses the same function. The start window is painted here,
from Qt alone (``start_window.py``), the real window shown in its place (``window_open.py``), and both are
handed to the app (or the smoke test), which loads the runtime behind them.
"""

from __future__ import annotations

import argparse
import os
import sys

from relay_studio.data_dir import default_data_dir
from relay_studio.domain import error_codes as codes

EXIT_FAILED = 3


def open_window(args: argparse.Namespace) -> int:
    """The window (or --smoke), once a display and the system libraries Qt needs are known to be there."""
    from relay_studio import platform_check

    if args.smoke:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    elif args.screenshot is not None:
        platform_check.offscreen_without_display(os.environ)
    problem = platform_check.check_window_start()
    if problem is not None:
        return platform_check.report(problem, args.data_dir or default_data_dir())
    data_dir = args.data_dir or default_data_dir()
    shell = window = None
    if args.screenshot is None:  # paint first: before asyncio, qasync and the runtime are imported
        try:
            from relay_studio.start_window import paint_start_window, window_settings
        except ImportError:
            pass  # reported below, where the rest of Qt fails to load too
        else:
            settings = window_settings(data_dir) if (args.data_dir or not args.smoke) else None
            shell = paint_start_window(settings)
            if settings is not None:  # the real window in its place, taking keys, the runtime still to load
                from relay_studio.window_open import show_window

                window = show_window(shell, settings)
    try:
        from relay_studio.app import main as window_main
        from relay_studio.smoke import run_smoke
    except ImportError as exc:  # a library the check does not know of
        missing = platform_check.StartProblem(
            codes.STARTUP_QT_UNAVAILABLE, f"relay-studio: Qt could not be loaded ({exc}); 'relay-studio demo' and the "
            "other commands still work without it.")
        return platform_check.report(missing, args.data_dir or default_data_dir())
    if args.smoke:
        return run_smoke(args.data_dir, shell=shell, window=window)
    from relay_studio.store.data_folder import StoreError  # after the first paint (it loads sqlite3)

    try:
        return window_main(data_dir=data_dir, screenshot=args.screenshot, chat=args.window_chat,
                           run=args.window_run, demo_approval=args.demo_approval, shell=shell,
                           window=window)
    except StoreError as exc:  # a damaged or unusable data folder: one line, nothing written
        sys.stderr.write(f"error: {exc.message} [{exc.code}]\n")
        return EXIT_FAILED

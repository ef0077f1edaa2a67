"""The window's wording of runtime and provider messages that were written for the command line.

A message that tells the creator to type a command (``relay-studio connections add``, ``--model``)
is fine in a terminal; in the window it says what to do in the window instead. Known codes get
the window's sentence; other messages pass through, with a command-line hint replaced.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication


def window_words() -> dict[str, str]:
    """What the window says to do, per error code whose CLI wording names a command (in its language)."""
    return {
        "connection.unknown": QCoreApplication.translate(
            "WindowWords", "Open Settings → Connections (Ctrl+,) to add it, or pick another connection in the "
            "agent's profile."),
        "provider.no_model": QCoreApplication.translate(
            "WindowWords", "No model is chosen for this agent. Open Settings → Connections (Ctrl+,) to give the "
            "connection a default model, or name one in the agent's profile (Model)."),
    }


_COMMAND = re.compile(r"[^.;]*(?:relay-studio connections|connections add|--model)[^.;]*[.;]?")


def for_window(code: str | None, message: str) -> str:
    """``message`` as the window shows it: no command to type, the place in the window instead."""
    if code == "provider.no_model":
        return window_words()[code]
    if not _COMMAND.search(message):
        return message
    kept = re.sub(r"\s{2,}", " ", _COMMAND.sub("", message)).strip().rstrip(" ;,")
    if kept and not kept.endswith((".", "!", "?")):
        kept += "."
    tail = window_words().get(code or "") or QCoreApplication.translate(
        "WindowWords", "Open Settings → Connections (Ctrl+,) to add or change a connection.")
    return f"{kept} {tail}".strip()

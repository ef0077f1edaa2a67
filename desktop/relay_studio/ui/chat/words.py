"""The window's wording of runtime and provider messages that were written for the command line.

A message that tells the creator to type a command (``relay-studio connections add``, ``--model``)
is fine in a terminal; in the window it says what to do in the window instead. Known codes get
the window's sentence; other messages pass through, with a command-line hint replaced.
"""

from __future__ import annotations

import re

_SETTINGS = "Open Settings → Connections (Ctrl+,)"

#: What the window says to do, per error code whose CLI wording names a command.
WINDOW_WORDS: dict[str, str] = {
    "connection.unknown": f"{_SETTINGS} to add it, or pick another connection in the agent's profile.",
    "provider.no_model": f"No model is chosen for this agent. {_SETTINGS} to give the connection a default "
                         "model, or name one in the agent's profile (Model).",
}
_DEFAULT_TAIL = f"{_SETTINGS} to add or change a connection."

_COMMAND = re.compile(r"[^.;]*(?:relay-studio connections|connections add|--model)[^.;]*[.;]?")


def for_window(code: str | None, message: str) -> str:
    """``message`` as the window shows it: no command to type, the place in the window instead."""
    if code == "provider.no_model":
        return WINDOW_WORDS[code]
    if not _COMMAND.search(message):
        return message
    kept = re.sub(r"\s{2,}", " ", _COMMAND.sub("", message)).strip().rstrip(" ;,")
    if kept and not kept.endswith((".", "!", "?")):
        kept += "."
    tail = WINDOW_WORDS.get(code or "", _DEFAULT_TAIL)
    return f"{kept} {tail}".strip()

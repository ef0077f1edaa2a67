"""Reading a JSON file a creator gives us (a profile, a script) without trusting its size or shape.

Limits, each refused with one sentence and its own code before anything is written:

- a profile file at most ``MAX_PROFILE_BYTES`` (1 MiB), a script at most ``MAX_SCRIPT_BYTES`` (16 MiB):
  a profile is frozen into every run's input, so a 50 MB one would be copied into each run;
- a regular file (``/dev/zero`` or a FIFO is ``input.unreadable``, never read: ``domain/input_files.py``);
- UTF-8 text (``input.not_utf8`` names the byte offset);
- nesting at most ``MAX_DEPTH`` (64) objects and arrays deep (deeper JSON crashed the recursive parser
  and the validators with ``RecursionError``);
- integers at most ``MAX_INT_DIGITS`` (18) digits, no ``NaN``/``Infinity`` (huge integers overflowed the
  float fields or hit Python's 4,300-digit limit as an unexplained ``ValueError``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.input_files import read_input

MAX_PROFILE_BYTES = 1024 * 1024
MAX_SCRIPT_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
MAX_INT_DIGITS = 18

TOO_LARGE = codes.INPUT_TOO_LARGE
NOT_UTF8 = codes.INPUT_NOT_UTF8
TOO_DEEP = codes.INPUT_TOO_DEEPLY_NESTED
NUMBER_TOO_LARGE = codes.INPUT_NUMBER_TOO_LARGE
INVALID_JSON = codes.INPUT_INVALID_JSON
UNREADABLE = codes.INPUT_UNREADABLE


class InputRejected(CodedError, ValueError):
    """A JSON document past a limit or unreadable; ``code`` names which, ``message`` the problem."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise InputRejected(NUMBER_TOO_LARGE, f"it has a number with more than {MAX_INT_DIGITS} digits")
    return int(text)


def _constant(name: str) -> Any:
    raise InputRejected(NUMBER_TOO_LARGE, f"'{name}' is not a number JSON allows")


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                break
            stack.extend((child, level + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def loads(text: str, what: str) -> Any:
    """JSON text within the limits above; ``what`` names the input in the sentence ("The profile x.json")."""
    try:
        value = json.loads(text, parse_int=_int, parse_constant=_constant)
    except InputRejected as exc:
        raise InputRejected(exc.code, f"{what} cannot be used: {exc.message}.") from None
    except RecursionError:
        raise InputRejected(TOO_DEEP, f"{what} is nested more than {MAX_DEPTH} levels deep.") from None
    except json.JSONDecodeError as exc:
        raise InputRejected(
            INVALID_JSON, f"{what} is not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}."
        ) from None
    if _depth(value) > MAX_DEPTH:
        raise InputRejected(TOO_DEEP, f"{what} is nested more than {MAX_DEPTH} levels deep.")
    return value


def read_text(path: Path, noun: str, max_bytes: int) -> str:
    """The file's text, refused when too large (checked before reading) or not UTF-8."""
    what = f"The {noun} {path.name}"
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise InputRejected(
                TOO_LARGE, f"{what} is {size / 1024 / 1024:.1f} MB; the limit is {max_bytes // 1024 // 1024} MB."
            )
        raw = read_input(path, max_bytes)
    except OSError as exc:
        raise InputRejected(UNREADABLE, f"Cannot read {noun} {path}: {exc.strerror or exc}.") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputRejected(NOT_UTF8, f"{what} is not UTF-8 text (byte {exc.start}).") from None


def read_json(path: Path, noun: str, max_bytes: int) -> Any:
    """``noun`` is what the file is to the creator ("profile", "script")."""
    return loads(read_text(path, noun, max_bytes), f"The {noun} {path.name}")

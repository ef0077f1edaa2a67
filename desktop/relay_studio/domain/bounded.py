"""Reading what an import brings (entry YAML, card and World Info JSON, chat lines, zip members) within
stated limits, before anything is written.

Each limit is refused with one ``LibraryError`` naming the file (``docs/library.md`` states them):

- nesting at most ``MAX_DEPTH`` (64) mappings and lists deep: deeper values were written, then failed
  to index ("Maximum serialization depth exceeded") on every later open;
- integers at most ``MAX_INT_DIGITS`` (64) digits: Python refuses past 4,300 with a bare ``ValueError``;
- YAML aliases expanding to at most ``MAX_ALIAS_NODES`` (1,000) nodes in all: an alias bomb of a few
  hundred bytes expands to gigabytes. The YAML is composed into nodes first (aliases stay shared, so
  this is small), measured, and only then built into values;
- no lone UTF-16 surrogates (``"\\ud800"`` in JSON): such text cannot be written as UTF-8;
- a zip member read at most ``limit`` bytes, counted while it is decompressed (never from the size its
  header claims), and any damage (encryption, a bad CRC, an unknown method) is one sentence.
"""

from __future__ import annotations

import copy
import json
import re
import zipfile
import zlib
from typing import IO, Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from relay_studio.domain import error_codes as codes
from relay_studio.domain.coded_error import CodedError

MAX_DEPTH = 64
MAX_INT_DIGITS = 64
MAX_ALIAS_NODES = 1000

_SURROGATE = re.compile("[\ud800-\udfff]")
_INT_TAG = "tag:yaml.org,2002:int"


class LimitExceeded(CodedError, ValueError):
    """A value past one of the limits above; ``message`` completes "<source> …"."""


def too_deep() -> LimitExceeded:
    return LimitExceeded(codes.LIBRARY_TOO_DEEPLY_NESTED, f"is nested more than {MAX_DEPTH} levels deep")


def _big_int() -> LimitExceeded:
    return LimitExceeded(codes.LIBRARY_NUMBER_TOO_LARGE, f"has an integer of more than {MAX_INT_DIGITS} digits")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _big_int()
    return int(text)


def check_value(value: Any) -> None:
    """Raises ``LimitExceeded`` for a decoded value past the depth limit or holding a lone surrogate."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, str):
            if _SURROGATE.search(node):
                raise LimitExceeded(codes.LIBRARY_LONE_SURROGATE,
                                    "holds a lone UTF-16 surrogate (such as \\ud800), which is not text")
            continue
        if isinstance(node, int) and not isinstance(node, bool) and node.bit_length() > MAX_INT_DIGITS * 3.33:
            raise _big_int()
        if isinstance(node, dict | list):
            if level + 1 > MAX_DEPTH:
                raise too_deep()
            if isinstance(node, dict):
                stack.extend((k, level + 1) for k in node)
                stack.extend((v, level + 1) for v in node.values())
            else:
                stack.extend((v, level + 1) for v in node)


def load_json(text: str) -> Any:
    """JSON within the limits; ``json.JSONDecodeError`` for text that is not JSON."""
    try:
        value = json.loads(text, parse_int=_parse_int)
    except RecursionError:
        raise too_deep() from None
    check_value(value)
    return value


def _check_nodes(root: Node) -> None:
    """Depth, integer size and alias expansion of a composed YAML document, without expanding it."""
    sizes: dict[int, int] = {}  # node id -> nodes it expands to
    depths: dict[int, int] = {}
    seen: set[int] = set()
    open_: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            open_.discard(key)
            kids = _children(node)
            sizes[key] = 1 + sum(sizes[id(k)] for k in kids)
            depths[key] = 1 + max((depths[id(k)] for k in kids), default=0) if kids else 0
            if depths[key] > MAX_DEPTH:
                raise too_deep()
            continue
        if key in open_:
            raise LimitExceeded(codes.LIBRARY_YAML_ALIAS_BUDGET, "has a YAML alias that refers to itself")
        if key in seen:
            continue
        seen.add(key)
        if isinstance(node, ScalarNode):
            if node.tag == _INT_TAG and len(str(node.value).lstrip("+-").replace("_", "")) > MAX_INT_DIGITS:
                raise _big_int()
            sizes[key], depths[key] = 1, 0
            continue
        open_.add(key)
        stack.append((node, True))
        stack.extend((k, False) for k in _children(node))
    if _alias_expansion(root, sizes) > MAX_ALIAS_NODES:
        raise LimitExceeded(codes.LIBRARY_YAML_ALIAS_BUDGET,
                            f"has YAML aliases that expand to more than {MAX_ALIAS_NODES:,} values")


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _alias_expansion(root: Node, sizes: dict[int, int]) -> int:
    """How many nodes the aliases add: every reference to a node after its first one repeats its whole
    (expanded) size."""
    referenced: set[int] = set()
    extra = 0
    stack = [root]
    while stack:
        node = stack.pop()
        key = id(node)
        if key in referenced:
            extra += sizes[key]
            if extra > MAX_ALIAS_NODES:
                return extra
            continue
        referenced.add(key)
        stack.extend(_children(node))
    return extra


def load_yaml(text: str) -> Any:
    """YAML (the safe loader) within the limits; ``yaml.YAMLError`` for text that is not YAML."""
    loader = yaml.SafeLoader(text)
    try:
        try:
            node = loader.get_single_node()
        except RecursionError:
            raise too_deep() from None
        if node is None:
            return None
        _check_nodes(node)
        try:
            value = loader.construct_document(node)
        except RecursionError:
            raise too_deep() from None
    finally:
        loader.dispose()
    check_value(value)
    return value


#: what a damaged or hostile zip member raises while it is read
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, ValueError, OSError,
              EOFError, zlib.error, KeyError)


def read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> bytes | None:
    """A member's bytes, decompressed in pieces and counted as they come; None past ``limit`` bytes
    (whatever its header claims). Raises one of ``ZIP_ERRORS`` for a damaged member."""
    out = bytearray()
    return bytes(out) if _stream(archive, info, limit, out) is not None else None


def member_size(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> int | None:
    """How many bytes a member really expands to (read through, nothing kept); None past ``limit``."""
    return _stream(archive, info, limit, None)


def _stream(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int, keep: bytearray | None) -> int | None:
    # zipfile stops a member at the size its header declares (and a CRC taken of just that much passes):
    # read with no size of its own instead, so a stream that expands past its header is counted as it
    # decompresses, and a member whose real size is not the declared one is refused as damaged.
    unbounded = copy.copy(info)
    unbounded.file_size = 1 << 62  # never reached: the loop stops past ``limit``
    count = 0
    handle: IO[bytes]
    with archive.open(unbounded) as handle:
        while True:
            piece = handle.read(min(1 << 20, limit + 1 - count))
            if not piece:
                if count != info.file_size:
                    raise zipfile.BadZipFile(f"{info.filename} holds {count} bytes, not the {info.file_size} its "
                                             "header says")
                return count
            count += len(piece)
            if keep is not None:
                keep += piece
            if count > limit:
                return None


def zip_problem(exc: BaseException) -> str:
    """What went wrong with a zip, in a few words for a sentence."""
    text = str(exc)
    if isinstance(exc, RuntimeError) and ("encrypt" in text.lower() or "password" in text.lower()):
        return "it is encrypted"
    if isinstance(exc, NotImplementedError):
        return "it uses a compression method this version does not read"
    if "CRC" in text:
        return "a member fails its CRC check (the file is damaged)"
    return "it is damaged"

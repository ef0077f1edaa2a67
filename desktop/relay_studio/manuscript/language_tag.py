"""A book's language as a BCP 47 tag (RFC 5646): checked and written in its canonical case.

EPUB's ``dc:language`` and DOCX's ``w:lang`` must be such a tag; ``en_US`` (a locale name) failed epubcheck
(issue 39). Separators ``_`` become ``-``; the language is lower case, a script title case (``Hant``), a
region upper case (``US``), the rest lower case. Anything that cannot be a tag (spaces, control characters,
other letters) is refused with ``export.bad_language``.
"""

from __future__ import annotations

import re

from relay_studio.domain.error_codes import EXPORT_BAD_LANGUAGE
from relay_studio.manuscript.errors import ExportError

_TAG = re.compile(
    r"(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})"  # language, extended language subtags
    r"(?:-[a-z]{4})?"  # script
    r"(?:-(?:[a-z]{2}|[0-9]{3}))?"  # region
    r"(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*"  # variants
    r"(?:-[0-9a-wy-z](?:-[a-z0-9]{2,8})+)*"  # extensions
    r"(?:-x(?:-[a-z0-9]{1,8})+)?"  # private use
    r"|x(?:-[a-z0-9]{1,8})+",
    re.ASCII,
)


def normalise_language(text: str) -> str:
    """The canonical form of the tag ``text``; raises ``ExportError`` when it cannot be one."""
    tag = text.strip().replace("_", "-").lower()
    if not _TAG.fullmatch(tag):
        shown = text.encode("unicode_escape", "backslashreplace").decode("ascii")[:40]
        raise ExportError(EXPORT_BAD_LANGUAGE, f"'{shown}' is not a language tag; give one such as en, en-US, de, "
                                               "zh-Hant-TW or ja.")
    parts = tag.split("-")
    out = [parts[0]]
    for i, part in enumerate(parts[1:], start=1):
        if len(part) == 1:  # an extension or private use: the rest stays lower case
            out += parts[i:]
            break
        out.append(part.title() if len(part) == 4 and part.isalpha() else part.upper() if len(part) == 2 else part)
    return "-".join(out)

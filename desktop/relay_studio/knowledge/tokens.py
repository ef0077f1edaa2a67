"""What FTS5 indexes and how a question becomes an FTS5 query.

The index uses ``porter unicode61 remove_diacritics 2``: English and German words are tokens, English
endings are stemmed, accents fold (``Kaelte`` does not match ``Kälte``, but ``Kalte`` does). unicode61
keeps a run of Chinese or Japanese characters as one token, which would only match whole runs, so runs of
CJK characters are rewritten into overlapping bigrams (``魔法使い`` -> ``魔法 法使 使い``) plus the last
character alone, in the index and in queries alike. A one-character query becomes a prefix query.
"""

from __future__ import annotations

import re

_CJK = (
    "\u3040-\u309f"  # hiragana
    "\u30a0-\u30ff"  # katakana
    "\u3400-\u4dbf"  # CJK extension A
    "\u4e00-\u9fff"  # CJK unified ideographs
    "\uf900-\ufaff"  # compatibility ideographs
    "\uac00-\ud7af"  # hangul syllables
    "\uff66-\uff9f"  # half-width katakana
)
_CJK_RUN = re.compile(f"[{_CJK}]+")
#: A CJK run up to this long is taken as one word and must match whole.
PHRASE_RUN = 4
_TERM = re.compile(f"[{_CJK}]+|[^\\W_]+", re.UNICODE)


def _grams(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)] + [run[-1]]


def index_text(text: str) -> str:
    """The text FTS5 stores for a chunk: the same words, with CJK runs as bigrams."""
    return _CJK_RUN.sub(lambda m: " " + " ".join(_grams(m.group(0))) + " ", text)


def fts_query(query: str) -> str | None:
    """A safe FTS5 query that matches any of the question's terms (BM25 ranks passages with more and
    rarer terms first). A short CJK run (a word) must match as a phrase of its bigrams; a longer one (a
    sentence) matches by any of its bigrams. None: nothing to search for."""
    parts: list[str] = []
    for m in _TERM.finditer(query):
        term = m.group(0)
        if _CJK_RUN.fullmatch(term):
            if len(term) == 1:
                parts.append(f'"{term}"*')
            else:
                grams = [term[i : i + 2] for i in range(len(term) - 1)]
                if len(term) <= PHRASE_RUN:
                    parts.append('"' + " ".join(grams) + '"')
                else:  # a sentence: any of its bigrams, ranked by how many match
                    parts.extend(f'"{g}"' for g in grams)
        else:
            parts.append('"' + term.replace('"', "") + '"')
    if not parts:
        return None
    return " OR ".join(dict.fromkeys(parts))


def terms(query: str) -> list[str]:
    """The question's words, lower-cased, for the plain-scan peer of the benchmark and highlighting."""
    return [m.group(0).lower() for m in _TERM.finditer(query)]

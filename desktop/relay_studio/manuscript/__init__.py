"""Manuscript export: a chat's answers (or a run's ``output/`` files) as a book in DOCX (standard manuscript
format or Heading styles), EPUB 3, Markdown or plain text (``docs/export.md``).

Headless: no Qt, no store. The hosts read the messages (``ChatStore.messages``) or the run's folder, and hand
the records to ``answers_of`` / ``output_answers``, then ``build`` and ``export``; ``export`` runs on any
thread (the window runs it on a worker thread with a progress callback).
"""

from __future__ import annotations

from relay_studio.manuscript.export import FORMATS, PRESETS, SUFFIXES, ExportError, ExportResult, export, format_for
from relay_studio.manuscript.structure import (
    Answer,
    Chapter,
    Manuscript,
    Scene,
    answers_of,
    build,
    count_words,
    guess_language,
    output_answers,
)

__all__ = ["FORMATS", "PRESETS", "SUFFIXES", "Answer", "Chapter", "ExportError", "ExportResult", "Manuscript",
           "Scene", "answers_of", "build", "count_words", "export", "format_for", "guess_language",
           "output_answers"]

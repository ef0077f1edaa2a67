"""What the command writes to standard error: each write is one line as the terminal shows it.

Error sentences quote what the creator typed or a file held (a chat's name, a run id, a server's words);
a control character there (a newline, an escape sequence) split the one line of an error in two or drove the
terminal (issue 39). Every write keeps its final newline; any other control or format character is shown
escaped (``domain/safe_text.for_terminal``). Secrets are scrubbed first, as on standard output.
"""

from __future__ import annotations

from typing import Any, TextIO

from relay_studio.domain.safe_text import for_terminal
from relay_studio.domain.secret_values import scrub


class OneLineStream:
    """Standard error: every write shown escaped except its final newline, no secret of any shape."""

    def __init__(self, inner: TextIO) -> None:
        self.inner = inner

    def write(self, text: str) -> int:
        body, end = (text[:-1], "\n") if text.endswith("\n") else (text, "")
        self.inner.write(for_terminal(scrub(body), None) + end)
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

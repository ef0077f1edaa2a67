"""``Changes``: what one change wrote, for the views to decide whether to refresh (Anki's ``OpChanges``).

Plain data, with no import of a store, so the window's first paint (``ui/main_window.py``) can name it before the
runtime loads. The studio announces each as ``operation_did_execute(changes, initiator)`` (``ui/operations/ops.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


def _ids(value: str | None) -> frozenset[str]:
    return frozenset({value}) if value else frozenset()


@dataclass(frozen=True)
class Changes:
    """What one change wrote, for the views to decide whether to refresh (Anki's ``OpChanges``).

    ``chats``: the chats made, renamed or deleted (the chat lists); ``messages``: the chats whose messages changed;
    ``library``, ``knowledge``, ``skills``, ``canon``: the projects whose story library, knowledge documents,
    Skills or canon changed; ``run``: the run started (its end is the studio's ``run_finished``).
    ``initiator`` is who asked (a view, or None)."""

    chats: frozenset[str] = frozenset()
    messages: frozenset[str] = frozenset()
    profiles: bool = False
    projects: bool = False
    library: frozenset[str] = frozenset()
    knowledge: frozenset[str] = frozenset()
    skills: frozenset[str] = frozenset()
    canon: frozenset[str] = frozenset()
    run: str = ""
    initiator: object = field(default=None, compare=False)

    @classmethod
    def of(cls, *, chats: str | None = None, messages: str | None = None, profiles: bool = False,
           projects: bool = False, library: str | None = None, knowledge: str | None = None,
           skills: str | None = None, canon: str | None = None, run: str = "") -> Changes:
        """One change's record, each project or chat named by its id (the common case: one of each)."""
        return cls(_ids(chats), _ids(messages), profiles, projects, _ids(library), _ids(knowledge), _ids(skills),
                   _ids(canon), run)

    def project_files(self) -> frozenset[str]:
        """The projects whose files (entries, knowledge documents, Skills) changed."""
        return self.library | self.knowledge | self.skills

    def __or__(self, other: Changes) -> Changes:
        return Changes(self.chats | other.chats, self.messages | other.messages, self.profiles or other.profiles,
                       self.projects or other.projects, self.library | other.library,
                       self.knowledge | other.knowledge, self.skills | other.skills, self.canon | other.canon,
                       self.run or other.run, self.initiator or other.initiator)

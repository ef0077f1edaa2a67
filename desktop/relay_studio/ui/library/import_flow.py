"""The codex's import, once the files are read (issue 25): file by file, all or nothing each.

For each file the entries that differ from ones already there (``library/overlap.py``; the same ones merge
silently) are asked about in ``ImportConflictQuestion``: Replace, Keep both or Skip, with what differs and
"Do the same for the other differing entries of this import", so one answer can do for the whole import.
Only when every entry of the file has its answer is the file added. Once all the entries are in,
``CardAgentQuestion`` asks whether to make agents that play the cards' characters; a card with its own
system prompt or post-history instructions shows them in ``CardInstructionsDialog`` to accept or edit
(they are a stranger's instructions to the agent; never applied unseen). Dialogs are opened, never exec'd.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from relay_studio.library.entries import LibraryEntry, LibraryError
from relay_studio.library.overlap import Conflict, ImportOutcome, Resolution
from relay_studio.runtime.card_profile import card_instructions
from relay_studio.ui import i18n
from relay_studio.ui.library import named

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio

Results = list[tuple[Path, list[LibraryEntry] | LibraryError]]


class CardInstructionsDialog(QDialog):
    """The card's own system prompt and post-history instructions, to accept or edit before the agent is made."""

    def __init__(self, character: LibraryEntry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CardInstructionsDialog")
        self.character = character
        self.setWindowTitle(i18n.arg(self.tr("The card's instructions for “%1”"), character.name))
        layout = QVBoxLayout(self)
        note = QLabel(self.tr("The character card tells the agent this. Whoever made the card wrote it: read it, "
                              "change it or empty it before the agent follows it."))
        note.setWordWrap(True)
        layout.addWidget(note)
        own, standing = card_instructions(character)
        self.system_prompt = named(QPlainTextEdit(own), "CardSystemPrompt")
        self.standing = named(QPlainTextEdit(standing), "CardPostHistory")
        for title, edit in ((self.tr("System prompt of the card"), self.system_prompt),
                            (self.tr("Post-history instructions (after the chat, every turn)"), self.standing)):
            label = QLabel(title)
            label.setBuddy(edit)
            edit.setAccessibleName(title)  # a screen reader names the field as the label does
            layout.addWidget(label)
            layout.addWidget(edit)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.create_button = named(buttons.addButton(self.tr("Create the agent"),
                                                     QDialogButtonBox.ButtonRole.AcceptRole), "CardCreateAgent")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


class ImportFlow(QObject):
    """One import of read files into one project; ``done(lines, first_path)`` when it has finished."""

    def __init__(self, studio: Studio, parent: QWidget, project_id: str, results: Results,
                 done: Callable[[list[str], str | None], None]) -> None:
        super().__init__(parent)
        self.studio = studio
        self.window = parent
        self.project_id = project_id
        self.pending = list(results)
        self.done = done
        self.lines: list[str] = []
        self.first_path: str | None = None
        # an answer the creator gave "for all" the differing entries of this import
        self.for_all: Resolution | None = None
        self.file: tuple[Path, list[LibraryEntry]] | None = None
        self.questions: list[Conflict] = []
        self.answers: dict[str, Resolution] = {}
        self.characters: list[LibraryEntry] = []
        self.card_files: dict[int, Path] = {}  # id of a character entry -> the card file it came from
        self.portraits_pending = 0  # card pictures being kept off the GUI thread: the report waits for them
        self.finished = False
        self.question: QMessageBox | None = None
        self.dialog: CardInstructionsDialog | None = None

    def start(self) -> None:
        self._next_file()

    # -- entries -----------------------------------------------------------------------------
    def _next_file(self) -> None:
        while self.pending:
            path, got = self.pending.pop(0)
            if isinstance(got, LibraryError):
                self.lines.append(f"⚠ {got.message} [{got.code}]")
                continue
            self.file = (path, got)
            self.answers = {}
            # the entries that differ from the library's: a query (the index synced with the folder first)
            self.studio.library.read_conflicts(self, self.project_id, got, self._on_conflicts, self._unchecked)
            return
        self._after_entries()

    def _on_conflicts(self, conflicts: list[Conflict]) -> None:
        self.questions = conflicts
        self._ask_next()

    def _unchecked(self, line: str) -> None:
        """The library could not be read to check the file against it, or the file could not be added (its sentence
        and code; nothing of it written): the next one goes on."""
        self.lines.append(line)
        self.file = None
        self._next_file()

    def _ask_next(self) -> None:
        while self.questions and self.for_all is not None:
            self.answers[self.questions.pop(0).incoming.name] = self.for_all
        if not self.questions:
            self._add_file()
            return
        conflict = self.questions[0]
        assert self.file is not None
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("An entry differs"),
                          i18n.arg(self.tr("%1 has “%2”, which differs from “%3” in the story library."),
                                   self.file[0].name, conflict.incoming.name, conflict.existing[0].entry.name),
                          QMessageBox.StandardButton.NoButton, self.window)
        box.setObjectName("ImportConflictQuestion")
        box.setInformativeText("\n".join(conflict.differences))
        buttons: dict[QPushButton, Resolution] = {
            named(box.addButton(self.tr("Replace"), QMessageBox.ButtonRole.AcceptRole), "ConflictReplace"): "replace",
            named(box.addButton(self.tr("Keep both"), QMessageBox.ButtonRole.AcceptRole),
                  "ConflictKeepBoth"): "keep-both",
            named(box.addButton(self.tr("Skip"), QMessageBox.ButtonRole.RejectRole), "ConflictSkip"): "skip",
        }
        if len(self.questions) > 1 or self.pending:
            # parented to the box: QMessageBox does not keep a Python reference to it
            box.setCheckBox(named(QCheckBox(self.tr("Do the same for the other differing entries of this import"),
                                            box), "ConflictForAll"))
        box.finished.connect(lambda _result: self._on_answer(box, buttons))
        box.finished.connect(box.deleteLater)
        self.question = box
        box.open()

    def _on_answer(self, box: QMessageBox, buttons: dict[QPushButton, Resolution]) -> None:
        clicked = box.clickedButton()
        answer: Resolution = buttons.get(clicked, "skip") if isinstance(clicked, QPushButton) else "skip"
        conflict = self.questions.pop(0)
        self.answers[conflict.incoming.name] = answer
        check = box.checkBox()
        if check is not None and check.isChecked():
            self.for_all = answer
        self._ask_next()

    def _add_file(self) -> None:
        """The file's entries added the one way (planned off the GUI thread, only its files written on the writer
        lane); the next file once it is in or refused."""
        assert self.file is not None
        path, got = self.file
        answers = dict(self.answers)
        self.studio.library.start_add_entries(self, self.project_id, path.name, got,
                                              lambda outcome: self._on_added(path, got, outcome),
                                              on_conflict=lambda c: answers.get(c.incoming.name, "skip"),
                                              show=self._unchecked)

    def _on_added(self, path: Path, got: list[LibraryEntry], outcome: ImportOutcome) -> None:
        self.lines += self._report(path.name, outcome)
        written = outcome.paths
        self.first_path = self.first_path or (written[0] if written else None)
        skipped = set(outcome.skipped)
        found = [e for e in got if e.type == "character" and e.card is not None and e.name not in skipped]
        self.characters += found
        self.card_files.update((id(e), path) for e in found)  # its picture becomes the agent's portrait
        self._next_file()

    def _report(self, source: str, out: ImportOutcome) -> list[str]:
        def names(items: list[str]) -> str:
            return ", ".join(f"“{n}”" for n in items)

        written = [*out.added, *out.replaced, *out.kept_both]
        lines = [i18n.arg(self.tr("%1: imported %2."), source, names(written)) if written
                 else i18n.arg(self.tr("%1: nothing new to import."), source)]
        if out.identical:
            lines.append(i18n.arg(self.tr("Already in the library, unchanged: %1."), names(out.identical)))
        if out.replaced:
            lines.append(i18n.arg(self.tr("Replaced: %1."), names(out.replaced)))
        if out.kept_both:
            lines.append(i18n.arg(self.tr("Kept both; the imported copies are %1."), names(out.kept_both)))
        if out.skipped:
            lines.append(i18n.arg(self.tr("Skipped (they differ from the entries there): %1."), names(out.skipped)))
        for name, count in out.hidden.items():
            lines.append(i18n.arg(self.tr("Removed %1 hidden characters from “%2” (the imported file keeps them)."),
                                  str(count), name))
        return lines

    # -- agents ------------------------------------------------------------------------------
    def _after_entries(self) -> None:
        if not self.characters:
            self._finish()
            return
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Import character cards"),
                          i18n.arg(self.tr("Also create an agent that plays the character? (%1)"),
                                   ", ".join(c.name for c in self.characters)),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self.window)
        box.setObjectName("CardAgentQuestion")
        box.setInformativeText(self.tr("The agent answers in the chat as the character and can look things up in "
                                       "the story library."))
        box.finished.connect(self._on_agent_answer)
        box.finished.connect(box.deleteLater)
        self.question = box
        box.open()

    def _on_agent_answer(self, result: int) -> None:
        if result != QMessageBox.StandardButton.Yes:
            self.characters = []
        self._next_agent()

    def _next_agent(self) -> None:
        if not self.characters:
            self._finish()
            return
        character = self.characters.pop(0)
        if not any(card_instructions(character)):
            self._make_agent(character, "", "")
            self._next_agent()
            return
        dialog = CardInstructionsDialog(character, self.window)
        dialog.finished.connect(lambda result: self._on_instructions(dialog, result))
        dialog.finished.connect(dialog.deleteLater)
        self.dialog = dialog
        dialog.open()

    def _on_instructions(self, dialog: CardInstructionsDialog, result: int) -> None:
        if result == QDialog.DialogCode.Accepted:
            self._make_agent(dialog.character, dialog.system_prompt.toPlainText(), dialog.standing.toPlainText())
        else:
            self.lines.append(i18n.arg(self.tr("No agent was made for “%1”."), dialog.character.name))
        self._next_agent()

    def _make_agent(self, character: LibraryEntry, own: str, standing: str) -> None:
        try:
            made = self.studio.agents.add_card_agent(character, own, standing)
        except (LibraryError, ValueError) as exc:
            self.lines.append(f"⚠ {exc}")
            return
        self.lines.append(i18n.arg(self.tr("Made the agent “%1”: it is in the agent list."),
                                   made.profile.display_name))
        card = self.card_files.get(id(character))
        if card is not None:  # its picture becomes the agent's portrait
            self.portraits_pending += 1
            self.studio.agents.keep_card_portrait(made.profile.id, card, self._on_portrait)

    def _on_portrait(self, note: str) -> None:
        self.portraits_pending -= 1
        if note:  # the agent is made; its picture was refused and it shows initials
            self.lines.append(i18n.arg(self.tr("⚠ The card's picture was not kept (the agent shows initials): %1"),
                                       note))
        if self.finished and not self.portraits_pending:
            self.done(self.lines, self.first_path)

    def _finish(self) -> None:
        self.finished = True
        if not self.portraits_pending:
            self.done(self.lines, self.first_path)

"""The first launch's card: the built-in relay and a button that runs it offline."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from relay_studio.ui.chat.card_chrome import fit_to_column
from relay_studio.ui.profiles.wording import QT_TRANSLATE_NOOP

#: the built-in agents' descriptions (``resources/profiles``), shown in the window's language; a description the
#: creator wrote (a copy they edited) is shown as written
BUILTIN_DESCRIPTIONS: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("BuiltinAgents", "Checks a draft against the story library and reports what contradicts "
                                       "it."),
    QT_TRANSLATE_NOOP("BuiltinAgents", "Reads a chapter against the canon and reports what contradicts it, "
                                       "quoting both."),
    QT_TRANSLATE_NOOP("BuiltinAgents", "Reads the story library and the creator's documents, has every draft "
                                       "checked by a consistency reviewer before writing it, and writes "
                                       "entries and texts only as changes the creator approves."),
    QT_TRANSLATE_NOOP("BuiltinAgents", "Revises a draft for structure, clarity and voice."),
    QT_TRANSLATE_NOOP("BuiltinAgents", "Answers questions about your story library, knowledge and files; "
                                       "changes nothing."),
    QT_TRANSLATE_NOOP("BuiltinAgents", "Polishes prose, commits the final message and finishes the run."),
    QT_TRANSLATE_NOOP("BuiltinAgents", "Looks up facts, names and background in the workspace notes and "
                                       "reports back."),
    QT_TRANSLATE_NOOP("BuiltinAgents", "Answers rules questions and reviews balance with citations from the "
                                       "creator's rulebooks."),
    QT_TRANSLATE_NOOP("BuiltinAgents", "Writes a Skill (standing instructions for the project's agents) from "
                                       "what the creator wants, and proposes it."),
    QT_TRANSLATE_NOOP("BuiltinAgents", "Drafts the scene or chapter the creator asks for."),
)


def described(description: str) -> str:
    """A built-in agent's description in the window's language; any other as written."""
    if description in BUILTIN_DESCRIPTIONS:
        return QCoreApplication.translate("BuiltinAgents", description)
    return description


class WelcomeCard(QFrame):
    """First launch: the built-in relay and a button that runs it offline.

    Signals:
        run_demo()
    """

    run_demo = Signal()

    def __init__(self, profiles: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("WelcomeCard")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 14, 18, 14)
        title = QLabel(self.tr("<h2>Welcome to Relay Studio</h2>"))
        layout.addWidget(title)
        agents = "".join(f"<li><b>{name}</b> — {described(desc)}</li>" for name, desc in profiles)
        text = QLabel(
            self.tr("<p>You write with several agents that pass the work along: a <b>Writer</b> drafts and commits, "
                    "hands off to an <b>Editor</b>, who revises and hands off to a <b>Finalizer</b>, which finishes. "
                    "A <b>Researcher</b> helps on the side.</p>")
            + f"<ul>{agents}</ul>"
            + self.tr("<p>The demo relay runs offline on a scripted model, so you can watch a full run — and "
                      "inspect every step on the timeline — without any account.</p>")
        )
        text.setWordWrap(True)
        fit_to_column(text)
        text.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(text)
        self.button = QPushButton(self.tr("Run the demo relay"))
        self.button.setDefault(True)
        self.button.clicked.connect(self.run_demo.emit)
        row = QHBoxLayout()
        row.addWidget(self.button)
        row.addStretch(1)
        layout.addLayout(row)

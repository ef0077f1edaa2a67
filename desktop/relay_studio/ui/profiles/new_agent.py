"""New agent: choose a starting point (``runtime.profile_templates.TEMPLATES``) and a name.

The templates' names and descriptions stay English in the runtime; ``TEMPLATE_WORDS`` (keyed by template key,
marked with ``QT_TRANSLATE_NOOP``) gives the ones shown, translated at display.

Opened with ``open()`` (never ``exec()``); Create emits ``chosen`` and closes.

Signals:
    chosen(str template_key, str name)
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from relay_studio.runtime.profile_templates import TEMPLATES, Template
from relay_studio.ui import i18n
from relay_studio.ui.profiles.wording import QT_TRANSLATE_NOOP

KEY_ROLE = Qt.ItemDataRole.UserRole

#: Template key -> (its name, what it does), as the list shows them (English; translated where shown).
TEMPLATE_WORDS: dict[str, tuple[str, str]] = {
    "blank": (QT_TRANSLATE_NOOP("NewAgentTemplates", "A blank agent"),
              QT_TRANSLATE_NOOP("NewAgentTemplates", "Reads and writes files, commits its answer and finishes. "
                                                     "Nothing else.")),
    "writer": (QT_TRANSLATE_NOOP("NewAgentTemplates", "A writer"),
               QT_TRANSLATE_NOOP("NewAgentTemplates", "Drafts what the creator asks for, then hands the draft on.")),
    "editor": (QT_TRANSLATE_NOOP("NewAgentTemplates", "An editor"),
               QT_TRANSLATE_NOOP("NewAgentTemplates", "Revises a draft for structure, clarity and voice, then hands "
                                                      "it on.")),
    "finalizer": (QT_TRANSLATE_NOOP("NewAgentTemplates", "A finalizer"),
                  QT_TRANSLATE_NOOP("NewAgentTemplates", "Polishes the text, commits the final message and "
                                                         "finishes.")),
    "helper": (QT_TRANSLATE_NOOP("NewAgentTemplates", "A helper"),
               QT_TRANSLATE_NOOP("NewAgentTemplates", "Does side tasks other agents delegate (background, facts) "
                                                      "and reports back.")),
    "director": (QT_TRANSLATE_NOOP("NewAgentTemplates", "A director (reviews before it writes)"),
                 QT_TRANSLATE_NOOP("NewAgentTemplates", "Reads the story library and the rulebooks, has each draft "
                                                        "checked by the consistency reviewer before writing it, and "
                                                        "writes only changes you approve.")),
    "relay": (QT_TRANSLATE_NOOP("NewAgentTemplates", "A relay (writer → editor → finalizer)"),
              QT_TRANSLATE_NOOP("NewAgentTemplates", "Three agents set up to hand off to each other, all created "
                                                     "at once.")),
}


def shown_words(t: Template) -> tuple[str, str]:
    """The template's name and description in the window's language (the runtime's English for a key without
    words)."""
    label, description = TEMPLATE_WORDS.get(t.key, (t.label, t.description))
    translate = QCoreApplication.translate
    return translate("NewAgentTemplates", label), translate("NewAgentTemplates", description)


def unique_name(base: str, taken: Iterable[str]) -> str:
    """``base``, else ``base 2``, ``base 3``, … (display names are compared without case)."""
    names = {t.casefold() for t in taken}
    candidate, n = base, 2
    while candidate.casefold() in names:
        candidate, n = f"{base} {n}", n + 1
    return candidate


class NewAgentDialog(QDialog):
    chosen = Signal(str, str)

    def __init__(self, taken_names: Iterable[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("NewAgentDialog")
        self.setWindowTitle(self.tr("New agent"))
        self.setModal(True)
        self.resize(520, 440)
        self._taken = list(taken_names)
        self._name_typed = False
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Start from:")))
        self.starts = QListWidget()
        self.starts.setObjectName("StartingPoints")
        self.starts.setAccessibleName(self.tr("Starting points"))
        self.starts.setWordWrap(True)
        self.starts.setSpacing(2)
        for t in TEMPLATES:
            label, description = shown_words(t)
            item = QListWidgetItem(f"{label}\n{description}")
            item.setData(KEY_ROLE, t.key)
            self.starts.addItem(item)
        self.starts.currentRowChanged.connect(self._on_start)
        self.starts.itemDoubleClicked.connect(lambda _item: self.create_agent())
        layout.addWidget(self.starts, 1)
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("NewAgentName")
        self.name_edit.textEdited.connect(self._on_name_typed)
        self.name_edit.textChanged.connect(lambda _t: self._update())
        form.addRow(self.tr("Name"), self.name_edit)
        layout.addLayout(form)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setObjectName("ConnectionHint")
        # Room for two lines from the start, so a longer hint does not move the Name field under the pointer.
        self.hint.setMinimumHeight(2 * self.hint.fontMetrics().lineSpacing() + 12)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.hint)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.create_button = self.buttons.addButton(self.tr("Create"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.setDefault(True)
        self.buttons.accepted.connect(self.create_agent)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.starts.setCurrentRow(0)

    def template(self) -> Template:
        return TEMPLATES[max(self.starts.currentRow(), 0)]

    def _on_start(self, _row: int) -> None:
        t = self.template()
        if not self._name_typed:
            self.name_edit.setText(unique_name(t.default_name, self._taken))
        self._update()

    def _on_name_typed(self, text: str) -> None:
        self._name_typed = bool(text.strip())
        self._update()

    def _update(self) -> None:
        name = self.name_edit.text().strip()
        self.create_button.setEnabled(bool(name))
        if self.template().key == "relay":
            self.hint.setText(i18n.arg(self.tr("Creates three agents at once: “%1 writer” hands off to “%1 editor”, "
                                               "which hands off to “%1 finalizer”. The editor opens on the first."),
                                       name))
        elif self.template().key == "director":
            self.hint.setText(i18n.arg(self.tr("Creates “%1” and its own Skill writer. Before each story library or "
                                               "output write it asks the Consistency reviewer; for rules, the Rules "
                                               "advisor."), name))
        elif name.casefold() in {t.casefold() for t in self._taken}:
            self.hint.setText(i18n.arg(self.tr("An agent named “%1” exists already; two agents with one name are "
                                               "hard to tell apart in the chat. It opens in the editor; nothing is "
                                               "stored until you Save."), name))
        else:
            self.hint.setText(self.tr("Opens in the editor; nothing is stored until you Save."))

    def create_agent(self) -> None:
        name = self.name_edit.text().strip()
        if not name:
            return
        self.chosen.emit(self.template().key, name)
        self.accept()

"""``EditorHost``: what a section of the profile editor needs from the editor it sits in.

The sections (``sections/*.py``) are typed against this Protocol, not against ``ProfileEditor``, so they
import nothing of the editor and the editor imports them one way: the state every section writes through
(the form, its fields, the loading and read-only switches), the editor's sources (the saved agents, the
connections, the server's models) and the few calls a field's change goes through. ``ProfileEditor``
satisfies it (checked by mypy where the editor hands itself to its sections).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QCheckBox, QWidget

from relay_studio.domain.profile import AgentProfile, Diagnostic
from relay_studio.ui.profiles.form_model import ProfileForm
from relay_studio.ui.profiles.sections.field_box import FieldBox
from relay_studio.ui.profiles.sources import ConnectionsSource, ModelsSource


class AgentCatalogue(Protocol):
    """The agents there are, by id (the studio's ``agents.profiles``)."""

    def profiles(self) -> dict[str, AgentProfile]: ...


class SavedAgents(Protocol):
    """The studio as the sections see it: its agents."""

    @property
    def agents(self) -> AgentCatalogue: ...


class EditorHost(Protocol):
    """The profile editor as its sections see it."""

    # what the sections write
    fields: dict[str, FieldBox]  # path -> its field box, in form order
    checks: dict[str, QCheckBox]  # path -> a switch whose value another field may change
    loaders: list[Callable[[], None]]  # each field's "show the form's value", in form order
    local_errors: dict[str, Diagnostic]  # text a field could not even parse (JSON)
    loading: bool  # the form is being shown: a widget's change is not an edit

    @property
    def form(self) -> ProfileForm: ...

    @property
    def read_only(self) -> bool: ...

    @property
    def original_id(self) -> str: ...

    @property
    def studio(self) -> SavedAgents: ...

    @property
    def connections(self) -> ConnectionsSource: ...

    @property
    def models_source(self) -> ModelsSource | None: ...

    @property
    def raw_timer(self) -> QTimer: ...

    def set_field(self, path: str, value: Any, anchor: QWidget | None = None) -> None: ...

    def set_fields(self, updates: dict[str, Any], anchor: QWidget | None = None,
                   note: tuple[str, str] | None = None) -> None: ...

    def on_check(self, path: str, on: bool, box: QCheckBox) -> None: ...

    def after_change(self, update_raw: bool) -> None: ...

"""What the profile editor offers from outside itself: the creator's connections (and which one is the
default), and the models a connection's server offers, as types. The studio's connections operation is
their one source (``studio.connections.choices`` and ``server_models``, in ``ui/operations/connections.py``
over ``connection_choices`` and ``server_models_source``) and the window passes them in, so the editor has no
dependency on the connection store or the keychain.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ConnectionChoices:
    """The connections by id, in the store's order, the id of the app's default one (if any), and each
    connection's own default model (if it names one)."""

    ids: list[str] = field(default_factory=list)
    default_id: str | None = None
    default_models: dict[str, str] = field(default_factory=dict)


ConnectionsSource = Callable[[], ConnectionChoices]
#: connection id -> the model names its server offers; raises
#: ``ProviderError`` with one sentence when it cannot say.
ModelsSource = Callable[[str], Awaitable[list[str]]]

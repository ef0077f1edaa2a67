"""Where the window's runs get their models: the offline demo script, or the creator's connections.

The runtime asks ``provider_for(profile)``; this module answers it for the window. The demo is the
scripted provider over ``resources/scripts/demo_relay.json``, paced so that a person can watch the
relay happen (the script itself answers instantly). Real connections are resolved lazily through
``relay_studio.providers.factory.ProfileProviders`` (a profile bound to ``default`` uses the default
connection), so the window still opens when that module is absent. What the window says never asks
the creator to type a command: it points at Settings → Connections.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Protocol

from relay_studio.domain.messages import ModelRequest, StreamEvent, TextDelta
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.base import ModelProvider
from relay_studio.providers.scripted import ScriptedProvider
from relay_studio.runtime.context import ProviderFor
from relay_studio.runtime.demo import DEMO_PROMPT as DEMO_PROMPT  # the demo's home is runtime/demo.py
from relay_studio.runtime.demo import demo_script as demo_script
from relay_studio.store.database import Database


class PacedProvider:
    """Wraps a provider and spaces its stream out in time (the demo, the responsiveness bench)."""

    def __init__(self, inner: ModelProvider, *, think_seconds: float = 0.35, chunk_seconds: float = 0.03,
                 chunk_chars: int = 6) -> None:
        self.inner = inner
        self.think_seconds = think_seconds
        self.chunk_seconds = chunk_seconds
        self.chunk_chars = chunk_chars

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        if self.think_seconds:
            await asyncio.sleep(self.think_seconds)
        async for event in self.inner.stream(request):
            if isinstance(event, TextDelta) and self.chunk_seconds:
                text = event.text
                for start in range(0, len(text), self.chunk_chars):
                    yield TextDelta(text=text[start:start + self.chunk_chars])
                    await asyncio.sleep(self.chunk_seconds)
                continue
            yield event


class ProviderSource(Protocol):
    """What the window needs from model access."""

    def provider_for_run(self, *, demo: bool, resume_counts: dict[str, int] | None = None) -> ProviderFor:
        """``resume_counts``: model calls each agent already made, when a suspended run resumes (a
        scripted provider skips those turns)."""
        ...

    def connection_hint(self) -> str | None:
        """A sentence telling the creator how to add a connection, or None when one exists."""
        ...

    async def context_window(self, profile: AgentProfile) -> int | None:
        """The tokens the agent's model holds as its server reports them; None when unknown."""
        ...


#: the window's hints about connections (English; ui/main_window.py shows them in the window's language)
NO_CONNECTIONS_IN_BUILD = "Model connections are not available in this build; the demo relay runs offline."
CONNECTIONS_UNREADABLE = "The model connections could not be read; the demo relay still runs offline."
NO_CONNECTION_YET = ("No model connection yet. Add one in Settings → Connections (Ctrl+,), for example a model server "
                     "on this computer; meanwhile, the demo relay runs offline.")


class DefaultProviders:
    """The demo script for the demo relay, the creator's connections for everything else."""

    def __init__(self, db: Database, data_dir: Path, *, demo_pacing: bool = True) -> None:
        self.db = db
        self.data_dir = data_dir
        self.demo_pacing = demo_pacing
        self._context_windows: dict[tuple[str, str | None], int | None] = {}

    def provider_for_run(self, *, demo: bool, resume_counts: dict[str, int] | None = None) -> ProviderFor:
        if demo:
            script = ScriptedProvider(demo_script())
            script.skip(resume_counts or {})
            scripted: ModelProvider = script
            provider = PacedProvider(scripted) if self.demo_pacing else scripted
            return lambda _profile: provider
        from relay_studio.providers.factory import WINDOW_ADD_HINT, ProfileProviders
        from relay_studio.store.connections import ConnectionStore

        return ProfileProviders(ConnectionStore(self.db), self.data_dir, add_hint=WINDOW_ADD_HINT)

    def connection_hint(self) -> str | None:
        try:
            from relay_studio.store.connections import ConnectionStore
        except ImportError:
            return NO_CONNECTIONS_IN_BUILD
        try:
            if ConnectionStore(self.db).list():
                return None
        except Exception:  # a half-migrated store must not keep the window from opening
            return CONNECTIONS_UNREADABLE
        return NO_CONNECTION_YET

    async def context_window(self, profile: AgentProfile) -> int | None:
        """Asked of the server once per connection and model in this session (``model_context_length``);
        None when the profile has no usable connection or the server does not say."""
        from relay_studio.providers.base import ProviderError
        from relay_studio.providers.detect import model_context_length
        from relay_studio.providers.factory import WINDOW_ADD_HINT, ProfileProviders, load_api_key, with_secret_headers
        from relay_studio.providers.secrets import SecretStore
        from relay_studio.store.connections import ConnectionStore

        try:
            providers = ProfileProviders(ConnectionStore(self.db), self.data_dir, add_hint=WINDOW_ADD_HINT)
            connection_id = providers.connection_id_for(profile)
            connection = ConnectionStore(self.db).get(connection_id)
            if connection is None:
                return None
            model = (profile.model.model or "").strip() or connection.default_model
            key = (connection_id, model)
            if key not in self._context_windows:
                secrets = SecretStore(self.data_dir)
                found = await model_context_length(with_secret_headers(connection, secrets),
                                                   load_api_key(connection, secrets), model)
                self._context_windows[key] = found
            return self._context_windows[key]
        except ProviderError:
            return None
        except Exception:  # the estimate is a courtesy: a message must never be lost to it
            logging.getLogger(__name__).warning("could not ask for the context length", exc_info=True)
            return None


def counting_providers(source: ProviderSource, db: Database) -> ProviderFor:
    """The providers a forecast asks to count tokens, resolved over ``db`` (the window's reader connection, so a
    forecast reads nothing on the GUI thread): the creator's connections for ``DefaultProviders``, else the
    source's own."""
    if isinstance(source, DefaultProviders):
        from relay_studio.providers.factory import WINDOW_ADD_HINT, ProfileProviders
        from relay_studio.store.connections import ConnectionStore

        return ProfileProviders(ConnectionStore(db), source.data_dir, add_hint=WINDOW_ADD_HINT)
    return source.provider_for_run(demo=False)


class ScriptedProviders:
    """Every run, demo or not, on one scripted provider: tests and screenshots."""

    def __init__(self, provider: ModelProvider, *, hint: str | None = None) -> None:
        self.provider = provider
        self.hint = hint

    def provider_for_run(self, *, demo: bool, resume_counts: dict[str, int] | None = None) -> ProviderFor:
        if resume_counts and isinstance(self.provider, ScriptedProvider):
            self.provider.skip(resume_counts)
        return lambda _profile: self.provider

    def connection_hint(self) -> str | None:
        return self.hint

    async def context_window(self, profile: AgentProfile) -> int | None:
        return None  # a script has no server to ask; a profile's contextWindowTokens still applies

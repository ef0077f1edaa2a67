"""Connections: validation, storage, presets, prices, and a tool-choice fallback that survives a restart."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from relay_studio.domain.messages import ProviderNotice, Usage
from relay_studio.providers.anthropic import AnthropicProvider
from relay_studio.providers.base import ProviderError
from relay_studio.providers.connections import (
    PRESETS,
    Connection,
    ConnectionProblem,
    model_for,
    parse_connection,
)
from relay_studio.providers.factory import build_provider, resolve_connection_provider
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.providers.secrets import SecretStore
from relay_studio.store.connections import ConnectionStore
from relay_studio.store.database import Database, table_of
from relay_studio.store.tables import ConnectionRow
from tests.providers.conftest import (
    WRITE_TOOL,
    LoopbackServer,
    MemoryKeyring,
    Reply,
    by_event,
    collect,
    completed,
    fixture_bytes,
    make_request,
)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = Database(tmp_path / "relay.sqlite")
    yield database
    database.close()


def test_validation_names_the_field() -> None:
    with pytest.raises(ConnectionProblem) as caught:
        parse_connection({"id": "x", "kind": "openai_compatible", "baseUrl": "ftp://host"})
    assert "'baseUrl'" in str(caught.value) and "http" in str(caught.value)
    with pytest.raises(ConnectionProblem, match="'id'"):
        parse_connection({"id": "bad id!", "kind": "anthropic", "baseUrl": "https://api.anthropic.com"})
    with pytest.raises(ConnectionProblem, match="keychain"):
        parse_connection(
            {"id": "x", "kind": "openai_compatible", "baseUrl": "https://h", "headers": {"Authorization": "Bearer s"}}
        )
    with pytest.raises(ConnectionProblem, match="user name or password"):
        parse_connection({"id": "x", "kind": "openai_compatible", "baseUrl": "https://u:p@h/v1"})
    c = parse_connection({"id": "x", "kind": "openai_compatible", "baseUrl": " http://localhost:11434/v1/ "})
    assert c.base_url == "http://localhost:11434/v1" and c.is_local
    assert not parse_connection({"id": "y", "kind": "anthropic", "baseUrl": "https://api.anthropic.com"}).is_local


def test_presets_are_valid_connections() -> None:
    assert {
        "openai",
        "anthropic",
        "openrouter",
        "deepseek",
        "gemini",
        "ollama",
        "lmstudio",
        "llamacpp",
        "jan",
        "koboldcpp",
    } <= set(PRESETS)
    for preset in PRESETS.values():
        connection = preset.connection(f"{preset.name}-1")
        assert connection.is_local is (not preset.needs_key), preset.name
    assert PRESETS["openai"].connection("o").max_tokens_field == "max_completion_tokens"


def test_store_round_trip_keeps_no_secret(db: Database) -> None:
    store = ConnectionStore(db)
    connection = Connection.model_validate(
        {
            "id": "openrouter",
            "kind": "openai_compatible",
            "baseUrl": "https://openrouter.ai/api/v1",
            "defaultModel": "anthropic/claude-3.5-sonnet",
            "headers": {"HTTP-Referer": "https://relay.studio"},
            "timeouts": {"read": 90},
            "prices": {"inputPerMillion": 3, "outputPerMillion": 15},
        }
    )
    store.add(connection)
    assert store.get("openrouter") == connection
    assert [c.id for c in store.list()] == ["openrouter"]
    row = db.conn.execute(select(table_of(ConnectionRow))).mappings().one()
    assert row["base_url"] == "https://openrouter.ai/api/v1"
    assert json.loads(row["settings_json"])["timeouts"]["read"] == 90
    with pytest.raises(ConnectionProblem, match="already exists"):
        store.add(connection)
    assert store.remove("openrouter") and not store.remove("openrouter")
    assert store.get("openrouter") is None


def test_cost_uses_cached_price_or_input_price() -> None:
    usage = Usage(input_tokens=1_000_000, output_tokens=500_000, cached_tokens=400_000)
    base = {"id": "c", "kind": "openai_compatible", "baseUrl": "https://h"}
    with_cached = Connection.model_validate(
        {**base, "prices": {"inputPerMillion": 2, "outputPerMillion": 8, "cachedInputPerMillion": 0.5}}
    )
    assert with_cached.cost(usage) == pytest.approx(0.6 * 2 + 0.4 * 0.5 + 0.5 * 8)
    without = Connection.model_validate({**base, "prices": {"inputPerMillion": 2, "outputPerMillion": 8}})
    assert without.cost(usage) == pytest.approx(2 + 4)
    assert Connection.model_validate(base).cost(usage) is None


def test_model_choice_order_and_missing_model() -> None:
    c = Connection.model_validate({"id": "c", "kind": "anthropic", "baseUrl": "https://h", "defaultModel": "d"})
    assert model_for(c, "agent-model", "override") == "override"
    assert model_for(c, "agent-model") == "agent-model"
    assert model_for(c, "") == "d"
    with pytest.raises(ProviderError, match="no default model"):
        model_for(c.model_copy(update={"default_model": None}), "")


def test_build_provider_picks_the_wire_protocol() -> None:
    oa = Connection.model_validate({"id": "a", "kind": "openai_compatible", "baseUrl": "https://h/v1"})
    an = Connection.model_validate({"id": "b", "kind": "anthropic", "baseUrl": "https://api.anthropic.com"})
    assert isinstance(build_provider(oa, None), OpenAICompatibleProvider)
    assert isinstance(build_provider(an, "k"), AnthropicProvider)


def test_unknown_connection_and_missing_keychain(db: Database, tmp_path: Path) -> None:
    with pytest.raises(ProviderError) as caught:
        resolve_connection_provider(ConnectionStore(db), "nope", tmp_path)
    assert caught.value.code == "connection.unknown" and not caught.value.retryable
    ConnectionStore(db).add(Connection.model_validate({"id": "h", "kind": "anthropic", "baseUrl": "https://h"}))
    ConnectionStore(db).add(
        Connection.model_validate({"id": "local", "kind": "openai_compatible", "baseUrl": "http://127.0.0.1:1/v1"})
    )
    from keyring.backends import fail

    no_keychain = SecretStore(tmp_path, backend=fail.Keyring(), environ={})
    with pytest.raises(ProviderError) as caught:
        resolve_connection_provider(ConnectionStore(db), "h", tmp_path, secrets=no_keychain)
    assert caught.value.code == "secrets.keychain_unavailable"
    # a local server needs no key, so no keychain is no problem
    assert resolve_connection_provider(ConnectionStore(db), "local", tmp_path, secrets=no_keychain) is not None


async def test_tool_choice_fallback_is_remembered_across_restarts(server: LoopbackServer, tmp_path: Path) -> None:
    path = tmp_path / "relay.sqlite"
    keychain = MemoryKeyring()
    secrets = SecretStore(tmp_path, backend=keychain, environ={})
    first_db = Database(path)
    try:
        ConnectionStore(first_db).add(
            Connection.model_validate(
                {"id": "local-llama", "kind": "openai_compatible", "baseUrl": server.url + "/v1", "defaultModel": "m"}
            )
        )
        secrets.set("local-llama", "sk-local-123456789")
        server.add(
            Reply(status=400, body=b'{"error": "tool_choice required unsupported"}', content_type="application/json"),
            Reply(body=by_event(fixture_bytes("openai_text.sse"))),
        )
        provider = resolve_connection_provider(ConnectionStore(first_db), "local-llama", tmp_path, secrets=secrets)
        events = await collect(provider, make_request(model="", tools=[WRITE_TOOL], tool_choice="required"))
        assert isinstance(events[0], ProviderNotice) and "refused" in events[0].message
        assert "tool_choice required unsupported" in events[0].message
        completed(events)
        assert server.requests[0].headers["authorization"] == "Bearer sk-local-123456789"
        assert server.requests[0].body["model"] == "m"
    finally:
        first_db.close()

    second_db = Database(path)  # a restart: a new database handle and a new provider
    try:
        learned = ConnectionStore(second_db).require("local-llama").learned
        assert {m: lim.tool_choice_unsupported for m, lim in learned.items()} == {"m": ["required"]}
        text = by_event(fixture_bytes("openai_text.sse"))
        server.add(Reply(body=text), Reply(body=text))
        provider = resolve_connection_provider(ConnectionStore(second_db), "local-llama", tmp_path, secrets=secrets)
        # Remembered for model "m": the fallback is used at once and silently (it was journaled once).
        events = await collect(provider, make_request(model="m", tools=[WRITE_TOOL], tool_choice="required"))
        assert not any(isinstance(e, ProviderNotice) for e in events)
        assert server.requests[2].body["tool_choice"] == "auto"
        completed(events)
        # Per model: another model of the same server is asked what was asked.
        await collect(provider, make_request(model="other", tools=[WRITE_TOOL], tool_choice="required"))
        assert server.requests[3].body["tool_choice"] == "required"
    finally:
        second_db.close()

"""The app's default connection, secret header values, and how a profile's binding finds its model:
a real SQLite file (also one of schema 1), the keychain in memory, model servers on loopback."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from relay_studio.domain.messages import ProviderNotice
from relay_studio.domain.profile import parse_profile
from relay_studio.providers.base import ProviderError
from relay_studio.providers.capabilities import ModelLimits
from relay_studio.providers.connections import (
    NO_CONNECTION,
    ConnectionProblem,
    parse_connection,
)
from relay_studio.providers.factory import (
    CLI_ADD_HINT,
    MODEL_FROM_SERVER_LIST,
    WINDOW_ADD_HINT,
    ProfileProviders,
    resolve_connection_provider,
    secure_legacy_headers,
)
from relay_studio.providers.secrets import SERVICE, SecretStore, header_account
from relay_studio.store import database
from relay_studio.store.connections import ConnectionStore
from relay_studio.store.database import Database
from tests.providers.conftest import (
    LoopbackServer,
    MemoryKeyring,
    Reply,
    by_event,
    collect,
    completed,
    fixture_bytes,
    make_request,
)
from tests.support import profile_dict


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database_ = Database(tmp_path / "relay.sqlite")
    yield database_
    database_.close()


def _local(connection_id: str, url: str = "http://127.0.0.1:9/v1", **extra: object) -> object:
    return parse_connection({"id": connection_id, "kind": "openai_compatible", "baseUrl": url, **extra})


def test_the_first_connection_is_the_default_and_removing_it_passes_it_on(db: Database) -> None:
    store = ConnectionStore(db)
    assert store.default_id() is None and store.default() is None
    for cid in ("zeta", "alpha", "mid"):
        store.add(_local(cid))  # type: ignore[arg-type]
    assert store.default_id() == "zeta", "the first one added, not the first by name"
    store.set_default("mid")
    assert store.default() is not None and store.default().id == "mid"  # type: ignore[union-attr]
    with pytest.raises(ConnectionProblem) as caught:
        store.set_default("nope")
    assert caught.value.code == "connection.unknown" and store.default_id() == "mid"
    store.remove("alpha")  # not the default: nothing changes
    assert store.default_id() == "mid"
    store.remove("mid")  # the default: the oldest remaining one takes over
    assert store.default_id() == "zeta"
    store.remove("zeta")
    assert store.default_id() is None
    store.add(_local("again"))  # type: ignore[arg-type]
    assert store.default_id() == "again"


def test_a_connection_is_edited_in_place_and_stays_the_default(db: Database) -> None:
    store = ConnectionStore(db)
    store.add(_local("box", defaultModel="small"))  # type: ignore[arg-type]
    edited = store.require("box").model_copy(update={"base_url": "http://127.0.0.1:8081/v1", "default_model": "big"})
    store.save(edited)
    again = ConnectionStore(db).require("box")
    assert (again.base_url, again.default_model, store.default_id()) == ("http://127.0.0.1:8081/v1", "big", "box")
    with pytest.raises(ConnectionProblem, match="no connection 'ghost'"):
        store.save(edited.model_copy(update={"id": "ghost"}))


def _schema_1_database(path: Path, rows: list[tuple[str, str, str]]) -> None:
    """A database as the previous version left it: schema 1, connections with plain headers."""
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        database.MIGRATIONS[0](conn)
        conn.exec_driver_sql("PRAGMA user_version = 1")
    engine.dispose()
    raw = sqlite3.connect(path)
    for cid, created, settings in rows:
        raw.execute(
            "INSERT INTO connections (id, kind, base_url, default_model, settings_json, created_at, updated_at) "
            "VALUES (?, 'openai_compatible', 'https://models.example.com/v1', NULL, ?, ?, ?)",
            (cid, settings, created, created),
        )
    raw.commit()
    raw.close()


def test_a_schema_1_database_gets_a_default_and_its_plain_header_values_move_to_the_keychain(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite"
    headers = {"X-Auth-Token": "tok-9f8e7d", "Ocp-Apim-Subscription-Key": "sub-123abc"}
    _schema_1_database(path, [
        ("newer", "2026-02-01T00:00:00.000Z", "{}"),
        ("older", "2026-01-01T00:00:00.000Z", json.dumps({"headers": headers, "retry": {"maxRetries": 2}})),
    ])
    db = Database(path)
    try:
        assert db.schema_version == database.SCHEMA_VERSION
        store = ConnectionStore(db)
        assert store.default_id() == "older", "the oldest connection becomes the default"
        old = store.require("older")
        assert old.headers == {} and old.legacy_headers == headers and old.retry.max_retries == 2
        assert store.legacy_header_ids() == ["older"]

        keyring = MemoryKeyring()
        done = secure_legacy_headers(store, SecretStore(tmp_path, backend=keyring, environ={}))
        assert done == ["older"] and store.legacy_header_ids() == []
        assert keyring.store[(SERVICE, header_account("older", "X-Auth-Token"))] == "tok-9f8e7d"
        moved = store.require("older")
        assert sorted(moved.secret_headers) == sorted(headers) and not moved.legacy_headers
        stored = db.conn.exec_driver_sql("SELECT settings_json FROM connections").all()
        assert all("tok-9f8e7d" not in row[0] and "sub-123abc" not in row[0] for row in stored)
    finally:
        db.close()


def test_without_a_keychain_legacy_header_values_stay_and_are_still_sent(tmp_path: Path) -> None:
    from keyring.backends import fail

    path = tmp_path / "old.sqlite"
    _schema_1_database(path, [("box", "2026-01-01T00:00:00.000Z", json.dumps({"headers": {"X-Team": "t1"}}))])
    db = Database(path)
    try:
        store = ConnectionStore(db)
        assert secure_legacy_headers(store, SecretStore(tmp_path, backend=fail.Keyring(), environ={})) == []
        assert store.require("box").legacy_headers == {"X-Team": "t1"}
    finally:
        db.close()


async def test_secret_header_values_are_sent_but_never_stored(
    db: Database, server: LoopbackServer, tmp_path: Path
) -> None:
    store = ConnectionStore(db)
    keyring = MemoryKeyring()
    secrets = SecretStore(tmp_path, backend=keyring, environ={})
    store.add(_local("box", server.url + "/v1", defaultModel="m", headers={"X-Team": "writers"},  # type: ignore[arg-type]
                     secretHeaders=["X-Auth-Token"]))
    secrets.set_header("box", "X-Auth-Token", "tok-secret-42")
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    provider = resolve_connection_provider(ConnectionStore(db), "box", tmp_path, secrets=secrets)
    completed(await collect(provider, make_request(model="m")))
    sent = server.requests[-1].headers
    assert sent.get("x-auth-token") == "tok-secret-42" and sent.get("x-team") == "writers"
    assert "tok-secret-42" not in repr(provider) and "tok-secret-42" not in repr(store.require("box"))
    # Remembering what the connection learned saves it again: still no secret in the database.
    store.remember_limits("box", "m", ModelLimits(tool_choice_unsupported=["required"]))
    rows = db.conn.exec_driver_sql("SELECT settings_json FROM connections").all()
    assert "tok-secret-42" not in rows[0][0] and "X-Auth-Token" in rows[0][0]


def test_header_names_must_be_tokens() -> None:
    with pytest.raises(ConnectionProblem, match="not a header name"):
        parse_connection({"id": "x", "kind": "anthropic", "baseUrl": "https://h", "headers": {"Bad Name": "v"}})
    with pytest.raises(ConnectionProblem, match="not a header name"):
        parse_connection({"id": "x", "kind": "anthropic", "baseUrl": "https://h", "secretHeaders": ["a\nb"]})


def _default_profile(pid: str = "solo", **model: object) -> object:
    return parse_profile(profile_dict(pid, model={"mode": "default", "connection": None, "model": None, **model}))


def test_a_default_binding_validates_without_a_connection_name() -> None:
    from relay_studio.domain.profile import validate_profile

    profile = _default_profile()
    assert profile.model.mode == "default" and profile.model.connection is None  # type: ignore[attr-defined]
    _, problems = validate_profile(profile_dict("blank", model={"mode": "default", "connection": None, "model": " "}))
    assert [(d.code, d.path) for d in problems] == [("profile.model_name_missing", "model.model")]
    _, problems = validate_profile(profile_dict("odd", model={"mode": "somewhere"}))
    assert [d.code for d in problems] == ["profile.invalid_value"]


async def test_a_default_binding_uses_the_default_connection_and_its_model(
    db: Database, server: LoopbackServer, tmp_path: Path
) -> None:
    store = ConnectionStore(db)
    store.add(_local("first", server.url + "/v1", defaultModel="remembered"))  # type: ignore[arg-type]
    store.add(_local("second", "http://127.0.0.1:9/v1", defaultModel="other"))  # type: ignore[arg-type]
    providers = ProfileProviders(ConnectionStore(db), tmp_path, add_hint=CLI_ADD_HINT, secrets=SecretStore(tmp_path,
                                 backend=MemoryKeyring(), environ={}))
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    completed(await collect(providers(_default_profile()), make_request(model="default")))  # type: ignore[arg-type]
    assert server.requests[-1].body["model"] == "remembered"
    # A model named in the profile wins over the connection's.
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    named = _default_profile("named", model="from-profile")
    completed(await collect(providers(named), make_request(model="from-profile")))  # type: ignore[arg-type]
    assert server.requests[-1].body["model"] == "from-profile"


async def test_without_a_default_model_the_first_listed_one_is_used_and_said(
    db: Database, server: LoopbackServer, tmp_path: Path
) -> None:
    ConnectionStore(db).add(_local("bare", server.url + "/v1"))  # type: ignore[arg-type]
    server.add(
        Reply(body=b'{"object": "list", "data": [{"id": "gemma-3-270m"}, {"id": "other"}]}',
              content_type="application/json"),
        Reply(body=by_event(fixture_bytes("openai_text.sse"))),
        Reply(body=by_event(fixture_bytes("openai_text.sse"))),
    )
    providers = ProfileProviders(ConnectionStore(db), tmp_path, add_hint=WINDOW_ADD_HINT,
                                 secrets=SecretStore(tmp_path, backend=MemoryKeyring(), environ={}))
    provider = providers(_default_profile())  # type: ignore[arg-type]
    events = await collect(provider, make_request(model="default"))
    notices = [e for e in events if isinstance(e, ProviderNotice)]
    assert [n.code for n in notices] == [MODEL_FROM_SERVER_LIST] and "'gemma-3-270m'" in notices[0].message
    completed(events)
    assert [r.path for r in server.requests] == ["/v1/models", "/v1/chat/completions"]
    assert server.requests[-1].body["model"] == "gemma-3-270m"
    again = await collect(provider, make_request(model="default"))  # asked once, said once
    assert not [e for e in again if isinstance(e, ProviderNotice)] and len(server.requests) == 3


def test_with_no_connection_at_all_each_host_says_where_to_add_one(db: Database, tmp_path: Path) -> None:
    for hint, expected, absent in ((WINDOW_ADD_HINT, "Settings → Connections", "relay-studio"),
                                   (CLI_ADD_HINT, "relay-studio connections add", "Settings")):
        with pytest.raises(ProviderError) as caught:
            ProfileProviders(ConnectionStore(db), tmp_path, add_hint=hint)(_default_profile())  # type: ignore[arg-type]
        assert caught.value.code == NO_CONNECTION
        assert expected in caught.value.message and absent not in caught.value.message
        assert "local-ollama" not in caught.value.message


def test_builtin_profiles_use_the_default_connection() -> None:
    from relay_studio.runtime.profile_catalog import builtin_dir, builtin_profiles

    assert {p.model.mode for p in builtin_profiles()} == {"default"}
    for path in builtin_dir().glob("*.json"):
        text = path.read_text(encoding="utf-8")
        assert "local-ollama" not in text and "qwen3" not in text, path.name


def test_without_a_keychain_the_window_never_names_a_command_line_option(db: Database, tmp_path: Path) -> None:
    from keyring.backends import fail

    ConnectionStore(db).add(parse_connection({"id": "cloud", "kind": "openai_compatible",
                                              "baseUrl": "https://models.example.com/v1", "defaultModel": "m"}))
    secrets = SecretStore(tmp_path, backend=fail.Keyring(), environ={})
    for hint, expected, absent in ((WINDOW_ADD_HINT, "Settings → Connections", "--use-file-secrets"),
                                   (CLI_ADD_HINT, "--use-file-secrets", "Settings")):
        with pytest.raises(ProviderError) as caught:
            ProfileProviders(ConnectionStore(db), tmp_path, add_hint=hint, secrets=secrets)(_default_profile())  # type: ignore[arg-type]
        assert caught.value.code == "secrets.keychain_unavailable"
        assert expected in caught.value.message and absent not in caught.value.message

"""Keys in every encoding and of any length (issue 39): a key written as ``\\u``-escaped JSON in tool
arguments, in a ``repr``, URL-encoded or base64 is scrubbed like the raw key; a 7-character key is scrubbed
(with a note when added); a key an HTTP header cannot carry is refused when added."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from relay_studio.domain import secret_values
from relay_studio.domain.error_codes import CONNECTION_KEY_NOT_ASCII
from relay_studio.store.connections import ConnectionStore
from tests.providers.test_cli_connections import Cli
from tests.providers.test_cli_connections import cli as cli
from tests.support import Harness, call, relay_profiles

KEY = "AIzaSyD7-hostileEchoedKey_0123456789abcd"


@pytest.fixture(autouse=True)
def _no_secrets_left() -> Iterator[None]:
    secret_values.forget_all()
    yield
    secret_values.forget_all()


def _escaped(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" for c in text)


def _stored(harness: Harness) -> bytes:
    folder = harness.runtime.data_dir
    return b"".join(p.read_bytes() for p in folder.rglob("*") if p.is_file())


def _forms(key: str) -> dict[str, str]:
    return {"raw": key, "\\u-escaped JSON": _escaped(key), "repr": repr(key + "\udcff")[1:-1],
            "URL-encoded": quote(key + "/+", safe=""), "base64": base64.b64encode(key.encode()).decode()}


async def test_a_key_in_any_encoding_is_kept_out_of_the_journal_the_turns_and_the_files(harness: Harness) -> None:
    secret_values.register(KEY)
    secret_values.register(KEY + "\udcff")  # the key with a non-UTF-8 byte, as a key from such a terminal is
    secret_values.register(KEY + "/+")
    forms = _forms(KEY)
    arguments = '{"path": "output/main.md", "content": "' + _escaped(KEY) + '"}'  # what a model may write
    text = " ".join(f"{name}: {form}." for name, form in forms.items())
    turns = {"final-editor": [{"text": text, "toolCalls": [call("workspace_write_file", arguments),
                                                          call("workspace_commit"), call("workspace_finish")]}]}
    run_id, _status = await harness.run("final-editor", turns, profiles=relay_profiles())
    stored = _stored(harness)
    for name, form in forms.items():
        assert form.encode() not in stored, f"the {name} key is stored"
        assert json.dumps(form)[1:-1].encode() not in stored, f"the {name} key is stored, as JSON"
    assert harness.file(run_id, "output/main.md") == "***"
    response = harness.runtime.runs.model_turns(run_id)[0]["response"]
    assert response["text"] == "raw: ***. \\u-escaped JSON: ***. repr: ***. URL-encoded: ***. base64: ***."


async def test_a_seven_character_key_is_scrubbed_too(harness: Harness) -> None:
    short = "k7Qz9Wx"
    secret_values.register(short)
    turns = {"final-editor": [{"text": f"It is {short}.", "toolCalls": [
        call("workspace_write_file", {"path": "output/main.md", "content": f"key {short}"}),
        call("workspace_commit"), call("workspace_finish")]}]}
    run_id, _status = await harness.run("final-editor", turns, profiles=relay_profiles())
    assert short.encode() not in _stored(harness), "the database and the workspace hold no 7-character key"
    assert harness.file(run_id, "output/main.md") == "key ***"


@pytest.mark.parametrize("key", ["sk-caf\u00e9-0123456789", "sk-0123456789\udcff", "sk-01234\u200b56789",
                                 "sk-0123\t456789"])
def test_a_key_an_http_header_cannot_carry_is_refused_when_added(cli: Cli, key: str) -> None:
    assert cli("add", "c", "--preset", "openai", "--api-key-stdin", stdin=key + "\n") == 2
    assert cli.err.startswith("error: The API key has a character an HTTP header cannot carry at position ")
    assert cli.err.rstrip().endswith(f"[{CONNECTION_KEY_NOT_ASCII}]") and cli.err.count("\n") == 1
    assert key not in cli.err
    assert ConnectionStore(cli.db).list() == [] and cli.secrets.get("c") is None


def test_a_short_key_is_added_with_a_note_that_scrubbing_it_may_cut_ordinary_text(cli: Cli) -> None:
    assert cli("add", "c", "--preset", "openai", "--api-key-stdin", stdin="k7Qz9Wx\n") == 0
    assert "note: the API key has only 7 characters" in cli.err
    assert cli.secrets.get("c") == "k7Qz9Wx"


def test_a_stored_key_an_http_header_cannot_carry_is_refused_by_connections_test(cli: Cli) -> None:
    """Stored before keys were checked: ``connections test`` printed a traceback."""
    assert cli("add", "c", "--kind", "openai_compatible", "--base-url", "http://127.0.0.1:9/v1") == 0
    cli.secrets.set("c", "sk-caf\u00e9-0123456789")
    for command in ("test", "models"):
        assert cli(command, "c") == 2, cli.err
        assert cli.err.startswith("error: The stored API key of connection 'c'") and cli.err.count("\n") == 1
        assert f"[{CONNECTION_KEY_NOT_ASCII}]" in cli.err

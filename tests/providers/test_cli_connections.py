"""``relay-studio connections``: every action, its exit code, and that a key is never printed."""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from keyring.backends import fail

from relay_studio.cli.connections import add_connections_parser, run_connections
from relay_studio.providers import detect
from relay_studio.providers.detect import LocalServer
from relay_studio.providers.secrets import SecretStore
from relay_studio.store.connections import ConnectionStore
from relay_studio.store.database import Database
from tests.providers.conftest import LoopbackServer, MemoryKeyring, Reply, by_event, fixture_bytes

KEY = "sk-proj-cli-secret-0123456789"


class Cli:
    def __init__(self, db: Database, data_dir: Path, secrets: SecretStore) -> None:
        self.db, self.data_dir, self.secrets = db, data_dir, secrets
        parser = argparse.ArgumentParser(prog="relay-studio")
        add_connections_parser(parser.add_subparsers(dest="command"))
        self.parser = parser
        self.out = ""
        self.err = ""

    def __call__(self, *argv: str, stdin: str = "") -> int:
        args = self.parser.parse_args(["connections", *argv])
        out, err = io.StringIO(), io.StringIO()
        code = run_connections(
            args, self.db, self.data_dir, secrets=self.secrets, stdin=io.StringIO(stdin), stdout=out, stderr=err
        )
        self.out, self.err = out.getvalue(), err.getvalue()
        return code


@pytest.fixture
def cli(tmp_path: Path) -> Iterator[Cli]:
    db = Database(tmp_path / "relay.sqlite")
    yield Cli(db, tmp_path, SecretStore(tmp_path, backend=MemoryKeyring(), environ={}))
    db.close()


def test_add_list_remove_with_key_from_stdin(cli: Cli) -> None:
    assert (
        cli("add", "openai-main", "--preset", "openai", "--model", "gpt-4o-mini", "--api-key-stdin", stdin=KEY + "\n")
        == 0
    )
    assert cli.out == ("Added connection 'openai-main' (openai_compatible, https://api.openai.com/v1).\n"
                       "It is the default connection: agents set to use the default run on it.\n")
    assert cli.secrets.get("openai-main") == KEY
    assert cli("add", "ollama", "--kind", "openai_compatible", "--base-url", "http://127.0.0.1:11434/v1") == 0
    assert cli.err == "", "a local server needs no key, so no note about one"
    assert "default" not in cli.out, "only the first connection becomes the default"

    assert cli("list") == 0
    lines = cli.out.splitlines()
    assert lines[0].split() == ["ID", "KIND", "MODEL", "KEY", "BASE", "URL"]
    assert lines[1].split() == ["ollama", "openai_compatible", "-", "-", "http://127.0.0.1:11434/v1"]
    assert lines[2].split() == [
        "openai-main",
        "openai_compatible",
        "gpt-4o-mini",
        "keychain",
        "https://api.openai.com/v1",
    ]
    assert lines[3] == "Default connection: openai-main."
    assert KEY not in cli.out

    assert cli("list", "--json") == 0
    listed = json.loads(cli.out)
    assert [c["id"] for c in listed] == ["ollama", "openai-main"]
    assert listed[1]["keyStoredIn"] == "keychain" and listed[1]["maxTokensField"] == "max_completion_tokens"
    assert [c["default"] for c in listed] == [False, True]
    assert KEY not in cli.out

    assert cli("remove", "openai-main") == 0
    assert cli.out.splitlines()[-1] == "The default connection is now 'ollama'."
    assert cli.secrets.get("openai-main") is None
    assert cli("remove", "openai-main") == 2
    assert cli.err == "error: There is no connection 'openai-main'.\n"


@pytest.mark.parametrize(
    "argv, problem",
    [
        (["add", "x", "--base-url", "https://h/v1"], "--kind"),
        (["add", "x", "--kind", "anthropic"], "--base-url"),
        (["add", "x", "--kind", "anthropic", "--base-url", "nonsense"], "'baseUrl'"),
        (["add", "bad id", "--kind", "anthropic", "--base-url", "https://h"], "'id'"),
        (["add", "x", "--preset", "openai", "--header", "nonsense"], "NAME=VALUE"),
        (["add", "x", "--preset", "openai", "--header", "Authorization=Bearer k"], "keychain"),
        (["add", "x", "--preset", "openai", "--price-input", "1"], "--price-output"),
        (["add", "x", "--preset", "openai", "--api-key-stdin"], "No API key"),
        (["test", "nope"], "There is no connection 'nope'"),
        (["models", "nope"], "There is no connection 'nope'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli: Cli, argv: list[str], problem: str) -> None:
    assert cli(*argv) == 2
    assert cli.err.startswith("error: ") and problem in cli.err and cli.err.count("\n") == 1
    assert ConnectionStore(cli.db).list() == []


def test_duplicate_add_needs_replace(cli: Cli) -> None:
    assert cli("add", "c", "--preset", "deepseek") == 0
    assert "has no API key" in cli.err
    assert cli("add", "c", "--preset", "deepseek") == 2 and "already exists" in cli.err
    assert cli("add", "c", "--preset", "deepseek", "--model", "deepseek-reasoner", "--replace") == 0
    assert ConnectionStore(cli.db).require("c").default_model == "deepseek-reasoner"


def test_no_keychain_refuses_then_opt_in_file_store(cli: Cli) -> None:
    cli.secrets = SecretStore(cli.data_dir, backend=fail.Keyring(), environ={})
    assert cli("add", "c", "--preset", "openai", "--api-key-stdin", stdin=KEY) == 2
    assert "No system keychain is available" in cli.err and "--use-file-secrets" in cli.err
    assert ConnectionStore(cli.db).get("c") is None and not (cli.data_dir / "secrets.json").exists()
    assert cli("add", "c", "--preset", "openai", "--api-key-stdin", "--use-file-secrets", stdin=KEY) == 0
    assert "no system keychain here" in cli.err and KEY not in cli.err + cli.out
    assert cli.secrets.get("c") == KEY


def test_test_and_models_against_a_server(cli: Cli, server: LoopbackServer) -> None:
    base = server.url + "/v1"
    assert cli("add", "lm", "--kind", "openai_compatible", "--base-url", base, "--model", "qwen") == 0
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    assert cli("test", "lm") == 0 and cli.out.startswith("Connection 'lm' works: model 'qwen' answered in ")
    server.add(Reply(status=503, body=b'{"error": {"message": "loading model"}}', content_type="application/json"))
    assert cli("test", "lm") == 3
    assert cli.err == "The server of connection 'lm' failed (503): loading model.\n"
    server.add(
        Reply(body=json.dumps({"data": [{"id": "qwen"}, {"id": "phi"}]}).encode(), content_type="application/json")
    )
    assert cli("models", "lm") == 0 and cli.out == "qwen\nphi\n"
    server.add(Reply(status=401, body=b"{}", content_type="application/json"))
    assert cli("models", "lm") == 3 and "asks for an API key and none is stored (401)" in cli.err


def test_detect_prints_what_answers(cli: Cli, server: LoopbackServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(detect, "LOCAL_SERVERS", (LocalServer("lmstudio", server.port),))
    server.add(Reply(body=json.dumps({"data": [{"id": "qwen"}]}).encode(), content_type="application/json"))
    assert cli("detect") == 0
    assert cli.out.splitlines() == [
        f"LM Studio at http://127.0.0.1:{server.port}/v1 offers 1 models (qwen).",
        f"  add it: relay-studio connections add lmstudio --kind openai_compatible "
        f"--base-url http://127.0.0.1:{server.port}/v1 --model qwen",
        f"Tried ports {server.port} (LM Studio).",
    ]
    server.add(Reply(body=json.dumps({"data": []}).encode(), content_type="application/json"))
    assert cli("detect", "--json") == 0
    assert json.loads(cli.out)[0]["preset"] == "lmstudio"


def test_wired_into_the_main_cli(tmp_path: Path) -> None:
    from relay_studio.cli import main

    assert main(["connections", "list", "--json", "--data-dir", str(tmp_path)]) == 0


def test_the_usual_ports_include_vllm_and_a_typed_port_is_tried_too(
    cli: Cli, server: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from relay_studio.providers import detect

    assert [(s.preset, s.port) for s in detect.LOCAL_SERVERS] == [
        ("ollama", 11434), ("lmstudio", 1234), ("llamacpp", 8080), ("koboldcpp", 5001), ("jan", 1337), ("vllm", 8000)]
    monkeypatch.setattr(detect, "LOCAL_SERVERS", ())
    # A server on a port the creator typed, which knows only Ollama's own listing.
    server.add(Reply(status=404, body=b"{}", content_type="application/json"),
               Reply(body=json.dumps({"models": [{"name": "gemma3:270m"}]}).encode(), content_type="application/json"))
    assert cli("detect", "--port", str(server.port)) == 0
    assert cli.out.splitlines() == [
        f"A model server at http://127.0.0.1:{server.port}/v1 offers 1 models (gemma3:270m).",
        f"  add it: relay-studio connections add local-{server.port} --kind openai_compatible "
        f"--base-url http://127.0.0.1:{server.port}/v1 --model gemma3:270m",
        f"Tried ports {server.port}.",
    ]
    assert [r.path for r in server.requests] == ["/v1/models", "/api/tags"]
    assert cli("detect", "--port", "70000") == 2 and "not a port number" in cli.err


def test_edit_in_place_and_choose_the_default(cli: Cli) -> None:
    assert cli("default") == 0 and cli.out.startswith("No connections yet.")
    assert cli("add", "box", "--kind", "openai_compatible", "--base-url", "http://127.0.0.1:8080/v1") == 0
    assert cli("add", "cloud", "--preset", "openai", "--api-key-stdin", stdin=KEY) == 0
    assert cli("default") == 0 and cli.out == "box\n"
    assert cli("default", "cloud") == 0 and ConnectionStore(cli.db).default_id() == "cloud"
    assert cli("default", "ghost") == 2 and cli.err == "error: There is no connection 'ghost'.\n"

    assert cli("edit", "box", "--base-url", "http://127.0.0.1:8081/v1", "--model", "gemma") == 0
    assert cli.out == "Changed connection 'box' (openai_compatible, http://127.0.0.1:8081/v1, model gemma).\n"
    box = ConnectionStore(cli.db).require("box")
    assert (box.base_url, box.default_model) == ("http://127.0.0.1:8081/v1", "gemma")
    assert cli("edit", "box", "--model", "") == 0 and ConnectionStore(cli.db).require("box").default_model is None
    assert cli("edit", "box", "--base-url", "nonsense") == 2 and "'baseUrl'" in cli.err
    assert ConnectionStore(cli.db).require("box").base_url == "http://127.0.0.1:8081/v1", "nothing changed"

    new_key = "sk-proj-replaced-9876543210"
    assert cli("edit", "cloud", "--api-key-stdin", stdin=new_key + "\n") == 0
    assert cli.secrets.get("cloud") == new_key and new_key not in cli.out + cli.err
    assert cli("edit", "ghost", "--model", "x") == 2 and "no connection 'ghost'" in cli.err


def test_header_values_are_secrets_unless_marked_plain(cli: Cli) -> None:
    token = "tok-0f1e2d3c4b5a"
    assert cli("add", "gw", "--kind", "openai_compatible", "--base-url", "https://gw.example.com/v1",
               "--header", f"X-Auth-Token={token}", "--header-plain", "X-Team=writers", "--api-key-stdin",
               stdin=KEY) == 0
    stored = ConnectionStore(cli.db).require("gw")
    assert stored.secret_headers == ["X-Auth-Token"] and stored.headers == {"X-Team": "writers"}
    assert cli.secrets.get_header("gw", "X-Auth-Token") == token
    rows = cli.db.conn.exec_driver_sql("SELECT settings_json FROM connections").all()
    assert token not in rows[0][0] and "writers" in rows[0][0]
    assert cli("list", "--json") == 0 and token not in cli.out

    # A plain header that turns secret, a secret one that goes: the keychain follows.
    assert cli("edit", "gw", "--header", "X-Team=editors", "--remove-header", "x-auth-token") == 0
    stored = ConnectionStore(cli.db).require("gw")
    assert stored.secret_headers == ["X-Team"] and stored.headers == {}
    assert cli.secrets.get_header("gw", "X-Auth-Token") is None and cli.secrets.get_header("gw", "X-Team") == "editors"
    assert cli("edit", "gw", "--remove-header", "X-Nope") == 2 and "no header 'X-Nope'" in cli.err
    assert cli("edit", "gw", "--header-plain", "Authorization=Bearer x") == 2 and "keychain" in cli.err
    assert cli("edit", "gw", "--header", "x-api-key=abc") == 2 and "API key" in cli.err

    assert cli("remove", "gw") == 0
    assert cli.secrets.get_header("gw", "X-Team") is None and cli.secrets.get("gw") is None

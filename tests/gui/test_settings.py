"""Settings: add, test and remove a model connection, and find a server on this computer, against a
loopback fake server, with the keychain in memory (or absent) and the window never blocked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from keyring.backends import fail

from relay_studio.providers import detect
from relay_studio.providers.connections import ConnectionStore
from relay_studio.providers.secrets import SERVICE, SecretStore
from relay_studio.ui.settings.dialog import SettingsDialog
from tests.gui.conftest import App
from tests.providers.conftest import LoopbackServer, MemoryKeyring, Reply, by_event, fixture_bytes


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    srv = LoopbackServer()
    yield srv
    srv.stop()
    assert not srv.unexpected, srv.unexpected


def _dialog(app: App, secrets: SecretStore) -> SettingsDialog:
    window = app.open()
    dialog = SettingsDialog(window.settings, window.studio, window, secrets=secrets)
    dialog.open()
    return dialog


async def test_add_test_and_remove_a_connection(app: App, server: LoopbackServer, tmp_path: Path) -> None:
    keyring = MemoryKeyring()
    dialog = _dialog(app, SecretStore(tmp_path, backend=keyring, environ={}))
    await dialog.wait_idle()
    assert dialog.connections.count() == 1 and dialog.connections.item(0).text().startswith("(none yet")
    assert not dialog.test_button.isEnabled()

    # A remote server needs a key: the form says so at once and nothing is stored.
    dialog.id_edit.setText("remote")
    dialog.url_edit.setText("https://models.example.com/v1")
    dialog.add_from_form()
    assert "needs an API key" in dialog.add_error.text()
    dialog.url_edit.setText("not a url")
    dialog.key_edit.setText("sk-test")
    dialog.add_from_form()
    assert "baseUrl" in dialog.add_error.text() and "http" in dialog.add_error.text()

    # The loopback fake server, with a key: the key goes to the keychain and is never shown back.
    dialog.id_edit.setText("fake")
    dialog.url_edit.setText(server.url + "/v1")
    dialog.model_edit.setText("qwen")
    dialog.key_edit.setText("sk-test")
    dialog.add_from_form()
    await dialog.wait_idle()
    assert dialog.add_error.isHidden()
    assert keyring.store[(SERVICE, "fake")] == "sk-test"
    assert dialog.key_edit.text() == "" and "sk-test" not in dialog.status
    assert dialog.selected_id() == "fake" and "API key in the keychain" in dialog.connections.currentItem().text()
    assert "sk-test" not in dialog.connections.currentItem().text()
    assert app.runtime is not None and ConnectionStore(app.runtime.db).require("fake").default_model == "qwen"

    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    dialog.test_selected()
    await dialog.wait_idle()
    assert dialog.status.startswith("Connection 'fake' works: model 'qwen' answered in ")
    assert server.requests[-1].headers.get("authorization") == "Bearer sk-test"

    server.add(Reply(status=401, body=b'{"error": {"message": "bad key"}}', content_type="application/json"))
    dialog.test_selected()
    await dialog.wait_idle()
    assert "'fake'" in dialog.status and "401" in dialog.status and "." in dialog.status

    dialog.remove_selected()
    await dialog.wait_idle()
    assert ConnectionStore(app.runtime.db).get("fake") is None and (SERVICE, "fake") not in keyring.store
    assert dialog.status == "Removed connection 'fake'."


async def test_without_a_keychain_the_key_file_is_an_explicit_choice(app: App, server: LoopbackServer,
                                                                      tmp_path: Path) -> None:
    secrets = SecretStore(tmp_path, backend=fail.Keyring(), environ={})
    dialog = _dialog(app, secrets)
    await dialog.wait_idle()
    assert dialog.file_secrets.isVisibleTo(dialog) and not dialog.file_secrets.isChecked()
    dialog.id_edit.setText("hosted")
    dialog.url_edit.setText("https://models.example.com/v1")
    dialog.key_edit.setText("sk-file")
    dialog.add_from_form()
    await dialog.wait_idle()
    assert "no keychain" in dialog.add_error.text() and not secrets.file_store_enabled
    assert app.runtime is not None and ConnectionStore(app.runtime.db).get("hosted") is None
    dialog.file_secrets.setChecked(True)
    dialog.add_from_form()
    await dialog.wait_idle()
    assert secrets.file_store_enabled and (secrets.file_path.stat().st_mode & 0o777) == 0o600
    assert secrets.get("hosted") == "sk-file" and "readable only by you" in dialog.status


async def test_find_a_local_server_fills_the_form(app: App, server: LoopbackServer, tmp_path: Path) -> None:
    dialog = _dialog(app, SecretStore(tmp_path, backend=MemoryKeyring(), environ={}))
    await dialog.wait_idle()
    dialog.local_servers = (detect.LocalServer("lmstudio", server.port),)
    server.add(Reply(body=b'{"data": [{"id": "llama-3.2-3b"}]}', content_type="application/json"))
    dialog.find_local_servers()
    await dialog.wait_idle()
    assert dialog.status.startswith(f"Found LM Studio at http://127.0.0.1:{server.port}/v1 with 1 models")
    assert (dialog.id_edit.text(), dialog.url_edit.text(), dialog.model_edit.text()) == (
        "lmstudio", f"http://127.0.0.1:{server.port}/v1", "llama-3.2-3b")
    dialog.add_from_form()  # a server on this computer needs no key
    await dialog.wait_idle()
    assert dialog.selected_id() == "lmstudio" and "no key needed" in dialog.connections.currentItem().text()

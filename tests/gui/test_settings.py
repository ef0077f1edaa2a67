"""Settings: add, test and remove a model connection, and find a server on this computer, against a
loopback fake server, with the keychain in memory (or absent) and the window never blocked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from keyring.backends import fail
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.providers import detect
from relay_studio.providers.secrets import SERVICE, SecretStore, header_account
from relay_studio.store.connections import ConnectionStore
from relay_studio.store.persona import persona_name
from relay_studio.ui.settings.dialog import SettingsDialog
from tests.gui.conftest import App, until
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
    assert dialog.status.startswith(f"Found LM Studio at http://127.0.0.1:{server.port}/v1 with 1 model;")
    assert (dialog.id_edit.text(), dialog.url_edit.text(), dialog.model_edit.text()) == (
        "lmstudio", f"http://127.0.0.1:{server.port}/v1", "llama-3.2-3b")
    dialog.add_from_form()  # a server on this computer needs no key
    await dialog.wait_idle()
    assert dialog.selected_id() == "lmstudio" and "no key needed" in dialog.connections.currentItem().text()


def _click(qtbot: QtBot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def _type(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(edit, text)


def _select(qtbot: QtBot, dialog: SettingsDialog, connection_id: str) -> None:
    for row in range(dialog.connections.count()):
        item = dialog.connections.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == connection_id:
            rect = dialog.connections.visualItemRect(item)
            qtbot.mouseClick(dialog.connections.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            assert dialog.selected_id() == connection_id
            return
    raise AssertionError(f"no row for {connection_id}")


def _row_text(dialog: SettingsDialog, connection_id: str) -> str:
    for row in range(dialog.connections.count()):
        item = dialog.connections.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == connection_id:
            return item.text()
    raise AssertionError(f"no row for {connection_id}")


async def test_default_connection_model_picker_and_edit_in_place_by_clicks_and_keys(
    app: App, server: LoopbackServer, tmp_path: Path, qtbot: QtBot
) -> None:
    keyring = MemoryKeyring()
    dialog = _dialog(app, SecretStore(tmp_path, backend=keyring, environ={}))
    await dialog.wait_idle()
    assert app.runtime is not None
    store = ConnectionStore(app.runtime.db)

    # The model picker asks the server (on the loop) and offers what it lists.
    _type(qtbot, dialog.id_edit, "first")
    _type(qtbot, dialog.url_edit, server.url + "/v1")
    server.add(Reply(body=b'{"data": [{"id": "gemma-3-270m"}, {"id": "qwen2.5-0.5b"}]}',
                     content_type="application/json"))
    _click(qtbot, dialog.list_models_button)
    assert not dialog.list_models_button.isEnabled(), "the window goes on while the server answers"
    await dialog.wait_idle()
    assert [dialog.model_box.itemText(i) for i in range(dialog.model_box.count())] == ["gemma-3-270m", "qwen2.5-0.5b"]
    assert dialog.model_edit.text() == "gemma-3-270m" and server.requests[-1].path == "/v1/models"
    qtbot.keyClick(dialog.model_box, Qt.Key.Key_Down)  # the creator picks the second one
    assert dialog.model_edit.text() == "qwen2.5-0.5b"
    _click(qtbot, dialog.add_button)
    await dialog.wait_idle()
    assert store.require("first").default_model == "qwen2.5-0.5b", "the chosen model is remembered"
    assert store.default_id() == "first" and "It is the default connection." in dialog.status
    assert _row_text(dialog, "first").startswith("★ first") and "default" in _row_text(dialog, "first")

    _type(qtbot, dialog.id_edit, "second")
    _type(qtbot, dialog.url_edit, "http://127.0.0.1:9/v1")
    _click(qtbot, dialog.add_button)
    await dialog.wait_idle()
    assert store.default_id() == "first" and not _row_text(dialog, "second").startswith("★")

    # Make the second the default.
    _select(qtbot, dialog, "second")
    assert dialog.default_button.isEnabled()
    _click(qtbot, dialog.default_button)
    assert store.default_id() == "second" and _row_text(dialog, "second").startswith("★ second")
    assert dialog.status.startswith("'second' is now the default connection")
    assert not dialog.default_button.isEnabled(), "it is the default already"

    # Edit the first in place: a new address, a secret header and a plain one.
    _select(qtbot, dialog, "first")
    _click(qtbot, dialog.edit_button)
    assert dialog.form_box.title() == "Edit 'first'" and not dialog.id_edit.isEnabled()
    assert dialog.model_edit.text() == "qwen2.5-0.5b" and dialog.add_button.text() == "Save changes"
    _type(qtbot, dialog.url_edit, f"http://localhost:{server.port}/v1")
    _click(qtbot, dialog.headers.add_button)
    secret_row = dialog.headers.row_widgets[-1]
    qtbot.keyClicks(secret_row.name_edit, "X-Auth-Token")
    qtbot.keyClicks(secret_row.value_edit, "tok-5e6f7a8b")
    _click(qtbot, dialog.headers.add_button)
    plain_row = dialog.headers.row_widgets[-1]
    qtbot.keyClicks(plain_row.name_edit, "X-Team")
    qtbot.keyClicks(plain_row.value_edit, "writers")
    qtbot.keyClick(plain_row.plain_box, Qt.Key.Key_Space)  # tick "Plain"
    assert plain_row.plain_box.isChecked()
    assert secret_row.value_edit.echoMode() == QLineEdit.EchoMode.Password
    _click(qtbot, dialog.add_button)
    await dialog.wait_idle()
    first = store.require("first")
    assert first.base_url == f"http://localhost:{server.port}/v1" and first.default_model == "qwen2.5-0.5b"
    assert first.secret_headers == ["X-Auth-Token"] and first.headers == {"X-Team": "writers"}
    assert keyring.store[(SERVICE, header_account("first", "X-Auth-Token"))] == "tok-5e6f7a8b"
    rows = app.runtime.db.conn.exec_driver_sql("SELECT settings_json FROM connections").all()
    assert not any("tok-5e6f7a8b" in r[0] for r in rows) and "tok-5e6f7a8b" not in dialog.status
    assert dialog.status.startswith("Saved connection 'first'") and dialog.form_box.title() == "Add a connection"
    assert store.default_id() == "second", "editing does not move the default"

    # Editing again shows the secret as kept; listing models sends it without it being typed again.
    _select(qtbot, dialog, "first")
    _click(qtbot, dialog.edit_button)
    kept = dialog.headers.row_widgets[-1]
    assert kept.name_edit.text() == "X-Auth-Token" and kept.value_edit.text() == ""
    assert "kept" in kept.value_edit.placeholderText()
    server.add(Reply(body=b'{"data": [{"id": "qwen2.5-0.5b"}]}', content_type="application/json"))
    _click(qtbot, dialog.list_models_button)
    await dialog.wait_idle()
    assert server.requests[-1].headers.get("x-auth-token") == "tok-5e6f7a8b"
    assert server.requests[-1].headers.get("x-team") == "writers"
    _click(qtbot, kept.remove_button)
    _click(qtbot, dialog.add_button)
    await dialog.wait_idle()
    assert store.require("first").secret_headers == []
    assert (SERVICE, header_account("first", "X-Auth-Token")) not in keyring.store

    # Removing the default passes it on.
    _select(qtbot, dialog, "second")
    _click(qtbot, dialog.remove_button)
    await dialog.wait_idle()
    assert store.default_id() == "first" and "The default connection is now 'first'." in dialog.status
    assert _row_text(dialog, "first").startswith("★ first")


async def test_find_on_a_port_the_creator_types_and_say_which_were_tried(
    app: App, server: LoopbackServer, tmp_path: Path, qtbot: QtBot
) -> None:
    dialog = _dialog(app, SecretStore(tmp_path, backend=MemoryKeyring(), environ={}))
    await dialog.wait_idle()
    dialog.local_servers = ()  # the usual ports are this machine's business; the typed one is the test's
    qtbot.keyClicks(dialog.ports_edit, "nine")
    qtbot.keyClick(dialog.ports_edit, Qt.Key.Key_Return)
    assert "not a list of port numbers" in dialog.status
    _type(qtbot, dialog.ports_edit, f"{server.port}")
    server.add(Reply(body=b'{"data": [{"id": "gemma-3-270m"}]}', content_type="application/json"))
    _click(qtbot, dialog.detect_button)
    await dialog.wait_idle()
    assert dialog.status.startswith(f"Found A model server at http://127.0.0.1:{server.port}/v1 with 1 model;")
    assert dialog.status.endswith(f"Tried ports {server.port}.")
    assert (dialog.id_edit.text(), dialog.model_edit.text()) == (f"local-{server.port}", "gemma-3-270m")
    assert "11434 (Ollama)" in dialog.ports_edit.toolTip() and "8000 (vLLM)" in dialog.ports_edit.toolTip()


async def test_with_no_connection_the_window_points_at_settings(app: App, qtbot: QtBot) -> None:
    from relay_studio.runtime.provider_source import DefaultProviders

    window = app.open()
    assert app.runtime is not None
    window.studio.providers = DefaultProviders(app.runtime.db, app.data_dir, demo_pacing=False)
    window.new_chat()
    composer = window.chat.composer
    qtbot.keyClicks(composer.editor, "Write about a harbour.")
    qtbot.mouseClick(composer.send_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.runs.last_error, what="the run to be refused")
    assert "There is no model connection yet. Add one in Settings → Connections." in window.runs.last_error
    assert "relay-studio" not in window.runs.last_error and "local-ollama" not in window.runs.last_error
    assert app.runtime.runs.runs() == [], "nothing was written"
    hint = window.studio.providers.connection_hint()
    assert hint is not None and "Settings → Connections" in hint and "relay-studio" not in hint


async def test_your_name_in_stories_is_typed_in_settings_and_kept(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    """What SillyTavern's {{user}} becomes: typed here, stored in the data folder, read by the next run."""
    dialog = _dialog(app, SecretStore(tmp_path, backend=MemoryKeyring(), environ={}))
    await dialog.wait_idle()
    field = dialog.persona_edit
    assert field.text() == "User"  # SillyTavern's default persona
    field.selectAll()
    qtbot.keyClicks(field, "Ada   Lind")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert field.text() == "Ada Lind"
    assert app.runtime is not None and persona_name(app.runtime.db) == "Ada Lind"
    field.clear()
    qtbot.keyClick(field, Qt.Key.Key_Return)  # emptied: the default again
    assert field.text() == "User" and persona_name(app.runtime.db) == "User"
    dialog.close()


async def test_settings_with_its_own_keychain_still_shares_the_name_with_the_window(app: App, qtbot: QtBot,
                                                                                   tmp_path: Path) -> None:
    """A dialog given a test's secret store works on a twin of ``studio.connections`` (``keeping_secrets_in``):
    the name typed there is the one the window's chat fills {{user}} with at once, not after a restart."""
    window = app.open()
    assert window.studio.connections.persona_name() == "User"  # read (and kept) before Settings opens
    dialog = SettingsDialog(window.settings, window.studio, window,
                            secrets=SecretStore(tmp_path, backend=MemoryKeyring(), environ={}))
    dialog.open()
    await dialog.wait_idle()
    dialog.persona_edit.selectAll()
    qtbot.keyClicks(dialog.persona_edit, "Ada")
    qtbot.keyClick(dialog.persona_edit, Qt.Key.Key_Return)
    assert window.studio.connections.persona_name() == "Ada"
    with pytest.raises(TypeError):
        window.studio.connections.keeping_secrets_in(tmp_path)  # only a SecretStore
    dialog.close()

"""API keys: the keychain when there is one, a clear refusal when there is none, and an opt-in 0600 file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from keyring.backends import chainer, fail, null

from relay_studio.providers.secrets import (
    KeychainUnavailableError,
    SecretStore,
    SecretStoreError,
    backend_is_real,
    env_var_for,
)
from tests.providers.conftest import MemoryKeyring


def test_keychain_round_trip(tmp_path: Path) -> None:
    keychain = MemoryKeyring()
    store = SecretStore(tmp_path, backend=keychain, environ={})
    assert store.get("openai-main") is None
    assert store.set("openai-main", "sk-abc") == "keychain"
    assert keychain.store == {("relay-studio", "openai-main"): "sk-abc"}
    assert store.get("openai-main") == "sk-abc" and store.locate("openai-main") == "keychain"
    store.delete("openai-main")
    store.delete("openai-main")  # forgetting twice is fine
    assert store.get("openai-main") is None
    assert not (tmp_path / "secrets.json").exists(), "nothing ever falls back to a file on its own"


@pytest.mark.parametrize("backend", [fail.Keyring(), null.Keyring()])
def test_no_keychain_is_said_plainly(tmp_path: Path, backend: object) -> None:
    store = SecretStore(tmp_path, backend=backend, environ={})  # type: ignore[arg-type]
    assert not store.keychain_available
    with pytest.raises(KeychainUnavailableError) as caught:
        store.set("openai-main", "sk-abc")
    message = caught.value.message
    assert "No system keychain is available" in message and "--use-file-secrets" in message
    assert "0600" in message and "sk-abc" not in message
    with pytest.raises(KeychainUnavailableError):
        store.get("openai-main")
    assert not store.file_path.exists()


def test_a_chainer_is_a_keychain_only_with_a_real_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not backend_is_real(fail.Keyring())
    assert backend_is_real(MemoryKeyring())
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [fail.Keyring()])
    assert not backend_is_real(chainer.ChainerBackend())
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [fail.Keyring(), MemoryKeyring()])
    assert backend_is_real(chainer.ChainerBackend())


@pytest.mark.skipif(os.name == "nt", reason="Windows files have no POSIX mode bits to check; the key file "
                    "is guarded by the user profile's ACL there")
def test_opt_in_file_store_is_0600(tmp_path: Path) -> None:
    store = SecretStore(tmp_path / "data", backend=fail.Keyring(), environ={})
    path = store.enable_file_store()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert store.set("openai-main", "sk-abc") == "file"
    assert store.set("claude", "sk-ant-xyz") == "file"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = SecretStore(tmp_path / "data", backend=fail.Keyring(), environ={})
    assert again.get("openai-main") == "sk-abc" and again.locate("claude") == "file"
    again.delete("openai-main")
    assert again.get("openai-main") is None and again.get("claude") == "sk-ant-xyz"


@pytest.mark.skipif(os.name == "nt", reason="Windows files have no POSIX mode bits to check; the key file "
                    "is guarded by the user profile's ACL there")
def test_a_readable_key_file_is_refused(tmp_path: Path) -> None:
    store = SecretStore(tmp_path, backend=fail.Keyring(), environ={})
    store.enable_file_store()
    store.set("c", "sk-abc")
    store.file_path.chmod(0o644)
    with pytest.raises(SecretStoreError, match="chmod 600"):
        store.get("c")


def test_environment_variable_wins(tmp_path: Path) -> None:
    assert env_var_for("openai-main.2") == "RELAY_STUDIO_API_KEY_OPENAI_MAIN_2"
    store = SecretStore(tmp_path, backend=fail.Keyring(), environ={"RELAY_STUDIO_API_KEY_CI": "sk-env"})
    assert store.get("ci") == "sk-env" and store.locate("ci") == "environment"


def test_keys_must_be_one_clean_line(tmp_path: Path) -> None:
    store = SecretStore(tmp_path, backend=MemoryKeyring(), environ={})
    with pytest.raises(SecretStoreError):
        store.set("c", " sk-abc\n")

"""API keys, by connection id: in the OS keychain, or (only when the creator opts in) a 0600 file.

Lookup order: the environment variable ``RELAY_STUDIO_API_KEY_<ID>`` (for headless runs and CI; the id
upper-cased, anything not a letter or digit as ``_``), then the keychain, then the opt-in file store.
When the machine has no keychain backend (keyring's ``fail``/``null`` backends, or a chainer with
nothing to chain), storing a key raises ``KeychainUnavailableError`` saying so; nothing falls back to a
file on its own. ``enable_file_store()`` is the explicit opt-in: it creates ``secrets.json`` in the data
directory with permissions 0600, and from then on keys are kept there.

The values of a connection's secret headers (every custom header not marked plain) are kept the same
way, under the account ``<connection id>#header:<name, lower-case>``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

import keyring
import keyring.errors
from keyring.backend import KeyringBackend
from keyring.backends import chainer, fail, null

from relay_studio.domain import error_codes as codes
from relay_studio.domain import secret_values
from relay_studio.domain.coded_error import CodedError

SERVICE = "relay-studio"
FILE_NAME = "secrets.json"
ENV_PREFIX = "RELAY_STUDIO_API_KEY_"

Location = Literal["environment", "keychain", "file"]


class SecretStoreError(CodedError):
    """A secret that cannot be read, stored or removed; ``code`` says why."""


class KeychainUnavailableError(SecretStoreError):
    code = codes.SECRETS_KEYCHAIN_UNAVAILABLE


def header_account(connection_id: str, name: str) -> str:
    """The keychain account (and key-file entry) of a secret header; ``#`` never occurs in an id."""
    return f"{connection_id}#header:{name.lower()}"


def env_var_for(connection_id: str) -> str:
    return ENV_PREFIX + re.sub(r"[^A-Z0-9]", "_", connection_id.upper())


def backend_is_real(backend: KeyringBackend) -> bool:
    """False for keyring's stand-ins that store nothing (fail, null, an empty chainer)."""
    if isinstance(backend, fail.Keyring | null.Keyring):
        return False
    if isinstance(backend, chainer.ChainerBackend):
        return any(backend_is_real(b) for b in backend.backends)
    return True


class SecretStore:
    def __init__(
        self,
        data_dir: Path,
        *,
        backend: KeyringBackend | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.file_path = data_dir / FILE_NAME
        self._backend = backend
        self._environ = os.environ if environ is None else environ

    # -- where keys can live ------------------------------------------------------------------------
    @property
    def backend(self) -> KeyringBackend:
        if self._backend is None:
            found: Any = keyring.get_keyring()
            self._backend = found
        assert self._backend is not None
        return self._backend

    @property
    def keychain_available(self) -> bool:
        return backend_is_real(self.backend)

    @property
    def file_store_enabled(self) -> bool:
        return self.file_path.exists()

    def unavailable_error(self, connection_id: str) -> KeychainUnavailableError:
        return KeychainUnavailableError(
            KeychainUnavailableError.code,
            f"No system keychain is available on this machine, so the API key for connection "
            f"'{connection_id}' cannot be stored there; to keep keys in a file only you can read "
            f"({self.file_path}, permissions 0600), opt in with --use-file-secrets.",
        )

    def enable_file_store(self) -> Path:
        """The explicit opt-in: creates the 0600 key file (kept as is if it already exists)."""
        if not self.file_store_enabled:
            self._write_file({})
        return self.file_path

    def where(self) -> Location:
        """Where ``set`` would store a key now; raises when there is nowhere safe."""
        if self.keychain_available:
            return "keychain"
        if self.file_store_enabled:
            return "file"
        raise self.unavailable_error("(new)")

    # -- keys -----------------------------------------------------------------------------------------
    def get(self, connection_id: str) -> str | None:
        value = self._lookup(connection_id)
        secret_values.register(value)  # scrubbed by value from everything journaled, stored or printed
        return value

    def _lookup(self, connection_id: str) -> str | None:
        from_env = self._environ.get(env_var_for(connection_id))
        if from_env:
            return from_env
        return self._get(connection_id, connection_id)

    def _get(self, account: str, connection_id: str) -> str | None:
        if self.keychain_available:
            try:
                value = self.backend.get_password(SERVICE, account)
            except keyring.errors.KeyringError as exc:
                raise self._keychain_failed("read", connection_id, exc) from None
            if value:
                return value
        elif not self.file_store_enabled:
            raise self.unavailable_error(connection_id)
        if self.file_store_enabled:
            return self._read_file().get(account)
        return None

    def locate(self, connection_id: str) -> Location | None:
        """Where the key of a connection is (for listings), without revealing it."""
        if self._environ.get(env_var_for(connection_id)):
            return "environment"
        try:
            if self.keychain_available and self.backend.get_password(SERVICE, connection_id):
                return "keychain"
        except keyring.errors.KeyringError:
            return None
        if self.file_store_enabled and connection_id in self._read_file():
            return "file"
        return None

    def set(self, connection_id: str, api_key: str) -> Location:
        if not api_key or api_key != api_key.strip() or "\n" in api_key or "\r" in api_key:
            raise SecretStoreError(codes.SECRETS_INVALID_KEY, "An API key must be one line without surrounding spaces.")
        return self._set(connection_id, connection_id, api_key)

    def _set(self, account: str, connection_id: str, value: str) -> Location:
        secret_values.register(value)
        if self.keychain_available:
            try:
                self.backend.set_password(SERVICE, account, value)
            except keyring.errors.KeyringError as exc:
                raise self._keychain_failed("store", connection_id, exc) from None
            return "keychain"
        if not self.file_store_enabled:
            raise self.unavailable_error(connection_id)
        keys = self._read_file()
        keys[account] = value
        self._write_file(keys)
        return "file"

    def delete(self, connection_id: str, *, headers: Iterable[str] = ()) -> None:
        """Forgets the key (and the values of the secret ``headers``) wherever they are stored; a
        missing one is not an error."""
        for account in (connection_id, *(header_account(connection_id, name) for name in headers)):
            self._delete(account, connection_id)

    def _delete(self, account: str, connection_id: str) -> None:
        if self.keychain_available:
            try:
                self.backend.delete_password(SERVICE, account)
            except keyring.errors.PasswordDeleteError:
                pass  # there was no key: nothing to forget
            except keyring.errors.KeyringError as exc:
                raise self._keychain_failed("delete", connection_id, exc) from None
        if self.file_store_enabled:
            keys = self._read_file()
            if keys.pop(account, None) is not None:
                self._write_file(keys)

    # -- header values (secrets unless the creator marked a header plain) ----------------------------
    def get_header(self, connection_id: str, name: str) -> str | None:
        value = self._get(header_account(connection_id, name), connection_id)
        secret_values.register(value)  # a header value is scrubbed by value like a key
        return value

    def set_header(self, connection_id: str, name: str, value: str) -> Location:
        if not value or "\n" in value or "\r" in value:
            raise SecretStoreError(codes.SECRETS_INVALID_HEADER,
                                   f"The value of header '{name}' must be one line and not empty.")
        return self._set(header_account(connection_id, name), connection_id, value)

    def delete_header(self, connection_id: str, name: str) -> None:
        self._delete(header_account(connection_id, name), connection_id)

    # -- the opt-in file ------------------------------------------------------------------------------
    def _read_file(self) -> dict[str, str]:
        if os.name != "nt":
            mode = stat.S_IMODE(self.file_path.stat().st_mode)
            if mode & 0o077:
                raise SecretStoreError(
                    codes.SECRETS_FILE_PERMISSIONS,
                    f"The key file {self.file_path} can be read by other users (mode {mode:o}); "
                    f"restrict it with 'chmod 600 {self.file_path}'.",
                )
        try:
            data = json.loads(self.file_path.read_text(encoding="utf-8") or "{}")
        except ValueError:
            raise SecretStoreError(
                codes.SECRETS_FILE_CORRUPT, f"The key file {self.file_path} is not valid JSON."
            ) from None
        if not isinstance(data, dict):
            raise SecretStoreError(codes.SECRETS_FILE_CORRUPT, f"The key file {self.file_path} is not a JSON object.")
        return {str(k): str(v) for k, v in data.items()}

    def _write_file(self, keys: dict[str, str]) -> None:
        self.file_path.parent.mkdir(parents=True, exist_ok=True)
        temp = self.file_path.with_name(self.file_path.name + ".tmp")
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
        # Created 0600 from the first byte: never a moment where another user could read it.
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(keys, handle, indent=2, sort_keys=True)
        os.replace(temp, self.file_path)

    def _keychain_failed(self, action: str, connection_id: str, exc: Exception) -> SecretStoreError:
        return SecretStoreError(
            codes.SECRETS_KEYCHAIN_FAILED,
            f"The system keychain could not {action} the API key for connection '{connection_id}' "
            f"({type(exc).__name__}).",
        )

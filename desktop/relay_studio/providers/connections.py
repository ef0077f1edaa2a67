"""Connections: where a model lives (a hosted API or a server on this machine), stored in the database.

A stored connection holds no secret. Its API key lives in the OS keychain (``secrets.py``) under the
connection id, and so do the values of its custom headers (``secretHeaders`` names them): a header
value is a secret unless the creator marked the header plain (``headers``, kept in the database;
names that look like credentials are refused there). One connection is the app's **default**
(``app_settings.default_connection``): the first one added, until the creator picks another.
"""

from __future__ import annotations

import builtins
import ipaddress
import json
import logging
import re
from typing import Literal
from urllib.parse import urlsplit

import httpx
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic.alias_generators import to_camel
from sqlalchemy import delete, select

from relay_studio.domain import error_codes as codes
from relay_studio.domain.messages import Usage
from relay_studio.domain.validation import first_problem
from relay_studio.providers.base import ProviderError
from relay_studio.providers.capabilities import ModelLimits, ToolChoiceMode
from relay_studio.store.database import Database, now_iso, table_of
from relay_studio.store.tables import AppSettingRow, ConnectionRow

_log = logging.getLogger(__name__)

ConnectionKind = Literal["openai_compatible", "anthropic"]
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}\Z")  # an HTTP token (RFC 9110)
CREDENTIAL_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key", "cookie"}
)
DEFAULT_CONNECTION_KEY = "default_connection"
#: Codes of problems with connections (``ConnectionProblem.code``, and ``ProviderError.code`` at run time).
CONNECTION_INVALID = codes.CONNECTION_INVALID
CONNECTION_UNKNOWN = codes.CONNECTION_UNKNOWN
CONNECTION_EXISTS = codes.CONNECTION_EXISTS
NO_CONNECTION = codes.CONNECTION_NONE
#: Headers the providers fill from the API key: never a custom header, not even a secret one.
KEY_HEADERS = frozenset({"authorization", "x-api-key"})


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True)


class Timeouts(_Model):
    connect: float = Field(default=10.0, gt=0, le=300)
    read: float = Field(default=120.0, gt=0, le=3600)
    """The longest silence between two pieces of a streamed answer before it counts as stalled."""
    write: float = Field(default=30.0, gt=0, le=300)
    pool: float = Field(default=10.0, gt=0, le=300)


class RetrySettings(_Model):
    """Connection-wide defaults; a profile's ``maxRetries``/``retryIntervalSeconds`` take precedence."""

    max_retries: int = Field(default=3, ge=0, le=10)
    interval_seconds: float = Field(default=2.0, ge=0, le=120)


class Prices(_Model):
    """Prices per million tokens, in ``currency``; cached input falls back to the input price."""

    input_per_million: float = Field(ge=0)
    output_per_million: float = Field(ge=0)
    cached_input_per_million: float | None = Field(default=None, ge=0)
    currency: str = "USD"

    def cost(self, usage: Usage) -> float:
        cached = min(usage.cached_tokens, usage.input_tokens)
        cached_price = (
            self.input_per_million if self.cached_input_per_million is None else self.cached_input_per_million
        )
        return (
            (usage.input_tokens - cached) * self.input_per_million
            + cached * cached_price
            + usage.output_tokens * self.output_per_million
        ) / 1_000_000


class Connection(_Model):
    id: str
    kind: ConnectionKind
    base_url: str
    default_model: str | None = None
    """The model the creator chose for this connection (e.g. from its server's list)."""
    headers: dict[str, str] = Field(default_factory=dict, repr=False)
    """Plain headers, stored as they are. At run time the factory adds the secret ones here too."""
    secret_headers: list[str] = Field(default_factory=list)
    """Names of headers whose values live with the API key (keychain or key file), never here."""
    legacy_headers: dict[str, str] = Field(default_factory=dict, repr=False)
    """Headers stored plain before their values counted as secrets (schema 1), waiting to be moved to
    the secret store (``factory.secure_legacy_headers``); they are still sent meanwhile."""
    timeouts: Timeouts = Field(default_factory=Timeouts)
    retry: RetrySettings = Field(default_factory=RetrySettings)
    prices: Prices | None = None
    max_tokens_field: Literal["max_tokens", "max_completion_tokens"] = "max_tokens"
    """OpenAI's own API wants ``max_completion_tokens`` for its reasoning models; others ``max_tokens``."""
    tool_choice_unsupported: list[ToolChoiceMode] = Field(default_factory=list)
    """Connection-wide tool-choice refusals of older versions; new findings go to ``learned``."""
    learned: dict[str, ModelLimits] = Field(default_factory=dict)
    """What each model of this connection's server was found not to do (``capabilities``), by model."""

    @field_validator("id")
    @classmethod
    def _id(cls, value: str) -> str:
        if not ID_PATTERN.match(value):
            raise ValueError("use 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit")
        return value

    @field_validator("base_url")
    @classmethod
    def _base_url(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("must be an http:// or https:// URL")
        if parts.username or parts.password:
            raise ValueError("must not carry a user name or password; store the key in the keychain")
        if parts.query or parts.fragment:
            raise ValueError("must not have a query or fragment")
        return value

    @field_validator("headers")
    @classmethod
    def _headers(cls, value: dict[str, str]) -> dict[str, str]:
        for name in value:
            if not HEADER_NAME.match(name):
                raise ValueError(f"'{name}' is not a header name")
            if name.strip().lower() in CREDENTIAL_HEADERS:
                raise ValueError(f"'{name}' would put a secret in the database; store the key in the keychain")
        return value

    @field_validator("secret_headers")
    @classmethod
    def _secret_headers(cls, value: list[str]) -> list[str]:
        out: list[str] = []
        for name in value:
            if not HEADER_NAME.match(name):
                raise ValueError(f"'{name}' is not a header name")
            if name.lower() in KEY_HEADERS:
                raise ValueError(f"'{name}' carries the API key; store the key itself in the keychain")
            if name.lower() not in (n.lower() for n in out):
                out.append(name)
        return out

    @property
    def is_local(self) -> bool:
        """True for a server on this machine (no key needed, nothing leaves the computer)."""
        host = urlsplit(self.base_url).hostname or ""
        if host == "localhost":
            return True
        try:
            return ipaddress.ip_address(host).is_loopback
        except ValueError:
            return False

    def cost(self, usage: Usage) -> float | None:
        return None if self.prices is None else self.prices.cost(usage)

    def model_for(self, requested: str | None, override: str | None = None) -> str:
        """An explicit override, else the agent's model, else the connection's default."""
        model = (override or requested or self.default_model or "").strip()
        if not model:
            raise ProviderError(
                codes.PROVIDER_NO_MODEL,
                f"Connection '{self.id}' has no default model and the agent names none; "
                "choose the connection's default model, or name one in the agent's profile.",
            )
        return model

    def http_timeout(self) -> httpx.Timeout:
        t = self.timeouts
        return httpx.Timeout(connect=t.connect, read=t.read, write=t.write, pool=t.pool)


class Preset(BaseModel):
    name: str
    label: str
    kind: ConnectionKind
    base_url: str
    default_model: str | None = None
    needs_key: bool = True
    max_tokens_field: Literal["max_tokens", "max_completion_tokens"] = "max_tokens"

    def connection(self, connection_id: str, *, model: str | None = None) -> Connection:
        return Connection(
            id=connection_id,
            kind=self.kind,
            base_url=self.base_url,
            default_model=model or self.default_model,
            max_tokens_field=self.max_tokens_field,
        )


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            name="openai",
            label="OpenAI",
            kind="openai_compatible",
            base_url="https://api.openai.com/v1",
            max_tokens_field="max_completion_tokens",
        ),
        Preset(name="anthropic", label="Anthropic", kind="anthropic", base_url="https://api.anthropic.com"),
        Preset(
            name="openrouter",
            label="OpenRouter",
            kind="openai_compatible",
            base_url="https://openrouter.ai/api/v1",
        ),
        Preset(
            name="deepseek",
            label="DeepSeek",
            kind="openai_compatible",
            base_url="https://api.deepseek.com/v1",
            default_model="deepseek-chat",
        ),
        Preset(
            name="gemini",
            label="Google Gemini (OpenAI-compatible)",
            kind="openai_compatible",
            base_url="https://generativelanguage.googleapis.com/v1beta/openai",
        ),
        Preset(
            name="ollama",
            label="Ollama",
            kind="openai_compatible",
            base_url="http://127.0.0.1:11434/v1",
            needs_key=False,
        ),
        Preset(
            name="lmstudio",
            label="LM Studio",
            kind="openai_compatible",
            base_url="http://127.0.0.1:1234/v1",
            needs_key=False,
        ),
        Preset(
            name="llamacpp",
            label="llama.cpp server",
            kind="openai_compatible",
            base_url="http://127.0.0.1:8080/v1",
            needs_key=False,
        ),
        Preset(
            name="jan",
            label="Jan",
            kind="openai_compatible",
            base_url="http://127.0.0.1:1337/v1",
            needs_key=False,
        ),
        Preset(
            name="koboldcpp",
            label="KoboldCpp",
            kind="openai_compatible",
            base_url="http://127.0.0.1:5001/v1",
            needs_key=False,
        ),
        Preset(
            name="vllm",
            label="vLLM",
            kind="openai_compatible",
            base_url="http://127.0.0.1:8000/v1",
            needs_key=False,
        ),
    )
}


class ConnectionProblem(ValueError):
    """A connection that cannot be stored or found; ``code`` is stable, the message one sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def parse_connection(data: object) -> Connection:
    """Validates input; a problem is reported as one sentence naming the field."""
    try:
        return Connection.model_validate(data)
    except ValidationError as exc:
        raise ConnectionProblem(
            CONNECTION_INVALID, f"The connection is not valid: {first_problem(exc, 'connection').line()}."
        ) from None


_SETTINGS_FIELDS = (
    "headers", "secret_headers", "legacy_headers", "timeouts", "retry", "prices", "max_tokens_field",
    "tool_choice_unsupported", "learned",
)


class ConnectionStore:
    """Connections in the ``connections`` table; everything but kind, URL and model in ``settings_json``.

    Headers stored before their values became secrets were moved to ``legacyHeaders`` by schema 2;
    ``factory.secure_legacy_headers`` moves their values to the secret store.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self._table = table_of(ConnectionRow)
        self._settings = table_of(AppSettingRow)

    def list(self) -> list[Connection]:
        rows = self._db.conn.execute(select(self._table).order_by(self._table.c.id)).mappings().all()
        return [self._from_row(dict(row)) for row in rows]

    def get(self, connection_id: str) -> Connection | None:
        row = self._db.conn.execute(select(self._table).where(self._table.c.id == connection_id)).mappings().first()
        return None if row is None else self._from_row(dict(row))

    def require(self, connection_id: str) -> Connection:
        found = self.get(connection_id)
        if found is None:
            raise ConnectionProblem(CONNECTION_UNKNOWN, f"There is no connection '{connection_id}'.")
        return found

    def add(self, connection: Connection) -> None:
        """Stores a new connection; the first one becomes the default."""
        if self.get(connection.id) is not None:
            raise ConnectionProblem(CONNECTION_EXISTS, f"A connection '{connection.id}' already exists.")
        stamp = now_iso()
        with self._db.transaction() as tx:
            tx.insert(ConnectionRow, created_at=stamp, updated_at=stamp, **self._to_row(connection))
            if self.default_id() is None:
                self._write_default(connection.id)

    def save(self, connection: Connection) -> None:
        """Updates an existing connection in place (URL, default model, headers, ...)."""
        with self._db.transaction() as tx:
            self.require(connection.id)
            tx.update(ConnectionRow, connection.id, updated_at=now_iso(), **self._to_row(connection))

    def remove(self, connection_id: str) -> bool:
        """Removes a connection; if it was the default, the oldest remaining one (or none) takes over."""
        with self._db.transaction() as tx:
            was_default = self.default_id() == connection_id
            result = tx.conn.execute(delete(self._table).where(self._table.c.id == connection_id))
            if was_default:
                oldest = tx.conn.execute(
                    select(self._table.c.id).order_by(self._table.c.created_at, self._table.c.id).limit(1)
                ).scalar()
                if oldest is None:
                    tx.conn.execute(delete(self._settings).where(self._settings.c.key == DEFAULT_CONNECTION_KEY))
                else:
                    self._write_default(str(oldest))
        return bool(result.rowcount)

    # -- the default connection ---------------------------------------------------------------------
    def default_id(self) -> str | None:
        """The id of the app's default connection, or None when there is no connection at all."""
        value = self._db.conn.execute(
            select(self._settings.c.value).where(self._settings.c.key == DEFAULT_CONNECTION_KEY)
        ).scalar()
        return None if value is None else str(value)

    def default(self) -> Connection | None:
        found = self.default_id()
        return None if found is None else self.get(found)

    def set_default(self, connection_id: str) -> None:
        with self._db.transaction():
            self.require(connection_id)
            self._write_default(connection_id)

    def _write_default(self, connection_id: str) -> None:
        with self._db.transaction() as tx:
            tx.conn.execute(delete(self._settings).where(self._settings.c.key == DEFAULT_CONNECTION_KEY))
            tx.insert(AppSettingRow, key=DEFAULT_CONNECTION_KEY, value=connection_id)

    # -- what a connection learns --------------------------------------------------------------------
    def remember_limits(self, connection_id: str, model: str, limits: ModelLimits) -> None:
        """Persists what a model was found not to do, so the next start does not try it again."""
        with self._db.transaction():
            current = self.get(connection_id)
            if current is None or current.learned.get(model) == limits:
                return
            self.save(current.model_copy(update={"learned": {**current.learned, model: limits}}))

    # -- headers stored before their values were secrets ---------------------------------------------
    def legacy_header_ids(self) -> builtins.list[str]:
        """Connections with header values still stored plain from before they counted as secrets."""
        return [c.id for c in self.list() if c.legacy_headers]

    def mark_headers_secret(self, connection_id: str, names: builtins.list[str]) -> None:
        """After their values went to the secret store: the headers ``names`` are secret, not stored here."""
        with self._db.transaction():
            current = self.require(connection_id)
            update: dict[str, object] = {
                "headers": {k: v for k, v in current.headers.items() if k not in names},
                "legacy_headers": {k: v for k, v in current.legacy_headers.items() if k not in names},
                "secret_headers": [*current.secret_headers, *(n for n in names if n not in current.secret_headers)],
            }
            self.save(current.model_copy(update=update))

    @staticmethod
    def _to_row(connection: Connection) -> dict[str, object]:
        dumped = connection.model_dump(by_alias=True, include=set(_SETTINGS_FIELDS), exclude_none=True)
        # A connection built for a run carries its secret header values in ``headers``: never store them.
        secret = {name.lower() for name in connection.secret_headers}
        dumped["headers"] = {k: v for k, v in connection.headers.items() if k.lower() not in secret}
        dumped["legacyHeaders"] = {k: v for k, v in connection.legacy_headers.items() if k.lower() not in secret}
        if not dumped["legacyHeaders"]:
            del dumped["legacyHeaders"]
        return {
            "id": connection.id,
            "kind": connection.kind,
            "base_url": connection.base_url,
            "default_model": connection.default_model,
            "settings_json": json.dumps(dumped, sort_keys=True),
        }

    @staticmethod
    def _from_row(row: dict[str, object]) -> Connection:
        settings = json.loads(str(row.get("settings_json") or "{}"))
        return Connection.model_validate(
            {
                **settings,
                "id": row["id"],
                "kind": row["kind"],
                "baseUrl": row["base_url"],
                "defaultModel": row["default_model"],
            }
        )

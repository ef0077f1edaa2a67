"""Connections: where a model lives (a hosted API or a server on this machine), as the creator stored it.

A stored connection holds no secret. Its API key lives in the OS keychain (``providers/secrets.py``)
under the connection id, and so do the values of its custom headers (``secretHeaders`` names them): a
header value is a secret unless the creator marked the header plain (``headers``, kept in the database;
names that look like credentials are refused there). ``store/connections.py`` keeps them, and which one
is the app's default; ``providers/connections.py`` has the presets and what a provider asks of one.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic.alias_generators import to_camel

from relay_studio.domain import error_codes as codes
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.messages import Usage
from relay_studio.domain.validation import first_problem

#: Which tool-choice modes a server turned down; ``auto`` means even ``auto`` was refused (none is sent).
ToolChoiceMode = Literal["required", "none", "named", "auto"]
#: Request fields a provider adds on its own and leaves out when a server refuses them.
OptionalField = Literal["stream_options", "prompt_cache_key", "return_progress", "stop", "response_format",
                        "json_schema"]
"""``json_schema``: the ``json_schema`` type of ``response_format`` (then sent as ``json_object`` with the schema)."""
class ModelLimits(BaseModel):
    """What one model on one connection was found not to do (kept in the connection's ``learned``)."""

    model_config = ConfigDict(extra="ignore", alias_generator=to_camel, populate_by_name=True)

    no_streamed_tools: bool = False
    no_stream_usage: bool = False
    """Answers carry no token counts (llama-cpp-python's streams): they are estimated. Read for what older
    versions stored (which then asked tool turns for whole answers); no longer changes what is asked."""
    tool_choice_unsupported: list[ToolChoiceMode] = Field(default_factory=list)
    dropped_fields: list[OptionalField] = Field(default_factory=list)


ConnectionKind = Literal["openai_compatible", "anthropic"]
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}\Z")  # an HTTP token (RFC 9110)
CREDENTIAL_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key", "cookie"}
)
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


class ConnectionProblem(CodedError, ValueError):
    """A connection that cannot be stored or found; ``code`` is stable, the message one sentence."""


def parse_connection(data: object) -> Connection:
    """Validates input; a problem is reported as one sentence naming the field."""
    try:
        return Connection.model_validate(data)
    except ValidationError as exc:
        raise ConnectionProblem(
            CONNECTION_INVALID, f"The connection is not valid: {first_problem(exc, 'connection').line()}."
        ) from None

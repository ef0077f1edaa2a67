"""A connection's model list: what ``GET /models`` (or Ollama's ``/api/tags``, or Anthropic's paged listing) says.

Below both ``detect`` (which probes local servers and tests a connection) and ``factory`` (whose
``FirstListedModel`` asks for the first model at a run's first call), so neither imports the other for it.
"""

from __future__ import annotations

from typing import Any

import httpx

from relay_studio.providers.anthropic import API_VERSION, api_url
from relay_studio.providers.base import ProviderError
from relay_studio.providers.connections import Connection, http_timeout
from relay_studio.providers.http_clients import async_client
from relay_studio.providers.retry import error_for_status, error_for_transport, malformed_chunk


def model_names(data: Any) -> list[str] | None:
    """Names from an OpenAI/Anthropic ``{"data": [{"id"}]}`` or Ollama ``{"models": [{"name"}]}`` body."""
    if not isinstance(data, dict):
        return None
    items = data.get("data") if "data" in data else data.get("models")
    if not isinstance(items, list):
        return None
    names: list[str] = []
    for item in items:
        name = item.get("id") or item.get("name") or item.get("model") if isinstance(item, dict) else None
        if isinstance(name, str) and name and name not in names:
            names.append(name)
    return names


async def list_models(
    connection: Connection, api_key: str | None, *, client: httpx.AsyncClient | None = None
) -> list[str]:
    """The models a connection offers; raises ``ProviderError`` with one sentence when it cannot say."""
    own = client is None
    http = client or async_client(timeout=http_timeout(connection))
    try:
        if connection.kind == "anthropic":
            return await _anthropic_models(http, connection, api_key)
        headers = {**connection.headers}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        names: list[str] | None = None
        first: ProviderError | None = None
        try:
            names = model_names(await _get_json(http, connection.base_url + "/models", headers, connection, api_key))
        except ProviderError as exc:
            if exc.status != 404:
                raise
            first = exc
        if names is None:
            # Ollama's own listing (an Ollama reached without its /v1 prefix, or one older than it).
            root = connection.base_url.removesuffix("/v1")
            try:
                names = model_names(await _get_json(http, root + "/api/tags", headers, connection, api_key))
            except ProviderError:
                if first is not None:
                    raise first from None
                raise
        if names is None:
            raise first or malformed_chunk(connection.id, "a model list in an unknown shape")
        return names
    finally:
        if own:
            await http.aclose()


async def _anthropic_models(http: httpx.AsyncClient, connection: Connection, api_key: str | None) -> list[str]:
    headers = {"anthropic-version": API_VERSION, **connection.headers}
    if api_key:
        headers["x-api-key"] = api_key
    names: list[str] = []
    after: str | None = None
    for _page in range(50):  # bounded: a server that always says has_more cannot loop forever
        url = api_url(connection.base_url, "/models") + "?limit=1000" + (f"&after_id={after}" if after else "")
        data = await _get_json(http, url, headers, connection, api_key)
        page = model_names(data)
        if page is None:
            raise malformed_chunk(connection.id, "a model list in an unknown shape")
        names.extend(n for n in page if n not in names)
        after = data.get("last_id")
        if not data.get("has_more") or not after:
            break
    return names


async def _get_json(
    http: httpx.AsyncClient, url: str, headers: dict[str, str], connection: Connection, api_key: str | None
) -> Any:
    try:
        response = await http.get(url, headers=headers, timeout=http_timeout(connection))
    except httpx.TransportError as exc:
        raise error_for_transport(connection.id, exc, connection.base_url) from None
    if response.status_code >= 300:
        raise error_for_status(
            connection.id,
            response.status_code,
            response.text,
            response.headers,
            has_key=bool(api_key),
            secrets=(api_key,),
        )
    try:
        return response.json()
    except ValueError:
        raise malformed_chunk(connection.id, "a model list that is not JSON") from None

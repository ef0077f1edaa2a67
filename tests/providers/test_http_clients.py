"""The providers' HTTP clients share one TLS context that still verifies certificates and host names."""

from __future__ import annotations

import ssl
from typing import Any

from relay_studio.providers.http_clients import async_client, sync_client, tls_context


async def test_every_client_verifies_with_the_one_shared_context() -> None:
    context = tls_context()
    assert context is tls_context()
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname
    assert context.cert_store_stats()["x509_ca"] > 0  # the certificate bundle is loaded
    async with async_client(timeout=1.0) as a:
        with sync_client(timeout=1.0) as b:
            for client in (a, b):
                transport: Any = client._transport
                pool = transport._pool  # httpcore's pool holds the context
                assert pool._ssl_context is context

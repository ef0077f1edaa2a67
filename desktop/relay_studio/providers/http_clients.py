"""The HTTP clients the providers, the connection probes and the embedders open, over one TLS context.

Loading the certificate bundle into a context takes tens of milliseconds; every model call opened its
own client, so each paid it again (on the window's loop, a dropped frame or more). The context is made
once per process, on first use, honouring ``SSL_CERT_FILE``/``SSL_CERT_DIR`` as httpx would.
"""

from __future__ import annotations

import functools
import ssl
from typing import Any

import httpx


@functools.cache
def tls_context() -> ssl.SSLContext:
    return httpx.create_ssl_context()


def async_client(**options: Any) -> httpx.AsyncClient:
    """``httpx.AsyncClient(**options)``, verifying certificates with the shared context."""
    return httpx.AsyncClient(verify=tls_context(), **options)


def sync_client(**options: Any) -> httpx.Client:
    """``httpx.Client(**options)``, verifying certificates with the shared context."""
    return httpx.Client(verify=tls_context(), **options)

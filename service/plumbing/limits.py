"""Rate limits (Flask-Limiter): per client address and per token, across the whole API.

Memory storage by default, which counts per process: with N web processes the real limit is
N times the configured one. ``RATELIMIT_STORAGE_URI=redis://...`` shares the counts between
processes and hosts; the production shape and compose use it, and an app on a server
database that counts in memory says so in the log when it starts. A refused request gets
429 ``rate/limited`` with ``Retry-After``. The health check is never limited: an abuser
behind a load balancer's address must not fail its health checks.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Sequence

from flask import Blueprint, Flask, Response, current_app, request
from flask_limiter import ApplicationLimit, Limiter, RequestLimit

from service.plumbing.errors import HTTP_CODES, error_response
from service.plumbing.tokens import bearer_token, hash_secret

IPV6_CLIENT_PREFIX = 64


def client_address() -> str:
    """Return the client's address (the peer, or X-Forwarded-For behind ``PROXY_FIX_X_FOR``)."""
    return request.remote_addr or "unknown"


def client_network(client: str) -> str:
    """Return what a client address counts as: an IPv4 address (an IPv4-mapped IPv6 one
    too) itself, an IPv6 address its /64 network (which one subscriber usually holds
    whole), anything else as it is."""
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return client
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/{IPV6_CLIENT_PREFIX}", strict=False))
    return str(address)


def token_key() -> str:
    """Return the key of the request's token: its hash, so no store ever holds a token."""
    token = bearer_token()
    return hash_secret(token) if token else ""


def rate_limited(limit: RequestLimit) -> Response:
    """Answer a request over a limit: our error shape and the seconds until it resets."""
    code, message = HTTP_CODES[429]
    retry_after = max(1, int(limit.reset_at - time.time()))
    return error_response(code, str(message), 429, {"retry_after": retry_after},
                          {"Retry-After": str(retry_after)})


def make_limiter(app: Flask, mailing: Sequence[Blueprint],
                 exempt: Sequence[Blueprint]) -> Limiter:
    """Return the app's limiter: per address and per token everywhere but the operator's
    checks (``exempt``: health, readiness, metrics), stricter for the blueprints whose
    requests send an email to an address the caller gives (lost links, a link to one's
    games, a seat's new address: each blueprint counts apart).

    The limits are read from the config at each request (``RATELIMIT_PER_IP``,
    ``RATELIMIT_PER_TOKEN``, ``RATELIMIT_LOST_LINK``), so tests can lower them.
    """
    storage = str(app.config["RATELIMIT_STORAGE_URI"])
    if (app.config["RATELIMIT_ENABLED"] and storage.startswith("memory")
            and not str(app.config["DATABASE_URL"]).startswith("sqlite")):
        app.logger.warning(
            "rate limits are counted in memory, per process: with several web processes "
            "each allows the full limit; set FF_RATELIMIT_STORAGE_URI=redis://...")
    limiter = Limiter(
        client_address,
        application_limits=[
            ApplicationLimit(lambda: current_app.config["RATELIMIT_PER_IP"],
                             key_function=client_address, scope="ip"),
            ApplicationLimit(lambda: current_app.config["RATELIMIT_PER_TOKEN"],
                             key_function=token_key, scope="token",
                             exempt_when=lambda: bearer_token() is None),
        ],
        on_breach=rate_limited,
    )
    limiter.init_app(app)
    for blueprint in mailing:
        limiter.limit(lambda: current_app.config["RATELIMIT_LOST_LINK"],
                      key_func=client_address)(blueprint)
    for blueprint in exempt:
        limiter.exempt(blueprint)
    return limiter

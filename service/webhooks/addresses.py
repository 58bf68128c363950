"""Which webhook targets may be called: URL form, and addresses that are not private.

A target that resolves to a private, loopback, link-local, multicast, reserved or otherwise
non-public address is refused (it could reach the service's own network), unless the
configuration allows private targets (``WEBHOOK_ALLOW_PRIVATE``, for local runs and tests).
The sender checks the addresses again when it sends and connects to the one it checked, so
a name that resolves elsewhere later (DNS rebinding) gains nothing.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

SCHEMES = {"http": 80, "https": 443}


class RefusedTarget(ValueError):
    """A webhook URL that may not be called; ``code`` says why (``webhook/...``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Target:
    """A webhook URL taken apart: scheme, host name, port and the path with its query."""

    scheme: str
    host: str
    port: int
    path: str


def allows_private(setting: object) -> bool:
    """Read ``WEBHOOK_ALLOW_PRIVATE``: only true, 1 or the words true/yes/on allow private
    targets; anything else (``False`` written in another case included) refuses them."""
    if isinstance(setting, str):
        return setting.strip().lower() in ("true", "1", "yes", "on")
    return setting is True or setting == 1


def parse_url(url: str) -> Target:
    """Return the parts of an ``http(s)://`` URL; refuse other schemes, user info, no host."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise RefusedTarget("webhook/invalid_url", f"{url!r} is not a valid URL: {error}") from None
    if parts.scheme not in SCHEMES:
        raise RefusedTarget("webhook/invalid_url",
                            f"{url!r} must start with http:// or https://")
    if not parts.hostname:
        raise RefusedTarget("webhook/invalid_url", f"{url!r} names no host")
    if parts.username is not None or parts.password is not None:
        raise RefusedTarget("webhook/invalid_url",
                            f"{url!r} carries a user name or password; use the signature")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, parts.hostname, port or SCHEMES[parts.scheme], path)


def is_public(address: str) -> bool:
    """True when ``address`` (IPv4 or IPv6) is a public unicast address."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # drop an IPv6 zone
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not (ip.is_multicast or ip.is_private or ip.is_loopback
                                 or ip.is_link_local or ip.is_reserved or ip.is_unspecified)


def resolve(target: Target, allow_private: bool) -> str:
    """Return the address to connect to for ``target``, once every address it has is allowed.

    All the addresses the name resolves to must be public (unless ``allow_private``): a
    name with one private address among public ones is refused.
    """
    try:
        infos = socket.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise RefusedTarget("webhook/unresolvable",
                            f"the host {target.host!r} does not resolve: {error}") from None
    addresses = [str(info[4][0]) for info in infos]
    if not addresses:
        raise RefusedTarget("webhook/unresolvable", f"the host {target.host!r} has no address")
    if not allow_private:
        for address in addresses:
            if not is_public(address):
                raise RefusedTarget(
                    "webhook/private_address",
                    f"the host {target.host!r} resolves to {address}, a private or reserved "
                    "address; webhooks go to public addresses only")
    return addresses[0]

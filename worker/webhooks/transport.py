"""POST a webhook to the address that was checked, with a timeout and no redirects.

The URL is judged as at creation (``service.features.webhooks.addresses``) just before sending: its
form, its host read as the resolver reads it (``0x7f.1`` is 127.0.0.1), every address it
resolves to. The connection goes to the checked address and nowhere else, so a name that
resolves to another address a moment later (DNS rebinding) cannot steer the request. The
Host header and, for https, the certificate check and SNI still use the name (an address
written in another form, in its usual one). ``http.client`` never follows redirects: a 3xx
is an answer like any other non-2xx. The whole request, from connecting to the answer's
headers, has ``timeout`` seconds.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import ssl
import threading

from service.features.webhooks.addresses import parse_url, resolve

USER_AGENT = "FearsomeFloors-Webhooks/1"


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """An HTTP connection to ``address`` for the host name it was made with."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        """Connect to the checked address, not to whatever the name resolves to now."""
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """An HTTPS connection to ``address``, verifying the certificate of the host name."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        self._tls = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=self._tls)
        self._address = address

    def connect(self) -> None:
        """Connect to the checked address and speak TLS to the host name."""
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._tls.wrap_socket(sock, server_hostname=self.host)


def post(url: str, body: bytes, headers: dict[str, str], *, timeout: float,
         allow_private: bool) -> int:
    """POST ``body`` as JSON to ``url``; return the answer's status code.

    Raises ``RefusedTarget`` for a URL that may not be called, ``OSError`` (timeouts
    included) or ``http.client.HTTPException`` when no proper answer came.
    """
    target = parse_url(url)
    address = resolve(target, allow_private)
    kind = _PinnedHTTPSConnection if target.scheme == "https" else _PinnedHTTPConnection
    connection = kind(target.host, target.port, address, timeout)
    expired = threading.Event()
    deadline = threading.Timer(timeout, _cut, (connection, expired))
    deadline.start()
    try:
        connection.request("POST", target.path, body=body, headers={
            "Content-Type": "application/json", "User-Agent": USER_AGENT, **headers})
        return connection.getresponse().status  # the body is not read: it says nothing to us
    except (OSError, http.client.HTTPException) as error:
        if expired.is_set() or isinstance(error, TimeoutError):
            raise TimeoutError(f"no complete answer within {timeout} s") from None
        raise
    finally:
        deadline.cancel()
        connection.close()


def _cut(connection: http.client.HTTPConnection, expired: threading.Event) -> None:
    """End a request that overran its time: a receiver answering a byte at a time would
    otherwise hold the worker far longer than the socket timeout, which counts per read."""
    expired.set()
    if connection.sock is not None:
        with contextlib.suppress(OSError):  # closed already: the request ended meanwhile
            connection.sock.shutdown(socket.SHUT_RDWR)

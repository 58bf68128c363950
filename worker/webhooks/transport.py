"""POST a webhook to the address that was checked, with a timeout and no redirects.

The URL's host is resolved and every address checked (``service.webhooks.addresses``) just
before sending, and the connection goes to the checked address, so a name that resolves to
another address a moment later (DNS rebinding) cannot steer the request. The Host header and,
for https, the certificate check and SNI still use the name. ``http.client`` never follows
redirects: a 3xx is an answer like any other non-2xx.
"""

from __future__ import annotations

import http.client
import socket
import ssl

from service.webhooks.addresses import parse_url, resolve

MAX_RESPONSE_BYTES = 64 * 1024  # read (and ignore) at most this much of an answer
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
    try:
        connection.request("POST", target.path, body=body, headers={
            "Content-Type": "application/json", "User-Agent": USER_AGENT, **headers})
        response = connection.getresponse()
        response.read(MAX_RESPONSE_BYTES)
        return response.status
    finally:
        connection.close()

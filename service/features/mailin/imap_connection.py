"""The IMAP connection of the IMAP door: ``imaplib``'s client, reading its socket through a
buffer of its own, with IDLE (RFC 2177).

Python 3.11's ``imaplib`` has no IDLE, and it reads through a buffered socket file that a
timeout breaks for good (a socket file that timed out refuses every later read). So
:class:`Connection` reads the socket into a buffer of its own: a wait for the server's next
line may time out, and the connection goes on. Everything else is ``imaplib``'s.
"""

from __future__ import annotations

import base64
import contextlib
import imaplib
import re
import socket
import time
from collections.abc import Callable

IMAP_PORT = 143
MAX_LINE = 1_000_000  # as imaplib's own bound
_NEWS = re.compile(rb"\* \d+ (?:EXISTS|RECENT)\b", re.IGNORECASE)
_LITERAL = re.compile(rb"\{(\d+)\+?\}\r\n$")


class MailboxError(Exception):
    """The server refused a command; the message names the command and the server's words."""


def mailbox_name(name: str) -> str:
    """Return ``name`` as a command argument: modified UTF-7 (RFC 3501 5.1.3), quoted."""
    encoded: list[str] = []
    wide: list[str] = []

    def flush() -> None:
        if wide:
            utf16 = "".join(wide).encode("utf-16-be")
            encoded.append("&" + base64.b64encode(utf16).decode().rstrip("=").replace("/", ",")
                           + "-")
            wide.clear()

    for char in name:
        if " " <= char <= "~":
            flush()
            encoded.append("&-" if char == "&" else char)
        else:
            wide.append(char)
    flush()
    return quoted("".join(encoded))


def quoted(text: str) -> str:
    """Return ``text`` as an IMAP quoted string (imaplib quotes only the password)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Connection(imaplib.IMAP4):
    """``imaplib.IMAP4`` reading its socket through a buffer of its own, with IDLE."""

    _buffer: bytearray
    _buffered_from: socket.socket

    def open(self, host: str = "", port: int | None = None,
             timeout: float | None = None) -> None:
        """Connect (imaplib's way), with TCP keepalive, and start an empty buffer."""
        super().open(host, IMAP_PORT if port is None else port, timeout)
        keep_alive(self.sock)
        self._buffer, self._buffered_from = bytearray(), self.sock
        self._idles = 0

    def read(self, size: int) -> bytes:
        """Read ``size`` bytes (fewer only at the end of the stream)."""
        while len(self._pending()) < size and self._receive():
            pass
        data = bytes(self._buffer[:size])
        del self._buffer[:size]
        return data

    def readline(self) -> bytes:
        """Read one line, its CRLF included (b"" at the end of the stream)."""
        while (end := self._pending().find(b"\n")) < 0:
            if len(self._buffer) > MAX_LINE:
                raise self.error(f"got more than {MAX_LINE} bytes")
            if not self._receive():
                end = len(self._buffer) - 1
                break
        line = bytes(self._buffer[:end + 1])
        del self._buffer[:end + 1]
        return line

    def idle(self, seconds: float, stopping: Callable[[], bool],
             alive: Callable[[], None]) -> bool:
        """IDLE for at most ``seconds`` (RFC 2177), or until ``stopping()``; return True when
        the server told of new mail. ``alive`` is called about every second."""
        self._idles += 1
        tag = b"IDLE%d" % self._idles
        self.send(tag + b" IDLE\r\n")
        news = False
        while not (line := self._line()).startswith(b"+"):
            news = self._heard(line, tag) or news
        deadline = time.monotonic() + seconds
        while not news and not stopping() and (left := deadline - time.monotonic()) > 0:
            alive()
            heard = self._line_within(min(1.0, left))
            news = heard is not None and self._heard(heard, tag)
        self.send(b"DONE\r\n")
        while not (line := self._line()).startswith(tag + b" "):
            news = self._heard(line, tag) or news
        self._heard(line, tag)
        return news

    def _heard(self, line: bytes, tag: bytes) -> bool:
        """Return whether ``line`` tells of new mail; raise on a goodbye or a refusal."""
        if line.upper().startswith(b"* BYE"):
            raise self.abort(line.decode(errors="replace"))
        if line.startswith(tag + b" ") and not line[len(tag) + 1:].upper().startswith(b"OK"):
            raise MailboxError(f"IDLE: {line.decode(errors='replace')}")
        return _NEWS.match(line) is not None

    def _line(self) -> bytes:
        """Read a whole response line, any literal in it skipped."""
        line = self.readline()
        if not line:
            raise self.abort("socket error: EOF")
        while (literal := _LITERAL.search(line)) is not None:
            self.read(int(literal[1]))
            line = line[:literal.start()] + self.readline()
        return line.rstrip(b"\r\n")

    def _line_within(self, seconds: float) -> bytes | None:
        """Return the server's next line if it begins within ``seconds``, else None."""
        if b"\n" not in self._pending():
            previous = self.sock.gettimeout()
            self.sock.settimeout(seconds)
            try:
                if not self._receive():
                    raise self.abort("socket error: EOF")
            except TimeoutError:
                return None
            finally:
                self.sock.settimeout(previous)
        return self._line()

    def _pending(self) -> bytearray:
        """Return the buffer; after STARTTLS, nothing read in the clear counts."""
        if self._buffered_from is not self.sock:
            self._buffer.clear()
            self._buffered_from = self.sock
        return self._buffer

    def _receive(self) -> bool:
        """Add what the socket has to the buffer; False at the end of the stream."""
        data = self.sock.recv(65536)
        self._pending().extend(data)
        return bool(data)


class SslConnection(Connection, imaplib.IMAP4_SSL):
    """The same over TLS from the first byte."""


def keep_alive(sock: socket.socket) -> None:
    """Have the kernel probe a silent connection, so that a peer gone away (a NAT that forgot
    us, a server that died) ends a long IDLE within about a minute."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for option, value in (("TCP_KEEPIDLE", 30), ("TCP_KEEPINTVL", 10), ("TCP_KEEPCNT", 3)):
        if hasattr(socket, option):  # Linux's names; elsewhere the system's defaults
            sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, option), value)


def drop(connection: imaplib.IMAP4) -> None:
    """Close the connection without a word to the server."""
    with contextlib.suppress(OSError):
        connection.shutdown()

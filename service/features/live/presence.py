"""A seat's open page holds its mail: the page's live stream marks the seat present.

The mail channel sends a seat nothing about a game while the seat has it open on its page
(``service.features.mail.seats.is_active``: marked within the last minute). Only the page
counts, and the page is the stream opened with a ticket (:mod:`.tickets`), by a seat: a
script or a bot that reads the game through the API, or streams it with its token
(``curl -N``), is no player looking at it, and its reads hold no mail.

The stream marks the seat when it opens, then again whenever its last mark is
:data:`REFRESH_SECONDS` old, after a heartbeat or an event went out; its waits are kept that
short too. With the default heartbeat (20 s) that is one write every 40 s per open page, and
never a gap the minute's window does not cover. A closed page's stream ends at its next
write that fails (a heartbeat or two later) and marks nothing more: the seat's mail starts
again a minute after its last mark, about a minute after the page was closed (20 to 80 s).
"""

from __future__ import annotations

import logging
import time

from flask import Flask

from service.features.mail.seats import mark_present
from service.kernel.auth import SEAT, Caller
from service.plumbing.errors import first_line, is_passing

log = logging.getLogger(__name__)

# Seconds between two marks of one stream: under the mail's window (a minute) less a wait.
REFRESH_SECONDS = 30.0


class Presence:
    """The presence of one seat's open page: marks it now, then while its stream is open."""

    def __init__(self, app: Flask, game_id: str, seat: int) -> None:
        self._app, self.game_id, self.seat = app, game_id, seat
        self._marked = time.monotonic()
        mark_present(game_id, seat)

    @classmethod
    def of_page(cls, app: Flask, game_id: str, caller: Caller) -> Presence | None:
        """Mark the caller's seat present and return its presence, when a stream opened with
        a ticket is a seat's page; None for the creator's and the spectators' pages."""
        if caller.kind != SEAT or caller.seat is None:
            return None
        return cls(app, game_id, caller.seat)

    def keep(self) -> None:
        """Mark the seat again if its last mark is :data:`REFRESH_SECONDS` old (from the
        stream, outside any request). A database that cannot be reached just now costs a
        line in the log: the stream goes on, and the next wake tries again."""
        if time.monotonic() - self._marked < REFRESH_SECONDS:
            return
        with self._app.app_context():
            try:
                mark_present(self.game_id, self.seat)
            except Exception as error:
                if not is_passing(error):
                    raise
                log.warning("seat %s of game %s not marked present: %s", self.seat,
                            self.game_id, first_line(error))
                return
        self._marked = time.monotonic()

"""Which games a transaction changed, told after its commit to whoever listens.

A use case that changes what a viewer of a game sees (a move, a monster phase, a seat taken,
a pause, a message at the table) marks the game with :func:`game_touched` in its transaction.
After the commit, and never before, ``service.plumbing.unit_of_work`` hands the marked ids to the
listeners the app registered (:func:`register_listener`): today the live pages' publisher
(``service.features.live``), which tells every web process that the game changed. A mark that is
missed costs only latency: the live pages also look at the database on their own.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from flask import Flask, current_app
from sqlalchemy.orm import Session

Listener = Callable[[Collection[str]], None]

_TOUCHED = "ff_touched_games"
_LISTENERS = "ff_game_listeners"


def game_touched(session: Session, game_id: str) -> None:
    """Mark ``game_id`` as changed by the transaction of ``session``."""
    session.info.setdefault(_TOUCHED, set()).add(game_id)


def register_listener(app: Flask, listener: Listener) -> None:
    """Call ``listener(game_ids)`` after each commit in ``app`` that changed some game."""
    app.extensions.setdefault(_LISTENERS, []).append(listener)


def announce_after_commit(session: Session) -> None:
    """Hand the games the committed transaction changed to the listeners."""
    touched = session.info.pop(_TOUCHED, None)
    if not touched:
        return
    for listener in current_app.extensions.get(_LISTENERS, []):
        try:
            listener(sorted(touched))
        except Exception:
            # The change is committed; the pages see it on their next look at the database.
            current_app.logger.exception("game change listener failed for %s", touched)


def forget(session: Session) -> None:
    """Drop the marks of a transaction that was rolled back."""
    session.info.pop(_TOUCHED, None)

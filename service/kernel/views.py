"""What callers see: games, actions and events as JSON-ready dicts.

These functions are the only way game data leaves the service, so this is where secrets are
kept in: the engine's ``player_view`` drops the pile, the seed and the generator state; a
seat sees its own email address and no one else's; no token is ever part of a view.
The response schemas (``service.plumbing.schemas``) document exactly these shapes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import timedelta
from typing import Any

import engine
from engine import GameState
from service.kernel.auth import SEAT, Caller
from service.kernel.models import Action, Event, GameRow, SeatRow, WrittenAction, WrittenEvent
from service.kernel.naming import game_name
from service.kernel.narration import diagram, narrate_action
from service.kernel.pace import days_left, is_absent
from service.kernel.store import load_state
from service.kernel.vocabulary import ACTIVE, TIMEOUT
from service.plumbing.clock import iso
from service.plumbing.i18n import _, colour_name, current_language

NUDGE_INTERVAL = timedelta(hours=24)
"""One nudge a game a day (``service.features.deadlines.nudge``, which takes it from here)."""


def etag(game: GameRow, caller: Caller) -> str:
    """Return the (weak) ETag value of ``game`` as ``caller`` sees it.

    It changes whenever the view can: a new version, a new status, a seat taken, a pause,
    a deadline moved by resuming or by a seat's vacation, a nudge, anything the creator
    changed (``updated_at``: a time per move, the pace, a seat handed to a new player); and
    it differs per viewer, whose views differ, and per language the view is read in.
    """
    clock = "" if game.move_deadline is None else f".d{game.move_deadline.timestamp():.6f}"
    if game.paused_at is not None:
        clock += ".paused"
    if game.nudged_at is not None:
        clock += f".n{game.nudged_at.timestamp():.6f}"
    return (f"{game.id}.{game.version}.{game.status}.{game.seats_open}.{caller.viewer}"
            f"{clock}.u{game.updated_at.timestamp():.6f}.{current_language()}")


def etag_header(value: str) -> str:
    """Return the ``ETag`` header for an ETag value."""
    return f'W/"{value}"'


def game_view(
    game: GameRow, seats: Sequence[SeatRow], caller: Caller, state: GameState | None = None
) -> dict[str, Any]:
    """Return the game as ``caller`` may see it: metadata, position, legal moves, diagram.

    ``state`` is the game's engine state when the caller has it at hand already.
    """
    if state is None:
        state = load_state(game)
    seat = caller.seat if caller.kind == SEAT else None
    position = None if state is None else engine.player_view(state, seat)
    outcome = None if state is None or state.outcome is None else state.outcome.to_dict()
    running = game.status == ACTIVE
    nudge = None if game.nudged_at is None else game.nudged_at + NUDGE_INTERVAL
    return {
        "id": game.id,
        "name": game_name(game),
        "status": game.status,
        "version": game.version,
        "phase": game.phase,
        "to_move": None if state is None else state.to_move,
        "language": game.language,
        "viewer": viewer_of(caller, seat, seats),
        "seats": [seat_view(s, own=s.seat == seat, game=game) for s in seats],
        # Stored are only the options that are on (a rollback reads them); shown, all.
        "options": engine.Options.from_dict(game.options).to_dict(),
        "start_seat": game.start_seat,
        "move_time_limit": game.move_time_limit,
        "move_deadline": iso(game.move_deadline) if running else None,
        "paused_at": iso(game.paused_at) if running else None,
        "vacation_days": game.vacation_days or 0,
        "missed_deadlines_limit": game.missed_deadlines_limit,
        "absent_computer": game.absent_computer,
        "takebacks": game.takebacks,
        "monster_preview": game.monster_preview,
        "next_nudge_at": iso(nudge) if running else None,
        "created_at": iso(game.created_at),
        "started_at": iso(game.started_at),
        "finished_at": iso(game.finished_at),
        "position": position,
        "diagram": None if state is None else diagram(state),
        "outcome": outcome,
    }


def viewer_of(caller: Caller, seat: int | None,
              seats: Sequence[SeatRow]) -> dict[str, Any]:
    """Who the view is for; for a seat, its own choice of language and time zone (null:
    none chosen: its mails follow the game's language, in UTC)."""
    own = next((s for s in seats if s.seat == seat), None) if seat is not None else None
    if own is None:
        return {"kind": caller.kind, "seat": seat}
    return {"kind": caller.kind, "seat": seat, "language": own.language,
            "time_zone": own.time_zone}


def seat_view(seat: SeatRow, *, own: bool, game: GameRow) -> dict[str, Any]:
    """Return a seat as shown in a game view: the email address only to its own seat; its
    pace (vacation days left, missed deadlines, absent) to everyone, as the log tells it."""
    data: dict[str, Any] = {
        "seat": seat.seat,
        "colour": seat.colour,
        "name": seat.name,
        "open": seat.name is None,
        "vacation_days_left": days_left(game, seat),
        "missed_deadlines": seat.missed_deadlines or 0,
        "absent": is_absent(game, seat),
        "computer": seat.computer,
    }
    if own:
        data["email"] = seat.email
    return data


def seat_label(seat: SeatRow) -> str:
    """Name a seat for people: ``Ann (green)``, or ``seat 2 (green)`` while it is open (seats
    counted from 1, as people count them)."""
    colour = colour_name(seat.colour)
    if seat.name is None:
        # TRANSLATORS: an open seat: its number (counted from 1) and its colour.
        return _("seat %(number)s (%(colour)s)", number=seat.seat + 1, colour=colour)
    # TRANSLATORS: a player: their name and their seat's colour, "Ann (green)".
    return _("%(name)s (%(colour)s)", name=seat.name, colour=colour)


def action_words(events: Iterable[Mapping[str, Any]], who: str) -> str:
    """Tell an action in words from its stored events (``engine.narrate.narrate_action``),
    ``who`` being its seat's :func:`seat_label`: a ``timeout`` event among them says the
    action was taken for a seat whose time ran out."""
    events = list(events)
    return narrate_action(events, who, timed_out=any(e.get("type") == TIMEOUT for e in events))


def action_view(action: Action | WrittenAction, words: str) -> dict[str, Any]:
    """Return an accepted action as shown in the log and in a submission's response, with
    ``words`` (:func:`action_words`)."""
    return {
        "seq": action.seq,
        "seat": action.seat,
        "notation": action.notation,
        "words": words,
        "action": action.action,
        "version_before": action.version_before,
        "version_after": action.version_after,
        "created_at": iso(action.created_at),
    }


def event_view(event: Event | WrittenEvent) -> dict[str, Any]:
    """Return an event as shown in the log: the engine's own dict under ``event``."""
    return {
        "seq": event.seq,
        "version": event.version,
        "action_seq": event.action_seq,
        "created_at": iso(event.created_at),
        "event": event.data,
    }


def page_view(items: Iterable[dict[str, Any]], after: int, limit: int,
              version: int) -> dict[str, Any]:
    """Return a page of the log: its items and the cursor to ask for the next ones."""
    items = list(items)
    return {
        "items": items[:limit],
        "next_after": items[:limit][-1]["seq"] if items else after,
        "has_more": len(items) > limit,
        "version": version,
    }

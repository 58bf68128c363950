"""A game played again from its start, as its log holds it (``engine.records``).

A started game's row holds its position only; what led there is the log: the actions (a
player's, the computer's, a timeout's flip) and the takebacks, in the order of the versions
they led to, and between them the monster phases, which follow from the seed. Played again
from the seed, the log gives every position the game went through: the one a takeback
returns to, a game's record, the start of a sandbox. Reading the log costs two queries; playing
it costs the engine a few milliseconds for a whole game.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from engine import GameState, Options
from engine.events import TAKEBACK
from engine.records import Input, Played, Replay, TakenBack
from engine.state import evolve
from service.kernel.models import Action, Event, GameRow
from service.kernel.store import load_state
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _


def log_of(session: Session, game_id: str) -> list[Input]:
    """Return the game's actions and takebacks in the order of the versions they led to."""
    actions = session.execute(select(Action.version_after, Action.seat, Action.action).where(
        Action.game_id == game_id)).all()
    takebacks = session.execute(select(Event.version, Event.data).where(
        Event.game_id == game_id, Event.type == TAKEBACK)).all()
    ordered: list[tuple[int, Input]] = [
        (row.version_after, Played(row.seat, engine.action_from_dict(row.action)))
        for row in actions]
    ordered += [(row.version, TakenBack(int(row.data["seat"]), int(row.data["to_version"])))
                for row in takebacks]
    return [item for _version, item in sorted(ordered, key=lambda pair: pair[0])]


def first_state(game: GameRow, state: GameState) -> GameState:
    """Return the position ``game`` (now at ``state``) started from: made again from its seed,
    its options and its creator's choice of start player, under its rules version."""
    start = engine.new_game([p.colour for p in state.players], seed=state.seed,
                            options=Options.from_dict(game.options), start_seat=game.start_seat)
    return start if start.rules == state.rules else evolve(start, rules=state.rules)


def replay_game(session: Session, game: GameRow) -> Replay:
    """Play ``game`` again from its seed and its log up to its version; the replay's final
    state is the one the row holds (a game the engine does not replay so is refused as
    ``record/unavailable`` rather than shown wrong)."""
    state = load_state(game)
    if state is None:
        raise ServiceError("game/not_started",
                           _("The game has not started yet: it waits for players."))
    replay = engine.replay_inputs(first_state(game, state), log_of(session, game.id),
                                  version=game.version,
                                  chosen_start=game.start_seat)
    if replay.state != state:
        raise ServiceError("record/unavailable",
                           _("This game's log does not play again to its position, so it has "
                             "no record."), {"version": game.version})
    return replay

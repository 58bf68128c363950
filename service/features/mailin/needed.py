"""One mail per turn: whether a move made by mail is answered, and with what.

A seat chooses which of its emails get an answer (``answers``, ``service.features.mail.seats``:
the page's settings, the API's notification settings, or ``answers all`` / ``answers
needed`` by mail). With ``every``, a move is answered with the new board, as any reply is.
With ``needed`` (the default), a move is answered only when the seat's next email from the
game will not follow within minutes anyway; the "your move" that follows says what happened
since, and shows the board. Then the answer is one short line ("Your move green 5 +NNW was
made; Bob is next."), held back for ``MAIL_CONFIRM_AFTER_SECONDS`` (five minutes) and not
sent at all if a mail to the seat about the game goes first: when the next player answers
fast, the seat's "your move" says it all.

**The rule.** The seat's next email follows within moments, and the move gets no answer, when
the seat gets its turns' emails (email mode ``every_event`` or ``my_turn``) and, from the
game as it stands once the move is made, no person but the seat has to act before the
service writes to it again:

* the game is over (the "game over" email goes with the move);
* the game waits for the seat itself again (its "your move" goes with the move);
* the monster phase comes next and the seat gets an email after each one (``every_event``;
  a ``my_turn`` seat gets one only if it is first in the next game turn, which the monster
  decides, so it is answered);
* the game waits for a seat the computer plays, or whose turn plan will move for it, and,
  each of those moving in turn (one figure each, in the engine's turn order:
  ``engine.figure_phase.first_to_act_among``), the game comes to one of the three cases
  above before it comes to another person. Not while the game is paused: then nothing moves
  by itself.

"Within moments" is what the service knows: the worker plays the monster, the computer and
the plans right after the commit; a person, even one who answers fast, is never counted on.
A plan that stops (its move no longer does what it did) hands its seat to its player, and
a move in the first game turn may flip a player's waiting figures: the rule does not foresee
those, and the seat that moved by mail then waits for its "your move" with no answer.
Everything else a reply asks for is answered whatever the setting: refusals and questions,
``board``, ``help``, the seat's tools, a plan made, a message to the table
(``service.features.mailin.service``).

The answer is decided after the move is stored, from the game as it is then; if the worker
was quicker and the monster phase has run meanwhile, the log says so (``MONSTER_DONE`` after
the move's version), and an ``every_event`` seat has had its email.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine import GameState
from engine.events import MONSTER_DONE
from engine.figure_phase import first_to_act_among
from engine.state import BOARD, FIGURES, MONSTER, OUTSIDE, OVER, Figure, evolve
from service.features.mail.daily import replaces_game_mails
from service.features.mail.notices import SENDING_MODES
from service.features.mail.seats import ANSWERS_EVERY, EVERY_EVENT, answers_of, mode_of
from service.features.mailin import replies
from service.features.plans.service import acting_plans
from service.kernel.models import Event, Game, Seat, SeatNotifications
from service.kernel.narration import diagram


def answer_to_move(session: Session, game: Game, state: GameState, seat: int, moved_at: int,
                   notation: str, to_move: str | None, link: str, plan: Sequence[str],
                   said: bool) -> replies.Answer | None:
    """Return the answer to the seat's move ``notation``, which took ``game`` from version
    ``moved_at`` to ``state`` (``to_move``: who is next, in words): with the new board for a
    seat that wants every answer; else one line, when the reply made a plan (``plan``: what
    became of it) or said something (``said``), or the seat's next email does not follow;
    else None."""
    if wants_every_answer(session, game.id, seat):
        return replies.applied(notation, diagram(state), link, to_move, plan)
    if not plan and not said and next_mail_follows(session, game, state, seat, moved_at):
        return None
    then = (replies.MADE_OVER if state.phase == OVER else replies.MADE_MONSTER
            if state.to_move is None else replies.MADE_AGAIN
            if state.to_move == seat else replies.MADE_NEXT)
    answer = replies.made(notation, then, to_move, link, plan)
    # Only the line "your move was made" is left to say: it waits a few minutes, and goes only
    # if no mail to the seat about the game (its next turn, the monster's walk) went first.
    return answer if plan or said else replace(answer, held=True)


def wants_every_answer(session: Session, game_id: str, seat: int) -> bool:
    """True when the seat chose an answer to every email it sends."""
    return answers_of(session.get(SeatNotifications, (game_id, seat))) == ANSWERS_EVERY


def next_mail_follows(session: Session, game: Game, state: GameState, seat: int,
                      moved_at: int) -> bool:
    """True when ``seat``, whose move took the game from version ``moved_at``, gets its next
    email from the game within moments without an answer (the module's rule); ``state`` is
    the game's now."""
    row = session.get(Seat, (game.id, seat))
    mode = mode_of(session.get(SeatNotifications, (game.id, seat)))
    if row is None or not row.email or mode not in SENDING_MODES:
        return False
    if replaces_game_mails(session, row.email):
        return False  # one mail a day for all its games: no "your move" follows
    if mode == EVERY_EVENT and game.version > moved_at + 1 and session.scalar(
            select(Event.seq).where(Event.game_id == game.id, Event.version > moved_at,
                                    Event.type == MONSTER_DONE).limit(1)) is not None:
        return True  # the monster phase ran since the move, and mailed the seat
    moving = frozenset() if game.paused_at is not None else _moving_by_themselves(
        session, game, state)
    return comes_back(state, seat, moving, every_event=mode == EVERY_EVENT)


def _moving_by_themselves(session: Session, game: Game, state: GameState) -> frozenset[int]:
    """Return the seats that move without their player now: the computer's, and those whose
    turn plan holds a move."""
    computers = session.scalars(select(Seat.seat).where(Seat.game_id == game.id,
                                                        Seat.computer.is_not(None)))
    return frozenset(computers) | acting_plans(session, game, state)


def comes_back(state: GameState, seat: int, moving: frozenset[int], *,
               every_event: bool) -> bool:
    """True when, from ``state``, the game writes to ``seat`` before any other person acts:
    it is over, waits for the seat (not moving by itself), or comes to the monster phase
    (``every_event``: the seat hears of it), the seats in ``moving`` moving one figure each
    in turn until then."""
    figures, to_move = state.figures, state.to_move
    if state.phase == OVER:
        return True
    if state.phase not in (FIGURES, MONSTER):
        return to_move == seat  # placing tiles: the turn order is the placement's
    for _ in range(len(figures) + 1):
        if to_move is None:
            return every_event  # the monster phase
        if to_move not in moving:
            return to_move == seat
        figures = _one_moved(figures, state.players[to_move].colour)
        to_move = first_to_act_among(state.players, figures, (to_move + 1) % len(state.players))
    return False


def _one_moved(figures: tuple[Figure, ...], colour: str) -> tuple[Figure, ...]:
    """Return ``figures`` with one of ``colour``'s figures still to act marked as moved."""
    index = next((i for i, f in enumerate(figures) if f.colour == colour and not f.moved
                  and f.where in (BOARD, OUTSIDE)), None)
    if index is None:
        return figures
    return (*figures[:index], evolve(figures[index], moved=True), *figures[index + 1:])

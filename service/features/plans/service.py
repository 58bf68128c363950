"""The service layer of turn plans: a seat queues its coming moves of this game turn, and
they are played for it when its sub-turns come.

Who may do what: only a seat, for itself (``auth/forbidden`` for the creator's and the
spectators' tokens); a plan is never shown to anyone else, nor put in a view, a mail to
another seat or a webhook. A plan is made in the figure phase of a game under way (not
paused) and lives until the game turn's monster phase, which clears every plan of the game.

How a plan is played, through the pipeline every change goes through:

1. :func:`follow_the_plans`, a reaction to every change of a game (``service.reactions``)
   that has had a plan made this game turn (``Game.has_plans``: the moves of other games
   ask nothing more): the acting seat's plan loses the lines whose figure has now acted;
   if the game now waits
   for a seat that has a plan, it writes the outbox job ``turn_plan`` (one per game and
   version) and holds that seat's "your move" mail. When the figure phase ends, every plan
   of the game is deleted and ``has_plans`` cleared.
2. The worker runs :func:`apply_plan`: if the game is still at that version and the seat to
   act, the plan's next step (``matching.next_step``) is submitted through the one
   submission use case, as the seat the plan vouches for, with the version precondition and
   an idempotency key of the game and version: it is applied once, and its events,
   notifications, live pages and webhooks follow; the next seat's plan chains by step 1.
   The worker hands the use case in (``submit``): the submission use case reacts to every
   change through ``service.reactions``, which lists this module's reaction, so importing
   it here would make the parts of the service import each other in a loop.
3. A plan that no longer holds is stopped (its lines cleared, the reason kept for the seat
   to read) and the seat gets its "your move" mail.

What became of each line (played as planned, flipped instead, broke, not played and why) is
recorded for the planner where it is decided, in that transaction: the step's submission
(through :func:`follow_the_plans`, which :func:`apply_plan` tells what it plays), a stop, the
end of the figure phase, a plan replaced or cancelled. The seat's next mail about the game
begins with it, once (:mod:`.report`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

import engine
from engine import EngineError
from engine.state import FIGURES, MONSTER, OVER, PLACEMENT, GameState
from service.features.mail.notices import hold_turn_mail, write_turn_mail
from service.features.plans import report
from service.features.plans.matching import (
    Line,
    LineError,
    Step,
    next_step,
    plan_lines,
    plannable,
)
from service.features.plans.matching import PlanInput as PlanInput  # plan_in's, for the mail door
from service.features.plans.models import TurnPlan
from service.features.plans.report import Fate
from service.kernel.auth import SEAT, Credential, VouchedSeat, authenticate, authenticate_as
from service.kernel.changes import GameChanged
from service.kernel.game_rules import check_active, is_paused
from service.kernel.models import Game, GameRow, Seat, hold_written
from service.kernel.store import load_state
from service.kernel.vocabulary import ACTIVE
from service.plumbing import outbox, signals
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError, engine_message
from service.plumbing.i18n import _, in_language, language_of_seat, lazy_gettext
from service.plumbing.idempotency import Reply
from service.plumbing.unit_of_work import read_transaction, rows_changed, write_transaction

PLAN_JOB = "turn_plan"
USED_UP = lazy_gettext("Your turn plan has no move left for this sub-turn.")
PAUSED = lazy_gettext("Your turn plan stopped: the creator paused the game.")
NOT_FIGURE_PHASE = {
    PLACEMENT: lazy_gettext("Moves are planned in the figure phase only; the game is in the "
                            "placement phase."),
    MONSTER: lazy_gettext("Moves are planned in the figure phase only; the game is in the "
                          "monster phase."),
    OVER: lazy_gettext("Moves are planned in the figure phase only; the game is over."),
}
"""Why a plan is refused outside the figure phase, by the game's phase: whole sentences, as
each language says each phase its own way."""

Submit = Callable[[str, Credential, dict[str, Any], str | None], Reply]
"""The one submission use case, ``service.features.actions.service.submit_action``."""


def plan_view(plan: TurnPlan | None, state: GameState | None, seat: int,
              told: str | None) -> dict[str, Any]:
    """Return a seat's plan as the API shows it (to that seat only): its lines with the
    outcome each was planned for, ``flip_rest``, why it last stopped, what its plans did
    that its next mail will tell (``report``: ``told``), and what the seat may plan now
    (``legal``: ``matching.plannable``)."""
    if plan is None or state is None or plan.game_turn != state.game_turn:
        view: dict[str, Any] = {"lines": [], "flip_rest": False, "game_turn": None,
                                "stopped": None}
    else:
        view = {"lines": list(plan.lines), "flip_rest": plan.flip_rest,
                "game_turn": plan.game_turn, "stopped": plan.stopped}
    view["report"] = told
    view["legal"] = ({"seat": seat, "kind": None} if state is None else
                     plannable(state, seat, [Line.from_dict(d) for d in view["lines"]]))
    return view


def read_plan(game_id: str, credential: Credential) -> dict[str, Any]:
    """Return the plan of the credential's seat (an empty one when it has none): a seat's
    token, or a seat the mail door vouched for."""
    with read_transaction() as session:
        game, caller = authenticate_as(session, game_id, credential, kinds=(SEAT,))
        assert caller.seat is not None  # a seat's token names its seat
        return plan_view(session.get(TurnPlan, (game_id, caller.seat)), load_state(game),
                         caller.seat, report.pending(session, game_id, caller.seat))


def put_plan(game_id: str, token: str | None, inputs: Sequence[PlanInput], flip_rest: bool,
             expected_version: int | None = None) -> dict[str, Any]:
    """Replace the plan of the token's seat; return it with the outcomes recorded.

    Refusals (nothing is written): those of :func:`plan_in`, and ``auth/forbidden`` for any
    token but a seat's.
    """
    with write_transaction() as session:
        game, caller = authenticate(session, game_id, token, kinds=(SEAT,))
        assert caller.seat is not None  # a seat's token names its seat
        plan, state = plan_in(session, game, caller.seat, inputs, flip_rest, expected_version)
        return plan_view(plan, state, caller.seat,
                         report.pending(session, game_id, caller.seat))


def cancel_plan(game_id: str, credential: Credential) -> bool:
    """Delete the plan of the credential's seat (a seat's token, or a seat the mail door
    vouched for); return whether it held a move still to play (nothing to delete is no
    error). Its lines still to play are told as not played: the seat cleared the plan."""
    with write_transaction() as session:
        game, caller = authenticate_as(session, game_id, credential, kinds=(SEAT,))
        assert caller.seat is not None  # a seat's credential names its seat
        # Locked, as every change of the game and every plan made lock it: a step of the
        # plan played meanwhile is told once, as played or as not played.
        session.refresh(game, with_for_update=True)
        state = load_state(game)
        had = caller.seat in acting_plans(session, game, state)
        plan = session.get(TurnPlan, (game_id, caller.seat))
        if had and plan is not None and state is not None:
            report.record(session, game_id, caller.seat, state.game_turn,
                          _unplayed(plan, state, report.CLEARED))
        session.execute(delete(TurnPlan).where(TurnPlan.game_id == game_id,
                                               TurnPlan.seat == caller.seat))
        return had


def acting_plans(session: Session, game: GameRow, state: GameState | None) -> frozenset[int]:
    """Return the seats of ``game`` whose turn plan still holds a move (or "flip the rest")
    for the game turn of ``state``: when their sub-turn comes, the plan plays it."""
    if not game.has_plans or state is None or state.phase != FIGURES:
        return frozenset()
    plans = session.scalars(select(TurnPlan).where(TurnPlan.game_id == game.id,
                                                   TurnPlan.game_turn == state.game_turn))
    return frozenset(plan.seat for plan in plans if plan.lines or plan.flip_rest)


def plan_in(session: Session, game: Game, seat: int, inputs: Sequence[PlanInput],
            flip_rest: bool, expected_version: int | None = None
            ) -> tuple[TurnPlan, GameState]:
    """Write ``seat``'s plan in the caller's open transaction; return it and the position
    its outcomes were recorded in. If it is the seat's turn now, the plan starts at once.

    For a caller that knows the seat (a seat's token; the mail door, for a seat it vouched
    for). Refuses with a :class:`ServiceError`: those of ``check_active`` (a game waiting,
    cancelled, over or paused), ``game/stale_version`` (``expected_version`` given and not
    the game's), ``game/wrong_phase`` (no figure phase), ``plan/empty`` (no line and no
    ``flip_rest``), ``plan/invalid_line`` (a line that cannot be planned; ``details.line``
    counts from 0).
    """
    # The game's row, locked and read again: a move that hands the turn to this seat either
    # commits first (then the plan starts here, below) or waits for this commit (then its
    # reaction finds the plan: service.kernel.store reads has_plans back from its UPDATE).
    session.refresh(game, with_for_update=True)
    check_active(game)
    if expected_version is not None and expected_version != game.version:
        raise ServiceError("game/stale_version",
                           _("The game is at version %(version)s, not %(expected)s: read it "
                             "again and plan from there.", version=game.version,
                             expected=expected_version),
                           {"expected": expected_version, "version": game.version})
    state = load_state(game)
    assert state is not None  # an active game has started
    if state.phase != FIGURES:
        raise ServiceError("game/wrong_phase", str(NOT_FIGURE_PHASE[state.phase]),
                           {"phase": state.phase})
    if not inputs and not flip_rest:
        raise ServiceError("plan/empty", _("A plan needs at least one line, or flip_rest: to "
                                           "have no plan, delete it."))
    try:
        lines = plan_lines(state, seat, inputs)
    except LineError as error:
        # TRANSLATORS: %(written)r is the line as the seat wrote it, in quotes.
        raise ServiceError("plan/invalid_line",
                           _("Line %(line)s of your plan (%(written)r) cannot be planned: "
                             "%(reason)s.", line=error.index + 1, written=error.text,
                             reason=error.reason),
                           {"line": error.index, "reason": error.code or "plan/too_long"}
                           ) from None
    if not game.has_plans:
        game.has_plans = True
    report.forget_earlier(session, game.id, seat, state.game_turn)
    plan = session.get(TurnPlan, (game.id, seat))
    if plan is None:
        plan = TurnPlan(game_id=game.id, seat=seat, revision=0)
        session.add(plan)
    elif plan.game_turn == state.game_turn:
        _replaced(session, plan, state, lines, flip_rest)
    plan.game_turn = state.game_turn
    plan.lines = [line.to_dict() for line in lines]
    plan.flip_rest = flip_rest
    plan.revision += 1
    plan.stopped = None
    plan.updated_at = utcnow()
    session.flush()
    if state.to_move == seat:
        outbox.add(session, PLAN_JOB, _job(game, seat),
                   f"plan:{game.id}:{game.version}:{plan.revision}")
    return plan, state


def follow_the_plans(session: Session, change: GameChanged) -> None:
    """React to a change of a game: drop the lines whose figure has acted from the acting
    seat's plan, telling what became of them; clear the plans when the figure phase ends,
    telling their lines left as not played; else, if the seat to act now has a plan, write
    the job that plays it and hold the seat's "your move" mail."""
    game = change.game
    if not game.has_plans:
        return  # the moves of a game without plans ask nothing more
    ended = game.phase in (MONSTER, OVER)
    if not ended and (game.phase != FIGURES or change.is_start):
        return
    plans = {plan.seat: plan for plan in session.scalars(
        select(TurnPlan).where(TurnPlan.game_id == game.id))}
    if not plans and not ended:
        return
    state = change.state or load_state(game)
    assert state is not None  # a change of a started game
    if change.action is not None and change.action.seat in plans:
        _drop_acted_lines(session, plans[change.action.seat], state, change)
    if ended:
        left = report.TURN_ENDED if game.phase == MONSTER else report.GAME_ENDED
        for plan in plans.values():
            if plan.game_turn == state.game_turn:
                report.record(session, game.id, plan.seat, plan.game_turn,
                              _unplayed(plan, state, left))
        session.execute(delete(TurnPlan).where(TurnPlan.game_id == game.id))
        session.execute(update(Game).where(Game.id == game.id).values(has_plans=False))
        hold_written(game, {"has_plans": False})
        return
    waiting = plans.get(state.to_move) if state.to_move is not None else None
    if waiting is not None and waiting.game_turn == state.game_turn and (
            waiting.lines or waiting.flip_rest):
        outbox.add(session, PLAN_JOB, _job(game, waiting.seat), f"plan:{game.id}:{game.version}")
        hold_turn_mail(session, game.id, waiting.seat, game.version)


def _job(game: GameRow, seat: int) -> dict[str, Any]:
    return {"game_id": game.id, "version": game.version, "seat": seat}


def _drop_acted_lines(session: Session, plan: TurnPlan, state: GameState,
                      change: GameChanged) -> None:
    """Keep only the plan's lines whose figure has yet to act this game turn, after the
    plan's seat acted in ``change``; record what became of the others (and of "flip the
    rest", if it acted)."""
    waiting = {f.id.key for f in state.figures if f.in_play and not f.moved}
    kept = [line for line in plan.lines if line["action"]["figure"] in waiting]
    acted = [Line.from_dict(line) for line in plan.lines
             if line["action"]["figure"] not in waiting]
    report.record(session, plan.game_id, plan.seat, plan.game_turn,
                  report.of_acted(acted, change))
    if acted:
        plan.lines = kept
        plan.revision += 1
        plan.updated_at = utcnow()


def _unplayed(plan: TurnPlan, state: GameState, fate: str) -> list[Fate]:
    """Return the fates of the plan's lines, all left unplayed for ``fate``, and of its
    "flip the rest" if the seat has a figure left for it."""
    return report.unplayed([Line.from_dict(line) for line in plan.lines],
                           plan.flip_rest and _has_figures_to_act(state, plan.seat), fate)


def _replaced(session: Session, plan: TurnPlan, state: GameState, lines: Sequence[Line],
              flip_rest: bool) -> None:
    """Record the lines of ``plan`` that its replacement (``lines``, ``flip_rest``) drops as
    not played: a line the new plan keeps as it was is no news."""
    kept = {line.action for line in lines}
    dropped = [old for old in map(Line.from_dict, plan.lines) if old.action not in kept]
    report.record(session, plan.game_id, plan.seat, state.game_turn, report.unplayed(
        dropped, plan.flip_rest and not flip_rest and _has_figures_to_act(state, plan.seat),
        report.REPLACED))


def _has_figures_to_act(state: GameState, seat: int) -> bool:
    colour = state.colour_of(seat)
    return any(f.colour == colour and f.in_play and not f.moved for f in state.figures)


def apply_plan(game_id: str, version: int, seat: int, submit: Submit) -> None:
    """Play the next step of ``seat``'s plan if the game is still at ``version`` with the
    seat to act; stop the plan, with its reason mailed to the seat, if it no longer holds.

    Safe to run twice or late: a game that moved on is left alone, and the submission's
    idempotency key (game and version) makes a second run answer as the first.
    """
    reason: str | None
    step: Step | None
    revision: int | None
    lines: list[Line] = []
    flip_rest = False
    fates: list[Fate] = []  # of the lines, if the plan stops
    with read_transaction() as session:
        game = session.get(Game, game_id)
        plan = session.get(TurnPlan, (game_id, seat))
        if game is None or game.version != version or game.status != ACTIVE:
            return
        state = load_state(game)
        if state is None or state.phase != FIGURES or state.to_move != seat:
            return
        # The reason is kept for the seat to read and mailed to it: in its language.
        row = session.get(Seat, (game_id, seat))
        language = language_of_seat(row.language if row else None, game.language)
        with in_language(language):
            if plan is None:  # cancelled since: the seat gets the "your move" it was spared
                reason, step, revision = None, None, None
            else:
                lines, flip_rest = [Line.from_dict(d) for d in plan.lines], plan.flip_rest
                revision = plan.revision
                if is_paused(game):
                    reason, step = str(PAUSED), None
                    fates = report.unplayed(lines, flip_rest, report.PAUSED)
                else:
                    step = next_step(state, seat, lines, flip_rest)
                    reason = step.reason or str(USED_UP)
                    if step.action is None:
                        fates = report.of_stop(lines, flip_rest, step, step.why)
    if step is not None and step.action is not None:
        request = {"expected_version": version, "action": engine.action_to_dict(step.action)}
        with in_language(language):  # a refusal is worded for the seat
            try:
                with report.playing(game_id, version, seat, step):
                    submit(game_id, VouchedSeat(game_id, seat), request,
                           f"plan:{game_id}:{version}")
                return
            except ServiceError as refusal:
                if refusal.code == "game/stale_version":
                    return  # someone (the seat itself) moved first: nothing to play now
                problem = refusal.message
            except EngineError as refusal:
                problem = engine_message(refusal)
            reason = _("Your turn plan stopped: %(problem)s", problem=problem)
            fates = report.of_stop(lines, flip_rest, step, problem)
    _stop(game_id, seat, version, revision, reason, state.game_turn, fates)


def _stop(game_id: str, seat: int, version: int, revision: int | None, reason: str | None,
          game_turn: int, fates: Sequence[Fate]) -> None:
    """Clear the plan (if it is still the one read, ``revision``; None: there was none),
    keeping ``reason``, record what became of its lines in ``game_turn`` (``fates``), and
    write the seat's "your move" mail, which begins with them; if the game is still at
    ``version``."""
    with write_transaction() as session:
        game = session.get(Game, game_id, with_for_update=True)
        if game is None or game.version != version:
            return
        if revision is None:
            write_turn_mail(session, game, seat)
            return
        stopped = session.execute(
            update(TurnPlan)
            .where(TurnPlan.game_id == game_id, TurnPlan.seat == seat,
                   TurnPlan.revision == revision)
            .values(lines=[], flip_rest=False, stopped=reason, revision=revision + 1,
                    updated_at=utcnow()))
        if rows_changed(stopped) == 1:
            report.record(session, game_id, seat, game_turn, fates)
            write_turn_mail(session, game, seat)
            # The seat's open pages read the plan again and show why it stopped: a new ETag
            # and stamp (the game's version is the same), and the live pages hear of it.
            game.updated_at = utcnow()
            signals.game_touched(session, game_id)

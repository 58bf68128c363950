"""What a plan line is, what it was planned to do, and whether it still does it: pure, no I/O.

A line is a move or a flip of one of the seat's figures, optionally "or flip". When it is
planned, the outcome of a move is recorded: where the figure ends and which pieces it pushes
where, on the board as it will be after the seat's earlier lines (the other players' moves
left out). When the seat's sub-turn comes, :func:`next_step` plays the line only if it is
still legal and has that same outcome (``docs/rules.md``, "Turn plans").

>>> import engine
>>> game = engine.new_game(["green", "red"], seed=7, start_seat=0)
>>> lines = plan_lines(game, 0, [PlanInput("green 5 +NNW or flip")])
>>> lines[0].words, lines[0].outcome.to
('green 5 +NNW or flip', 'o9')
>>> next_step(game, 0, lines, flip_rest=False).action
Move(figure=FigureId(colour='green', number=5), path='+NNW')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from engine import EngineError, Flip, GameState, Move, MoveOutcome
from engine.board import square_name
from engine.state import CRYSTAL, FIGURES, STONE, TURN_BACK, TURN_RIGHT, evolve
from service.kernel.narration import pushed_stone
from service.plumbing.errors import engine_message
from service.plumbing.i18n import _, ngettext

MAX_LINES = 4
"""A seat has at most four figures to move in a game turn."""

_OR_FLIP = re.compile(r"\s+or\s+flip\s*$", re.IGNORECASE)


class LineError(ValueError):
    """A line of a plan that cannot be planned: its index (from 0), its words and why."""

    def __init__(self, index: int, text: str, error: EngineError | str) -> None:
        message = error if isinstance(error, str) else error.message
        super().__init__(f"line {index + 1} ({text!r}): {message}")
        self.index = index
        self.text = text
        self.code = None if isinstance(error, str) else error.code
        self.reason = error if isinstance(error, str) else engine_message(error)
        """Why, in the reader's language."""


@dataclass(frozen=True, slots=True)
class PlanInput:
    """A line as the seat sent it: notation (which may end in "or flip") or a structured
    action, and "or flip"."""

    notation: str | None = None
    action: Mapping[str, Any] | None = None
    or_flip: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a planned move does: the end square (``out``: it leaves) and the pieces it pushes,
    as (from, to, piece) with ``to`` None for a piece removed."""

    to: str
    pushes: tuple[tuple[str, str | None, str], ...]

    @classmethod
    def of(cls, result: MoveOutcome, stones_before: Sequence[tuple[int, str]]) -> Outcome:
        """Return the outcome of ``result`` made on a board with ``stones_before``."""
        kinds = dict(stones_before)
        return cls("out" if result.square is None else square_name(result.square),
                   tuple((square_name(a), None if b is None else square_name(b), kinds[a])
                         for a, b in result.pushed))

    def to_dict(self) -> dict[str, Any]:
        """Return the outcome as JSON-ready data (the API's ``to`` and ``pushes``)."""
        return {"to": self.to, "pushes": [{"from": a, "to": b, "piece": piece}
                                          for a, b, piece in self.pushes]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        """Read what :meth:`to_dict` wrote."""
        return cls(data["to"], tuple((p["from"], p["to"], p["piece"]) for p in data["pushes"]))


@dataclass(frozen=True, slots=True)
class Line:
    """A planned line: the action, "or flip", and for a move the outcome it was planned for."""

    action: Move | Flip
    or_flip: bool = False
    outcome: Outcome | None = None

    @property
    def words(self) -> str:
        """Return the line in notation: ``green 5 +NNW or flip``."""
        text = engine.format_action(self.action)
        return f"{text} or flip" if self.or_flip else text

    def to_dict(self) -> dict[str, Any]:
        """Return the line as stored and shown: its notation, action, "or flip", outcome."""
        data: dict[str, Any] = {"notation": self.words,
                                "action": engine.action_to_dict(self.action),
                                "or_flip": self.or_flip}
        if self.outcome is not None:
            data.update(self.outcome.to_dict())
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Line:
        """Read what :meth:`to_dict` wrote."""
        action = engine.action_from_dict(dict(data["action"]))
        assert isinstance(action, Move | Flip)
        outcome = Outcome.from_dict(data) if isinstance(action, Move) else None
        return cls(action, bool(data["or_flip"]), outcome)


@dataclass(frozen=True, slots=True)
class Step:
    """What a plan does at the seat's sub-turn: play ``action`` (None: the plan stops, for
    ``reason``), having used ``used`` lines (those passed over included).

    ``line`` is the line it plays or stops at (None: "flip the rest", or nothing left);
    ``why`` what no longer held of that line's move, when it is flipped instead or stops
    the plan ("the stone on o9 was pushed away"), for the planner's report.
    """

    action: Move | Flip | None
    used: int
    reason: str | None = None
    line: Line | None = None
    why: str | None = None


def plan_lines(state: GameState, seat: int, inputs: Sequence[PlanInput]) -> list[Line]:
    """Read and check a seat's plan in the position ``state``; return its lines with the
    outcome of each move recorded.

    Each line is tried on the board after the seat's earlier lines, as if it were the seat's
    turn: a line that could not be played then (not the seat's figure, a figure already
    moved or planned twice, an illegal path, a third entry in the first game turn) raises
    :class:`LineError`, and nothing is planned.
    """
    if len(inputs) > MAX_LINES:
        raise LineError(MAX_LINES, "", ngettext("a plan has at most %(num)d line, one per figure",
                                                "a plan has at most %(num)d lines, one per "
                                                "figure", MAX_LINES))
    board = state
    lines = []
    for index, given in enumerate(inputs):
        text = given.notation if given.notation is not None else str(dict(given.action or {}))
        turn = evolve(board, phase=FIGURES, to_move=seat)
        try:
            action, or_flip = _read(given, turn, seat)
            board = engine.apply_action(turn, action, seat).state
            outcome = None
            if isinstance(action, Move):
                outcome = Outcome.of(engine.check_path(turn, action.figure, action.path),
                                     turn.stones)
        except EngineError as error:
            raise LineError(index, text, error) from None
        lines.append(Line(action, or_flip, outcome))
    return lines


def plannable(state: GameState, seat: int, lines: Sequence[Line]) -> dict[str, Any]:
    """Return what ``seat`` may add to its plan now, in the shape of the view's ``legal``.

    Its figures that have yet to act this game turn and are named by no line, each with its
    moves on the board as it will be after the seat's lines (the other players' moves left
    out, as :func:`plan_lines` records outcomes). A line that no longer holds leaves the
    board as it was. Outside the figure phase there is nothing to plan (``kind`` None).
    """
    if state.phase != FIGURES:
        return {"seat": seat, "kind": None}
    board = state
    named = set()
    for line in lines:
        named.add(line.action.figure.key)
        try:
            board = engine.apply_action(evolve(board, phase=FIGURES, to_move=seat), line.action,
                                        seat).state
        except EngineError:
            continue
    legal = engine.legal_actions(evolve(board, phase=FIGURES, to_move=seat))
    legal["figures"] = [f for f in legal["figures"] if f["figure"] not in named]
    return legal


def _read(given: PlanInput, state: GameState, seat: int) -> tuple[Move | Flip, bool]:
    """Return the action of a line and whether it says "or flip"."""
    or_flip = given.or_flip
    if given.notation is not None:
        text = given.notation
        if _OR_FLIP.search(text):
            text, or_flip = _OR_FLIP.sub("", text), True
        action = engine.parse_action(text, state, seat)
    else:
        action = engine.action_from_dict(dict(given.action or {}))
    if not isinstance(action, Move | Flip):
        # An engine error the engine does not make: its message is written here, translated.
        raise engine.InvalidNotation(_("a plan holds moves and flips, not placements"))
    return action, or_flip


def next_step(state: GameState, seat: int, lines: Sequence[Line], flip_rest: bool) -> Step:
    """Return what the plan does now that it is ``seat``'s sub-turn in ``state``.

    Lines whose figure has acted already this game turn are passed over. The next line is
    played if it is a flip, or a move still legal with the outcome it was planned for;
    otherwise its figure flips if the line says "or flip", else the plan stops with the
    reason in words. With no line left, ``flip_rest`` flips the seat's first figure still to
    act. Nothing left to do: the plan stops with no reason.
    """
    waiting = {f.id for f in state.figures
               if f.colour == state.colour_of(seat) and f.in_play and not f.moved}
    used = 0
    for line in lines:
        used += 1
        figure = line.action.figure
        if figure not in waiting:
            continue
        if isinstance(line.action, Flip):
            return Step(line.action, used, line=line)
        assert line.outcome is not None
        broken = _what_broke(state, line.action, line.outcome)
        if broken is None:
            return Step(line.action, used, line=line)
        if line.or_flip:
            return Step(Flip(figure), used, line=line, why=broken.what)
        return Step(None, used, broken.sentence(line.words), line, broken.what)
    if flip_rest and waiting:
        return Step(Flip(min(waiting)), used)
    return Step(None, used)


@dataclass(frozen=True, slots=True)
class _Broken:
    """What no longer holds of a planned move: the game's refusal (``legal`` False), or what
    the other players changed; in the reader's language."""

    what: str
    legal: bool

    def sentence(self, words: str) -> str:
        """Return why the move written ``words`` is not made, as a sentence."""
        if not self.legal:
            # TRANSLATORS: %(move)s is the planned move in notation ("green 5 +NNW"),
            # %(problem)s why the game refuses it now.
            return _("Your planned move %(move)s can no longer be made: %(problem)s.",
                     move=words, problem=self.what)
        # TRANSLATORS: %(reasons)s lists what changed, each a clause, separated by "; ".
        return _("Your planned move %(move)s no longer does what you planned: %(reasons)s.",
                 move=words, reasons=self.what)


def _what_broke(state: GameState, move: Move, planned: Outcome) -> _Broken | None:
    """Return what no longer holds of ``move``, ``planned`` to have that outcome, in
    ``state`` (None: it still holds)."""
    try:
        now = Outcome.of(engine.check_path(state, move.figure, move.path), state.stones)
    except EngineError as error:
        return _Broken(engine_message(error), legal=False)
    if now == planned:
        return None
    stones = dict(state.stones)
    reasons = []
    for start, _end, piece in planned.pushes:
        if stones.get(engine.parse_square(start)) != piece:
            reasons.append(_pushed_away(piece, start))
    if now.to != planned.to:
        reasons.append(_("it would end on %(square)s, not %(planned)s", square=now.to,
                         planned=planned.to))
    if not reasons:
        reasons.append(_("%(now)s instead of %(planned)s", now=_push_words(now),
                         planned=_push_words(planned)))
    return _Broken("; ".join(reasons), legal=True)


def _push_words(outcome: Outcome) -> str:
    if not outcome.pushes:
        return _("pushing nothing")
    pushes = [pushed_stone(piece, start, end) for start, end, piece in outcome.pushes]
    # TRANSLATORS: %(pushes)s lists the stones a move pushes, each "the stone on h5 to h6".
    return _("pushing %(pushes)s", pushes=", ".join(pushes))


def _pushed_away(piece: str, square: str) -> str:
    """A stone the planned move pushes that is no longer where it was, as a clause: one for
    each kind of stone, as a language may make the verb agree with it (la piedra ... fue
    empujada, el cristal ... fue empujado)."""
    # TRANSLATORS: why a planned move no longer does what was planned.
    clauses = {
        STONE: _("the stone on %(square)s was pushed away", square=square),
        CRYSTAL: _("the crystal on %(square)s was pushed away", square=square),
        TURN_RIGHT: _("the right-turning stone on %(square)s was pushed away", square=square),
        TURN_BACK: _("the 180° turning stone on %(square)s was pushed away", square=square),
    }
    return clauses[piece]

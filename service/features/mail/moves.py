"""A seat's moves as lines a player can copy into a reply, each with what it does.

Used where a mail shows moves: the examples in "your move" and the invitation, and the
suggestions in the answer to a move that was not made. A reply carries one line, so a list
is kept short (:data:`MAX_SUGGESTIONS`); the page lists every move.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import engine
from engine import FigureId, GameState, MoveOutcome
from engine.board import ENTRANCE
from engine.state import OUTSIDE, STONE
from service.features.mail.words import written_move
from service.kernel.narration import pushed_stone
from service.plumbing.i18n import _, current_language

MAX_SUGGESTIONS = 8


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A line to write (``green 5 NNW``) and what it does (``moves it to n9, pushing ...``)."""

    line: str
    does: str

    def __str__(self) -> str:
        return f"{self.line:<16} {self.does}"


def what_it_does(state: GameState, outcome: MoveOutcome) -> str:
    """Return what a move does, as a phrase whose subject is the line written (as the flip's
    is): where it takes the figure and the stones it pushes, ``moves it to o9, pushing the
    stone on o10 to o11``."""
    entering = state.figure(outcome.figure).where == OUTSIDE
    pushes = [pushed_stone(state.stone_at(start) or STONE, engine.square_name(start),
                           None if end is None else engine.square_name(end))
              for start, end in outcome.pushed]
    together = pushes[0] if pushes else ""
    for push in pushes[1:]:
        # TRANSLATORS: two stones pushed by one move.
        together = _("%(first)s and %(second)s", first=together, second=push)
    said = {"pushes": together}
    if outcome.square is None:
        # TRANSLATORS: what a move written in a reply does to its figure ("it"), as "turns it
        # over without moving it" says of a flip; %(square)s is where it ends (o9),
        # %(pushes)s the stones it pushes on the way ("the stone on o10 to o11").
        return (_("takes it out of the fortress, pushing %(pushes)s: it escapes", **said)
                if pushes else _("takes it out of the fortress: it escapes"))
    said["square"] = engine.square_name(outcome.square)
    if entering and outcome.square == ENTRANCE and not pushes:
        return _("brings it in at %(square)s", **said)
    if entering:
        return (_("brings it in and moves it to %(square)s, pushing %(pushes)s", **said)
                if pushes else _("brings it in and moves it to %(square)s", **said))
    return (_("moves it to %(square)s, pushing %(pushes)s", **said) if pushes
            else _("moves it to %(square)s", **said))


def _flip(figure: FigureId) -> Suggestion:
    return Suggestion(f"flip {figure}", _("turns it over without moving it"))


def _distinct(outcomes: Iterable[MoveOutcome]) -> list[MoveOutcome]:
    """Return one move per result (end square and stones), the shortest: first one per end
    square (pushing least), escapes first, then the farthest; then the other results."""
    best: dict[tuple[object, ...], MoveOutcome] = {}
    for outcome in outcomes:
        key = (outcome.square, outcome.stones)
        if key not in best or len(outcome.path) < len(best[key].path):
            best[key] = outcome
    ranked = sorted(best.values(), key=lambda o: (len(o.pushed), len(o.path), o.path))
    first: dict[int | None, MoveOutcome] = {}
    for outcome in ranked:
        first.setdefault(outcome.square, outcome)
    ends = sorted(first.values(), key=lambda o: (o.square is not None, -len(o.path), o.path))
    return ends + [o for o in ranked if first[o.square] is not o]


def suggestions(state: GameState, seat: int,
                figure: FigureId | None = None) -> tuple[list[Suggestion], int]:
    """Return at most :data:`MAX_SUGGESTIONS` moves the seat can make now, and how many other
    results there are: of ``figure`` when given and movable (its moves, then its flip), else
    one move per figure and the flips."""
    options = engine.legal_moves(state, seat)
    if figure is not None and figure.key in options:
        moves = _distinct(options[figure.key])
        shown = [Suggestion(f"{figure} {o.path}", what_it_does(state, o))
                 for o in moves[:MAX_SUGGESTIONS - 1]]
        return shown + [_flip(figure)], max(0, len(moves) - (MAX_SUGGESTIONS - 1))
    lines: list[Suggestion] = []
    left = 0
    for key, outcomes in options.items():
        moves = _distinct(outcomes)
        if moves and len(lines) < MAX_SUGGESTIONS - 1:
            lines.append(Suggestion(f"{FigureId.parse(key)} {moves[0].path}",
                                    what_it_does(state, moves[0])))
            moves = moves[1:]
        left += len(moves)
    if len(options) > 1:
        numbers = ", ".join(str(FigureId.parse(key).number) for key in options)
        lines.append(Suggestion(f"flip {FigureId.parse(next(iter(options)))}",
                                # TRANSLATORS: %(numbers)s are figures' numbers: "1, 3, 5".
                                _("turns it over without moving it (any of %(numbers)s)",
                                  numbers=numbers)))
    elif options:
        lines.append(_flip(FigureId.parse(next(iter(options)))))
    return lines, left


def example_moves(state: GameState, seat: int
                   ) -> tuple[list[tuple[FigureId, MoveOutcome]], FigureId | None]:
    """Return the moves that show how a reply reads: an entry and a move on the board (those
    there are), and the figure of a flip (None: the seat has no figure to move)."""
    options = engine.legal_moves(state, seat)
    entry = on_board = None
    for key, outcomes in options.items():
        moves = _distinct(outcomes)
        if not moves:
            continue
        figure = FigureId.parse(key)
        if state.figure(figure).where == OUTSIDE:
            entry = entry or (figure, moves[0])
        else:
            on_board = on_board or (figure, moves[0])
    chosen = [move for move in (entry, on_board) if move is not None]
    return chosen, FigureId.parse(next(iter(options))) if options else None


def examples(state: GameState, seat: int) -> list[Suggestion]:
    """Return two or three of the seat's moves now, to show how a reply reads: an entry, a
    move on the board, a flip (those there are)."""
    moves, flip = example_moves(state, seat)
    chosen = [Suggestion(f"{figure} {outcome.path}", what_it_does(state, outcome))
              for figure, outcome in moves]
    return chosen + ([_flip(flip)] if flip is not None else [])


def example_items(state: GameState, seat: int) -> list[str]:
    """Return the same moves as short items of a sentence, written as the reader writes
    them in the current language (``service.features.mail.words.written_move``):
    ``green 5 +NNW (to o9)``, ``grün 5 +NNW (nach o9)``, and the flip (``flip green 1``)."""
    moves, flip = example_moves(state, seat)
    language = current_language()
    items = []
    for figure, outcome in moves:
        move = written_move(f"{figure} {outcome.path}", language)
        # TRANSLATORS: a move as written, and where it ends: "green 5 +NNW (to o9)".
        items.append(_("%(move)s (to %(square)s)", move=move,
                       square=engine.square_name(outcome.square)) if outcome.square is not None
                     else _("%(move)s (out)", move=move))
    return items + ([written_move(f"flip {flip}", language)] if flip is not None else [])


def example_lines(state: GameState, seat: int) -> list[str]:
    """Return :func:`examples` as lines of a mail: ``green 5 +NNW   (brings it in and moves it
    to o9)``."""
    return [f"{s.line}   ({s.does})" for s in examples(state, seat)]

"""Properties of figure moves over random legal play (hypothesis).

Each example sets up a game from a drawn seed and player count (basic, or experienced with a
random set-up) and plays it with drawn choices: a figure of the seat to act, then one of its
legal outcomes or a flip. Monster phases run as in a real game (``engine.replay.play``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Flip, Move
from engine.board import CORNERS, ON_BOARD
from engine.errors import IllegalMove
from engine.figure_phase import legal_moves
from engine.moves import check_path
from engine.options import Options
from engine.position import state_from_dict, state_to_dict
from engine.replay import play
from engine.setup import new_game
from engine.state import BOARD, OUTSIDE, FigureId, GameState

MAX_ACTIONS = 250  # a whole game takes about 150
SETTINGS = settings(max_examples=25, deadline=None, database=None)


def random_play(data: st.DataObject, players: int, seed: int, experienced: bool
                ) -> Iterator[tuple[GameState, FigureId]]:
    """Play a game with drawn choices; yield each state and the figure chosen in it."""
    options = Options(experienced=True, random_setup=True) if experienced else None
    state = new_game(players, seed=seed, options=options)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return
        moves = legal_moves(state, state.to_move)
        key = data.draw(st.sampled_from(sorted(moves)), label="figure")
        figure = FigureId.parse(key)
        yield state, figure
        outcomes = moves[key]
        choice = data.draw(st.integers(-1, len(outcomes) - 1), label="outcome (-1: flip)")
        action = Flip(figure) if choice < 0 else Move(figure, outcomes[choice].path)
        state = play(state, action)[0].state


def assert_consistent(state: GameState, roster: Counter[FigureId]) -> None:
    """Check the board's invariants: one piece per square, no stone on a corner, same figures."""
    on_board = [f.square for f in state.figures if f.where == BOARD]
    assert len(on_board) == len(set(on_board)), "two figures on one square"
    stones = [sq for sq, _ in state.stones]
    assert len(stones) == len(set(stones))
    assert not set(stones) & CORNERS, "a stone on a1 or p11"
    assert set(stones) <= ON_BOARD
    teleporters = {t.square for t in state.teleporters}
    assert not set(on_board) & (set(stones) | teleporters | {state.monster.square})
    assert Counter(f.id for f in state.figures) == roster, "figures not conserved"


games = {
    "data": st.data(),
    "players": st.integers(2, 7),
    "seed": st.integers(0, 2**32 - 1),
    "experienced": st.booleans(),
}


@SETTINGS
@given(**games)
def test_random_play_keeps_the_board_consistent_and_serialisable(
    data: st.DataObject, players: int, seed: int, experienced: bool
) -> None:
    roster: Counter[FigureId] | None = None
    for state, _ in random_play(data, players, seed, experienced):
        roster = roster or Counter(f.id for f in state.figures)
        assert_consistent(state, roster)
        assert state_from_dict(state_to_dict(state)) == state


@SETTINGS
@given(**games)
def test_generated_moves_and_checked_paths_agree(
    data: st.DataObject, players: int, seed: int, experienced: bool
) -> None:
    for state, figure in random_play(data, players, seed, experienced):
        outcomes = legal_moves(state, state.to_move)[figure.key]
        for o in outcomes:
            checked = check_path(state, figure, o.path)
            assert checked == o and checked.same_result(o)
        f = state.figure(figure)
        if not outcomes and f.where == OUTSIDE:
            continue  # first game turn: this figure may only flip
        prefix = "+" if f.where == OUTSIDE else ""
        steps = st.text(alphabet="NESW", min_size=1, max_size=max(1, f.value - len(prefix)))
        for _ in range(3):
            path = prefix + data.draw(steps, label="path") + data.draw(
                st.sampled_from(["", "X"]), label="leave")
            try:
                checked = check_path(state, figure, path)
            except IllegalMove:
                continue
            assert any(checked.same_result(o) for o in outcomes), path

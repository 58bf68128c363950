"""The monster phase as a whole (RULES §3.3, §4): the card, the walk, the stages, the end."""

from __future__ import annotations

from typing import Any

from engine.actions import Transition
from engine.board import DIRECTION_LETTERS, square_name
from engine.cards import CARDS_PER_STAGE, card_label, check_card, is_hit
from engine.errors import GameOver, WrongPhase
from engine.events import CARD, FIRST_CARD_REDRAW, GAME_OVER, MONSTER_DONE, STAGE_END, TURN
from engine.figure_phase import first_to_act_among
from engine.layout import Layout
from engine.monster import Walk
from engine.outcome import NOTHING_LEFT, STAGE_TWO_OVER, final_outcome
from engine.rng import Rng
from engine.state import (
    BOARD,
    FIGURES,
    MONSTER,
    OUTSIDE,
    OVER,
    PLACEMENT,
    REMOVED,
    Figure,
    GameState,
    Monster,
    Outcome,
    evolve,
)
from engine.texts import N_


def draw_card(state: GameState, rng: Rng) -> tuple[str, tuple[str, ...], list[dict[str, Any]]]:
    """Turn up the top card; return it, the rest of the pile and what happened.

    The first card of the game may not be a hit card: hit cards are set aside until a number
    card comes, then the other cards are shuffled into a new pile (RULES §4; once per game, D9).
    """
    pile = list(state.pile)
    if not pile:
        raise WrongPhase.said(N_("the monster pile is empty"), phase=state.phase)
    events: list[dict[str, Any]] = []
    if state.first_card_drawn:
        return pile[0], tuple(pile[1:]), events
    set_aside = []
    while is_hit(pile[0]):
        set_aside.append(pile.pop(0))
    card = pile.pop(0)
    if set_aside:
        events.append({"type": FIRST_CARD_REDRAW, "set_aside": set_aside, "card": card})
        pile = sorted(pile + set_aside)
        rng.shuffle(pile)
    return card, tuple(pile), events


_NOT_MONSTER_PHASE = {PLACEMENT: N_("it is the placement phase, not the monster phase"),
                      FIGURES: N_("it is the figure phase, not the monster phase")}
"""The refusal of the monster's turn before it is due, by the game's phase."""


def resolve_monster_phase(state: GameState, card: str | None = None,
                          set_aside: tuple[str, ...] = ()) -> Transition:
    """Carry out the monster phase: draw (or use ``card``), walk, then start the next turn.

    ``set_aside`` goes with a ``card`` chosen for the game's first phase: the hit cards that
    were turned up and set aside before it (a record replayed without its seed says so, and the
    events are then the game's own). Eaten figures go back outside, keeping their face, in
    stage 1 (D8) and are out for good in stage 2. Stage 1 ends after its seventh card and all
    eight cards are reshuffled; stage 2 ends the game after its seventh card, and every figure
    still inside counts as eaten.
    """
    if state.phase == OVER:
        raise GameOver.said(N_("the game is over"), phase=state.phase)
    if state.phase != MONSTER:
        raise WrongPhase.said(_NOT_MONSTER_PHASE[state.phase], phase=state.phase)
    rng = Rng(state.rng)
    if card is None:
        card, pile, events = draw_card(state, rng)
    else:
        check_card(card)
        rest = list(state.pile)
        if card in rest:
            rest.remove(card)
        pile, events = tuple(rest), []
        if set_aside:
            events.append({"type": FIRST_CARD_REDRAW, "set_aside": list(set_aside),
                           "card": card})
    events.insert(0, {"type": CARD, "card": card, "label": card_label(card),
                      "stage": state.stage, "game_turn": state.game_turn})

    lay = Layout(state)
    walk = Walk(state, lay)
    walk.run(card)
    events.extend(walk.events)

    figures = list(state.figures)
    for square, index in lay.figures.items():
        if figures[index].square != square:
            figures[index] = evolve(figures[index], square=square)
    fate = OUTSIDE if state.stage == 1 else REMOVED
    for index in walk.eaten:
        f = figures[index]
        figures[index] = evolve(f, where=fate, square=None, times_eaten=f.times_eaten + 1)
    events.append({
        "type": MONSTER_DONE,
        "square": square_name(lay.monster),
        "facing": DIRECTION_LETTERS[lay.facing],
        "eaten": [state.figures[i].id.key for i in walk.eaten],
        "fate": fate,
    })
    state = evolve(
        state,
        figures=tuple(figures),
        stones=tuple(sorted(lay.stones.items())),
        monster=Monster(lay.monster, lay.facing),
        pile=tuple(pile),
        discard=state.discard + (card,),
        first_card_drawn=True,
    )
    return Transition(_next_turn(state, rng, events), tuple(events))


def _unmoved(f: Figure) -> Figure:
    """``evolve(f, moved=False)`` for the figures of a new turn, built directly (faster)."""
    return Figure(f.colour, f.number, f.black, f.where, f.square, False, f.escaped_order,
                  f.times_eaten)


def _next_turn(state: GameState, rng: Rng, events: list[dict[str, Any]]) -> GameState:
    """Close the stage if its seventh card was played, end the game, or start a new turn."""
    version = state.version + 1
    if len(state.discard) >= CARDS_PER_STAGE:
        if state.stage == 2:
            figures = tuple(
                evolve(f, where=REMOVED, square=None, times_eaten=f.times_eaten + 1)
                if f.where == BOARD else f
                for f in state.figures
            )
            inside = [f.id.key for f in state.figures if f.where == BOARD]
            events.append({"type": STAGE_END, "stage": 2, "eaten_inside": inside})
            state = evolve(state, figures=figures)
            return _over(state, final_outcome(state, STAGE_TWO_OVER), events, version, rng)
        cards = sorted(state.discard + state.pile)
        rng.shuffle(cards)
        state = evolve(state, stage=2, pile=tuple(cards), discard=())
        events.append({"type": STAGE_END, "stage": 1, "next_stage": 2})
    if state.stage == 2 and not any(f.in_play for f in state.figures):
        return _over(state, final_outcome(state, NOTHING_LEFT), events, version, rng)
    n = len(state.players)
    start = (state.start_seat + 1) % n
    figures = tuple(_unmoved(f) if f.moved else f for f in state.figures)
    # The seat to act is found on the new turn's figures first, so one copy of the state does.
    to_move = first_to_act_among(state.players, figures, start)
    state = evolve(state, figures=figures, start_seat=start, game_turn=state.game_turn + 1,
                   phase=FIGURES, rng=rng.state, version=version, to_move=to_move)
    events.append({"type": TURN, "game_turn": state.game_turn, "start_seat": start,
                   "stage": state.stage})
    return state


def _over(state: GameState, outcome: Outcome, events: list[dict[str, Any]], version: int,
          rng: Rng) -> GameState:
    events.append({"type": GAME_OVER, **outcome.to_dict()})
    return evolve(state, phase=OVER, to_move=None, outcome=outcome, version=version,
                   rng=rng.state)

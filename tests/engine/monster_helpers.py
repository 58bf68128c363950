"""Helpers for the monster, card, stage and outcome tests (Engine II).

Positions are built with ``tests.engine.helpers.position`` (the JSON position format); these
helpers put them in the monster phase, run the engine's own monster phase or look, and turn
its events into short lines that a test can compare in one assertion:

* ``look j8 E: red1 N5 -> N``: a look from j8 facing east saw red 1 five squares north and
  turned north (``final look`` for the look after the last step);
* ``step j8-j7``, ``slide k6-l6`` (a step that starts on a pool square), ``wall p6-a6 V``;
* ``eat red4 m6 caught`` (or ``pushed_off``, ``teleporter``);
* ``push E stone n6-o6 red3 o6-p6`` (``-x``: removed), ``teleport f6-m3 N``;
* ``turning_stone k3 turn_180 -> E``, ``stay four_turns``, ``done p8 W``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine import resolve_monster_phase
from engine.actions import Transition
from engine.board import DIRECTION_LETTERS, square_name
from engine.layout import Layout
from engine.monster import Walk
from engine.state import GameState
from tests.engine.helpers import position

Event = dict[str, Any]


def monster_position(
    figures: Mapping[str, str | Mapping[str, Any]] | None = None,
    *,
    pile: Iterable[str] = ("5", "7", "7", "8", "8", "10", "1hit", "2hits"),
    **kwargs: Any,
) -> GameState:
    """Return a hand-written position in the monster phase, the first card already drawn.

    Players default to one per colour of the figures given, with red and blue always seated
    (a position needs players for the turn that follows the monster phase).
    """
    kwargs.setdefault("phase", "monster")
    kwargs.setdefault("to_move", None)
    kwargs.setdefault("first_card_drawn", True)
    if "players" not in kwargs:
        colours = list(dict.fromkeys(["red", "blue", *(_colour(k) for k in figures or {})]))
        kwargs["players"] = [{"seat": i, "colour": c} for i, c in enumerate(colours)]
    return position(figures, pile=list(pile), **kwargs)


def _colour(key: str) -> str:
    return key.rstrip("0123456789")


def walk(state: GameState, card: str) -> Transition:
    """Run the whole monster phase of ``state`` with ``card`` turned up."""
    return resolve_monster_phase(state, card)


def look_once(state: GameState) -> Event:
    """Return the event of one look from where the monster stands (no step taken)."""
    w = Walk(state, Layout(state))
    w.look()
    return w.events[0]


def of_type(events: Iterable[Event], *types: str) -> list[Event]:
    """Return the events of the given types, in order."""
    return [e for e in events if e["type"] in types]


def of_point(events: Iterable[Event], point: int) -> list[Event]:
    """Return the walk's events of one movement point, in order."""
    return [e for e in events if e.get("point") == point]


def seen(look: Event) -> list[tuple[str, str, int]]:
    """Return what a look event saw as (figure, direction, distance), ahead/left/right order."""
    return [(s["figure"], s["direction"], s["distance"]) for s in look["seen"]]


def _end(square: str | None) -> str:
    return "x" if square is None else square


def line(e: Event) -> str:
    """Return one walk event as a short line (see the module docstring)."""
    kind = e["type"]
    if kind == "look":
        sights = ", ".join(f"{s['figure']} {s['direction']}{s['distance']}" for s in e["seen"])
        what = f"{'final look' if e['final'] else 'look'} {e['square']}: {sights or 'nothing'}"
        return f"{what} -> {e['facing']}" if e["turned"] else what
    if kind == "step":
        return f"{'slide' if e['slide'] else 'step'} {e['square']}-{e['to']}"
    if kind == "wall":
        return f"wall {e['square']}-{e['to']} {e['letter']}"
    if kind == "eat":
        return f"eat {e['figure']} {e['square']} {e['how']}"
    if kind == "push":
        pieces = " ".join(f"{p['piece']} {p['from']}-{_end(p['to'])}" for p in e["pieces"])
        return f"push {e['direction']} {pieces}"
    if kind == "teleport":
        return f"teleport {e['square']}-{e['to']} {e['facing']}"
    if kind == "turning_stone":
        return f"turning_stone {e['stone']} {e['kind']} -> {e['facing']}"
    if kind == "stay":
        return f"stay {e['reason']}"
    if kind == "monster_done":
        return f"done {e['square']} {e['facing']}"
    return kind


def trail(events: Iterable[Event], point: int | None = None) -> list[str]:
    """Return the walk's events (of one point, if given) as short lines."""
    chosen = events if point is None else of_point(events, point)
    return [line(e) for e in chosen if e["type"] not in ("card", "turn", "stage_end")]


def steps_to(events: Iterable[Event]) -> list[str]:
    """Return the squares the monster stepped onto, in order (wall arrivals included)."""
    return [e["to"] for e in events if e["type"] == "step"]


def eaten(t: Transition) -> list[str]:
    """Return the figures the monster phase ate, in order."""
    return next(e for e in t.events if e["type"] == "monster_done")["eaten"]


class Animation:
    """The board as a viewer rebuilds it from a monster phase's events alone.

    Starting from the position before the phase, it follows only what the events say (looks,
    turning stones, steps, teleports, eats and pushes; never the ``monster_done`` summary), so
    comparing it with the state after the phase shows that the events tell the whole walk.
    """

    def __init__(self, before: GameState) -> None:
        self.monster = square_name(before.monster.square)
        self.facing = DIRECTION_LETTERS[before.monster.facing]
        self.pieces: dict[str, str] = {square_name(sq): kind for sq, kind in before.stones}
        self.pieces.update(
            {square_name(f.square): f.id.key for f in before.figures if f.square is not None})

    def play(self, events: Iterable[Event]) -> Animation:
        """Apply the walk's events in order; return self."""
        for e in events:
            kind = e["type"]
            if kind in ("look", "turning_stone"):
                self.facing = e["facing"]
            elif kind in ("step", "teleport"):
                self.monster, self.facing = e["to"], e["facing"]
            elif kind == "eat":
                self.pieces.pop(e["square"])
            elif kind == "push":
                moving = [(p["piece"], p["to"]) for p in e["pieces"]]
                for p in e["pieces"]:
                    self.pieces.pop(p["from"], None)
                self.pieces.update({to: piece for piece, to in moving if to is not None})
            elif kind == "stage_end" and e["stage"] == 2:  # figures inside count as eaten
                inside = set(e["eaten_inside"])
                self.pieces = {k: v for k, v in self.pieces.items() if v not in inside}
        return self

    def matches(self, after: GameState) -> bool:
        """True when the animation ends where the engine's new state is."""
        pieces = {square_name(sq): kind for sq, kind in after.stones}
        pieces.update(
            {square_name(f.square): f.id.key for f in after.figures if f.square is not None})
        monster = (square_name(after.monster.square), DIRECTION_LETTERS[after.monster.facing])
        return (self.monster, self.facing) == monster and self.pieces == pieces

"""Tell events in words, for emails, logs and chat: "Ann (green) moved green 5 from h5 to h7.",
"The monster drew 8. It turned north, ate ...".

Reads the event dicts that transitions return; never looks at a state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.board import ENTRANCE, square_name
from engine.events import (
    CARD,
    EAT,
    FIRST_CARD_REDRAW,
    FLIP,
    GAME_OVER,
    LOOK,
    MONSTER_DONE,
    MOVE,
    PLAYER_ACTIONS,
    PUSH,
    STAGE_END,
    STAY,
    STEP,
    TELEPORT,
    TURNING_STONE,
    WALL,
)
from engine.state import CRYSTAL, OUTSIDE, STONE, TURN_BACK, TURN_RIGHT, FigureId

_DIRECTIONS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_STONE_NAMES = {STONE: "stone", CRYSTAL: "crystal", TURN_RIGHT: "right-turning stone",
                TURN_BACK: "180° turning stone"}
_KINDS = {kind: f"a {name}" for kind, name in _STONE_NAMES.items()}
_TILES = {**_KINDS, "teleporter_A": "teleporter A", "teleporter_B": "teleporter B",
          "pool_square": "the square blood pool", "pool_long": "the long blood pool"}
_ENTRANCE = square_name(ENTRANCE)


def stone_name(kind: str) -> str:
    """Return a stone kind in words: ``stone``, ``crystal``, ``right-turning stone`` ..."""
    return _STONE_NAMES[kind]


def figure_name(key: str) -> str:
    """Return ``red 5`` for the event key ``red5``."""
    return str(FigureId.parse(key))


def _piece(name: str) -> str:
    return _KINDS.get(name) or figure_name(name)


def narrate_monster(events: Iterable[Mapping[str, Any]]) -> str:
    """Tell one monster phase in sentences, from its events."""
    sentences: list[str] = []
    clauses: list[str] = []
    for e in events:
        kind = e["type"]
        if kind == CARD:
            sentences.append(f"The monster drew {e['label']}.")
        elif kind == FIRST_CARD_REDRAW:
            sentences.append(
                "The first card of the game may not be a hit card, so "
                f"{', '.join(e['set_aside'])} went back and {e['card']} was drawn.")
        elif kind == LOOK and e["turned"]:
            seen = min(e["seen"], key=lambda s: s["distance"])
            clauses.append(f"turned {_DIRECTIONS[e['facing']]} toward "
                           f"{figure_name(seen['figure'])} on {seen['square']}")
        elif kind == STEP:
            verb = "slid to" if e["slide"] else "went to"
            clauses.append(f"{verb} {e['to']}")
        elif kind == WALL:
            clauses.append(f"walked through wall {e['letter']} to {e['to']}")
        elif kind == TURNING_STONE:
            clauses.append(f"was turned {_DIRECTIONS[e['facing']]} by "
                           f"{_KINDS[e['kind']]} on {e['stone']}")
        elif kind == TELEPORT:
            clauses.append(f"teleported from {e['square']} to {e['to']}, facing "
                           f"{_DIRECTIONS[e['facing']]}")
        elif kind == STAY:
            clauses.append("turned round in a loop and stayed put" if e.get("reason") == "loop"
                           else "spun round four times and stayed put")
        elif kind == EAT:
            how = {"caught": "ate", "pushed_off": "pushed off the board and so ate",
                   "teleporter": "pushed onto a teleporter and so ate"}[e["how"]]
            clauses.append(f"{how} {figure_name(e['figure'])} on {e['square']}")
        elif kind == PUSH:
            parts = []
            for p in e["pieces"]:
                where = f"to {p['to']}" if p["to"] else "off the board"
                if p["to"] is None and p["piece"] in _KINDS:
                    where = "out of the game"
                parts.append(f"{_piece(p['piece'])} {where}")
            clauses.append("pushed " + ", ".join(parts))
        elif kind == MONSTER_DONE:
            if clauses:
                sentences.append("It " + ", ".join(clauses) + ".")
                clauses = []
            eaten = [figure_name(k) for k in e["eaten"]]
            end = f"It stopped on {e['square']} facing {_DIRECTIONS[e['facing']]}"
            if eaten:
                one = len(eaten) == 1
                if e["fate"] == "outside":
                    fate = "it waits outside again" if one else "they wait outside again"
                else:
                    fate = "it is out for good" if one else "they are out for good"
                end += f"; eaten: {', '.join(eaten)} ({fate})"
            sentences.append(end + ".")
        elif kind == STAGE_END:
            if e["stage"] == 1:
                sentences.append("Stage 1 is over: all cards are shuffled and stage 2 begins; "
                                 "from now on eaten figures are out for good.")
            else:
                sentences.append("Stage 2 is over; figures still inside count as eaten.")
        elif kind == GAME_OVER:
            sentences.append("The game is over.")
    if clauses:
        sentences.append("It " + ", ".join(clauses) + ".")
    return " ".join(sentences)


def narrate_action(events: Iterable[Mapping[str, Any]], who: str, *,
                   timed_out: bool = False) -> str:
    """Tell one player's action in words, from the events it wrote.

    ``who`` names the seat as the reader knows it (``Ann (green)``); ``timed_out`` says the
    action was taken for the seat because its time ran out (the service knows that; the
    engine's events do not say it). The first game turn's automatic flips get a sentence of
    their own; other events (a new phase, the end of the game) are not told here.

    >>> narrate_action([{"type": "move", "figure": "green5", "from": "outside", "to": "n10",
    ...                  "escapes": False, "pushes": [{"from": "o10", "to": "o9",
    ...                                                "piece": "crystal"}]}], "Ann (green)")
    'Ann (green) brought green 5 in at p11 and moved it to n10, pushing the crystal on o10 to o9.'
    >>> narrate_action([{"type": "flip", "figure": "red3"}], "Bob (red)", timed_out=True)
    'Bob (red) ran out of time, so red 3 was flipped without moving.'
    """
    events = list(events)
    done = next((e for e in events
                 if e["type"] in PLAYER_ACTIONS and not e.get("automatic")), None)
    if done is None:
        told = f"{who} played."
    elif done["type"] == MOVE:
        told = f"{who} {_move(done)}."
    elif done["type"] == FLIP:
        figure = figure_name(done["figure"])
        told = (f"{who} ran out of time, so {figure} was flipped without moving." if timed_out
                else f"{who} flipped {figure} without moving it.")
    else:
        tile, where = _TILES[done["tile"]], _tile_squares(done)
        told = (f"{who} ran out of time, so {tile} was placed on {where}." if timed_out
                else f"{who} placed {tile} on {where}.")
    waiting = [figure_name(e["figure"]) for e in events
               if e["type"] == FLIP and e.get("automatic")]
    if waiting:
        were = "was" if len(waiting) == 1 else "were"
        told += (" In the first game turn a player enters at most two figures, so "
                 f"{_list(waiting)}, still waiting outside, {were} flipped.")
    return told


def _move(e: Mapping[str, Any]) -> str:
    """Tell a move event as a verb phrase: "moved green 5 from h5 to h7, pushing ..."."""
    figure = figure_name(e["figure"])
    if e["from"] == OUTSIDE:
        told = f"brought {figure} in at {_ENTRANCE}"
        if e["to"] != _ENTRANCE:
            told += f" and moved it to {e['to']}"
    else:
        told = f"moved {figure} from {e['from']}"
        told += " out of the fortress" if e["escapes"] else f" to {e['to']}"
    pushes = [_pushed(p) for p in e["pushes"]]
    if pushes:
        told += f", pushing {_list(pushes)}"
    return told + (": it escaped" if e["escapes"] else "")


def _pushed(push: Mapping[str, Any]) -> str:
    # A move event written before pushes named their piece says none: "stone" is still
    # true, since every piece a figure pushes is one of the stones (RULES §3.4).
    name = _STONE_NAMES[push.get("piece", STONE)]
    where = "out of the game" if push["to"] is None else f"to {push['to']}"
    return f"the {name} on {push['from']} {where}"


def _tile_squares(e: Mapping[str, Any]) -> str:
    squares = e["squares"]
    where = squares[0] if len(squares) == 1 else f"{squares[0]}–{squares[-1]}"
    if "arrow" in e:
        where += f", its arrow pointing {_DIRECTIONS[e['arrow']]}"
    return where


def _list(parts: list[str]) -> str:
    """Join ``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"

"""Tell events in words, for emails and logs: "The monster drew 8. It turned north, ate ...".

Reads the event dicts that transitions return; never looks at a state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.events import (
    CARD,
    EAT,
    FIRST_CARD_REDRAW,
    GAME_OVER,
    LOOK,
    MONSTER_DONE,
    PUSH,
    STAGE_END,
    STAY,
    STEP,
    TELEPORT,
    TURNING_STONE,
    WALL,
)
from engine.state import FigureId

_DIRECTIONS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_KINDS = {"stone": "a stone", "crystal": "a crystal", "turn_right": "a right-turning stone",
          "turn_180": "a 180° turning stone"}


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

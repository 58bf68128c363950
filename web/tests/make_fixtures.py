"""Write the web page's JSON fixtures from the rules engine.

Run from the repository root: ``.venv/bin/python web/tests/make_fixtures.py``. It writes the
test fixtures (``web/tests/fixtures/``) and the demo page's data (``web/demo/``); with
``--out DIR`` it writes them under ``DIR`` instead (``DIR/tests/fixtures/``, ``DIR/demo/``).
Every game is played from a fixed seed, so the same engine writes the same files, byte for byte
(``tests/test_web_fixtures.py`` regenerates them and compares); rerun it when the engine
changes, and the web tests then show what the page must follow. The tests find the positions
they need by property, which the predicates below guarantee.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine import (  # noqa: E402 - the engine is importable once ROOT is on the path
    Options,
    action_to_dict,
    apply_action,
    player_view,
    resolve_monster_phase,
    state_from_dict,
)
from engine.actions import Move  # noqa: E402
from engine.autoplay import random_action  # noqa: E402
from engine.board import DIRECTION_LETTERS, SQUARES, WALL_LETTERS, square_name, xy  # noqa: E402
from engine.events import EVENT_TYPES  # noqa: E402
from engine.figure_phase import legal_moves  # noqa: E402
from engine.setup import new_game  # noqa: E402
from engine.state import FIGURES, MONSTER, OVER, PLACEMENT, GameState  # noqa: E402

WEB = ROOT / "web"
FIXTURES = Path("tests", "fixtures")  # under the web folder, as the demo data below
DEMO = Path("demo")
NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus")
STONE_KINDS = {"stone", "crystal", "turn_right", "turn_180"}


def game_meta(game_id: str, title: str, state: GameState) -> dict[str, Any]:
    """Return game metadata as the API is expected to wrap around a view."""
    return {
        "id": game_id,
        "title": title,
        "players": [{"seat": p.seat, "name": NAMES[p.seat]} for p in state.players],
    }


def position(state: GameState) -> dict[str, Any]:
    """Return what a spectator sees, without the legal actions: a position for the board."""
    view = player_view(state, None)
    del view["legal"]
    return view


def keen_action(state: GameState, rnd: random.Random) -> Any:
    """Return a random action, or two times in three the move that gets closest to the exit.

    Purely random figures hardly ever escape; these head for a1 as players do.
    """
    if state.phase != FIGURES or rnd.random() < 1 / 3:
        return random_action(state, rnd)
    options = [m for moves in legal_moves(state, state.to_move).values() for m in moves]
    if not options:
        return random_action(state, rnd)
    best = min(options, key=lambda m: -1 if m.square is None else sum(xy(m.square)))
    return Move(best.figure, best.path)


def play(state: GameState, rnd: random.Random) -> Iterator[tuple[int | None, Any, Any]]:
    """Play from ``state`` with ``keen_action``; yield (seat, action or None, transition)."""
    while state.phase != OVER:
        if state.phase == MONSTER:
            t = resolve_monster_phase(state)
            yield None, None, t
        else:
            seat = state.to_move
            action = keen_action(state, rnd)
            t = apply_action(state, action, seat)
            yield seat, action, t
        state = t.state


def find_state(
    players: list[str], options: Options, wanted: Callable[[GameState], bool], seeds: range,
) -> GameState:
    """Return the first state of a seeded random game that satisfies ``wanted``."""
    for seed in seeds:
        state = new_game(players, seed=seed, options=options)
        if wanted(state):
            return state
        for _seat, _action, t in play(state, random.Random(seed)):
            if wanted(t.state):
                return t.state
    raise SystemExit(f"no state found for {players} {options}")


def has_choice(state: GameState) -> bool:
    """True when a figure of the seat to act can reach one square pushing stones two ways."""
    view = player_view(state, state.to_move)
    for figure in view["legal"].get("figures", []):
        ends: dict[str, set[str]] = {}
        for move in figure["moves"]:
            ends.setdefault(move["to"], set()).add(json.dumps(move["pushes"]))
        if figure["where"] != "outside" and any(len(p) > 1 for p in ends.values()):
            return True
    return False


def can_end_where_it_stands(state: GameState) -> bool:
    """True when a figure of the seat to act can move and end on the square it stands on."""
    view = player_view(state, state.to_move)
    return any(move["to"] == figure["where"]
               for figure in view["legal"].get("figures", []) for move in figure["moves"])


def mid_game_basic(state: GameState) -> bool:
    """A basic game in its fourth turn or later, figures inside and outside, a moved figure
    showing its black side, a push choice, and a move that ends where it starts."""
    where = {f.where for f in state.figures}
    return (state.phase == FIGURES and state.game_turn >= 4
            and {"board", "outside", "escaped"} <= where
            and any(f.black and f.moved for f in state.figures if f.where == "board")
            and has_choice(state) and can_end_where_it_stands(state))


def mid_game_experienced(state: GameState) -> bool:
    """An experienced game past its first turn with every tile kind still on the board."""
    kinds = {kind for _sq, kind in state.stones}
    on_board = sum(1 for f in state.figures if f.where == "board")
    return (state.phase == FIGURES and state.game_turn >= 3 and kinds == STONE_KINDS
            and on_board >= 5 and has_choice(state))


def placing(state: GameState) -> bool:
    """The placement phase with half the tiles down and both kinds of choice still to make:
    tiles of both teleporter pairs and the long pool still to place, and some tile twice."""
    left = set(state.tiles_to_place)
    return (state.phase == PLACEMENT and len(state.tiles_to_place) <= 9
            and {"pool_long", "teleporter_A", "teleporter_B"} <= left
            and len(left) < len(state.tiles_to_place) and state.teleporters)


def event_keys(events: list[dict[str, Any]]) -> set[str]:
    """Name the kinds of event a monster phase shows, telling apart the interesting variants."""
    keys = set()
    eaten = {key for e in events if e["type"] == "monster_done" for key in e["eaten"]}
    for e in events:
        kind = e["type"]
        if kind == "eat":
            kind = f"eat:{e['how']}"
        elif kind == "step" and e["slide"]:
            kind = "step:slide"
        elif kind == "push" and any(p["piece"] not in STONE_KINDS | eaten and p["to"]
                                    for p in e["pieces"]):
            kind = "push:figure"  # a figure pushed along that is still there at the end
        elif kind == "look" and e["turned"]:
            kind = "look:turned"
        keys.add(kind)
    return keys


def monster_phases(seeds: range) -> Iterator[dict[str, Any]]:
    """Yield every monster phase of seeded random games, basic and experienced, 2-4 players."""
    for seed in seeds:
        options = Options(experienced=True, random_setup=True) if seed % 2 else Options()
        state = new_game(2 + seed % 3, seed=seed, options=options)
        for _seat, action, t in play(state, random.Random(seed)):
            if action is None:
                yield {"before": state, "events": list(t.events), "after": t.state}
            state = t.state


def four_turns_phase() -> dict[str, Any]:
    """A monster boxed in by right-turning stones: it turns four times and stays (D4, under
    rules version 1; version 2 stops it on the loop)."""
    state = state_from_dict({
        "players": [{"seat": 0, "colour": "red"}, {"seat": 1, "colour": "blue"}],
        "figures": [{"figure": "red4", "square": "k3"}, {"figure": "blue5", "square": "d9"}],
        "stones": [{"square": sq, "kind": "turn_right"} for sq in ("g6", "f7", "e6", "f5")],
        "monster": {"square": "f6", "facing": "E"},
        "pile": ["5", "7", "7", "8", "8", "10", "1hit", "2hits"],
        "phase": "monster", "to_move": None, "first_card_drawn": True,
        "options": {"experienced": True}, "rules": 1,
    })
    t = resolve_monster_phase(state, "5")
    return {"before": state, "events": list(t.events), "after": t.state}


def onto_a_teleporter_phase() -> dict[str, Any]:
    """A monster pushing a crystal and a figure north: the figure goes onto a teleporter and
    is eaten (D5), a rare sight in random games."""
    state = state_from_dict({
        "players": [{"seat": 0, "colour": "red"}, {"seat": 1, "colour": "blue"}],
        "figures": [{"figure": "red4", "square": "l3"}, {"figure": "blue5", "square": "h6"}],
        "stones": [{"square": "h7", "kind": "crystal"}],
        "teleporters": [{"kind": "A", "square": "h5", "arrow": "N"},
                        {"kind": "A", "square": "c9", "arrow": "E"}],
        "monster": {"square": "h8", "facing": "N"},
        "pile": ["5", "7", "7", "8", "8", "10", "1hit", "2hits"],
        "phase": "monster", "to_move": None, "first_card_drawn": True,
        "options": {"experienced": True},
    })
    t = resolve_monster_phase(state, "5")
    return {"before": state, "events": list(t.events), "after": t.state}


def covering_phases() -> list[dict[str, Any]]:
    """Pick a few monster phases that between them show every kind of event: random ones,
    then the set ones for what random games hardly show."""
    phases = list(monster_phases(range(40)))
    chosen: list[dict[str, Any]] = []
    covered: set[str] = set()
    while True:
        best = max(phases, key=lambda p: len(event_keys(p["events"]) - covered))
        new = event_keys(best["events"]) - covered
        if not new:
            break
        chosen.append(best)
        covered |= new
    return [*chosen, four_turns_phase(), onto_a_teleporter_phase()]


def showcase_phase() -> dict[str, Any]:
    """The experienced monster phase with the most kinds of event, for the demo."""
    wanted = {"teleport", "turning_stone", "wall", "push", "look:turned"}
    phases = [p for p in monster_phases(range(1, 60, 2)) if p["before"].options.experienced]
    return max(phases, key=lambda p: (len(event_keys(p["events"]) & wanted),
                                      len(event_keys(p["events"])), -len(p["events"])))


def phase_json(phase: dict[str, Any]) -> dict[str, Any]:
    """Return a monster phase as JSON: the position before, its events, the position after."""
    return {"covers": sorted(event_keys(phase["events"])), "before": position(phase["before"]),
            "events": phase["events"], "after": position(phase["after"])}


def game_log(players: list[str], seed: int, options: Options, title: str,
             max_turn: int | None = None) -> dict[str, Any]:
    """Play a seeded game and return its log: the start, then each action or monster phase,
    up to the end of game turn ``max_turn`` (None: to the end of the game)."""
    state = new_game(players, seed=seed, options=options)
    log = {"game": game_meta(f"log-{seed}", title, state), "start": position(state),
           "entries": []}
    for seat, action, t in play(state, random.Random(seed)):
        log["entries"].append({
            "seat": seat,
            "action": None if action is None else action_to_dict(action),
            "events": list(t.events),
            "position": position(t.state),
        })
        if max_turn is not None and t.state.game_turn > max_turn:
            break  # the monster phase that ends the last turn is in
    return log


def near_the_exit() -> GameState:
    """A hand-set position: red 3 may leave through the exit, red 4 waits at the entrance."""
    return state_from_dict({
        "players": [{"seat": 0, "colour": "red"}, {"seat": 1, "colour": "blue"}],
        "figures": [{"figure": "red3", "square": "c1"}, {"figure": "red4"},
                    {"figure": "blue5", "square": "h8"}],
        "stones": [{"square": "b2"}, {"square": "o10"}],
        "monster": {"square": "h4", "facing": "S"},
        "pile": ["5", "7", "7", "8", "8", "10", "1hit", "2hits"],
        "game_turn": 2,
    })


def geometry() -> dict[str, Any]:
    """Return the engine's board: its squares in order and every wall letter."""
    return {
        "squares": [square_name(sq) for sq in SQUARES],
        "walls": [{"square": square_name(sq), "side": DIRECTION_LETTERS[side], "letter": letter}
                  for (sq, side), letter in sorted(WALL_LETTERS.items())],
        "exit": "a1",
        "entrance": "p11",
    }


def wrapped(game_id: str, title: str, state: GameState) -> dict[str, Any]:
    """Return ``{"game", "view"}`` as the API is expected to send it to the seat to act."""
    return {"game": game_meta(game_id, title, state), "view": player_view(state, state.to_move)}


def write(path: Path, data: Any) -> None:
    """Write compact JSON with one trailing newline."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")


def web_folder(description: str, argv: list[str] | None = None) -> Path:
    """Read the command line's ``--out``: the folder that stands for ``web/`` (default: it)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", type=Path, default=WEB, metavar="DIR",
                        help=f"write under DIR as under web/: DIR/{FIXTURES}, DIR/{DEMO} "
                             "(default: the repository's web/)")
    return parser.parse_args(argv).out


def main(argv: list[str] | None = None) -> None:
    """Write every fixture and demo file under the web folder the command line names."""
    web = web_folder("Write the web page's fixtures and demo data from the rules engine.", argv)
    fixtures, demo = web / FIXTURES, web / DEMO
    basic = find_state(["red", "blue", "yellow"], Options(), mid_game_basic, range(1, 50))
    experienced = find_state(["green", "red", "blue", "yellow"],
                             Options(experienced=True, random_setup=True),
                             mid_game_experienced, range(1, 50))
    placement = find_state(["red", "blue"], Options(experienced=True), placing, range(1, 50))
    views = {
        "basic": wrapped("demo-basic", "A basic game, fourth turn", basic),
        "experienced": wrapped("demo-experienced", "An experienced game with every tile",
                               experienced),
        "placement": wrapped("demo-placement", "Placing the tiles", placement),
    }
    for name, data in views.items():
        write(fixtures / f"view_{name}.json", data)
        write(demo / f"{name}.json", data)
    write(fixtures / "view_exit.json", wrapped("exit", "Near the exit", near_the_exit()))
    write(fixtures / "geometry.json", geometry())
    write(fixtures / "event_types.json", sorted(EVENT_TYPES))
    write(fixtures / "monster_phases.json", [phase_json(p) for p in covering_phases()])
    showcase = showcase_phase()
    write(demo / "monster.json", {
        "game": game_meta("demo-monster", "A monster phase", showcase["before"]),
        **phase_json(showcase),
    })
    write(fixtures / "game_basic.json",
          game_log(["red", "blue"], 3, Options(), "A whole basic game"))
    write(fixtures / "game_experienced.json",
          game_log(["green", "red", "blue"], 4, Options(experienced=True),
                   "An experienced game with the players' placement", max_turn=6))
    write(demo / "game.json", game_log(["red", "blue", "yellow"], 8, Options(),
                                       "The first turns of a basic game", max_turn=4))


if __name__ == "__main__":
    main()

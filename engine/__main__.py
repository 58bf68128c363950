"""Command line for positions: ``python -m engine --help``.

The only module of the engine that reads files or prints; everything it does goes through the
engine's public functions.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from engine import (
    EngineError,
    FigureId,
    Options,
    Record,
    apply_action,
    diagram,
    legal_outcomes,
    new_game,
    parse_action,
    replay,
    resolve_monster_phase,
    state_from_dict,
    state_to_dict,
)
from engine.narrate import narrate_monster
from engine.state import MONSTER, GameState


def _load(path: str) -> Any:
    if path == "-":
        return json.load(sys.stdin)
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def _print_state(state: GameState, args: argparse.Namespace,
                 events: Iterable[dict[str, Any]] = ()) -> None:
    """Print the events, then the position as JSON and/or as a diagram (``--output``)."""
    if events and args.output != "json":
        print("Events:")
        for e in events:
            print("  " + json.dumps(e))
    if args.output in ("json", "both"):
        print(json.dumps(state_to_dict(state), indent=1))
    if args.output in ("diagram", "both"):
        print(diagram(state))


def _cmd_new(args: argparse.Namespace) -> None:
    players = args.players.split(",") if not args.players.isdigit() else int(args.players)
    options = Options(experienced=args.experienced, random_setup=args.random_setup,
                      three_hits=args.three_hits)
    state = new_game(players, seed=args.seed, options=options, start_seat=args.start_seat)
    _print_state(state, args)


def _cmd_show(args: argparse.Namespace) -> None:
    print(diagram(state_from_dict(_load(args.position))))


def _cmd_moves(args: argparse.Namespace) -> None:
    state = state_from_dict(_load(args.position))
    outcomes = legal_outcomes(state, FigureId.parse(args.figure))
    for o in sorted(outcomes, key=lambda o: (len(o.path), o.path)):
        d = o.to_dict()
        pushes = ", ".join(f"{p['from']}->{p['to'] or 'removed'}" for p in d["pushes"])
        print(f"{o.path:<8} to {d['to']:<4}" + (f"  pushes {pushes}" if pushes else ""))
    print(f"{len(outcomes)} outcome(s); or flip it without moving.")


def _cmd_apply(args: argparse.Namespace) -> None:
    state = state_from_dict(_load(args.position))
    action = parse_action(args.move, state, args.seat)
    t = apply_action(state, action, args.seat)
    _print_state(t.state, args, t.events)


def _cmd_monster(args: argparse.Namespace) -> None:
    state = state_from_dict(_load(args.position))
    if state.phase != MONSTER and args.force:
        state = replace(state, phase=MONSTER, to_move=None)
    t = resolve_monster_phase(state, args.card)
    if args.output != "json":
        print(narrate_monster(t.events))
    _print_state(t.state, args, t.events)


def _cmd_replay(args: argparse.Namespace) -> None:
    state = replay(Record.from_dict(_load(args.record)))
    _print_state(state, args)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for refused input)."""
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    out = argparse.ArgumentParser(add_help=False)
    out.add_argument("--output", choices=("both", "json", "diagram"), default="both",
                     help="print the resulting position as JSON, as a diagram, or both")

    p = sub.add_parser("new", help="set up a new game and print its position (JSON)")
    p.add_argument("--players", default="red,blue", help="colours, comma separated, or a count")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--start-seat", type=int)
    p.add_argument("--experienced", action="store_true")
    p.add_argument("--random-setup", action="store_true")
    p.add_argument("--three-hits", action="store_true")
    p.add_argument("--output", choices=("both", "json", "diagram"), default="json")
    p.set_defaults(run=_cmd_new)

    p = sub.add_parser("show", help="print a position's diagram")
    p.add_argument("position", help="position JSON file, or - for stdin")
    p.set_defaults(run=_cmd_show)

    p = sub.add_parser("moves", help="list a figure's legal moves")
    p.add_argument("position")
    p.add_argument("figure", help="e.g. 'red 5'")
    p.set_defaults(run=_cmd_moves)

    p = sub.add_parser("apply", parents=[out], help="apply an action in notation; print the result")
    p.add_argument("position")
    p.add_argument("move", help="e.g. 'red 5 +WWN', '5 to h7', 'flip red 4', 'place stone c3'")
    p.add_argument("--seat", type=int, help="the acting seat (default: the seat to act)")
    p.set_defaults(run=_cmd_apply)

    p = sub.add_parser("monster", parents=[out],
                       help="run a monster phase; print its steps and the result")
    p.add_argument("position")
    p.add_argument("--card", help="use this card (5, 7, 8, 10, 1hit, 2hits, 3hits)")
    p.add_argument("--force", action="store_true",
                   help="run it even if the position is not in the monster phase")
    p.set_defaults(run=_cmd_monster)

    p = sub.add_parser("replay", parents=[out],
                       help="re-run a recorded game, checking its monster phases")
    p.add_argument("record", help="record JSON file")
    p.set_defaults(run=_cmd_replay)

    args = parser.parse_args(argv)
    try:
        args.run(args)
    except EngineError as exc:
        print(f"error [{exc.code}]: {exc.message}", file=sys.stderr)
        return 2
    except (OSError, json.JSONDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

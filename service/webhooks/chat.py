"""The short sentences of the Discord and Slack formats, one per webhook event.

Chat services show a line of text, not JSON: ``{"content": ...}`` for Discord,
``{"text": ...}`` for Slack. The sentence tells what the standard payload's ``data`` holds,
from public data only (names, colours, squares, the monster's walk in words).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.narrate import figure_name, narrate_monster

DISCORD = "discord"
SLACK = "slack"
STANDARD = "standard"
FORMATS = (STANDARD, DISCORD, SLACK)

MAX_LENGTH = 2000  # Discord refuses longer content


def chat_body(format_: str, text: str) -> dict[str, str]:
    """Return the body of a chat message in ``format_`` (discord or slack)."""
    if len(text) > MAX_LENGTH:
        text = text[:MAX_LENGTH - 1] + "…"
    return {"content": text} if format_ == DISCORD else {"text": text}


def sentence(event_type: str, game_id: str, data: Mapping[str, Any],
             seats: Mapping[int, str]) -> str:
    """Return the sentence that tells ``event_type`` of game ``game_id`` with its ``data``.

    ``seats`` names each seat (``Ann (red)``).
    """
    told = {
        "game.started": _started,
        "action.accepted": _action,
        "monster.resolved": _monster,
        "move.due": _move_due,
        "game.over": _over,
        "ping": _ping,
    }[event_type](data, seats)
    return f"Fearsome Floors, game {game_id}: {told}"


def _who(seats: Mapping[int, str], seat: int | None) -> str:
    return seats.get(seat, f"seat {seat}") if seat is not None else "nobody"


def _started(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    return f"the game has started; {_who(seats, data.get('to_move'))} plays first."


def _action(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    events = data["events"]
    first = next((e for e in events if e.get("type") in ("move", "flip", "place")), {})
    who = _who(seats, data.get("seat"))
    kind = first.get("type")
    if kind == "flip" and any(e.get("type") == "timeout" for e in events):
        return (f"{who} ran out of time, so {figure_name(first['figure'])} was flipped "
                "without moving.")
    if kind == "move":
        figure = figure_name(first["figure"])
        start = "onto the board" if first["from"] == "outside" else f"from {first['from']}"
        end = "out: it escaped" if first["to"] == "out" else f"to {first['to']}"
        return f"{who} moved {figure} {start} {end}."
    if kind == "flip":
        return f"{who} flipped {figure_name(first['figure'])} without moving."
    if kind == "place":
        return f"{who} placed {first['tile'].replace('_', ' ')} on {first['square']}."
    return f"{who} played."


def _monster(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    return "the monster moved. " + narrate_monster(data["events"])


def _move_due(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    return f"it is {_who(seats, data['seat'])}'s move."


def _over(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    winners = [_who(seats, seat) for seat in data["outcome"]["winners"]]
    if not winners:
        return "the game is over, and nobody won."
    return f"the game is over; {' and '.join(winners)} won."


def _ping(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    return "this is a test ping: the webhook works."

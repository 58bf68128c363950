"""The short sentences of the Discord and Slack formats, one per webhook event.

Chat services show a line of text, not JSON: ``{"content": ...}`` for Discord,
``{"text": ...}`` for Slack. The sentence tells what the standard payload's ``data`` holds,
from public data only (names, colours, squares, the monster's walk in words).

A sentence names the game as its players do (its name, ``service.kernel.naming``); in a chat
format it ends with a line that links to the game's page as spectators see it (see
``service.features.webhooks.spectator`` for where the link's token comes from).

The names are the players' own text (the game's name too), so in a chat format they are
escaped where they enter the sentence (the service's own words may carry markup; a name may
not): no name may ping anyone or form a link. Discord is told to parse no mentions
(``allowed_mentions``) and its markdown is escaped with backslashes; Slack's control
characters ``& < >`` become entities, as Slack asks. Neither has an escape for the URLs and
domain names it links by itself, so a zero-width space goes before each ``.`` and ``:`` of a
name, and after each ``@``: it reads the same and links nothing. The standard format keeps
names raw: it is data, not chat.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from service.kernel.narration import narrate_action, narrate_monster
from service.kernel.vocabulary import TIMEOUT
from service.plumbing.i18n import _, ngettext
from service.plumbing.i18n.words import level_name

DISCORD = "discord"
SLACK = "slack"
STANDARD = "standard"
FORMATS = (STANDARD, DISCORD, SLACK)

MAX_LENGTH = 2000  # Discord refuses longer content

_DISCORD_MARKDOWN = re.compile(r"([\\*_~`|\[\]<>])")  # emphasis, code, spoilers, links, tags
_SLACK_ENTITIES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_UNLINKED = str.maketrans({".": "\u200b.", ":": "\u200b:", "@": "@\u200b"})


TOKEN_ROOM = 64  # what a link's token may add to the text after it is filled in


def watch_line(format_: str, link: str) -> str:
    """Return the line that links to the game's page in ``format_`` (discord or slack), in
    the current language."""
    watch = _("Watch the game")
    if format_ == DISCORD:
        return f"{watch}: <{link}>"  # the brackets keep Discord from adding a preview
    return f"<{link}|{watch}>"


def chat_body(format_: str, text: str, link: str | None = None) -> dict[str, Any]:
    """Return the body of a chat message in ``format_`` (discord or slack), ending with a line
    that links to ``link``; a Discord one pings no one, whatever its text holds.

    A text too long for Discord is cut, never the link.
    """
    line = "" if link is None else "\n" + watch_line(format_, link)
    room = MAX_LENGTH - (len(line) + TOKEN_ROOM if line else 0)
    if len(text) > room:
        text = text[:room - 1] + "…"
    if format_ == DISCORD:
        return {"content": text + line, "allowed_mentions": {"parse": []}}
    return {"text": text + line}


def escape_name(format_: str, name: str) -> str:
    """Return a player's text as it may enter a sentence in ``format_``: in a chat format, no
    markup, mention or link of its own, and reading the same; in the standard format, raw."""
    if format_ == DISCORD:
        return _DISCORD_MARKDOWN.sub(r"\\\1", name).translate(_UNLINKED)
    if format_ == SLACK:
        return name.translate(_SLACK_ENTITIES).translate(_UNLINKED)
    return name


def sentence(event_type: str, game_name: str, data: Mapping[str, Any],
             seats: Mapping[int, str], format_: str = STANDARD) -> str:
    """Return the sentence that tells ``event_type`` of the game called ``game_name`` with
    its ``data``, for a body in ``format_``, in the current language (the game's).

    ``seats`` names each seat (``Ann (red)``); the names, the game's too, are escaped for
    ``format_`` here.
    """
    seats = {seat: escape_name(format_, name) for seat, name in seats.items()}
    told = {
        "game.started": _started,
        "action.accepted": _action,
        "monster.resolved": _monster,
        "move.due": _move_due,
        "game.over": _over,
        "message.posted": lambda data, seats: _message(data, seats, format_),
        "turn.nudged": _nudged,
        "seat.absent": _absent,
        "takeback.asked": _takeback_asked,
        "takeback.declined": _takeback_declined,
        "takeback.made": _takeback_made,
        "rematch.asked": _rematch_asked,
        "rematch.decided": _rematch_decided,
        "ping": _ping,
    }[event_type](data, seats)
    # TRANSLATORS: %(game)s is the game's name; %(news)s what happened, a sentence that starts
    # in lower case ("the game has started; Ann (red) plays first.").
    return _("Fearsome Floors, %(game)s: %(news)s", game=escape_name(format_, game_name),
             news=told)


def _who(seats: Mapping[int, str], seat: int | None) -> str:
    # Seats are counted from 1 for people (webhook data keep the API's numbers, from 0).
    if seat is None:
        return _("nobody")
    return seats.get(seat) or _("seat %(number)s", number=seat + 1)


def _takeback_asked(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    return _("%(player)s asks to take back their last move.", player=_who(seats, data["seat"]))


def _takeback_declined(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    if data["by"] == data["seat"]:
        return _("%(player)s no longer asks to take back a move.",
                 player=_who(seats, data["seat"]))
    return _("%(player)s said no: the move of %(asker)s stands.",
             player=_who(seats, data["by"]), asker=_who(seats, data["seat"]))


def _takeback_made(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    return _("%(player)s took back their last move, and the game is again as it was before it.",
             player=_who(seats, data["seat"]))


def _rematch_asked(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    if data["seat"] is None:
        return _("the game's creator asks for a rematch.")
    return _("%(player)s asks for a rematch.", player=_who(seats, data["seat"]))


def _rematch_decided(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    if data["status"] == "started":
        return _("the rematch has started.")
    return _("the rematch does not start: fewer than two players said yes.")


def _started(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    return _("the game has started; %(player)s plays first.",
             player=_who(seats, data.get("to_move")))


def _action(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    events = data["events"]
    return narrate_action(events, _who(seats, data.get("seat")),
                          timed_out=any(e.get("type") == TIMEOUT for e in events))


def _monster(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    # TRANSLATORS: %(walk)s is the monster's walk told in sentences.
    return _("the monster moved. %(walk)s", walk=narrate_monster(data["events"]))


def _move_due(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    return _("it is %(player)s's move.", player=_who(seats, data["seat"]))


def _over(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    winners = [_who(seats, seat) for seat in data["outcome"]["winners"]]
    if not winners:
        return _("the game is over, and nobody won.")
    return ngettext("the game is over; %(names)s won.", "the game is over; %(names)s won.",
                    len(winners), names=", ".join(winners))


def _message(data: Mapping[str, Any], seats: Mapping[int, str], format_: str) -> str:
    # The text is the player's own, as a name is: escaped for a chat format, and on one line,
    # so that it cannot start a heading or a quote of its own there.
    text = escape_name(format_, " ".join(data["text"].split()))
    return _('%(player)s says: "%(message)s"', player=_who(seats, data["seat"]), message=text)


def _nudged(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    if data.get("by") is None:
        return _("the game's creator nudged %(player)s: it is their move.",
                 player=_who(seats, data["seat"]))
    return _("%(by)s nudged %(player)s: it is their move.", by=_who(seats, data["by"]),
             player=_who(seats, data["seat"]))


def _absent(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    if data.get("computer"):
        # TRANSLATORS: %(level)s is "easy", "normal" or "hard".
        return ngettext("%(player)s has missed %(num)d deadline; the computer plays the seat "
                        "now, at the %(level)s level.",
                        "%(player)s has missed %(num)d deadlines; the computer plays the seat "
                        "now, at the %(level)s level.", int(data["missed_deadlines"]),
                        player=_who(seats, data["seat"]), level=level_name(data["computer"]))
    return ngettext("%(player)s has missed %(num)d deadline; the creator may hand the seat to "
                    "someone else.",
                    "%(player)s has missed %(num)d deadlines; the creator may hand the seat to "
                    "someone else.", int(data["missed_deadlines"]),
                    player=_who(seats, data["seat"]))


def _ping(data: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    return _("this is a test ping: the webhook works.")

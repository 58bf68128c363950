"""A game's record as text to read: one line per action in the reader's words and letters,
with the monster's cards and the takebacks, in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.features.mail.words import written_move
from service.kernel import narration
from service.plumbing.i18n import _, colour_name, current_language, ngettext


def record_text(record: Mapping[str, Any]) -> str:
    """Return ``record`` (``records.service.record_of``'s) as text: a head that names the
    game, its rules and players, then each entry numbered, then the result."""
    game = record["game"]
    seats = {int(s["seat"]): _seat(s) for s in game["seats"]}
    head = [_("Fearsome Floors: %(game)s", game=game["name"]),
            # TRANSLATORS: %(rules)s is a number; %(game)s the game and its options, in
            # words: "experienced game, random set-up".
            _("%(game)s, rules version %(rules)s.", rules=record["rules"],
              game=", ".join(_rules_words(record["options"]))),
            _("Players: %(players)s.", players=", ".join(seats[s] for s in sorted(seats)))]
    setup = record.get("setup")
    if setup:
        # TRANSLATORS: the game's seed: with it, another tool deals the same cards.
        head.append(_("The cards were dealt from the seed %(seed)s.", seed=setup["seed"]))
    lines = [_line(number, entry, seats)
             for number, entry in enumerate(record["entries"], start=1)]
    return "\n".join([*head, "", *lines, "", _result(record.get("outcome"), seats), ""])


def _rules_words(options: Mapping[str, bool]) -> list[str]:
    """Return the game and its rule options in words, as the page says them."""
    words = {"random_setup": _("random set-up"), "three_hits": _("the \"3 hits\" card"),
             "online_teleporter_rule": _("teleporters placed as on the online site"),
             "open_exit": _("teleporters may not wall off the exit")}
    game = _("experienced game") if options.get("experienced") else _("basic game")
    return [game, *(said for name, said in words.items() if options.get(name))]


def _seat(seat: Mapping[str, Any]) -> str:
    colour = colour_name(seat["colour"])
    return _("%(name)s (%(colour)s)", name=seat["name"] or colour, colour=colour)


def _line(number: int, entry: Mapping[str, Any], seats: Mapping[int, str]) -> str:
    """Return one entry as a line: ``12. Ann (green): green 5 +NNW``."""
    if "monster" in entry:
        return f"{number:>3}. {_monster(entry['monster'])}"
    who = seats.get(int(entry["seat"]), str(entry["seat"]))
    if "takeback" in entry:
        # TRANSLATORS: %(who)s is a player; %(version)s the version the game went back to.
        return f"{number:>3}. " + _("%(who)s took back their last move (back to version "
                                   "%(version)s).", who=who,
                                   version=entry["takeback"]["to_version"])
    move = written_move(entry["notation"], current_language())
    by = entry.get("by", "")
    if by == "timeout":
        # TRANSLATORS: a move the service made for a player whose time ran out.
        move = _("%(move)s (time ran out)", move=move)
    elif by.startswith("computer"):
        # TRANSLATORS: a move the computer made for a player.
        move = _("%(move)s (played by the computer)", move=move)
    return f"{number:>3}. {who}: {move}"


def _monster(monster: Mapping[str, Any]) -> str:
    """Return a monster turn in a line: its card, whom it ate, where it stands."""
    card = narration.card_name(str(monster["card"]))
    eaten = [narration.figure_name(key) for key in monster.get("eaten", [])]
    where = _("it stands on %(square)s facing %(direction)s", square=monster["square"],
              direction=narration.direction_word(monster["facing"]))
    if eaten:
        # TRANSLATORS: %(card)s is a monster card (8, 2 hits), %(eaten)s the figures eaten.
        return _("The monster turns up %(card)s and eats %(eaten)s; %(where)s.", card=card,
                 eaten=narration.and_list(eaten), where=where)
    return _("The monster turns up %(card)s; %(where)s.", card=card, where=where)


def _result(outcome: Mapping[str, Any] | None, seats: Mapping[int, str]) -> str:
    """Return the end of the game in a line, or that it goes on."""
    if outcome is None:
        return _("The game goes on.")
    counts = ", ".join(
        f"{seats[seat]}: " + ngettext("%(num)d figure out", "%(num)d figures out", escaped)
        for seat, escaped in enumerate(outcome["escaped"]))
    winners = [seats[seat] for seat in outcome["winners"]]
    if not winners:
        return _("Nobody won (%(counts)s).", counts=counts)
    return _("%(winner)s won (%(counts)s).", winner=narration.and_list(winners), counts=counts)

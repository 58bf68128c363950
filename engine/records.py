"""A game's record: its set-up and everything that happened, written for other tools and read
back with every step checked (18xx style; ``docs/record-format.md``).

A record lists *entries*, each with the version it led to: a player's action, the monster's
turn (the card turned up, and before the game's first card the hit cards set aside), or a
takeback. The order of the pile is the one secret of the game, so a record of a game under way
carries no seed: its replay turns up the cards the record says were turned up, and nothing
tells what comes next. A finished game's record carries its seed and how the start player was
chosen: its replay draws every card from the seed, so each card is checked as well, and it
replays to the game's very final state.

>>> from engine import new_game, parse_action
>>> game = new_game(["red", "blue"], seed=7, start_seat=0)
>>> done = replay_inputs(game, [Played(0, parse_action("red 5 +WWNN", game))], chosen_start=0)
>>> data = record_dict(done, reveal=False)
>>> data["format"], data["entries"][0]["notation"], "seed" in data
('fearsome-floors-record', 'red 5 +WWNN', False)
>>> read_record(data).state.figures == done.state.figures
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action, action_from_dict, action_to_dict
from engine.cards import is_hit, remaining_cards
from engine.errors import EngineError, InvalidRecord, ReplayMismatch
from engine.events import CARD, FIRST_CARD_REDRAW, MONSTER_DONE
from engine.game import apply_action
from engine.monster_phase import resolve_monster_phase
from engine.notation import format_action
from engine.options import Options
from engine.position import state_from_dict, state_to_dict
from engine.rng import Rng
from engine.setup import new_game
from engine.state import MONSTER, RULES_VERSIONS, GameState, evolve
from engine.takeback import take_back
from engine.texts import N_
from engine.view import SECRET_FIELDS

FORMAT = "fearsome-floors-record"
FORMAT_VERSIONS = (1,)
"""The versions of the record format this release reads; it writes the last."""

ACTION, MONSTER_TURN, TAKEBACK = "action", "monster", "takeback"


@dataclass(frozen=True, slots=True)
class Played:
    """A player's action, as a game's log holds it: the seat and the action."""

    seat: int
    action: Action


@dataclass(frozen=True, slots=True)
class TakenBack:
    """A takeback, as a game's log holds it: the seat that asked, and the version whose
    position the game returned to."""

    seat: int
    to_version: int


Input = Played | TakenBack
"""What a game's log says happened, besides the monster's turns, which follow from it."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a record: ``kind`` (``action``, ``monster``, ``takeback``), the version
    it led to, and what it holds: the seat and action; the card and the hit cards set aside
    before it; the seat and the version taken back to. ``events`` are what the engine wrote
    for it (a record's JSON keeps only the monster's summary of them)."""

    kind: str
    version: int
    seat: int | None = None
    action: Action | None = None
    card: str | None = None
    set_aside: tuple[str, ...] = ()
    to_version: int | None = None
    events: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Replay:
    """A game played through from its start: the start, the entries in order, the final
    state, whether the cards came from the game's own seed (``seeded``) and how the game
    was set up."""

    start: GameState
    entries: tuple[Entry, ...]
    state: GameState
    seeded: bool
    chosen_start: int | None = None
    """The start player the game's creator chose (None: the seed drew it), for the record's
    ``setup``."""
    positions: Mapping[int, GameState] = field(default_factory=dict)
    """The positions of the current game turn on the way to ``state``, by version (those
    a takeback left behind are gone): what a takeback may return to."""

    def turn_actions(self) -> list[Entry]:
        """Return the actions of the current game turn that led to ``state``, in order (not
        those taken back)."""
        return [entry for entry in self.entries
                if entry.kind == ACTION and entry.version in self.positions]


class _Player:
    """Plays entries on a state, keeping the positions of the current turn for takebacks."""

    def __init__(self, start: GameState) -> None:
        self.state = start
        self.entries: list[Entry] = []
        self.turn: dict[int, GameState] = {start.version: start}

    def act(self, seat: int, action: Action) -> Entry:
        t = apply_action(self.state, action, seat)
        return self._keep(Entry(ACTION, t.state.version, seat, action, events=t.events),
                          t.state)

    def monster(self, card: str | None = None, set_aside: tuple[str, ...] = ()) -> Entry:
        t = resolve_monster_phase(self.state, card, set_aside)
        drawn = next(e["card"] for e in t.events if e["type"] == CARD)
        aside = next((tuple(e["set_aside"]) for e in t.events
                      if e["type"] == FIRST_CARD_REDRAW), ())
        self.turn = {}
        return self._keep(Entry(MONSTER_TURN, t.state.version, card=drawn, set_aside=aside,
                                events=t.events), t.state)

    def take_back(self, seat: int, to_version: int) -> Entry:
        earlier = self.turn.get(to_version)
        if earlier is None:
            raise InvalidRecord.said(
                N_("there is no position at version %(version)s in this game turn to go "
                   "back to"), version=to_version)
        t = take_back(earlier, self.state, seat)
        self.turn = {version: state for version, state in self.turn.items()
                     if version <= to_version}
        return self._keep(Entry(TAKEBACK, t.state.version, seat, to_version=to_version,
                                events=t.events), t.state)

    def _keep(self, entry: Entry, state: GameState) -> Entry:
        self.state = state
        self.turn[state.version] = state
        self.entries.append(entry)
        return entry

    def replay(self, seeded: bool, chosen_start: int | None, start: GameState) -> Replay:
        return Replay(start, tuple(self.entries), self.state, seeded, chosen_start,
                      dict(self.turn))


def replay_inputs(start: GameState, inputs: Iterable[Input], *, chosen_start: int | None,
                  version: int | None = None) -> Replay:
    """Play a game's log from ``start`` (with its secrets: the monster draws from its pile):
    each action and takeback in order, each monster phase when it is due; after the last
    input, the monster phase it made due only if the game is at a later ``version`` (None:
    never, so a game waiting for its monster turns up no card here). An action or takeback
    the rules refuse raises the engine's error. ``chosen_start`` is the start player the game
    was made with (``new_game``'s ``start_seat``: None when the seed drew it), for the
    record."""
    player = _Player(start)
    for item in inputs:
        if player.state.phase == MONSTER:
            player.monster()
        if isinstance(item, Played):
            player.act(item.seat, item.action)
        else:
            player.take_back(item.seat, item.to_version)
    if player.state.phase == MONSTER and version is not None and version > player.state.version:
        player.monster()
    return player.replay(True, chosen_start, start)


def extend(replay: Replay, item: Input | None = None, *, card: str | None = None) -> Replay:
    """Return ``replay`` played one step further: an action or a takeback, or with none the
    monster's turn (``card``, or the top of the replay's own pile); never mutates. An action,
    takeback or card the rules refuse raises the engine's error."""
    player = _Player(replay.state)
    player.entries, player.turn = list(replay.entries), dict(replay.positions)
    if item is None:
        if card is not None:
            _check_card(replay.state, len(replay.entries) + 1, card, ())
        player.monster(card)
    elif isinstance(item, Played):
        player.act(item.seat, item.action)
    else:
        player.take_back(item.seat, item.to_version)
    return player.replay(replay.seeded, replay.chosen_start, replay.start)


def until(data: dict[str, Any], version: int) -> dict[str, Any]:
    """Return the record ``data`` cut at ``version``: its entries up to that version, with no
    final position or outcome (a record of the game as it stood then)."""
    kept = [entry for entry in data.get("entries", [])
            if isinstance(entry, dict) and isinstance(entry.get("version"), int)
            and entry["version"] <= version]
    cut = {key: value for key, value in data.items() if key not in ("end", "outcome")}
    return {**cut, "entries": kept}


def public_position(state: GameState) -> dict[str, Any]:
    """Return the position as everyone may see it: without the pile's order, the seed and
    the generator."""
    data = state_to_dict(state)
    for key in SECRET_FIELDS:
        del data[key]
    return data


def record_dict(replay: Replay, *, reveal: bool,
                meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return the record of a played game as JSON-ready data.

    ``reveal``: give the seed, and so the order of every card (for a finished game only:
    the caller decides). ``meta`` is what the caller adds about the game (its name, its
    players' names): written as it is under ``game``, and never read back by the engine.
    """
    start = replay.start
    data: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSIONS[-1],
        "rules": start.rules,
        "options": start.options.to_dict(),
        "players": [{"seat": p.seat, "colour": p.colour} for p in start.players],
        "game": dict(meta or {}),
        "start": public_position(start),
    }
    if reveal:
        data["setup"] = {"seed": start.seed, "start_seat": replay.chosen_start}
    data["entries"] = [_entry_dict(entry) for entry in replay.entries]
    data["end"] = _end_position(replay.state, reveal)
    data["outcome"] = replay.state.outcome.to_dict() if replay.state.outcome else None
    return data


def _end_position(state: GameState, reveal: bool) -> dict[str, Any]:
    """Return the final position a record states: the public one; revealed, with the pile and
    the seed too, but never the generator's state, which follows from them and the entries
    (and, a 64-bit number, is more than some JSON readers take)."""
    if not reveal:
        return public_position(state)
    data = state_to_dict(state)
    del data["rng"]
    return data


def _entry_dict(entry: Entry) -> dict[str, Any]:
    data: dict[str, Any] = {"version": entry.version}
    if entry.kind == ACTION:
        assert entry.action is not None
        data.update(seat=entry.seat, action=action_to_dict(entry.action),
                    notation=format_action(entry.action))
    elif entry.kind == TAKEBACK:
        data.update(seat=entry.seat, takeback={"to_version": entry.to_version})
    else:
        done = next(e for e in entry.events if e["type"] == MONSTER_DONE)
        data["monster"] = {"card": entry.card, "set_aside": list(entry.set_aside),
                           "eaten": list(done["eaten"]), "square": done["square"],
                           "facing": done["facing"]}
    return data


def read_record(data: Any, *, seed: int = 0) -> Replay:
    """Replay a record, checking every entry; return the replay.

    A record with a ``setup`` (a finished game's) starts from its seed, which must give the
    record's start position, and every card must be the one the seed turns up. A record
    without one starts from its start position with a pile of the remaining cards shuffled
    with ``seed`` (the caller's own: nothing of the game's secret order), and each monster turn
    turns up the card the record names, which must be one the pile still holds. Raises
    :class:`InvalidRecord` for what is no record or an entry the rules refuse (naming the
    entry, counted from 1, and why), :class:`ReplayMismatch` for a record whose stated
    results differ from the replay's.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidRecord.said(N_("this is not a Fearsome Floors record (its \"format\" must "
                                    "be %(format)r)"), format=FORMAT)
    version = data.get("format_version")
    if version not in FORMAT_VERSIONS or isinstance(version, bool):
        raise InvalidRecord.said(
            N_("record format version %(version)r is not one this release reads (%(known)s)"),
            {"known": ", ".join(map(str, FORMAT_VERSIONS))}, version=version)
    rules = data.get("rules")
    if rules not in RULES_VERSIONS or isinstance(rules, bool):
        raise InvalidRecord.said(
            N_("rules version %(rules)r is not one this release knows (%(known)s)"),
            {"known": ", ".join(map(str, RULES_VERSIONS))}, rules=rules)
    start, seeded, chosen = _start(data, rules, seed)
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise InvalidRecord.said(N_("a record needs a list of \"entries\""))
    player = _Player(start)
    for number, entry in enumerate(entries, start=1):
        _read_entry(player, number, entry, seeded)
    end = data.get("end")
    if end is not None:
        _check_end(player.state, end, seeded)
    return player.replay(seeded, chosen, start)


def _start(data: dict[str, Any], rules: int, seed: int
           ) -> tuple[GameState, bool, int | None]:
    """Return the record's start state, whether it is seeded, and the start player its game
    was made with (None: the seed drew it, or the record does not say)."""
    position = data.get("start")
    if not isinstance(position, dict):
        raise InvalidRecord.said(N_("a record needs its \"start\" position"))
    if any(key in position for key in SECRET_FIELDS):
        raise InvalidRecord.said(N_("a record's start position gives no pile, seed or "
                                    "generator (a finished game's seed goes in \"setup\")"))
    public = _position({**position, "rules": rules})
    setup = data.get("setup")
    if setup is None:
        cards = remaining_cards(public.options.three_hits, public.discard)
        Rng(seed).shuffle(cards)
        state = _position({**position, "rules": rules, "pile": cards, "seed": seed,
                           "rng": seed})
        return state, False, None
    try:
        game_seed, chosen = int(setup["seed"]), setup.get("start_seat")
        options = Options.from_dict(data.get("options"))
        state = new_game([p.colour for p in public.players], seed=game_seed, options=options,
                         start_seat=chosen)
    except EngineError as error:
        raise InvalidRecord.said(N_("its set-up: %(reason)s"), {"reason": error},
                                 cause=error.code) from error
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidRecord.said(N_("its set-up must give a \"seed\" and a \"start_seat\" "
                                    "(a seat or null)")) from error
    if state.rules != rules:
        state = evolve(state, rules=rules)
    if public_position(state) != public_position(public):
        raise ReplayMismatch.said(N_("the seed does not give the record's start position"))
    return state, True, chosen


def _position(data: dict[str, Any]) -> GameState:
    try:
        return state_from_dict(data)
    except EngineError as error:
        raise InvalidRecord.said(N_("the start position: %(reason)s"), {"reason": error},
                                 cause=error.code) from error


def _read_entry(player: _Player, number: int, entry: Any, seeded: bool) -> None:
    """Play one entry of a record, refusing it with its number and why."""
    if not isinstance(entry, dict):
        raise InvalidRecord.said(N_("entry %(entry)s is not an object"), entry=number)
    try:
        if "monster" in entry:
            done = _monster_entry(player, number, entry["monster"], seeded)
        elif "takeback" in entry:
            done = player.take_back(_seat(entry), int(entry["takeback"]["to_version"]))
        elif "action" in entry:
            if player.state.phase == MONSTER:
                raise ReplayMismatch.said(
                    N_("entry %(entry)s: the monster's turn is due here, the record has an "
                       "action"), entry=number)
            done = player.act(_seat(entry), action_from_dict(entry["action"]))
        else:
            raise InvalidRecord.said(N_("entry %(entry)s is no action, monster turn or "
                                        "takeback"), entry=number)
    except (ReplayMismatch, InvalidRecord) as error:
        if "entry" in error.details:
            raise
        raise type(error).said(N_("entry %(entry)s: %(reason)s"), {"reason": error},
                               entry=number, cause=error.code) from error
    except EngineError as error:
        raise InvalidRecord.said(N_("entry %(entry)s: %(reason)s"), {"reason": error},
                                 entry=number, cause=error.code) from error
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidRecord.said(N_("entry %(entry)s is malformed: %(problem)r"),
                                 {"problem": error}, entry=number) from error
    if entry.get("version") != done.version:
        raise ReplayMismatch.said(
            N_("entry %(entry)s: the record says version %(said)r, the replay is at "
               "version %(version)s"), entry=number, said=entry.get("version"),
            version=done.version)


def _seat(entry: dict[str, Any]) -> int:
    seat = entry["seat"]
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise TypeError(f"seat must be a whole number, got {seat!r}")
    return seat


def _monster_entry(player: _Player, number: int, said: dict[str, Any], seeded: bool) -> Entry:
    """Play a monster turn: the seed's card, which must be the record's; or the record's
    card, which must be one the pile may turn up now."""
    state = player.state
    if state.phase != MONSTER:
        raise ReplayMismatch.said(N_("entry %(entry)s: a monster turn where the game waits for "
                                     "a player"), entry=number)
    card, set_aside = str(said["card"]), tuple(str(c) for c in said.get("set_aside", ()))
    if seeded:
        done = player.monster()
        if (done.card, done.set_aside) != (card, set_aside):
            raise ReplayMismatch.said(
                N_("entry %(entry)s: the seed turns up %(drawn)s, the record says %(card)s"),
                entry=number, drawn=done.card, card=card)
    else:
        _check_card(state, number, card, set_aside)
        done = player.monster(card, set_aside)
    summary = next(e for e in done.events if e["type"] == MONSTER_DONE)
    for key, template in _MONSTER_SAID.items():
        if key in said and said[key] != summary[key]:
            raise ReplayMismatch.said(template, entry=number, said=said[key], got=summary[key])
    return done


_MONSTER_SAID = {
    "eaten": N_("entry %(entry)s: the record says the monster ate %(said)r, the replay gives "
                "%(got)r"),
    "square": N_("entry %(entry)s: the record says the monster ends on %(said)s, the replay "
                 "gives %(got)s"),
    "facing": N_("entry %(entry)s: the record says the monster ends facing %(said)s, the "
                 "replay gives %(got)s"),
}
"""What a monster turn of a record states of its walk, and the refusal of each when the
replay's differs: whole sentences, as a language may say each its own way."""


def _check_card(state: GameState, number: int, card: str, set_aside: tuple[str, ...]) -> None:
    """Refuse a card (and hit cards set aside) the pile cannot turn up now."""
    left = remaining_cards(state.options.three_hits, state.discard)
    for drawn in (card, *set_aside):
        if drawn not in left:
            raise InvalidRecord.said(N_("entry %(entry)s: the pile holds no %(card)r now"),
                                     entry=number, card=drawn)
        left.remove(drawn)
    first = not state.first_card_drawn
    if (first and is_hit(card)) or (set_aside and not (first and all(map(is_hit, set_aside)))):
        raise InvalidRecord.said(N_("entry %(entry)s: the game's first card is never a hit "
                                    "card, and only hit cards are set aside before it"),
                                 entry=number)


def _check_end(state: GameState, end: Any, seeded: bool) -> None:
    """Refuse a record whose final position is not the replay's."""
    if not isinstance(end, dict):
        raise InvalidRecord.said(N_("a record's \"end\" must be a position"))
    got = _end_position(state, seeded)
    said = {key: value for key, value in end.items()
            if key != "rng" and (seeded or key not in SECRET_FIELDS)}
    differ = sorted(key for key in got.keys() | said.keys() if got.get(key) != said.get(key))
    if differ:
        raise ReplayMismatch.said(N_("the record's final position differs from the replay's "
                                     "in %(fields)s"), fields=", ".join(differ))

"""A table's standings, rebuilt from its finished games alone: pure, no I/O.

Each finished game is a :class:`Result`. :func:`standings` rates the results in their order
with the Plackett–Luce model (openskill's ``PlackettLuce``, its default parameters: every
player starts at mu 25, sigma 25/3) and counts each player's games, wins and figures brought
out, and who finished above whom. The same results, given in any order, give the same
standings.

>>> easy = computer_key("easy")
>>> games = [Result("g2", ("2026-03-02", "g2"), ("ann", easy), winners=(0,), escaped=(3, 1)),
...          Result("g1", ("2026-03-01", "g1"), ("ann", easy), winners=(0,), escaped=(3, 0))]
>>> table = standings(games)
>>> [(line.key, line.games, line.wins, line.escaped) for line in table.lines]
[('ann', 2, 2, 6), ('computer:easy', 2, 0, 1)]
>>> table.head_to_head["ann", easy]
Meeting(games=2, above=2, below=0)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

COMPUTER_PREFIX = "computer:"
"""How a computer level's key begins; a person's key, chosen by the caller, must not."""


def computer_key(level: str) -> str:
    """Return the key of the computer playing at ``level`` (``computer:hard``): all its
    seats, in every game, are one player of the table."""
    return COMPUTER_PREFIX + level


def is_computer(key: str) -> bool:
    """Return whether ``key`` is a computer level's key."""
    return key.startswith(COMPUTER_PREFIX)


def computer_level(key: str) -> str | None:
    """Return the level of a computer's key, or None for a person's key."""
    return key.removeprefix(COMPUTER_PREFIX) if is_computer(key) else None


@dataclass(frozen=True, slots=True)
class Result:
    """One finished game as the standings read it: who sat where, who won, what each seat
    brought out; results are taken in the order of ``order`` (the caller's sortable key,
    e.g. the finishing time and the game's id), then ``game_id``.

    Raises ``ValueError`` for fewer than two seats, an escaped count per seat missing or a
    winner who is no seat.
    """

    game_id: str
    order: tuple[Any, ...]
    players: tuple[str, ...]
    """Each seat's player key, in seat order."""
    winners: tuple[int, ...]
    """The winning seats (none when nobody escaped)."""
    escaped: tuple[int, ...]
    """The figures each seat brought out."""

    def __post_init__(self) -> None:
        seats = len(self.players)
        if seats < 2:
            raise ValueError(f"game {self.game_id!r} has {seats} seat(s); a game has 2 or more")
        if len(self.escaped) != seats:
            raise ValueError(f"game {self.game_id!r} has {seats} seats but "
                             f"{len(self.escaped)} escaped counts: {self.escaped}")
        strangers = [seat for seat in self.winners if not 0 <= seat < seats]
        if strangers:
            raise ValueError(f"game {self.game_id!r} has {seats} seats; its winners "
                             f"{self.winners} name seat(s) {strangers}")

    @classmethod
    def from_outcome(cls, game_id: str, order: tuple[Any, ...], players: Sequence[str],
                     outcome: Mapping[str, Any]) -> Result:
        """Return the result of a game from its outcome as ``engine.Outcome.to_dict()``
        writes it (``winners``, ``escaped``; the rest is not read)."""
        return cls(game_id, tuple(order), tuple(players), tuple(outcome["winners"]),
                   tuple(outcome["escaped"]))


def ranks(result: Result) -> tuple[int, ...]:
    """Return each seat's place in the game, 1 the best, as the rating reads it.

    The winners are first; then the other seats by the figures they brought out, more before
    fewer. Equal counts share a place, and the places they take are skipped (1, 2, 2, 4): a
    seat's place is 1 + the number of seats above it. When nobody won (the engine's game
    with no figure out), all seats share place 1.
    """
    if not result.winners:
        return (1,) * len(result.players)
    # Every winner scores the same, whatever it brought out: a winner is above every other seat.
    scores = [(True, 0) if seat in result.winners else (False, count)
              for seat, count in enumerate(result.escaped)]
    return tuple(1 + sum(other > score for other in scores) for score in scores)


@dataclass(frozen=True, slots=True)
class Line:
    """A player's row of the standings: games played, games won, figures brought out in all,
    the rating's mean ``mu`` and uncertainty ``sigma``, and ``rating``, the number shown.

    ``rating`` is openskill's ordinal, mu − 3 sigma, rounded to one decimal: a cautious
    estimate of the player's skill, which rises with wins and as the games make it surer. A
    newcomer starts at 0 (25 − 3 × 25/3).
    """

    key: str
    games: int
    wins: int
    escaped: int
    mu: float
    sigma: float
    rating: float


@dataclass(frozen=True, slots=True)
class Meeting:
    """How one player fared against another in the games they both played: the games, the
    times the first finished above the second and the times below (level: the rest)."""

    games: int
    above: int
    below: int


@dataclass(frozen=True, slots=True)
class Standings:
    """A table's standings: the lines by rating (highest first, then by key), the meetings of
    every ordered pair of players who played together, and the number of games counted."""

    lines: tuple[Line, ...]
    head_to_head: dict[tuple[str, str], Meeting]
    """(a, b) -> how a fared against b; (b, a) holds the same seen from b."""
    games: int


@dataclass(slots=True)
class _Tally:
    """A player's counts so far."""

    games: int = 0
    wins: int = 0
    escaped: int = 0


def standings(results: Iterable[Result]) -> Standings:
    """Return the standings of ``results``, rated one game after another in their order.

    A player may hold two seats of one game (two seats of one computer level): openskill
    rates the game with one team per seat, each seat starting from the player's rating, and
    the player takes the mean mu and the mean sigma of its seats' new ratings; so one game
    counts once, and a player with one seat gets exactly openskill's update. For the counts
    and the head to head, a player's place in a game is its best seat's, and it won when one
    of its seats won.

    Raises ``ValueError`` when a game's result is given more than once.
    """
    ordered = sorted(results, key=lambda result: (result.order, result.game_id))
    repeated = sorted(game for game, n in Counter(r.game_id for r in ordered).items() if n > 1)
    if repeated:
        raise ValueError(f"games given more than once: {', '.join(map(repr, repeated))}")
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    tallies: dict[str, _Tally] = defaultdict(_Tally)
    meetings: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for result in ordered:
        places = ranks(result)
        _rate(model, ratings, result.players, places)
        _count(tallies, meetings, result, places)
    lines = [Line(key, tally.games, tally.wins, tally.escaped, ratings[key].mu,
                  ratings[key].sigma, _shown(ratings[key]))
             for key, tally in tallies.items()]
    return Standings(
        lines=tuple(sorted(lines, key=lambda line: (-line.rating, line.key))),
        head_to_head={pair: Meeting(*counts) for pair, counts in sorted(meetings.items())},
        games=len(ordered),
    )


def _rate(model: PlackettLuce, ratings: dict[str, PlackettLuceRating],
          players: tuple[str, ...], places: tuple[int, ...]) -> None:
    """Rate one game in ``ratings``: one team per seat, a player of several seats taking the
    mean of its seats' new ratings (see :func:`standings`)."""
    newcomer = model.rating()
    # A rating object of its own per seat: openskill deep-copies the teams together, so one
    # object in two seats would come back as one, updated by the last seat alone.
    teams = [[model.rating(mu=ratings.get(key, newcomer).mu,
                           sigma=ratings.get(key, newcomer).sigma)] for key in players]
    rated = model.rate(teams, ranks=[float(place) for place in places])
    seats: dict[str, list[PlackettLuceRating]] = defaultdict(list)
    for key, [new] in zip(players, rated, strict=True):
        seats[key].append(new)
    for key, news in seats.items():
        ratings[key] = model.rating(mu=fmean(new.mu for new in news),
                                    sigma=fmean(new.sigma for new in news))


def _count(tallies: dict[str, _Tally], meetings: dict[tuple[str, str], list[int]],
           result: Result, places: tuple[int, ...]) -> None:
    """Add one game to the players' counts and to the meetings [games, above, below] of
    every ordered pair of its players, each player placed by its best seat."""
    won = {result.players[seat] for seat in result.winners}
    best: dict[str, int] = {}
    for key, place, count in zip(result.players, places, result.escaped, strict=True):
        best[key] = min(place, best.get(key, place))
        tallies[key].escaped += count
    for key in best:
        tallies[key].games += 1
        tallies[key].wins += key in won
    for a, b in permutations(best, 2):
        meeting = meetings[a, b]
        meeting[0] += 1
        meeting[1] += best[a] < best[b]
        meeting[2] += best[a] > best[b]


def _shown(rating: PlackettLuceRating) -> float:
    """Return the number a line shows for ``rating``: its ordinal to one decimal."""
    # + 0.0 writes -0.0 (a rating just below zero, rounded) as 0.0.
    return round(rating.ordinal(), 1) + 0.0

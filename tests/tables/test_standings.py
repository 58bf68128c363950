"""A table's standings (service.features.tables.standings): the places of a game, the ratings
openskill gives them, the counts and the head to head, rebuilt the same from any order."""

from __future__ import annotations

import doctest
import random

import pytest

from engine.state import Outcome
from service.features.tables import standings as module
from service.features.tables.standings import (
    Meeting,
    Result,
    computer_key,
    computer_level,
    is_computer,
    ranks,
    standings,
)

EASY, HARD = computer_key("easy"), computer_key("hard")


def game(number: int, players: tuple[str, ...], winners: tuple[int, ...],
         escaped: tuple[int, ...]) -> Result:
    """Return the result of game ``number`` (its order) of ``players``."""
    return Result(f"g{number}", (number,), players, winners, escaped)


def ann_beats_bob(games: int) -> list[Result]:
    """Return ``games`` games in which Ann wins and Bob brings out one figure."""
    return [game(n, ("ann", "bob"), (0,), (3, 1)) for n in range(games)]


def test_the_doctests_pass() -> None:
    assert doctest.testmod(module).failed == 0


def test_it_places_the_winner_first_and_the_others_by_figures_brought_out() -> None:
    assert ranks(game(1, ("a", "b", "c", "d"), (2,), (1, 0, 3, 2))) == (3, 4, 1, 2)


def test_equal_counts_share_a_place_and_skip_the_next() -> None:
    assert ranks(game(1, ("a", "b", "c", "d"), (0,), (3, 1, 1, 0))) == (1, 2, 2, 4)


def test_a_seat_that_brought_out_as_many_as_the_winner_is_still_below_it() -> None:
    # The engine's tie-break: the winner reached that number first.
    assert ranks(game(1, ("a", "b", "c"), (1,), (2, 2, 0))) == (2, 1, 3)


def test_every_winner_is_first_whatever_it_brought_out() -> None:
    assert ranks(game(1, ("a", "b", "c"), (0, 1), (3, 2, 1))) == (1, 1, 3)


def test_in_a_game_nobody_won_everyone_shares_the_first_place() -> None:
    assert ranks(game(1, ("a", "b", "c"), (), (0, 0, 0))) == (1, 1, 1)


def test_a_game_nobody_won_leaves_equals_level_and_makes_them_surer() -> None:
    table = standings([game(1, ("ann", "bob"), (), (0, 0))])
    ann, bob = table.lines
    assert (ann.wins, bob.wins) == (0, 0)
    assert ann.mu == pytest.approx(25.0) and bob.mu == pytest.approx(25.0)
    assert ann.sigma < 25 / 3 and ann.sigma == pytest.approx(bob.sigma)
    assert table.head_to_head["ann", "bob"] == Meeting(games=1, above=0, below=0)


def test_it_reads_the_engine_outcome() -> None:
    outcome = Outcome((1,), "escaped", (1, 3), (2, 0)).to_dict()
    result = Result.from_outcome("g7", ("2026-03-01T10:00:00+00:00", "g7"), ["ann", HARD],
                                 outcome)
    assert result == Result("g7", ("2026-03-01T10:00:00+00:00", "g7"), ("ann", HARD),
                            winners=(1,), escaped=(1, 3))


def test_a_player_who_always_wins_ends_above_one_who_always_loses() -> None:
    table = standings(ann_beats_bob(5))
    ann, bob = table.lines
    assert (ann.key, ann.games, ann.wins, ann.escaped) == ("ann", 5, 5, 15)
    assert (bob.key, bob.games, bob.wins, bob.escaped) == ("bob", 5, 0, 5)
    assert ann.mu > 25 > bob.mu and ann.rating > bob.rating
    assert table.games == 5


def test_the_rating_shown_is_mu_less_three_sigma_to_one_decimal() -> None:
    for line in standings(ann_beats_bob(3)).lines:
        assert line.rating == round(line.mu - 3 * line.sigma, 1)


def test_ratings_grow_surer_with_every_game() -> None:
    sigmas = [standings(ann_beats_bob(n)).lines[0].sigma for n in range(1, 8)]
    assert sigmas == sorted(sigmas, reverse=True) and len(set(sigmas)) == len(sigmas)


def test_results_in_any_order_give_the_same_standings() -> None:
    results = [game(n, players, (n % 3,), (3, n % 2, 0))
               for n, players in enumerate([("ann", "bob", "cy"), ("cy", "ann", "bob"),
                                            ("bob", "cy", "ann")] * 4)]
    shuffled = results[:]
    random.Random(5).shuffle(shuffled)
    assert standings(shuffled) == standings(results)
    assert list(standings(shuffled).head_to_head) == list(standings(results).head_to_head)


def test_games_of_the_same_order_are_taken_by_their_id() -> None:
    first = Result("a", (1,), ("ann", "bob"), (0,), (3, 0))
    second = Result("b", (1,), ("ann", "bob"), (1,), (0, 3))
    assert standings([second, first]) == standings([first, second])


def test_later_games_weigh_more_than_earlier_ones() -> None:
    early_wins = standings([game(n, ("ann", "bob"), (0 if n < 3 else 1,), (3, 3))
                            for n in range(6)])
    late_wins = standings([game(n, ("ann", "bob"), (1 if n < 3 else 0,), (3, 3))
                           for n in range(6)])
    assert early_wins.lines[0].key == "bob" and late_wins.lines[0].key == "ann"


def test_the_head_to_head_counts_games_together_and_who_finished_above() -> None:
    table = standings([game(1, ("ann", "bob", "cy"), (0,), (3, 1, 1)),
                       game(2, ("ann", "bob", "cy"), (1,), (0, 3, 2)),
                       game(3, ("ann", "bob"), (0,), (3, 0))])
    assert table.head_to_head["ann", "bob"] == Meeting(games=3, above=2, below=1)
    assert table.head_to_head["bob", "ann"] == Meeting(games=3, above=1, below=2)
    assert table.head_to_head["bob", "cy"] == Meeting(games=2, above=1, below=0)
    assert table.head_to_head["cy", "ann"] == Meeting(games=2, above=1, below=1)
    assert len(table.head_to_head) == 6


def test_players_who_never_met_have_no_head_to_head() -> None:
    table = standings([game(1, ("ann", "bob"), (0,), (3, 0)),
                       game(2, ("cy", "dee"), (0,), (3, 0))])
    assert ("ann", "cy") not in table.head_to_head
    assert [line.games for line in table.lines] == [1, 1, 1, 1]


def test_lines_of_equal_rating_are_in_the_order_of_their_keys() -> None:
    table = standings([game(1, ("bob", "ann"), (), (0, 0))])
    assert [line.key for line in table.lines] == ["ann", "bob"]


def test_a_computer_level_is_one_player_of_the_table() -> None:
    assert HARD == "computer:hard" and is_computer(HARD) and computer_level(HARD) == "hard"
    assert not is_computer("ann") and computer_level("ann") is None
    table = standings([game(1, ("ann", HARD), (1,), (0, 3)),
                       game(2, (HARD, "bob"), (0,), (3, 1))])
    assert [(line.key, line.games, line.wins) for line in table.lines][0] == (HARD, 2, 2)


def test_two_seats_of_one_key_count_one_game_and_take_the_mean_of_their_updates() -> None:
    result = game(1, (EASY, "ann", EASY), (1,), (2, 3, 0))
    table = standings([result])
    lines = {line.key: line for line in table.lines}
    assert (lines[EASY].games, lines[EASY].wins, lines[EASY].escaped) == (1, 0, 2)
    model = module.PlackettLuce()
    seat0, seat1, seat2 = (team[0] for team in model.rate(
        [[model.rating()], [model.rating()], [model.rating()]], ranks=[2.0, 1.0, 3.0]))
    assert lines[EASY].mu == pytest.approx((seat0.mu + seat2.mu) / 2)
    assert lines[EASY].sigma == pytest.approx((seat0.sigma + seat2.sigma) / 2)
    assert lines["ann"].mu == pytest.approx(seat1.mu)
    # Placed by its best seat: second, below Ann.
    assert table.head_to_head[EASY, "ann"] == Meeting(games=1, above=0, below=1)
    assert (EASY, EASY) not in table.head_to_head


def test_two_seats_of_one_key_that_win_count_one_win() -> None:
    table = standings([game(1, (HARD, "ann", HARD), (2,), (1, 0, 3))])
    lines = {line.key: line for line in table.lines}
    assert (lines[HARD].games, lines[HARD].wins, lines[HARD].escaped) == (1, 1, 4)


def test_a_game_given_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="'g1'"):
        standings([game(1, ("ann", "bob"), (0,), (3, 0)), game(2, ("ann", "bob"), (0,), (3, 0)),
                   Result("g1", (9,), ("ann", "bob"), (1,), (0, 3))])


@pytest.mark.parametrize(("players", "winners", "escaped", "says"), [
    (("ann",), (0,), (3,), "1 seat"),
    (("ann", "bob"), (0,), (3,), "1 escaped counts"),
    (("ann", "bob"), (2,), (3, 0), "seat(s) [2]"),
])
def test_a_result_that_cannot_be_is_refused(players: tuple[str, ...], winners: tuple[int, ...],
                                            escaped: tuple[int, ...], says: str) -> None:
    with pytest.raises(ValueError, match="'g1'") as error:
        Result("g1", (1,), players, winners, escaped)
    assert says in str(error.value)


def test_no_results_give_empty_standings() -> None:
    table = standings([])
    assert (table.lines, table.head_to_head, table.games) == ((), {}, 0)

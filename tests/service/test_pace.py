"""service.kernel.pace: the arithmetic of vacation days and absent seats (its doctests too)."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime
from types import SimpleNamespace

from service.kernel import pace
from service.kernel.pace import DAY, days_left, days_to_spend, is_absent

DUE = datetime(2030, 1, 7, 13, 0, tzinfo=UTC)


def test_the_doctests_pass() -> None:
    assert doctest.testmod(pace).failed == 0


def test_a_deadline_not_passed_spends_nothing() -> None:
    assert days_to_spend(DUE, DUE - DAY / 24, 5) == 0


def test_it_spends_what_brings_the_deadline_after_now_and_no_more_than_is_left() -> None:
    assert days_to_spend(DUE, DUE + DAY - DAY / 86400, 5) == 1
    assert days_to_spend(DUE, DUE + DAY, 5) == 2
    assert days_to_spend(DUE, DUE + 10 * DAY, 5) == 5


def test_days_left_never_go_below_zero_and_the_limit_marks_absent_seats() -> None:
    game = SimpleNamespace(vacation_days=2, missed_deadlines_limit=3)
    assert days_left(game, SimpleNamespace(vacation_used=5)) == 0  # type: ignore[arg-type]
    assert days_left(game, SimpleNamespace(vacation_used=1)) == 1  # type: ignore[arg-type]
    assert [is_absent(game, SimpleNamespace(missed_deadlines=n))  # type: ignore[arg-type]
            for n in (2, 3, 4)] == [False, True, True]
    never = SimpleNamespace(vacation_days=0, missed_deadlines_limit=None)
    assert not is_absent(never, SimpleNamespace(missed_deadlines=99))  # type: ignore[arg-type]

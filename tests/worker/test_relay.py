"""worker.relay: claiming outbox rows, running their handlers, retrying, giving up, leases."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask

from service.plumbing import outbox_lifecycle
from service.plumbing.extensions import db
from service.plumbing.outbox import FAILED, MONSTER_PHASE, PENDING, SENDING, SENT
from tests.worker.helpers import add_rows, row
from worker import relay
from worker.jobs import Job, Retry, TransportError, handler

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
LEASE = timedelta(seconds=120)  # OUTBOX_LEASE_SECONDS by default
FLAKY_RETRY = Retry(max_attempts=6, first=timedelta(seconds=5), cap=timedelta(seconds=20))

calls: list[Job] = []
calls_lock = threading.Lock()


@handler("test_ok")
def succeed(job: Job) -> None:
    """Record the job; a short pause widens the window in which two relays could collide."""
    with calls_lock:
        calls.append(job)
    time.sleep(0.005)


@handler("test_flaky", FLAKY_RETRY)
def fail(job: Job) -> None:
    """Fail as a transport does when a receiver is down for a while."""
    calls.append(job)
    raise TransportError(f"receiver answered 503 to attempt {job.attempt}")


@handler("test_refused")
def refuse(job: Job) -> None:
    """Fail for good, as for an address that cannot exist."""
    calls.append(job)
    raise TransportError("no such mailbox", permanent=True)


@handler("test_buggy", Retry(max_attempts=3))
def crash(job: Job) -> None:
    """Fail with an error no transport foresaw (a bug)."""
    calls.append(job)
    raise ZeroDivisionError("division by zero")


@handler("test_in_transaction")
def check_no_transaction(job: Job) -> None:
    """Record whether the relay left a transaction open around the handler."""
    calls.append(job)
    assert not db.session().in_transaction()


@pytest.fixture(autouse=True)
def no_calls() -> Iterator[None]:
    """Start each test with no recorded handler calls."""
    calls.clear()
    yield
    calls.clear()


def relay_at(app: Flask, ids: list[int], now: datetime) -> dict[int, str]:
    """Run the relay for ``ids`` in an app context with the clock at ``now``."""
    with app.app_context():
        return relay.relay(ids, now)


def test_it_runs_a_due_row_once_and_marks_it_sent(app: Flask) -> None:
    [row_id] = add_rows(app, "test_ok")
    assert relay_at(app, [row_id], T0) == {row_id: SENT}
    assert relay_at(app, [row_id], T0 + timedelta(hours=1)) == {}
    assert [(job.id, job.kind, job.payload, job.attempt) for job in calls] == [
        (row_id, "test_ok", {"n": 0}, 1)]
    assert calls[0].dedupe_key == "row:test_ok:0"
    stored = row(app, row_id)
    assert (stored["status"], stored["attempts"], stored["sent_at"], stored["last_error"]) == (
        SENT, 1, T0, None)


def test_a_row_that_is_not_due_yet_is_left_alone(app: Flask) -> None:
    [row_id] = add_rows(app, "test_ok")
    assert relay_at(app, [row_id], datetime(2000, 1, 1, tzinfo=UTC)) == {}
    assert calls == []
    assert row(app, row_id)["status"] == PENDING


def test_two_relays_at_once_never_run_a_row_twice(app: Flask) -> None:
    ids = add_rows(app, "test_ok", count=30)
    barrier = threading.Barrier(2)
    outcomes: list[dict[int, str]] = []

    def run_relay() -> None:
        with app.app_context():
            barrier.wait()
            outcomes.append(relay.relay(ids))

    threads = [threading.Thread(target=run_relay) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(job.id for job in calls) == ids
    assert sorted(outcomes[0] | outcomes[1]) == ids
    assert not set(outcomes[0]) & set(outcomes[1])
    assert {row(app, row_id)["status"] for row_id in ids} == {SENT}


def test_a_failed_attempt_is_retried_after_a_delay_that_doubles_up_to_the_cap(
    app: Flask,
) -> None:
    [row_id] = add_rows(app, "test_flaky")
    now, delays = T0, []
    for attempt in range(1, 6):
        assert relay_at(app, [row_id], now) == {row_id: PENDING}
        stored = row(app, row_id)
        assert (stored["attempts"], stored["claimed_at"]) == (attempt, None)
        assert stored["last_error"] == f"receiver answered 503 to attempt {attempt}"
        assert relay_at(app, [row_id], stored["next_attempt_at"] - timedelta(seconds=1)) == {}
        delays.append((stored["next_attempt_at"] - now).total_seconds())
        now = stored["next_attempt_at"]
    assert delays == [5, 10, 20, 20, 20]
    assert len(calls) == 5


def test_a_row_is_given_up_after_its_last_attempt_with_the_last_error_kept(app: Flask) -> None:
    [row_id] = add_rows(app, "test_flaky")
    now = T0
    for _ in range(FLAKY_RETRY.max_attempts - 1):
        relay_at(app, [row_id], now)
        now = row(app, row_id)["next_attempt_at"]
    assert relay_at(app, [row_id], now) == {row_id: FAILED}
    stored = row(app, row_id)
    assert (stored["status"], stored["attempts"], stored["sent_at"]) == (FAILED, 6, None)
    assert stored["last_error"] == "receiver answered 503 to attempt 6"
    assert relay_at(app, [row_id], now + timedelta(days=1)) == {}
    assert len(calls) == 6


def test_a_permanent_error_gives_the_row_up_at_once(app: Flask) -> None:
    [row_id] = add_rows(app, "test_refused")
    assert relay_at(app, [row_id], T0) == {row_id: FAILED}
    stored = row(app, row_id)
    assert (stored["status"], stored["attempts"], stored["last_error"]) == (
        FAILED, 1, "no such mailbox")


def test_an_unexpected_error_is_kept_on_the_row_and_retried(app: Flask) -> None:
    [row_id] = add_rows(app, "test_buggy")
    assert relay_at(app, [row_id], T0) == {row_id: PENDING}
    stored = row(app, row_id)
    assert stored["last_error"] == "ZeroDivisionError: division by zero"
    assert stored["next_attempt_at"] == T0 + timedelta(seconds=5)


def test_a_row_of_a_kind_with_no_handler_fails_saying_so(app: Flask) -> None:
    [row_id] = add_rows(app, "test_nobody_handles")
    assert relay_at(app, [row_id], T0) == {row_id: FAILED}
    assert row(app, row_id)["last_error"] == (
        "no handler for outbox jobs of kind 'test_nobody_handles'")


def test_the_handler_runs_outside_any_transaction(app: Flask) -> None:
    [row_id] = add_rows(app, "test_in_transaction")
    assert relay_at(app, [row_id], T0) == {row_id: SENT}
    assert len(calls) == 1


def test_a_row_whose_worker_died_is_taken_over_once_the_lease_is_over(app: Flask) -> None:
    [row_id] = add_rows(app, "test_ok")
    with app.app_context():
        # The claim of a worker that is killed: never finished.
        assert outbox_lifecycle.claim(row_id, T0) is not None
        assert outbox_lifecycle.claim(row_id, T0) is None
    assert relay_at(app, [row_id], T0 + LEASE) == {}
    assert row(app, row_id)["status"] == SENDING
    later = T0 + LEASE + timedelta(seconds=1)
    with app.app_context():
        assert relay.sweep(later) == {row_id: SENT}
    stored = row(app, row_id)
    assert (stored["status"], stored["attempts"]) == (SENT, 2)
    assert [job.attempt for job in calls] == [2]


def test_a_monster_phase_whose_worker_died_is_taken_over_after_its_own_short_lease(
        app: Flask) -> None:
    # A game waits on its monster phase, which takes milliseconds: its claim is not held for
    # the outbox's lease (made to outlast a slow SMTP server), but MONSTER_PHASE_LEASE_SECONDS.
    [phase] = add_rows(app, MONSTER_PHASE)
    [mail] = add_rows(app, "test_ok")
    short = timedelta(seconds=app.config["MONSTER_PHASE_LEASE_SECONDS"])
    assert short < timedelta(seconds=15) < LEASE
    with app.app_context():
        assert outbox_lifecycle.claim(phase, T0) is not None
        assert outbox_lifecycle.claim(mail, T0) is not None
        assert outbox_lifecycle.due_ids(T0 + short) == []
        assert outbox_lifecycle.due_ids(T0 + short + timedelta(seconds=1)) == [phase]
        assert outbox_lifecycle.due_ids(T0 + LEASE + timedelta(seconds=1)) == [phase, mail]


def test_a_relay_that_outlived_its_lease_leaves_the_row_to_the_one_that_took_it_over(
    app: Flask,
) -> None:
    [row_id] = add_rows(app, "test_ok")
    later = T0 + LEASE + timedelta(seconds=1)
    with app.app_context():
        slow = outbox_lifecycle.claim(row_id, T0)
        fast = outbox_lifecycle.claim(row_id, later)
        assert slow is not None and fast is not None
        assert outbox_lifecycle.mark_sent(fast, later)
        assert not relay.fail(slow, later, "timed out", Retry(), permanent=True)
    stored = row(app, row_id)
    assert (stored["status"], stored["last_error"]) == (SENT, None)


def test_a_row_cut_short_on_its_last_attempt_is_given_up_without_running_it(
    app: Flask,
) -> None:
    [row_id] = add_rows(app, "test_buggy")
    now = T0
    for _ in range(2):
        relay_at(app, [row_id], now)
        now = row(app, row_id)["next_attempt_at"]
    with app.app_context():
        assert outbox_lifecycle.claim(row_id, now) is not None  # the third and last attempt; killed
    calls.clear()
    assert relay_at(app, [row_id], now + LEASE + timedelta(seconds=1)) == {row_id: FAILED}
    assert calls == []
    stored = row(app, row_id)
    assert (stored["status"], stored["attempts"]) == (FAILED, 4)
    assert stored["last_error"] == "the worker stopped during the last attempt"


def test_the_sweep_relays_the_due_rows_oldest_first_and_no_others(app: Flask) -> None:
    waiting = add_rows(app, "test_ok", count=3)
    [retrying] = add_rows(app, "test_flaky")
    relay_at(app, [retrying], T0)  # due again 5 s after T0
    with app.app_context():
        assert outbox_lifecycle.due_ids(T0) == waiting
        assert list(relay.sweep(T0)) == waiting
        assert relay.sweep(T0) == {}
        assert relay.sweep(T0 + timedelta(seconds=5)) == {retrying: PENDING}
    assert [job.id for job in calls] == [retrying, *waiting, retrying]


def test_a_sweep_hands_a_backlog_out_in_batches_and_each_row_runs_once(app: Flask) -> None:
    # After a broker outage: more rows wait than one worker relays in a sweep. The sweeping
    # worker relays the first batch; the next ones go to relay_outbox tasks for every worker.
    ids = add_rows(app, "test_ok", count=450)
    handed: list[list[int]] = []
    with app.app_context():
        mine = relay.sweep(T0, limit=200, batches=3, hand_out=handed.append)
    assert list(mine) == ids[:200] and set(mine.values()) == {SENT}
    assert handed == [ids[200:400], ids[400:]]
    for batch in handed:
        assert set(relay_at(app, batch, T0).values()) == {SENT}
    assert relay_at(app, handed[0], T0) == {}  # handed out again by a later sweep: run once
    assert sorted(job.id for job in calls) == ids
    with app.app_context():  # nothing left: nothing handed out
        assert relay.sweep(T0, limit=200, batches=3, hand_out=handed.append) == {}
    assert len(handed) == 2


def test_a_sweep_whose_hand_out_fails_still_relays_its_own_batch(app: Flask) -> None:
    ids = add_rows(app, "test_ok", count=5)

    def broker_down(batch: list[int]) -> None:
        raise ConnectionError("the broker refused the task")

    with app.app_context():
        assert list(relay.sweep(T0, limit=2, batches=3, hand_out=broker_down)) == ids[:2]
        assert outbox_lifecycle.due_ids(T0) == ids[2:]  # for the next sweep

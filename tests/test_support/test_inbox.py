"""Tests of tests/support/inbox.py: collecting items from threads and waiting for them."""

from __future__ import annotations

import threading

import pytest

from tests.support.inbox import Inbox


def test_it_returns_items_put_from_another_thread() -> None:
    inbox: Inbox[int] = Inbox()
    timer = threading.Timer(0.05, inbox.put, args=(7,))
    timer.start()
    assert inbox.wait_for(1, timeout=5) == [7]
    timer.join()


def test_it_times_out_saying_how_many_items_arrived() -> None:
    inbox: Inbox[int] = Inbox()
    inbox.put(1)
    with pytest.raises(TimeoutError, match="for 2 item\\(s\\), 1 arrived"):
        inbox.wait_for(2, timeout=0.1)


def test_it_forgets_items_when_cleared() -> None:
    inbox: Inbox[str] = Inbox()
    inbox.put("a")
    inbox.clear()
    assert inbox.items() == []

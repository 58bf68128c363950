"""A thread-safe list of things a server received, which a test can wait on."""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

T = TypeVar("T")


class Inbox(Generic[T]):
    """Collects items from server threads; tests read them or wait until enough arrived."""

    def __init__(self) -> None:
        self._items: list[T] = []
        self._changed = threading.Condition()

    def put(self, item: T) -> None:
        """Add ``item`` and wake whoever waits."""
        with self._changed:
            self._items.append(item)
            self._changed.notify_all()

    def items(self) -> list[T]:
        """Return a copy of everything received so far, oldest first."""
        with self._changed:
            return list(self._items)

    def clear(self) -> None:
        """Forget everything received so far."""
        with self._changed:
            self._items.clear()

    def wait_for(self, count: int = 1, timeout: float = 10.0) -> list[T]:
        """Wait until at least ``count`` items arrived and return them all.

        Raises ``TimeoutError`` naming how many arrived when ``timeout`` seconds pass first.
        """
        with self._changed:
            if not self._changed.wait_for(lambda: len(self._items) >= count, timeout):
                raise TimeoutError(
                    f"waited {timeout} s for {count} item(s), {len(self._items)} arrived"
                )
            return list(self._items)

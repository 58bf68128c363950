"""The outbox's kinds of job and who carries each out: the contract between the relay and senders.

The relay (``worker.relay``) claims an outbox row, turns it into a :class:`Job` and calls the
handler registered for its kind, outside any database transaction. A handler returns when the
job is done and raises :class:`TransportError` when it is not: ``permanent=True`` gives the
job up at once (for example an address that cannot exist), otherwise the relay tries again
later, after the delay its :class:`Retry` policy names, until the policy's attempts run out.
Handlers must tolerate being called twice for one job (delivery is at least once): they
hand ``job.dedupe_key`` to the receiver (an email's Message-ID, a webhook's id).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

from service.plumbing.outbox_lifecycle import Job as Job  # handlers take it from here

# The modules that register handlers; imported on first use, so importing this module
# stays cheap and free of cycles.
HANDLER_MODULES = ("worker.monster_job", "worker.mail", "worker.webhooks", "worker.links",
                   "worker.home", "worker.plans", "worker.computer", "worker.push")


class TransportError(Exception):
    """A job could not be carried out; ``permanent`` says whether trying again can help."""

    def __init__(self, message: str, *, permanent: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent


@dataclass(frozen=True, slots=True)
class Retry:
    """When to try a failed job again: the delay before try ``n + 1`` is ``delays[n - 1]``
    (the last delay repeating), or, with no ``delays``, ``first`` doubling up to ``cap``."""

    max_attempts: int = 8
    first: timedelta = timedelta(seconds=5)
    cap: timedelta = timedelta(hours=1)
    delays: tuple[timedelta, ...] = field(default=())

    def delay_after(self, attempt: int) -> timedelta:
        """Return the wait after failed try number ``attempt`` (1-based)."""
        if self.delays:
            return self.delays[min(attempt, len(self.delays)) - 1]
        factor: float = 2 ** (attempt - 1)  # typed as a float: a negative power is one
        return min(self.cap, self.first * factor)


DATABASE_RETRY = Retry(max_attempts=60, first=timedelta(seconds=1), cap=timedelta(minutes=1))
"""For jobs that only use the database the worker already reaches: a failure is an outage of
that database, so try again soon and for a while (1 s doubling to 1 min, about an hour)."""

Handler = Callable[[Job], None]

_HANDLERS: dict[str, tuple[Handler, Retry]] = {}


def handler(kind: str, retry: Retry | None = None) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of the outbox rows of ``kind``."""

    def register(function: Handler) -> Handler:
        _HANDLERS[kind] = (function, retry or Retry())
        return function

    return register


def handler_for(kind: str) -> tuple[Handler, Retry]:
    """Return the handler of ``kind`` and its retry policy; KeyError when there is none."""
    if kind not in _HANDLERS:
        for module in HANDLER_MODULES:
            try:
                importlib.import_module(module)
            except ModuleNotFoundError as error:
                if error.name != module:
                    raise
    return _HANDLERS[kind]

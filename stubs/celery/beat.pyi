from collections.abc import Callable
from typing import Any

class Scheduler:
    max_interval: float
    # Sends the entries that are due; returns the seconds until the next one (at most
    # max_interval). The arguments are the implementation's, injected as defaults.
    def tick(
        self, event_t: Callable[..., Any] = ..., min: Callable[..., Any] = ...,
        heappop: Callable[..., Any] = ..., heappush: Callable[..., Any] = ...,
    ) -> float: ...

class PersistentScheduler(Scheduler):
    schedule_filename: str

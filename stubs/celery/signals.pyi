# The Celery signals the worker connects to.
from collections.abc import Callable
from typing import Any

class Signal:
    def connect(self, receiver: Callable[..., Any], *, weak: bool = True) -> Callable[..., Any]: ...

setup_logging: Signal

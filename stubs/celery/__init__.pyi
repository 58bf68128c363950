# The parts of Celery the worker uses (it ships no type information).
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from celery.app.control import Control
from celery.result import AsyncResult

class Task:
    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...
    def run(self, *args: Any, **kwargs: Any) -> Any: ...

class Celery:
    def __init__(
        self, main: str | None = None, *, set_as_current: bool = True,
        task_cls: type[Task] | str | None = None,
    ) -> None: ...
    @property
    def control(self) -> Control: ...
    def config_from_object(
        self, obj: object, silent: bool = False, force: bool = False,
        namespace: str | None = None,
    ) -> None: ...
    def set_default(self) -> None: ...
    def send_task(
        self, name: str, args: Sequence[Any] | None = None,
        kwargs: Mapping[str, Any] | None = None, *, expires: float | None = None,
    ) -> AsyncResult: ...
    def close(self) -> None: ...

# The task is a proxy of the Task each app makes of the function.
def shared_task(
    *, name: str | None = None, acks_late: bool | None = None,
    ignore_result: bool | None = None,
) -> Callable[[Callable[..., Any]], Task]: ...

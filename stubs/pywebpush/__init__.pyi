# The parts of pywebpush the worker uses (worker.push).
from collections.abc import Mapping
from typing import Any

class WebPushException(Exception): ...

class WebPusher:
    def __init__(self, subscription_info: Mapping[str, Any], requests_session: Any = ...,
                 verbose: bool = ...) -> None: ...
    def encode(self, data: bytes, content_encoding: str = ...) -> Mapping[str, Any]: ...

from collections.abc import Sequence
from typing import Any

class Control:
    # One reply per worker that answered: {node name: {"ok": "pong"}}.
    def ping(
        self, destination: Sequence[str] | None = None, timeout: float = 1.0, *,
        limit: int | None = None,
    ) -> list[dict[str, dict[str, Any]]]: ...

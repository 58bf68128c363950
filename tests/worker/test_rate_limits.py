"""Rate limits in the production shape: web processes count together through Redis, and the
health check is never limited."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import requests

from deploy.production_shape import Stack

LIMIT = 12
NO_GAME = f"/api/v1/games/{'G' * 22}"


def codes_of(stack: Stack, path: str, count: int) -> Counter[int]:
    """Send ``count`` requests to ``stack``; return how many got each status."""
    return Counter(requests.get(f"{stack.base_url}{path}", timeout=10).status_code
                   for _ in range(count))


def test_two_web_servers_allow_the_configured_limit_not_twice_it(
        make_stack: Callable[..., Stack]) -> None:
    settings = {"RATELIMIT_ENABLED": "true", "RATELIMIT_PER_IP": f"{LIMIT} per minute"}
    first, second = make_stack(**settings), make_stack(**settings)  # two hosts, one Redis
    assert codes_of(first, NO_GAME, LIMIT) == {404: LIMIT}
    assert codes_of(second, NO_GAME, LIMIT) == {429: LIMIT}  # memory:// would allow 12 more
    assert codes_of(first, "/api/v1/health", 5) == {200: 5}
    assert codes_of(second, "/api/v1/health", 5) == {200: 5}

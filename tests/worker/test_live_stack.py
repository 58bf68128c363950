"""Live pages on the production shape: gunicorn's gevent worker holds the streams, Celery
workers on a real Redis resolve the monster phase, and the stream hears of the move that
ended the figures' phase and of the monster's turn, told through Redis by the worker."""

from __future__ import annotations

from collections.abc import Callable

from deploy.production_shape import Stack
from tests.live.helpers import Stream
from tests.support.api_player import ApiGame


def test_a_stream_hears_of_the_monster_phase_the_worker_resolved(
        make_stack: Callable[..., Stack]) -> None:
    # An hourly recheck: what arrives within seconds came through Redis.
    stack = make_stack(LIVE_RECHECK_SECONDS=3600)
    game = ApiGame.create(stack.base_url)
    stream = Stream(game.url("/live"), {"Authorization": f"Bearer {game.spectator_token}"})
    try:
        assert stream.next_event(timeout=30).data == {"version": 0, "messages": 0}
        version, _ = game.play_to_monster_phase()
        seen = 0
        while seen < version + 1:  # every move, then the monster's turn (version + 1)
            event = stream.next_event(timeout=60)
            assert event.data is not None
            seen = event.data["version"]
        assert seen == version + 1
        assert game.view()["phase"] == "figures"
    finally:
        stream.close()

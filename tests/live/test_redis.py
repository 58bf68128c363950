"""Several web processes on one database, told of changes through a real Redis.

Web A holds the stream and rechecks the database only once an hour, so what reaches it in
seconds came through Redis: a move submitted to web B (which publishes) does; a move
submitted to web C (no Redis: it publishes nothing) does not, until the next news. A move
made while Redis is down is not lost: when Redis is back, A subscribes again and reads
every watched game once. The open streams are counted there too: a token's cap holds across
the processes, and a stream that ends on one frees its place for the other.
"""

from __future__ import annotations

import queue
import secrets
import time
from pathlib import Path

import pytest
import requests

from tests.live.helpers import TIMEOUT, Stream, bearer, make_game
from tests.support.live_service import LiveService
from tests.support.redis_server import RedisServer


def test_a_move_on_one_web_process_reaches_a_stream_on_another(
        tmp_path: Path, redis_server: RedisServer) -> None:
    hourly = {"LIVE_RECHECK_SECONDS": 3600, "LIVE_HEARTBEAT_SECONDS": 60}
    with (LiveService(tmp_path, LIVE_REDIS_URL=redis_server.url, **hourly) as web_a,
          LiveService(tmp_path, LIVE_REDIS_URL=redis_server.url, **hourly) as web_b,
          LiveService(tmp_path, **hourly) as web_c):
        game = make_game(web_b.url)
        stream = Stream(f"{web_a.url}api/v1/games/{game.id}/live",
                        {"Authorization": f"Bearer {game.spectator}"})
        try:
            assert stream.next_event().data == {"version": 0, "messages": 0}
            time.sleep(1.0)  # past the hub's second read after subscribing


            # The three processes share the database.
            on_c = game.__class__(web_c.url, game.id, game.creator, game.spectator, game.seats)
            on_c.play_one()  # web C publishes nothing
            with pytest.raises(queue.Empty):
                stream.next_event(timeout=1.5)

            game.play_one()  # web B publishes: A reads the game and finds two moves
            assert stream.next_event(timeout=5).data == {"version": 2, "messages": 0}

            redis_server.stop()
            game.play_one()  # accepted while Redis is down; its news is lost
            redis_server.start()
            assert stream.next_event(timeout=10).data == {"version": 3, "messages": 0}
        finally:
            stream.close()


def test_open_streams_are_counted_across_web_processes(
        tmp_path: Path, redis_server: RedisServer) -> None:
    shared = {"LIVE_REDIS_URL": redis_server.url, "LIVE_HEARTBEAT_SECONDS": 0.3,
              "LIVE_STREAMS_PER_TOKEN": 2, "SECRET_KEY": secrets.token_hex(32)}
    with LiveService(tmp_path, **shared) as web_a, LiveService(tmp_path, **shared) as web_b:
        game = make_game(web_a.url)
        on_b = game.__class__(web_b.url, game.id, game.creator, game.spectator, game.seats)
        streams = [Stream(each.url("/live"), bearer(game.creator)) for each in (game, on_b)]
        try:
            for stream in streams:
                assert stream.next_event().data == {"version": 0, "messages": 0}
            for each in (game, on_b):  # the third, on either process
                refused = requests.get(each.url("/live"), headers=bearer(game.creator),
                                       timeout=TIMEOUT)
                assert refused.status_code == 429, refused.text
                assert refused.json()["error"]["details"]["scope"] == "token"
            streams.pop().close()  # B's stream ends: A's process may open one
            deadline = time.monotonic() + TIMEOUT
            while True:
                again = Stream(game.url("/live"), bearer(game.creator))
                streams.append(again)
                if again.response.status_code == 200:
                    break
                streams.pop().close()
                assert time.monotonic() < deadline, "B's place was never freed"
                time.sleep(0.3)
        finally:
            for stream in streams:
                stream.close()

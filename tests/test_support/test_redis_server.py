"""Tests of tests/support/redis_server.py: a real redis-server answers, stops and restarts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import redis

from tests.support.ports import accepts_connections
from tests.support.redis_server import RedisServer


def test_it_answers_ping(redis_server: RedisServer) -> None:
    with redis_server.client() as client:
        assert client.ping() is True


def test_it_restarts_on_the_same_port_with_no_data(redis_server: RedisServer) -> None:
    port, pid = redis_server.port, redis_server.pid
    with redis_server.client() as client:
        client.set("game:1", "running")
        redis_server.restart()
        assert redis_server.port == port
        assert redis_server.pid != pid
        assert client.get("game:1") is None


def test_it_refuses_connections_while_stopped(redis_server: RedisServer) -> None:
    redis_server.stop()
    with redis_server.client() as client, pytest.raises(redis.ConnectionError):
        client.ping()


@pytest.mark.redis
def test_it_leaves_no_process_behind_when_stopped(tmp_path: Path) -> None:
    server = RedisServer(tmp_path)
    server.start()
    pid = server.pid
    assert pid is not None
    server.stop()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert not accepts_connections(server.port)

"""Tests of tests/support/ports.py: free ports and waiting for a port."""

from __future__ import annotations

import socket

import pytest

from tests.support.ports import HOST, accepts_connections, free_port, wait_for_port


def test_it_finds_a_port_that_can_be_bound() -> None:
    port = free_port()
    with socket.socket() as sock:
        sock.bind((HOST, port))  # raises OSError if the port is taken
        assert sock.getsockname() == (HOST, port)


def test_it_waits_for_a_port_that_listens() -> None:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        sock.listen()
        port = sock.getsockname()[1]
        wait_for_port(port, timeout=5)
        assert accepts_connections(port)


def test_it_gives_up_on_a_closed_port_after_the_timeout() -> None:
    with pytest.raises(TimeoutError, match="nothing accepted connections"):
        wait_for_port(free_port(), timeout=0.2)


def test_it_stops_waiting_when_told_the_server_is_gone() -> None:
    with pytest.raises(RuntimeError, match="server exited"):
        wait_for_port(free_port(), timeout=30, gave_up=lambda: "server exited")

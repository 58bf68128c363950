"""deploy/cluster's hosts: each reaches the others only through the bridge, a cut cable
drops its packets until it is plugged in again, and taking the network down leaves nothing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from deploy.cluster import GATEWAY, HOSTS, Network, address, in_namespace
from tests.drill.test_drill import network, require_hosts

__all__ = ["network"]

pytestmark = pytest.mark.drill

# Listens on the host's address, answers one connection, and exits.
LISTEN_ONCE = """
import socket, sys
with socket.create_server((sys.argv[1], 9000)) as server:
    print("listening", flush=True)
    connection, _ = server.accept()
    connection.sendall(b"hello")
    connection.close()
"""

# Connects to an address from the host it runs on; prints what it read, or the error.
CONNECT = """
import socket, sys
try:
    with socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=2) as connection:
        print(connection.recv(5).decode())
except OSError as error:
    print(type(error).__name__)
"""


def connect(host: str | None, to: str, port: int = 9000) -> str:
    """Return what connecting to ``to:port`` from ``host`` (None: this machine) read."""
    prefix = [] if host is None else in_namespace(host)
    result = subprocess.run([*prefix, sys.executable, "-c", CONNECT, to, str(port)],
                            capture_output=True, text=True, check=True, timeout=30)
    return result.stdout.strip()


def listen_once(host: str) -> subprocess.Popen[str]:
    """Start a one-connection server on ``host``; return it once it listens."""
    server = subprocess.Popen([*in_namespace(host), sys.executable, "-c", LISTEN_ONCE,
                               address(host)], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None and server.stdout.readline().strip() == "listening"
    return server


def stop(server: subprocess.Popen[str]) -> None:
    """Stop a one-connection server and close its output."""
    server.kill()
    server.wait()
    assert server.stdout is not None
    server.stdout.close()


def test_hosts_meet_on_the_bridge_and_a_cut_cable_drops_everything(network: Network) -> None:
    assert sorted(name for name in network.leftovers() if "br" not in name) == sorted(
        [f"ffc-{host}" for host in HOSTS] * 2)  # the namespace and the bridge's veth end

    server = listen_once("redis")
    try:
        assert connect("web1", address("redis")) == "hello"
    finally:
        stop(server)
    # Loopback is each host's own: nothing listens on web1's.
    assert connect("web1", "127.0.0.1", 5432) == "ConnectionRefusedError"

    server = listen_once("postgres")
    try:
        network.cut("postgres")
        assert connect("worker1", address("postgres")) == "TimeoutError"
        assert connect(None, address("postgres")) == "TimeoutError"
        network.restore("postgres")
        assert connect("worker1", address("postgres")) == "hello"
    finally:
        stop(server)
    assert GATEWAY.endswith(".1")


def test_taking_the_network_down_twice_leaves_nothing_behind() -> None:
    require_hosts()
    network = Network()
    network.up()
    network.up()  # an earlier run's leftovers are removed first
    network.down()
    network.down()
    assert network.leftovers() == []

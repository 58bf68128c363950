"""The drill's network and a host firewall that drops bridged traffic (iptables' FORWARD
policy DROP, as Docker's daemon sets it): the drill says which rule lets its bridge through,
rather than fail with bare timeouts, and works once the rule is there. The firewall is left
as it was found."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest

from deploy.cluster import BRIDGE, Network, _bridge_calls_iptables, _forward_policy
from tests.drill.test_drill import require_hosts
from tests.support.binaries import find_program

pytestmark = pytest.mark.drill

RULE = ["FORWARD", "-i", BRIDGE, "-o", BRIDGE, "-j", "ACCEPT"]


def iptables(*arguments: str) -> None:
    subprocess.run(["iptables", *arguments], check=True, capture_output=True)


@pytest.fixture
def dropping_firewall() -> Iterator[None]:
    """iptables' FORWARD policy set to DROP for the test; the policy found, and no rule of
    ours, afterwards."""
    require_hosts()
    find_program("iptables", "iptables")
    if not _bridge_calls_iptables():
        subprocess.run(["modprobe", "br_netfilter"], check=False, capture_output=True)
    if not _bridge_calls_iptables():
        pytest.skip("bridged frames do not go through iptables here (no br_netfilter)")
    found = _forward_policy()
    assert found is not None
    iptables("-P", "FORWARD", "DROP")
    try:
        yield
    finally:
        while subprocess.run(["iptables", "-D", *RULE], capture_output=True).returncode == 0:
            pass
        iptables("-P", "FORWARD", found)
        assert _forward_policy() == found


def test_a_firewall_dropping_the_bridge_is_named_with_the_rule_that_lets_it_through(
        dropping_firewall: None) -> None:
    network = Network()
    with pytest.raises(RuntimeError) as refused:
        network.up()
    said = str(refused.value)
    assert f"iptables -I FORWARD -i {BRIDGE} -o {BRIDGE} -j ACCEPT" in said
    assert "policy is DROP" in said and "Docker" in said
    assert network.leftovers() == []  # taken down again
    iptables("-I", *RULE)  # as the message says
    try:
        network.up()
        assert network.bridge_problem() is None
    finally:
        network.down()
    assert network.leftovers() == []

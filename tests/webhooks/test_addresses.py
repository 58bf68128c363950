"""service.webhooks.addresses: URL forms, public addresses, and reading the setting."""

from __future__ import annotations

import pytest

from service.webhooks.addresses import (
    RefusedTarget,
    Target,
    allows_private,
    is_public,
    parse_url,
    resolve,
)


@pytest.mark.parametrize(("url", "target"), [
    ("https://hooks.example/in?a=1", Target("https", "hooks.example", 443, "/in?a=1")),
    ("http://1.1.1.1", Target("http", "1.1.1.1", 80, "/")),
    ("http://[2606:4700::1111]:8080/x", Target("http", "2606:4700::1111", 8080, "/x")),
])
def test_it_takes_a_url_apart(url: str, target: Target) -> None:
    assert parse_url(url) == target


@pytest.mark.parametrize("address", ["1.1.1.1", "8.8.8.8", "2606:4700::1111",
                                     "::ffff:8.8.8.8"])
def test_public_unicast_addresses_are_public(address: str) -> None:
    assert is_public(address)


@pytest.mark.parametrize("address", [
    "127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1",
    "0.0.0.0", "224.0.0.1", "239.255.255.250", "255.255.255.255", "192.0.2.1", "::1", "::",
    "fe80::1%eth0", "fc00::1", "ff02::1", "::ffff:10.0.0.1", "2001:db8::1"])
def test_private_loopback_link_local_multicast_and_reserved_addresses_are_not(
        address: str) -> None:
    assert not is_public(address)


@pytest.mark.parametrize(("setting", "allowed"), [
    (True, True), (1, True), ("true", True), ("Yes", True), (" on ", True), ("1", True),
    (False, False), (0, False), ("false", False), ("False", False), ("no", False),
    ("", False), (None, False), ("maybe", False)])
def test_only_a_clear_yes_allows_private_targets(setting: object, allowed: bool) -> None:
    assert allows_private(setting) is allowed


def test_a_loopback_name_is_refused_unless_allowed() -> None:
    target = parse_url("http://localhost:9/")
    with pytest.raises(RefusedTarget) as refused:
        resolve(target, allow_private=False)
    assert refused.value.code == "webhook/private_address"
    assert resolve(target, allow_private=True) in ("127.0.0.1", "::1")

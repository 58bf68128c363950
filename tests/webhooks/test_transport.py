"""worker.webhooks.transport: the same verdict as at creation, and a connection only to the
address that was checked (no network: the connection itself is stood in for)."""

from __future__ import annotations

import ipaddress
from typing import Any

import pytest

from service.features.webhooks import addresses
from service.features.webhooks.addresses import RefusedTarget
from tests.webhooks.helpers import refuse_connections
from tests.webhooks.url_forms import INVALID, MALFORMED, PRIVATE, PUBLIC
from worker.webhooks import transport


@pytest.fixture
def connections(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Record every connection the transport opens (and refuse it), and fail any DNS query:
    the forms tested need none."""

    def getaddrinfo(*args: Any, **kwargs: Any) -> None:
        raise AssertionError(f"getaddrinfo{args} was called")

    monkeypatch.setattr(addresses.socket, "getaddrinfo", getaddrinfo)
    return refuse_connections(monkeypatch)


def post(url: str, allow_private: bool = False) -> int:
    """POST an empty JSON object to ``url`` as the sender does."""
    return transport.post(url, b"{}", {}, timeout=1, allow_private=allow_private)


@pytest.mark.parametrize("url", PRIVATE)
def test_a_private_address_in_any_form_is_refused_and_never_connected_to(
        connections: list[tuple[str, int]], url: str) -> None:
    with pytest.raises(RefusedTarget) as refused:
        post(url)
    assert refused.value.code == "webhook/private_address"
    assert connections == []


@pytest.mark.parametrize("url", INVALID + MALFORMED)
def test_a_url_no_resolver_can_read_is_refused_and_never_connected_to(
        connections: list[tuple[str, int]], url: str) -> None:
    with pytest.raises(RefusedTarget) as refused:
        post(url, allow_private=True)
    assert refused.value.code == "webhook/invalid_url"
    assert connections == []


@pytest.mark.parametrize(("url", "address"), PUBLIC)
def test_it_connects_only_to_the_address_it_checked(connections: list[tuple[str, int]],
                                                    url: str, address: str) -> None:
    with pytest.raises(ConnectionRefusedError):
        post(url)
    [(host, port)] = connections
    assert ipaddress.ip_address(host) == ipaddress.ip_address(address)
    assert port == addresses.parse_url(url).port


def test_a_private_form_is_connected_to_as_read_when_private_targets_are_allowed(
        connections: list[tuple[str, int]]) -> None:
    for url in ("http://2130706433:81/", "http://0x7f.1:81/", "http://[::ffff:7f00:1]:81/"):
        with pytest.raises(ConnectionRefusedError):
            post(url, allow_private=True)
    assert connections == [("127.0.0.1", 81)] * 3

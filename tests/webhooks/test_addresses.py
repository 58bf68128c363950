"""service.features.webhooks.addresses: URL forms, host forms, public addresses, and the setting."""

from __future__ import annotations

import ipaddress
import socket

import pytest

from service.features.webhooks import addresses
from service.features.webhooks.addresses import (
    RefusedTarget,
    Target,
    allows_private,
    inet_aton,
    is_public,
    parse_url,
    resolve,
    why_not_public,
)
from tests.webhooks.url_forms import INVALID, MALFORMED, PRIVATE, PUBLIC


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


@pytest.mark.parametrize(("host", "read"), [
    ("2130706433", "127.0.0.1"), ("0177.0.0.1", "127.0.0.1"), ("0x7f000001", "127.0.0.1"),
    ("0x7f.1", "127.0.0.1"), ("127.1", "127.0.0.1"), ("127.0.1", "127.0.0.1"),
    ("0", "0.0.0.0"), ("0x0", "0.0.0.0"), ("00", "0.0.0.0"), ("1.1.257", "1.1.1.1"),
    ("0xFF.0377.65535", "255.255.255.255"), ("4294967295", "255.255.255.255"),
])
def test_it_reads_an_ipv4_literal_as_inet_aton_does(host: str, read: str) -> None:
    assert inet_aton(host) == ipaddress.IPv4Address(read)


@pytest.mark.parametrize("host", [
    "", "1.2.3.4.5", "256.0.0.1", "1.256.0.1", "08.0.0.1", "09", "0x", "0x.1", "0xg",
    "4294967296", "0x100000000", "1.2.65536", "1.16777216", "1.2.3.", ".1.2.3", "1..2",
    "+1.2.3.4", "1.2.3.4 ", "localhost", "1e3",
])
def test_it_reads_no_ipv4_literal_where_inet_aton_reads_none(host: str) -> None:
    assert inet_aton(host) is None


@pytest.mark.parametrize(("url", "target"), [
    ("HTTPS://Hooks.Example./In?A=1", Target("https", "hooks.example", 443, "/In?A=1")),
    ("http://2130706433:8080/", Target("http", "127.0.0.1", 8080, "/")),
    ("http://0x7f.1/", Target("http", "127.0.0.1", 80, "/")),
    ("http://[0:0:0:0:0:0:0:1]/", Target("http", "::1", 80, "/")),
    ("http://[2606:4700:0::1111]/a#frag", Target("http", "2606:4700::1111", 80, "/a")),
    ("http://hooks.example:443", Target("http", "hooks.example", 443, "/")),
])
def test_it_reads_the_host_as_the_resolver_would(url: str, target: Target) -> None:
    assert parse_url(url) == target


@pytest.mark.parametrize(("address", "reason"), [
    ("127.0.0.1", "in 127.0.0.0/8 (loopback)"),
    ("169.254.169.254", "in 169.254.0.0/16 (link-local)"),
    ("192.0.0.8", "in 192.0.0.0/24 (IETF protocol assignments)"),
    ("255.255.255.255", "in 255.255.255.255/32 (limited broadcast)"),
    ("::ffff:127.0.0.1", "IPv4-mapped around 127.0.0.1, in 127.0.0.0/8 (loopback)"),
    ("64:ff9b::a9fe:a9fe", "NAT64 around 169.254.169.254, in 169.254.0.0/16 (link-local)"),
    ("2002:7f00:1::", "6to4 around 127.0.0.1, in 127.0.0.0/8 (loopback)"),
    ("2001:0:808:808::f5ff:fffe",
     "Teredo around 10.0.0.1, in 10.0.0.0/8 (private-use)"),
    ("fec0::1", "in fec0::/10 (site-local, deprecated)"),
    ("::8.8.8.8", "outside 2000::/3 (the global unicast space)"),
    ("fe80::1%eth0", "scoped to one link (zone eth0)"),
])
def test_it_says_why_an_address_is_not_public(address: str, reason: str) -> None:
    assert why_not_public(address) == reason


@pytest.mark.parametrize("url", PRIVATE)
def test_every_private_form_is_refused_without_dns(url: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses.socket, "getaddrinfo", no_dns)
    with pytest.raises(RefusedTarget) as refused:
        resolve(parse_url(url), allow_private=False)
    assert refused.value.code == "webhook/private_address", str(refused.value)


@pytest.mark.parametrize("url", INVALID + MALFORMED)
def test_a_url_that_no_resolver_can_read_is_invalid(url: str) -> None:
    with pytest.raises(RefusedTarget) as refused:
        parse_url(url)
    assert refused.value.code == "webhook/invalid_url"
    assert str(refused.value).startswith(repr(url))


@pytest.mark.parametrize(("url", "named"), [
    ("http://1.1.1.1/a b", "' ' (U+0020) at character 17"),
    ("http://1.1.1.1/<x>", "'<' (U+003C) at character 16"),
    ('http://1.1.1.1/"', "'\"' (U+0022) at character 16"),
    ("http://1.1.1.1/\\", "'\\\\' (U+005C)"),
    ("http://1.1.1.1/^", "'^' (U+005E)"),
    ("http://1.1.1.1/`", "'`' (U+0060)"),
    ("http://1.1.1.1/{", "'{' (U+007B)"),
    ("http://1.1.1.1/|", "'|' (U+007C)"),
    ("http://1.1.1.1/}", "'}' (U+007D)"),
    ("http://1.1.1.1/caf\u00e9", "'\u00e9' (U+00E9)"),
    ("http://1.1.1.1/a[1]", "'[' (U+005B)"),
    ("http://1.1.1.1/%zz", "'%' not followed by two hex digits"),
    ("http://b\u00fccher.example/", "'xn--bcher-kva.example'"),
    ("http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/", "'127.0.0.1'"),
    ("http://%31%32%37.0.0.1/", "'127.0.0.1'"),
    ("http://user:pw@1.1.1.1/", "user name or password"),
    ("ftp://1.1.1.1/", "must start with http:// or https://"),
    ("0", "must start with http:// or https://"),
])
def test_the_refusal_names_what_is_wrong(url: str, named: str) -> None:
    with pytest.raises(RefusedTarget) as refused:
        parse_url(url)
    assert named in str(refused.value)


@pytest.mark.parametrize(("url", "address"), PUBLIC)
def test_a_public_address_in_any_form_is_taken(url: str, address: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses.socket, "getaddrinfo", no_dns)
    assert ipaddress.ip_address(resolve(parse_url(url), allow_private=False)) == \
        ipaddress.ip_address(address)


def test_every_address_of_a_name_is_judged_and_the_first_is_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    answers = {"hooks.example": ["1.1.1.1", "2002:a9fe:a9fe::1"], "ok.example": ["8.8.8.8",
                                                                              "2606:4700::1111"]}

    def getaddrinfo(host: str, port: int, *args: object, **kwargs: object) -> list:
        return [(socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "",
                 (a, port)) for a in answers[host]]

    monkeypatch.setattr(addresses.socket, "getaddrinfo", getaddrinfo)
    with pytest.raises(RefusedTarget) as refused:
        resolve(parse_url("https://hooks.example/"), allow_private=False)
    assert str(refused.value).startswith("the host 'hooks.example' resolves to 2002:a9fe:a9fe::1")
    assert "6to4 around 169.254.169.254" in str(refused.value)
    assert resolve(parse_url("https://ok.example/"), allow_private=False) == "8.8.8.8"


def no_dns(*args: object, **kwargs: object) -> list:
    """Stand in for the resolver: a test that reaches it has asked DNS for a verdict."""
    raise AssertionError(f"getaddrinfo{args} was called")

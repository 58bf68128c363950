"""Which webhook targets may be called: the URL's form, its host read as the resolver reads
it, and addresses that are globally reachable.

A URL is an ``http(s)://`` URI of RFC 3986 (:data:`URL_PATTERN`, which the OpenAPI document
shows): ASCII only, so a name in another script is written in its IDNA form (``xn--...``),
and no user name, password or zone. Its host is read here once, the way the C resolver would
read it: a name (lowercase, without the root's trailing dot), an IPv6 literal, or an IPv4
literal in any form ``inet_aton`` takes (``2130706433``, ``0x7f.1``, ``0177.0.0.1``,
``127.1``), so a verdict on an address never waits for DNS.

Every address is judged by the IANA special-purpose registries (:func:`why_not_public`),
not by the Python version's ``is_global``, and an IPv4 address inside an IPv6 one (mapped,
NAT64, 6to4, Teredo) by the IPv4 rules. A target with an address that is not public is
refused (it could reach the service's own network), unless the configuration allows private
targets (``WEBHOOK_ALLOW_PRIVATE``, for local runs and tests). The sender checks again when it
sends and connects to the address it checked, so a name that resolves elsewhere later (DNS
rebinding) gains nothing.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass
from urllib.parse import quote, unquote, urlsplit

from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _

SCHEMES = {"http": 80, "https": 443}

_PCHAR = r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})"
URL_PATTERN = (
    r"^[Hh][Tt][Tt][Pp][Ss]?://(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._]+)(?::[0-9]{1,5})?"
    r"(?:/" + _PCHAR + r"*)*(?:\?(?:" + _PCHAR + r"|[/?])*)?(?:#(?:" + _PCHAR + r"|[/?])*)?$")
"""What a webhook URL may look like (ECMA and Python regex alike): ``http(s)://``, a host
name or a bracketed IPv6 address, a port, then a path, query and fragment of the characters
RFC 3986 allows, ``%`` only before two hex digits."""

_URL_FORM = re.compile(URL_PATTERN)
_URI_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                            "-._~:/?#[]@!$&'()*+,;=%")
_IPV4_PART = re.compile(r"0[xX][0-9A-Fa-f]+|0[0-7]*|[1-9][0-9]*")
_NUMERIC_LABEL = re.compile(r"[0-9]+|0[xX][0-9A-Fa-f]*")
_LOCALHOST = re.compile(r"(?:.+\.)?localhost")

# The IANA IPv4 Special-Purpose Address Registry's blocks that are not globally reachable
# (exceptions inside them, such as two anycast addresses in 192.0.0.0/24, are refused too:
# no webhook lives there), and multicast. The first block that holds an address names it.
_IPV4_NOT_GLOBAL = tuple((ipaddress.IPv4Network(block), name) for block, name in (
    ("0.0.0.0/8", "'this network'"),  # RFC 791
    ("10.0.0.0/8", "private-use"),  # RFC 1918
    ("100.64.0.0/10", "shared address space"),  # RFC 6598, carrier-grade NAT
    ("127.0.0.0/8", "loopback"),  # RFC 1122
    ("169.254.0.0/16", "link-local"),  # RFC 3927, cloud metadata services
    ("172.16.0.0/12", "private-use"),  # RFC 1918
    ("192.0.0.0/24", "IETF protocol assignments"),  # RFC 6890
    ("192.0.2.0/24", "documentation"),  # RFC 5737, TEST-NET-1
    ("192.88.99.0/24", "6to4 relay anycast, deprecated"),  # RFC 7526
    ("192.168.0.0/16", "private-use"),  # RFC 1918
    ("198.18.0.0/15", "benchmarking"),  # RFC 2544
    ("198.51.100.0/24", "documentation"),  # RFC 5737, TEST-NET-2
    ("203.0.113.0/24", "documentation"),  # RFC 5737, TEST-NET-3
    ("224.0.0.0/4", "multicast"),  # RFC 5771
    ("255.255.255.255/32", "limited broadcast"),  # RFC 919
    ("240.0.0.0/4", "reserved"),  # RFC 1112
))
# The same for IPv6. ::ffff:0:0/96 (IPv4-mapped), 64:ff9b::/96 (NAT64), 2002::/16 (6to4)
# and 2001::/32 (Teredo) are judged by the IPv4 addresses they hold (_embedded_ipv4).
_IPV6_NOT_GLOBAL = tuple((ipaddress.IPv6Network(block), name) for block, name in (
    ("::/128", "unspecified"),  # RFC 4291
    ("::1/128", "loopback"),  # RFC 4291
    ("64:ff9b:1::/48", "local-use IPv4/IPv6 translation"),  # RFC 8215
    ("100::/64", "discard-only"),  # RFC 6666
    ("2001::/23", "IETF protocol assignments"),  # RFC 2928
    ("2001:db8::/32", "documentation"),  # RFC 3849
    ("3fff::/20", "documentation"),  # RFC 9637
    ("5f00::/16", "segment routing SIDs"),  # RFC 9602
    ("fc00::/7", "unique local"),  # RFC 4193
    ("fe80::/10", "link-local"),  # RFC 4291
    ("fec0::/10", "site-local, deprecated"),  # RFC 3879
    ("ff00::/8", "multicast"),  # RFC 4291
))
# The IANA IPv6 Address Space registry allocates global unicast from 2000::/3 only: the
# rest (the deprecated IPv4-compatible ::a.b.c.d among it) is reserved.
_GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")  # RFC 6052


class RefusedTarget(ServiceError):
    """A webhook URL that may not be called; ``code`` says why (``webhook/...``)."""


@dataclass(frozen=True, slots=True)
class Target:
    """A webhook URL taken apart: scheme, host as the resolver reads it (an address in its
    canonical form, or a lowercase name), port and the path with its query."""

    scheme: str
    host: str
    port: int
    path: str


def allows_private(setting: object) -> bool:
    """Read ``WEBHOOK_ALLOW_PRIVATE``: only true, 1 or the words true/yes/on allow private
    targets; anything else (``False`` written in another case included) refuses them."""
    if isinstance(setting, str):
        return setting.strip().lower() in ("true", "1", "yes", "on")
    return setting is True or setting == 1


def form_error(url: str) -> str | None:
    """Return why ``url`` is not of the form :data:`URL_PATTERN` describes, naming the first
    thing wrong; None when it is of that form."""
    if _URL_FORM.fullmatch(url):
        return None
    scheme, separator, rest = url.partition("://")
    if not separator or scheme.lower() not in SCHEMES:
        return _("%(url)r must start with http:// or https://", url=url)
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
    start = len(scheme) + 3
    for index, char in enumerate(url):
        if char in _URI_CHARACTERS:
            continue
        if not char.isascii() and start <= index < start + len(authority):
            return _host_in_ascii(url, authority)
        # TRANSLATORS: %(char)r is a character in quotes, %(code)s its number in Unicode
        # (00E9), %(position)s where it is in the URL (from 1), %(encoded)s it percent-encoded.
        return _("%(url)r holds %(char)r (U+%(code)s) at character %(position)s, which no URL "
                 "may hold; percent-encode it (%(encoded)s)", url=url, char=char,
                 code=f"{ord(char):04X}", position=index + 1, encoded=quote(char, safe=""))
    bad_escape = re.search(r"%(?![0-9A-Fa-f]{2})", url)
    if bad_escape:
        return _("%(url)r holds a '%%' not followed by two hex digits at character "
                 "%(position)s; write a '%%' itself as %%25", url=url,
                 position=bad_escape.start() + 1)
    if not authority:
        return _("%(url)r names no host", url=url)
    if "@" in authority:
        return _("%(url)r carries a user name or password; the signature proves the sender",
                 url=url)
    if "%" in authority:
        return _host_in_ascii(url, authority)
    bracket = re.search(r"[\[\]]", url[start + len(authority):])
    if bracket:
        char = bracket.group()
        return _("%(url)r holds %(char)r (U+%(code)s) at character %(position)s, which a URL "
                 "may hold only around an IPv6 address; percent-encode it (%(encoded)s)",
                 url=url, char=char, code=f"{ord(char):04X}",
                 position=start + len(authority) + bracket.start() + 1,
                 encoded=quote(char, safe=""))
    return _("%(url)r is not of the form http(s)://host[:port][/path][?query]: the host is a "
             "name or an address, the port a number", url=url)


def _host_in_ascii(url: str, authority: str) -> str:
    """Return the refusal of a host written in Unicode, percent-encoded or with a zone, with
    the ASCII form the resolver would look up (IDNA, as ``socket.getaddrinfo`` encodes it)."""
    if authority.startswith("[") and "%" in authority:
        return _("%(url)r gives an IPv6 zone; a webhook's address is global, with no zone",
                 url=url)
    try:
        host = unquote(authority, errors="strict")
        ascii_form = host.encode("idna").decode("ascii")
    except UnicodeError:
        return _("%(url)r must name its host in plain ASCII: write its xn-- form", url=url)
    return _("%(url)r must name its host in plain ASCII: write %(host)r", url=url,
             host=ascii_form)


def parse_url(url: str) -> Target:
    """Return the parts of a webhook URL, its host read as the resolver would read it; refuse
    (``webhook/invalid_url``) a URL not of the form :data:`URL_PATTERN` or whose host no
    resolver can read."""
    problem = form_error(url)
    if problem is not None:
        raise RefusedTarget("webhook/invalid_url", problem)
    try:
        parts = urlsplit(url)
        port = parts.port
        hostname = parts.hostname or ""
        host = (str(ipaddress.IPv6Address(hostname)) if "[" in parts.netloc
                else read_host(hostname))
    except ValueError as error:  # a port above 65535, a host that is no address or name
        # TRANSLATORS: %(problem)s is the URL parser's own words, in English.
        raise RefusedTarget("webhook/invalid_url", _("%(url)r is not a valid URL: %(problem)s",
                                                     url=url, problem=error)) from None
    if port == 0:
        raise RefusedTarget("webhook/invalid_url",
                            _("%(url)r has port 0; give 1 to 65535", url=url))
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, host, port or SCHEMES[parts.scheme], path)


def read_host(host: str) -> str:
    """Return a host (not an IPv6 literal) as the resolver reads it: an IPv4 address in its
    dotted form, or a lowercase name without the root's trailing dot. A host whose last label
    is a number must be an IPv4 address (as WHATWG URLs say): ``256.0.0.1`` is an error, not
    a name to look up. Raises ``ValueError`` for a host that is neither."""
    name = host.lower().removesuffix(".")
    labels = name.split(".")
    if _NUMERIC_LABEL.fullmatch(labels[-1]):
        address = inet_aton(name)
        if address is None:
            raise ValueError(f"the host {host!r} ends in a number but is no IPv4 address")
        return str(address)
    if len(name) > 253 or not all(0 < len(label) < 64 for label in labels):
        raise ValueError(f"the host {host!r} is no host name (empty or too long a label)")
    return name


def inet_aton(text: str) -> ipaddress.IPv4Address | None:
    """Return the IPv4 address ``getaddrinfo`` reads in ``text`` as glibc's ``inet_aton``
    does, or None: 1 to 4 parts, each decimal, octal (leading 0) or hex (0x); the last fills
    the bytes left (``127.1`` is 127.0.0.1), the others one byte each. Nothing may follow."""
    parts = text.split(".")
    if not 1 <= len(parts) <= 4 or not all(_IPV4_PART.fullmatch(part) for part in parts):
        return None
    values = [int(part[2:], 16) if part[:2].lower() == "0x"
              else int(part, 8) if part.startswith("0") else int(part) for part in parts]
    *leading, last = values
    if any(value > 0xFF for value in leading) or last >= 1 << 8 * (5 - len(values)):
        return None
    return ipaddress.IPv4Address(sum(value << 8 * (3 - i) for i, value in enumerate(leading))
                                 + last)


def why_not_public(address: str) -> str | None:
    """Return why ``address`` (IPv4 or IPv6, maybe with a zone) is not a globally reachable
    unicast address, e.g. ``"in 127.0.0.0/8 (loopback)"``; None when it is one."""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv4Address):
        return _ipv4_refusal(ip)
    if ip.scope_id:
        return f"scoped to one link (zone {ip.scope_id})"
    embedded = _embedded_ipv4(ip)
    if embedded is not None:
        kind, held = embedded
        for inner in held:
            reason = _ipv4_refusal(inner)
            if reason is not None:
                return f"{kind} around {inner}, {reason}"
        return None
    for network, name in _IPV6_NOT_GLOBAL:
        if ip in network:
            return f"in {network} ({name})"
    if ip not in _GLOBAL_UNICAST:
        return f"outside {_GLOBAL_UNICAST} (the global unicast space)"
    return None


def is_public(address: str) -> bool:
    """True when ``address`` (IPv4 or IPv6) is a globally reachable unicast address."""
    return why_not_public(address) is None


def _ipv4_refusal(ip: ipaddress.IPv4Address) -> str | None:
    """Return the special-purpose block ``ip`` is in, as a reason; None when in none."""
    return next((f"in {network} ({name})" for network, name in _IPV4_NOT_GLOBAL
                 if ip in network), None)


def _embedded_ipv4(ip: ipaddress.IPv6Address
                   ) -> tuple[str, tuple[ipaddress.IPv4Address, ...]] | None:
    """Return the kind and the IPv4 addresses an IPv6 address carries and is routed by
    (mapped, NAT64, 6to4, Teredo's server and client), or None."""
    if ip.ipv4_mapped is not None:
        return "IPv4-mapped", (ip.ipv4_mapped,)
    if ip in _NAT64:
        return "NAT64", (ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF),)
    if ip.sixtofour is not None:
        return "6to4", (ip.sixtofour,)
    if ip.teredo is not None:
        return "Teredo", ip.teredo
    return None


def resolve(target: Target, allow_private: bool) -> str:
    """Return the address to connect to for ``target``, once every address it has is allowed.

    An address literal is judged as it is, ``localhost`` names (RFC 6761) as loopback: no DNS
    for either. A name's addresses must all be public (unless ``allow_private``): a name with
    one private address among public ones is refused. An IPv4-mapped address is connected to
    as the IPv4 address it is.
    """
    literal = _is_address(target.host)
    if literal:
        addresses = [target.host]
    elif not allow_private and _LOCALHOST.fullmatch(target.host):
        raise RefusedTarget("webhook/private_address",
                            _("the host %(host)r is a loopback name (RFC 6761); webhooks go to "
                              "public addresses only", host=target.host))
    else:
        addresses = _lookup(target)
    if not allow_private:
        for address in addresses:
            reason = why_not_public(address)
            if reason is not None:
                raise RefusedTarget("webhook/private_address", _private(target.host, address,
                                                                        literal, reason))
    chosen = ipaddress.ip_address(addresses[0])
    mapped = getattr(chosen, "ipv4_mapped", None)
    return str(mapped) if mapped is not None else addresses[0]


def _private(host: str, address: str, literal: bool, reason: str) -> str:
    """Return the refusal of ``host`` (an address when ``literal``, else a name resolving to
    ``address``), not public for ``reason``."""
    # TRANSLATORS: %(reason)s names the reserved block of addresses, as the IANA registry
    # writes it: "in 127.0.0.0/8 (loopback)".
    if literal:
        return _("the host %(host)r is not a public address: %(reason)s; webhooks go to public "
                 "addresses only", host=host, reason=reason)
    return _("the host %(host)r resolves to %(address)s, which is not a public address: "
             "%(reason)s; webhooks go to public addresses only", host=host, address=address,
             reason=reason)


def _is_address(host: str) -> bool:
    """True when ``host`` is an IP address (which ``read_host`` wrote in its usual form)."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _lookup(target: Target) -> list[str]:
    """Return every address the target's name resolves to."""
    try:
        infos = socket.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise RefusedTarget("webhook/unresolvable",
                            _("the host %(host)r does not resolve: %(problem)s",
                              host=target.host, problem=error)) from None
    addresses = [str(info[4][0]) for info in infos]
    if not addresses:
        raise RefusedTarget("webhook/unresolvable",
                            _("the host %(host)r has no address", host=target.host))
    return addresses

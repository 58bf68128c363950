"""service.features.mailin.parse: the player's own lines out of replies as common mail clients
quote."""

from __future__ import annotations

import email.header

import pytest

from service.features.mailin.parse import (
    MAX_DEPTH,
    MAX_MESSAGE_ID,
    MAX_PARTS,
    Unreadable,
    html_to_text,
    read,
)
from tests.mailin.helpers import FIXTURES, many_parts_reply, nested_reply

TO = "play+token@localhost"


def fixture(name: str, to: str = TO) -> bytes:
    """Return a fixture message addressed to ``to``."""
    return (FIXTURES / name).read_bytes().replace(b"{to}", to.encode())


@pytest.mark.parametrize(("name", "command"), [
    ("gmail_plain.eml", "Green 5 +"),
    ("gmail_html.eml", "5 to p10"),
    ("outlook_plain.eml", "flip 1"),
    ("outlook_html.eml", "green 4 +W"),
    ("apple_plain.eml", "5 out"),
    ("apple_html.eml", "HELP"),
    ("thunderbird_plain.eml", "board"),
    ("thunderbird_html.eml", "Green 5 NNW"),
    ("bottom_posted.eml", "flip 4"),
])
def test_it_reads_the_players_line_and_nothing_quoted(name: str, command: str) -> None:
    inbound = read(fixture(name))
    assert inbound.lines[0] == command
    assert inbound.sender == "ann@example.com"
    assert inbound.automatic is None
    quoted = {"flip 3", "red 4 +W", "green 5 +", "board", "Hello Ann,"} - {command}
    assert not quoted & set(inbound.lines), inbound.lines


def test_signatures_are_not_read_as_lines() -> None:
    assert read(fixture("thunderbird_plain.eml")).lines == ["board"]
    assert read(fixture("apple_plain.eml")).lines[0] == "5 out"
    assert "Ann Example" not in read(fixture("thunderbird_html.eml")).lines
    assert "Ann Example" not in read(fixture("outlook_html.eml")).lines


def test_an_attachment_is_never_read() -> None:
    inbound = read(fixture("outlook_html.eml"))
    assert "board" not in inbound.body  # only in the attached notes.txt


def test_it_keeps_the_message_id_subject_and_recipients() -> None:
    inbound = read(fixture("gmail_plain.eml"))
    assert inbound.message_id == "<CAF1gmail001@mail.gmail.com>"
    assert inbound.subject == "Re: Your move in Fearsome Floors"
    assert inbound.recipients == [TO]


@pytest.mark.parametrize(("header", "envelope_sender", "reason"), [
    ("Auto-Submitted: auto-replied", None, "Auto-Submitted: auto-replied"),
    ("Auto-Submitted: auto-generated; owner-email=x@example.com", None, "Auto-Submitted"),
    ("Precedence: bulk", None, "Precedence: bulk"),
    ("Precedence: junk", None, "Precedence: junk"),
    ("Precedence: list", None, "Precedence: list"),
    ("X-Autoreply: yes", None, "auto-reply"),
    ("Return-Path: <>", None, "null sender"),
    ("X-Other: 1", "", "null sender"),
])
def test_machine_made_mail_is_recognised(header: str, envelope_sender: str | None,
                                         reason: str) -> None:
    raw = f"{header}\n".encode() + fixture("outlook_plain.eml")
    inbound = read(raw, envelope_sender)
    assert inbound.automatic is not None and reason in inbound.automatic


def test_auto_submitted_no_is_a_person() -> None:
    raw = b"Auto-Submitted: no\n" + fixture("outlook_plain.eml")
    assert read(raw).automatic is None


def test_bounces_are_recognised() -> None:
    bounce = (b"From: Mail Delivery System <MAILER-DAEMON@mx.example.com>\nTo: " + TO.encode()
              + b"\nSubject: Undelivered\nContent-Type: multipart/report; report-type="
              b"delivery-status; boundary=b\n\n--b\nContent-Type: text/plain\n\nfailed\n--b--\n")
    assert "bounce" in (read(bounce).automatic or "")


def test_html_to_text_keeps_blocks_as_lines_and_drops_scripts() -> None:
    html = ("<html><head><title>t</title><style>p{}</style></head><body><p>red&nbsp;5</p>"
            "<script>board()</script><div>NNW</div><br>flip 1</body></html>")
    assert [line for line in html_to_text(html).splitlines() if line] == [
        "red 5", "NNW", "flip 1"]


def with_header(line: bytes) -> bytes:
    """Return the Gmail fixture with ``line`` in place of its Message-ID or Subject line."""
    name = line.partition(b":")[0]
    lines = fixture("gmail_plain.eml").split(b"\n")
    return b"\n".join(line if old.startswith(name + b":") else old for old in lines)


@pytest.mark.parametrize("raw", [
    nested_reply(TO, 1000), nested_reply(TO, 1000, "multipart/mixed"),
    many_parts_reply(TO, 10_000),
], ids=["message-1000-deep", "multipart-1000-deep", "10000-parts"])
def test_a_message_built_beyond_any_reply_is_unreadable(raw: bytes) -> None:
    with pytest.raises(Unreadable, match=f"more than {MAX_PARTS} parts"):
        read(raw)


def test_the_depth_limit_is_exact() -> None:
    assert read(nested_reply(TO, MAX_DEPTH, "multipart/mixed")).lines == ["board"]
    with pytest.raises(Unreadable, match=f"nested more than {MAX_DEPTH} deep"):
        read(nested_reply(TO, MAX_DEPTH + 1, "multipart/mixed"))
    with pytest.raises(Unreadable, match=f"nested more than {MAX_DEPTH} deep"):
        read(nested_reply(TO, MAX_DEPTH + 1))


def test_the_part_limit_is_exact() -> None:
    assert read(many_parts_reply(TO, MAX_PARTS - 1)).lines == ["board"]  # and the message
    with pytest.raises(Unreadable, match=f"more than {MAX_PARTS} parts"):
        read(many_parts_reply(TO, MAX_PARTS))


@pytest.mark.parametrize("line", [
    b"Content-Type: text/plain; charset=utf-8 " + b"(" * 2000 + b")" * 2000,
    b"From: " + b"(" * 2000 + b")" * 2000 + b" ann@example.com",
], ids=["content-type", "from"])
def test_a_header_nested_too_deep_for_the_email_package_is_unreadable(line: bytes) -> None:
    with pytest.raises(Unreadable, match="nested too deep"):
        read(with_header(line))


@pytest.mark.parametrize("value", [
    b"=?utf-8?q?<a=0D=0Ab@example.com>?=", b"=?utf-8?q?<a=0Ab@example.com>?=",
    b"=?utf-8?q?<a=E2=80=A8b@example.com>?=", b"<a\x1cb@example.com>",
    b"<a\x0bb@example.com>", b"<a b@example.com>", b"<\xc3\xa9t\xc3\xa9@example.com>",
    b"no-brackets@example.com", b"<no-at-sign>", b"<a@>", b"<a<b@example.com>",
    b"<" + b"a" * (MAX_MESSAGE_ID - 13) + b"@example.com>", b"=?utf-8?q?=0D=0A?=",
], ids=["crlf", "lf", "line-separator", "file-separator", "vertical-tab", "space",
        "non-ascii", "no-brackets", "no-at", "empty-right", "angle-inside", "too-long",
        "only-crlf"])
def test_a_message_id_that_is_not_a_well_formed_msg_id_is_dropped(value: bytes) -> None:
    assert read(with_header(b"Message-ID: " + value)).message_id is None


def test_a_well_formed_message_id_up_to_the_limit_is_kept() -> None:
    longest = "<" + "a" * (MAX_MESSAGE_ID - 14) + "@example.com>"
    assert len(longest) == MAX_MESSAGE_ID
    assert read(with_header(b"Message-ID: " + longest.encode())).message_id == longest
    assert read(with_header(b"Message-ID:  <x.y+z=1$@[10.0.0.1]> ")).message_id == \
        "<x.y+z=1$@[10.0.0.1]>"


def test_bidirectional_and_control_characters_are_taken_out_of_the_subject() -> None:
    subject = ("Re: \u202eevom\u202c \u2066ruoY\u2069 \u202a\u202b\u202d\u2067\u2068"
               "\u200e\u200f\u061cin\x00\x07\x1b\x7f\x85\x9f\tFearsome\u2028Floors \u00e9t\u00e9")
    encoded = email.header.Header(subject, "utf-8").encode()
    inbound = read(with_header(b"Subject: " + encoded.encode()))
    assert inbound.subject == "Re: evom ruoY in Fearsome Floors \u00e9t\u00e9"

"""service.mailin.parse: the player's own lines out of replies as common mail clients quote."""

from __future__ import annotations

import pytest

from service.mailin.parse import html_to_text, read
from tests.mailin.helpers import FIXTURES

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

"""worker.mail.message: multipart text + HTML, the headers, a Message-ID stable across retries."""

from __future__ import annotations

import email
import email.policy
import re
from pathlib import Path

import pytest

from service import create_app
from service.features.mail.notices import list_headers
from service.plumbing.tokens import new_game_id
from tests.support.keys import TEST_SECRET_KEY
from tests.support.ports import HOST
from tests.support.smtp_server import SmtpServer
from worker.mail.message import BadMessage, build_message, message_id, recipients
from worker.mail.transport import SmtpSettings, send_smtp

SENDER = "Fearsome Floors <ff@mail.example>"
PAYLOAD = {
    "to": "ann@example.com", "subject": "Your move in Fearsome Floors",
    "text": "Hello Ann,\nit is your turn.\n", "html": "<p>Hello Ann, it is your turn.</p>",
    "reply_to": "game+abc@mail.example",
    "headers": {"List-Unsubscribe": "<https://ff.example/api/v1/unsubscribe/x>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
}


LONG_PUBLIC_URL = "https://play.fearsome-floors.example.org/" + "a-long-path/" * 6 + "ff-1234"
MAILTO = "unsubscribe@fearsome-floors.example.org"
LONG_ID = "<" + "x" * 236 + "@example.com>"  # 250 characters: the longest id kept


def parsed(payload: dict, key: str = "mail:g:0:turn:3") -> email.message.EmailMessage:
    """Build the message and read it back from its bytes, as a receiver would."""
    raw = build_message(payload, key, SENDER).as_bytes()
    return email.message_from_bytes(raw, policy=email.policy.default)


def test_it_is_multipart_alternative_with_the_text_first_and_the_html_second() -> None:
    message = parsed(PAYLOAD)
    assert message.get_content_type() == "multipart/alternative"
    parts = [(p.get_content_type(), p.get_content().replace("\r\n", "\n"))
             for p in message.iter_parts()]
    assert parts == [("text/plain", PAYLOAD["text"]), ("text/html", PAYLOAD["html"] + "\n")]


def test_it_carries_the_addresses_and_the_list_headers() -> None:
    message = parsed(PAYLOAD)
    assert message["From"] == SENDER
    assert message["To"] == "ann@example.com"
    assert message["Reply-To"] == "game+abc@mail.example"
    assert message["Subject"] == "Your move in Fearsome Floors"
    assert message["List-Unsubscribe"] == "<https://ff.example/api/v1/unsubscribe/x>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["Auto-Submitted"] == "auto-generated"
    assert message["Date"]


def test_the_message_id_depends_on_the_dedupe_key_alone() -> None:
    first = parsed(PAYLOAD)["Message-ID"]
    assert parsed(PAYLOAD)["Message-ID"] == first  # a retry: the same id
    assert parsed({**PAYLOAD, "subject": "changed"})["Message-ID"] == first
    assert parsed(PAYLOAD, "mail:g:0:turn:4")["Message-ID"] != first
    assert first == message_id("mail:g:0:turn:3", "mail.example")
    assert first.endswith("@mail.example>")


def test_mails_of_one_thread_refer_to_its_first_mail() -> None:
    root = message_id("invite:g:0", "mail.example")
    first = parsed({**PAYLOAD, "thread": "invite:g:0"}, "invite:g:0")
    assert first["Message-ID"] == root and first["References"] is None  # it is the first
    later = parsed({**PAYLOAD, "thread": "invite:g:0"})
    assert (later["References"], later["In-Reply-To"]) == (root, root)
    answer = parsed({**PAYLOAD, "thread": "invite:g:0", "headers": {
        "In-Reply-To": "<ann-1@example.com>", "References": "<ann-1@example.com>"}})
    assert answer["In-Reply-To"] == "<ann-1@example.com>"  # it answers the player's mail
    assert answer["References"] == f"{root} <ann-1@example.com>"
    assert parsed(PAYLOAD)["References"] is None  # no thread, no reference


def test_a_text_only_payload_is_a_single_text_part() -> None:
    message = parsed({"to": "bob@example.com", "subject": "Hi", "text": "Hello\n"})
    assert message.get_content_type() == "text/plain"
    assert message["Reply-To"] is None


def test_it_names_the_recipients_by_bare_address() -> None:
    message = build_message({**PAYLOAD, "to": "Ann <ann@example.com>"}, "k", SENDER)
    assert recipients(message) == ["ann@example.com"]


@pytest.mark.parametrize(("payload", "words"), [
    ({"to": "a@example.com", "subject": "s"}, "'text'"),
    ({**PAYLOAD, "headers": {"Bcc": "spy@example.com"}}, "'Bcc'"),
    ({**PAYLOAD, "subject": "two\nlines"}, "cannot be built"),
], ids=["no-text", "header-not-allowed", "line-break-in-subject"])
def test_it_refuses_a_payload_that_cannot_become_an_email(payload: dict, words: str) -> None:
    with pytest.raises(BadMessage, match=words):
        build_message(payload, "k", SENDER)


def seat_list_headers(tmp_path: Path, mailto: str | None) -> dict[str, str]:
    """Return a seat's list headers as the service writes them, under a long PUBLIC_URL."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}",
                      "SECRET_KEY": TEST_SECRET_KEY, "PUBLIC_URL": LONG_PUBLIC_URL,
                      "MAIL_UNSUBSCRIBE_MAILTO": mailto})
    with app.app_context():
        return list_headers(new_game_id(), 0)


def as_clients_read(raw: bytes, name: str) -> list[str]:
    """Return the header ``name`` of ``raw`` unfolded (RFC 5322 2.2.3), as read under the
    default policy and under compat32, which keeps the folds."""
    return [re.sub(r"\r?\n(?=[ \t])", "", str(email.message_from_bytes(raw, policy=policy)[name]))
            for policy in (email.policy.default, email.policy.compat32)]


def assert_folded_plain(raw: bytes, name: str, value: str) -> None:
    """Check that ``name`` reads back exactly as ``value``, folded without encoded-words, and
    that no line of the header block is over 998 octets."""
    assert as_clients_read(raw, name) == [value, value]
    head = raw.partition(b"\r\n\r\n")[0]
    assert b"=?" not in head
    assert max(len(line) for line in head.split(b"\r\n")) <= 998


@pytest.mark.parametrize("mailto", [None, MAILTO], ids=["https", "https-and-mailto"])
def test_list_unsubscribe_under_a_long_public_url_is_folded_plain(tmp_path: Path,
                                                                  mailto: str | None) -> None:
    headers = seat_list_headers(tmp_path, mailto)
    value = headers["List-Unsubscribe"]
    assert len(LONG_PUBLIC_URL) == 120 and value.startswith(f"<{LONG_PUBLIC_URL}/api/v1/")
    assert value.endswith(">") and ("<mailto:" in value) == (mailto is not None)
    raw = build_message({**PAYLOAD, "headers": headers}, "mail:g:0:turn:3", SENDER).as_bytes()
    assert_folded_plain(raw, "List-Unsubscribe", value)
    if mailto is not None:  # folded after the comma, between the two targets
        assert b">,\r\n <mailto:" in raw


def test_list_unsubscribe_through_a_real_smtp_server_is_folded_plain(
        tmp_path: Path, smtp_server: SmtpServer) -> None:
    headers = seat_list_headers(tmp_path, MAILTO)
    send_smtp(build_message({**PAYLOAD, "headers": headers}, "mail:g:0:turn:3", SENDER),
              SmtpSettings(HOST, smtp_server.port, tls="none", timeout=5))
    [received] = smtp_server.wait_for(1)
    assert_folded_plain(received.raw, "List-Unsubscribe", headers["List-Unsubscribe"])


@pytest.mark.parametrize("references", [LONG_ID, f"<short@example.com> {LONG_ID} {LONG_ID}"],
                         ids=["one-long-id", "three-ids"])
def test_in_reply_to_and_references_with_long_ids_are_folded_plain(references: str) -> None:
    headers = {"Auto-Submitted": "auto-replied", "In-Reply-To": LONG_ID,
               "References": references}
    raw = build_message({**PAYLOAD, "headers": headers}, "mailin:7:reply", SENDER).as_bytes()
    assert_folded_plain(raw, "In-Reply-To", LONG_ID)
    assert_folded_plain(raw, "References", references)


def test_a_list_header_that_cannot_be_folded_plain_is_still_sent() -> None:
    value = "<https://ff.example/" + "x" * 1000 + ">"  # a single target over 998 octets
    raw = build_message({**PAYLOAD, "headers": {"List-Unsubscribe": value}}, "k",
                        SENDER).as_bytes()
    assert max(len(line) for line in raw.split(b"\r\n")) <= 998
    assert email.message_from_bytes(raw, policy=email.policy.default)["List-Unsubscribe"] == value

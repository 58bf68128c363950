"""worker.mail.message: multipart text + HTML, the headers, a Message-ID stable across retries."""

from __future__ import annotations

import email
import email.policy

import pytest

from worker.mail.message import BadMessage, build_message, message_id, recipients

SENDER = "Fearsome Floors <ff@mail.example>"
PAYLOAD = {
    "to": "ann@example.com", "subject": "Your move in Fearsome Floors",
    "text": "Hello Ann,\nit is your turn.\n", "html": "<p>Hello Ann, it is your turn.</p>",
    "reply_to": "game+abc@mail.example",
    "headers": {"List-Unsubscribe": "<https://ff.example/api/v1/unsubscribe/x>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
}


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

"""service.features.mailin.mailbox and .imap_connection: the IMAP door's connection to a real
Dovecot: TLS, its folders, reading without marking, moving, and IDLE."""

from __future__ import annotations

import ssl
import threading
import time
from dataclasses import replace
from typing import Any

import pytest

from service.features.mailin.imap_connection import mailbox_name
from service.features.mailin.mailbox import ImapSettings, Mailbox, SettingsError
from service.plumbing.config import DEFAULTS
from tests.support.dovecot_server import PASSWORD, USER, DovecotServer

MESSAGE = (b"From: Ann <ann@example.com>\r\nTo: play+x@mail.example\r\n"
           b"Subject: hello\r\nMessage-ID: <m1@example.com>\r\n\r\ngreen 5 +\r\n")


def settings_of(server: DovecotServer, tls: str = "starttls", **overrides: Any) -> ImapSettings:
    """Return settings that reach ``server``'s account, trusting its certificate."""
    settings = ImapSettings(
        host=server.host, port=server.ssl_port if tls == "ssl" else server.port, tls=tls,
        username=USER, password=PASSWORD, folder="INBOX", done_folder="ff-handled",
        failed_folder="ff-failed", poll_seconds=0.2, idle_seconds=540,
        ca_file=str(server.ca_file))
    return replace(settings, **overrides)


def config(**overrides: Any) -> dict[str, Any]:
    """Return the defaults with a mailbox named, and ``overrides``."""
    return {**DEFAULTS, "MAILIN_IMAP_HOST": "imap.example.org", "MAILIN_IMAP_USERNAME": "play",
            "MAILIN_IMAP_PASSWORD": "app-password", **overrides}


@pytest.mark.parametrize("tls", ["ssl", "starttls", "none"])
def test_it_connects_in_each_tls_mode_and_selects_the_folder(imap_server: DovecotServer,
                                                              tls: str) -> None:
    with Mailbox.connect(settings_of(imap_server, tls)) as mailbox:
        assert mailbox.has_idle and "MOVE" in mailbox.capabilities
        assert mailbox.uids() == []
        assert mailbox.validity > 0
        assert mailbox.connection.state == "SELECTED"


def test_a_certificate_it_does_not_trust_is_refused(imap_server: DovecotServer) -> None:
    with pytest.raises(ssl.SSLCertVerificationError):
        Mailbox.connect(settings_of(imap_server, "ssl", ca_file=None))  # the system's CAs
    with pytest.raises(ssl.SSLCertVerificationError):
        Mailbox.connect(settings_of(imap_server, "starttls", ca_file=None))


def test_it_makes_the_done_and_failed_folders_once_with_any_name(
        imap_server: DovecotServer) -> None:
    settings = settings_of(imap_server, done_folder="Fearsome Floors & Co ✓",
                           failed_folder='Ärger "kaputt"')
    for _time in range(2):
        with Mailbox.connect(settings):
            pass
    # Names beyond ASCII travel as modified UTF-7 (RFC 3501 5.1.3), and back.
    assert imap_server.folders() == {"INBOX", "Fearsome Floors &- Co &JxM-",
                                     '&AMQ-rger "kaputt"'}


def test_mailbox_names_are_written_as_rfc_3501_says() -> None:
    assert mailbox_name("INBOX") == '"INBOX"'
    assert mailbox_name("~peter/mail/台北/日本語") == '"~peter/mail/&U,BTFw-/&ZeVnLIqe-"'
    assert mailbox_name('a&b "c" \\') == '"a&-b \\"c\\" \\\\"'


def test_reading_headers_and_bodies_leaves_a_message_unseen(imap_server: DovecotServer) -> None:
    imap_server.deliver(MESSAGE, to="play+x@mail.example", sender="ann@example.com")
    with Mailbox.connect(settings_of(imap_server)) as mailbox:
        [uid] = mailbox.uids()
        [headers] = mailbox.headers([uid])
        assert headers.uid == uid and headers.size == len(imap_server.messages()[0][1])
        assert headers.message["Delivered-To"] == "play+x@mail.example"
        assert headers.message["Return-Path"] == "<ann@example.com>"
        assert mailbox.body(uid) == imap_server.messages()[0][1]
        assert mailbox.body(uid + 1) is None  # no such message
    [(flags, _raw)] = imap_server.messages()
    assert "\\Seen" not in flags


def test_idle_wakes_as_soon_as_mail_arrives(imap_server: DovecotServer) -> None:
    with Mailbox.connect(settings_of(imap_server)) as mailbox:
        assert mailbox.uids() == []
        delivery = threading.Timer(0.5, imap_server.deliver, (MESSAGE,))
        delivery.start()
        started = time.monotonic()
        news = mailbox.idle(60, lambda: False, lambda: None)
        delivery.join()
        assert news and time.monotonic() - started < 10
        assert len(mailbox.uids()) == 1


def test_idle_ends_after_its_time_or_when_told_and_the_connection_goes_on(
        imap_server: DovecotServer) -> None:
    beats: list[float] = []
    with Mailbox.connect(settings_of(imap_server)) as mailbox:
        started = time.monotonic()
        assert not mailbox.idle(2.5, lambda: False, lambda: beats.append(time.monotonic()))
        assert 2.5 <= time.monotonic() - started < 5
        assert len(beats) >= 2  # about every second
        assert not mailbox.idle(60, lambda: True, lambda: None)  # stopping: at once
        imap_server.deliver(MESSAGE)
        assert len(mailbox.uids()) == 1  # the connection works after IDLE


def test_a_server_without_move_gets_a_copy_and_only_that_message_is_expunged(
        imap_server_without_idle: DovecotServer) -> None:
    server = imap_server_without_idle
    server.deliver(MESSAGE)
    server.deliver(MESSAGE.replace(b"<m1@", b"<m2@"))
    person = server.client()  # someone flags the first deleted and does not expunge
    person.select("INBOX")
    person.store("1", "+FLAGS", r"(\Deleted)")
    person.logout()
    with Mailbox.connect(settings_of(server)) as mailbox:
        assert not mailbox.has_idle
        assert "MOVE" not in mailbox.capabilities and "UIDPLUS" in mailbox.capabilities
        [ours] = mailbox.uids()  # a message flagged deleted is passed over
        mailbox.move(ours, "ff-handled")
        assert mailbox.uids() == []
    assert [b"<m2@" in raw for _flags, raw in server.messages("ff-handled")] == [True]
    [(flags, raw)] = server.messages()  # the person's deleted message is still there
    assert b"<m1@" in raw and "\\Deleted" in flags


def test_without_uidplus_the_original_stays_flagged_deleted_and_is_passed_over(
        imap_server_without_idle: DovecotServer) -> None:
    server = imap_server_without_idle
    server.deliver(MESSAGE)
    with Mailbox.connect(settings_of(server)) as mailbox:
        mailbox.capabilities = mailbox.capabilities - {"UIDPLUS"}
        [uid] = mailbox.uids()
        mailbox.move(uid, "ff-handled")
        assert mailbox.uids() == []
    assert len(server.messages("ff-handled")) == 1
    [(flags, _raw)] = server.messages()
    assert "\\Deleted" in flags


def test_the_settings_come_from_the_config_with_the_tls_modes_port() -> None:
    settings = ImapSettings.from_config(config())
    assert (settings.port, settings.tls, settings.folder) == (993, "ssl", "INBOX")
    assert (settings.done_folder, settings.failed_folder) == ("ff-handled", "ff-failed")
    assert (settings.idle_seconds, settings.poll_seconds) == (540, 60)
    assert ImapSettings.from_config(config(MAILIN_IMAP_TLS="starttls")).port == 143
    assert ImapSettings.from_config(config(MAILIN_IMAP_PORT=1143)).port == 1143
    # The password is in neither what the settings show nor what they say.
    assert "app-password" not in repr(settings) + settings.describe()


@pytest.mark.parametrize(("overrides", "says"), [
    ({"MAILIN_IMAP_HOST": None}, "FF_MAILIN_IMAP_HOST is not set"),
    ({"MAILIN_IMAP_PASSWORD": ""}, "FF_MAILIN_IMAP_PASSWORD is not set"),
    ({"MAILIN_IMAP_PASSWORD": "pässword"}, "must be ASCII"),
    ({"MAILIN_IMAP_TLS": "tls"}, "choose ssl, starttls or none"),
    ({"MAILIN_IMAP_IDLE_SECONDS": 1800}, r"to 1740 \(29 minutes\)"),
    ({"MAILIN_IMAP_POLL_SECONDS": 0}, "more than 0"),
    ({"MAILIN_IMAP_DONE_FOLDER": "INBOX"}, "three different folders"),
])
def test_a_missing_or_wrong_setting_is_named(overrides: dict[str, Any], says: str) -> None:
    with pytest.raises(SettingsError, match=says):
        ImapSettings.from_config(config(**overrides))

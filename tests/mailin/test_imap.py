"""service.features.mailin.imap: the IMAP door, run in a thread against a real Dovecot, moves
the seat once per reply, moves only its own mail, and loses nothing when the connection
drops."""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.exc import OperationalError

from service.features.mailin import imap
from service.features.mailin.mailbox import ImapSettings, Mailbox
from tests.mailin.helpers import (
    LEGAL,
    actions_of,
    address_of,
    answers,
    inbound_rows,
    new_game,
    poison,
    reply,
)
from tests.mailin.test_mailbox import settings_of
from tests.support.dovecot_server import PASSWORD, DovecotServer

UNRELATED = (b"From: Bank <news@bank.example>\r\nTo: play@mail.example\r\n"
             b"Subject: Your statement\r\nMessage-ID: <statement@bank.example>\r\n\r\nHello\r\n")
WAIT = 15.0
# The door does the same on either database; the tests of what it promises (a reply moves the
# seat once, across a cut connection) run on both, the others on SQLite only.
ON_SQLITE = pytest.mark.parametrize("backend_app", ["sqlite"], indirect=True)


@pytest.fixture
def door_app(make_app: Callable[..., Flask]) -> Flask:
    """Return an app whose reply addresses are the Dovecot account's plus addresses."""
    return make_app(MAIL_REPLY_DOMAIN="mail.example", MAIL_INBOUND_MAX_BYTES=50_000)


@dataclass
class RunningDoor:
    """A door serving in a thread, and how often it said it was alive."""

    thread: threading.Thread
    stop: threading.Event
    beats: list[float] = field(default_factory=list)


@contextmanager
def door(app: Flask, settings: ImapSettings) -> Iterator[RunningDoor]:
    """Run the door for ``app`` in a thread until the block ends; it must stop within 10 s."""
    stop = threading.Event()
    beats: list[float] = []
    thread = threading.Thread(target=imap.run, args=(app, settings, stop,
                                                     lambda: beats.append(time.monotonic())))
    thread.start()
    try:
        yield RunningDoor(thread, stop, beats)
    finally:
        stop.set()
        thread.join(10)
        assert not thread.is_alive(), "the door did not stop"


def eventually(check: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
    """Return ``check()`` once it is true; fail saying ``what`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not (result := check()):
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(0.05)
    return result


def test_a_reply_in_the_mailbox_moves_the_figure_and_is_moved_once_handled(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer) -> None:
    game = new_game(client)
    to = address_of(door_app, game)
    assert to.startswith("play+") and to.endswith("@mail.example")
    imap_server.deliver(reply(to, LEGAL), to=to, sender="ann@example.com")
    with door(door_app, settings_of(imap_server)):
        eventually(lambda: imap_server.messages("ff-handled"), "the reply moved")
    assert actions_of(door_app, game) == ["green 5 +"]
    assert imap_server.messages() == []
    [(flags, _raw)] = imap_server.messages("ff-handled")
    assert "\\Seen" not in flags  # the door marks nothing
    [row] = inbound_rows(door_app)
    assert (row.status, row.duplicates) == ("applied", 0)
    [answer] = answers(door_app)
    assert "green 5 +" in answer["text"]  # the answer names the move made


@ON_SQLITE
def test_mail_that_is_not_ours_is_left_as_it_was(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer) -> None:
    game = new_game(client)
    to = address_of(door_app, game)
    imap_server.deliver(UNRELATED, to="play@mail.example")
    imap_server.deliver(UNRELATED.replace(b"statement@", b"other@"))  # no Delivered-To at all
    imap_server.deliver(reply(to, LEGAL), to=to)
    with door(door_app, settings_of(imap_server)):
        eventually(lambda: imap_server.messages("ff-handled"), "the reply moved")
    left = imap_server.messages()
    assert [b"Your statement" in raw for _flags, raw in left] == [True, True]
    for flags, _raw in left:
        assert not flags & {"\\Seen", "\\Flagged", "\\Deleted", "\\Answered"}
    assert len(inbound_rows(door_app)) == 1


@ON_SQLITE
def test_a_reply_named_only_in_delivered_to_is_ours(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer) -> None:
    game = new_game(client)
    to = address_of(door_app, game)
    hidden = reply("Friends <friends@example.com>", LEGAL)  # the address was a Bcc
    imap_server.deliver(hidden, to=to)
    with door(door_app, settings_of(imap_server)):
        eventually(lambda: imap_server.messages("ff-handled"), "the reply moved")
    assert actions_of(door_app, game) == ["green 5 +"]


@ON_SQLITE
def test_the_door_waits_in_idle_and_takes_new_mail_at_once(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer) -> None:
    game = new_game(client)
    to = address_of(door_app, game)
    settings = settings_of(imap_server, poll_seconds=600)  # polling would take ten minutes
    with door(door_app, settings) as running:
        eventually(lambda: len(running.beats) >= 3, "the door idles")
        delivered = time.monotonic()
        imap_server.deliver(reply(to, LEGAL), to=to)
        eventually(lambda: imap_server.messages("ff-handled"), "the reply moved")
        assert time.monotonic() - delivered < 5
    assert actions_of(door_app, game) == ["green 5 +"]


@ON_SQLITE
def test_the_door_leaves_idle_and_enters_it_again_after_its_time(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(client)
    to = address_of(door_app, game)
    idle = Mailbox.idle
    idles: list[float] = []

    def counting(mailbox: Mailbox, seconds: float, *args: Any) -> bool:
        idles.append(seconds)
        return idle(mailbox, seconds, *args)

    monkeypatch.setattr(Mailbox, "idle", counting)
    with door(door_app, settings_of(imap_server, idle_seconds=0.5, poll_seconds=600)):
        eventually(lambda: len(idles) >= 4, "IDLE entered again and again")
        imap_server.deliver(reply(to, LEGAL), to=to)
        eventually(lambda: imap_server.messages("ff-handled"), "the reply moved")
    assert set(idles) == {0.5}
    assert actions_of(door_app, game) == ["green 5 +"]


@ON_SQLITE
def test_it_polls_a_server_without_idle_and_copies_where_there_is_no_move(
        door_app: Flask, client: FlaskClient, imap_server_without_idle: DovecotServer,
        caplog: pytest.LogCaptureFixture) -> None:
    server = imap_server_without_idle
    game = new_game(client)
    to = address_of(door_app, game)
    caplog.set_level(logging.INFO, logger=imap.__name__)
    with door(door_app, settings_of(server, poll_seconds=0.5)) as running:
        eventually(lambda: len(running.beats) >= 2, "the door polls")
        server.deliver(reply(to, LEGAL), to=to)
        eventually(lambda: server.messages("ff-handled"), "the reply copied")
    assert actions_of(door_app, game) == ["green 5 +"]
    assert server.messages() == []  # copied, then removed by UID EXPUNGE
    assert "polling every 0.5 s" in caplog.text


def test_a_connection_cut_between_the_commit_and_the_move_leaves_the_reply_to_be_seen_again(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer,
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    game = new_game(client)
    to = address_of(door_app, game)
    move = Mailbox.move
    cuts: list[int] = []

    def cut_before_the_first_move(mailbox: Mailbox, uid: int, folder: str) -> None:
        if not cuts:  # the move was made (committed); the connection drops before the move
            cuts.append(uid)
            mailbox.connection.sock.shutdown(socket.SHUT_RDWR)
        move(mailbox, uid, folder)

    monkeypatch.setattr(Mailbox, "move", cut_before_the_first_move)
    imap_server.deliver(reply(to, LEGAL), to=to)
    with door(door_app, settings_of(imap_server)):
        eventually(lambda: imap_server.messages("ff-handled"), "the reply moved")
    assert cuts and "connecting again in 1 s" in caplog.text
    # Handled twice, applied once: the second time the service found it logged.
    assert actions_of(door_app, game) == ["green 5 +"]
    [row] = inbound_rows(door_app)
    assert (row.status, row.duplicates) == ("applied", 1)
    assert len(answers(door_app)) == 1
    assert imap_server.messages() == [] and len(imap_server.messages("ff-handled")) == 1


@ON_SQLITE
def test_it_connects_again_after_the_server_restarts(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=imap.__name__)
    game = new_game(client)
    to = address_of(door_app, game)
    with door(door_app, settings_of(imap_server)) as running:
        eventually(lambda: running.beats, "the door idles")
        imap_server.restart()  # the IDLE connection is cut
        imap_server.deliver(reply(to, LEGAL), to=to)
        eventually(lambda: imap_server.messages("ff-handled"), "the reply moved")
    assert actions_of(door_app, game) == ["green 5 +"]
    assert caplog.text.count("reading play@mail.example") == 2
    assert "connecting again in 1 s" in caplog.text


@ON_SQLITE
def test_mail_that_can_never_be_handled_goes_to_the_failed_folder(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer,
        caplog: pytest.LogCaptureFixture) -> None:
    game = new_game(client)
    to = address_of(door_app, game)
    imap_server.deliver(poison("message-1000-deep", to), to=to)
    imap_server.deliver(reply(to, "board\n" + "x" * 60_000), to=to)  # over 50,000 bytes
    with door(door_app, settings_of(imap_server)):
        eventually(lambda: len(imap_server.messages("ff-failed")) == 2, "both failed")
    assert imap_server.messages() == [] and imap_server.messages("ff-handled") == []
    assert "can never be handled (it has more than 100 parts)" in caplog.text
    assert "at most 50000 are read (FF_MAIL_INBOUND_MAX_BYTES)" in caplog.text
    assert actions_of(door_app, game) == []


@ON_SQLITE
def test_a_reply_met_while_the_database_is_down_stays_and_is_taken_later(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer,
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    game = new_game(client)
    to = address_of(door_app, game)
    receive = imap.receive
    calls: list[int] = []

    def database_down_once(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("SELECT 1", {}, ConnectionRefusedError("connection refused"))
        return receive(*args)

    monkeypatch.setattr(imap, "receive", database_down_once)
    imap_server.deliver(reply(to, LEGAL), to=to)
    with door(door_app, settings_of(imap_server, poll_seconds=0.5)):
        eventually(lambda: imap_server.messages("ff-handled"), "the reply moved")
    assert len(calls) == 2
    assert "deferred, the database is unavailable: connection refused" in caplog.text
    assert actions_of(door_app, game) == ["green 5 +"]


@ON_SQLITE
def test_a_reply_that_fails_on_a_bug_goes_to_the_failed_folder_with_its_traceback(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer,
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    game = new_game(client)
    to = address_of(door_app, game)

    def bug(*args: Any) -> Any:
        raise KeyError("a bug")

    monkeypatch.setattr(imap, "receive", bug)
    imap_server.deliver(reply(to, LEGAL), to=to)
    with door(door_app, settings_of(imap_server)):
        eventually(lambda: imap_server.messages("ff-failed"), "the reply failed")
    [record] = [r for r in caplog.records if r.exc_info]
    assert "could not be handled; moving it to 'ff-failed'" in record.getMessage()


@ON_SQLITE
def test_mail_not_ours_is_looked_at_once_however_many_passes(
        door_app: Flask, client: FlaskClient, imap_server: DovecotServer,
        monkeypatch: pytest.MonkeyPatch) -> None:
    for number in range(imap.BATCH + 5):
        imap_server.deliver(UNRELATED.replace(b"statement@", b"s%d@" % number))
    looked: list[int] = []
    headers = Mailbox.headers

    def counting(mailbox: Mailbox, uids: Any) -> Any:
        looked.extend(uids)
        return headers(mailbox, uids)

    monkeypatch.setattr(Mailbox, "headers", counting)
    the_door = imap.Door(door_app, settings_of(imap_server))
    with Mailbox.connect(settings_of(imap_server)) as mailbox:
        for _pass in range(3):
            the_door.sweep(mailbox, threading.Event())
    assert len(looked) == len(set(looked)) == imap.BATCH + 5


@ON_SQLITE
def test_the_password_is_never_logged(
        door_app: Flask, imap_server: DovecotServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    wrong = settings_of(imap_server, password="not-the-" + PASSWORD)
    with door(door_app, wrong) as running:
        eventually(lambda: "connecting again in 2 s" in caplog.text, "two failed logins")
        assert running.beats == []  # no heartbeat while the mailbox cannot be reached
    assert "AUTHENTICATIONFAILED" in caplog.text
    with door(door_app, settings_of(imap_server)) as running:
        eventually(lambda: running.beats, "the door idles")
    assert PASSWORD not in caplog.text

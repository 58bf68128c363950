"""Play by mail through real parts: the seat's commands, and one mail per turn.

The service runs as in production (gunicorn, a Celery worker on Redis, beat, PostgreSQL)
with its SMTP receiver (``python -m worker.smtpd``), its mail going to a real SMTP server on
loopback. Players write to the receiver as a mail client does, answering the last mail they
got. Each command a seat can use by mail (``nudge``, ``back``, ``plan``, ``plan clear``,
``answers all`` / ``answers needed``, and a line not understood) is sent and its answer and
its effect read back; and a short game against the computer counts every mail its player
gets: a "your move" per turn and no answer, until the player asks for every answer.
"""

from __future__ import annotations

import smtplib
import time
from collections.abc import Callable
from email.message import Message

import requests

from deploy.production_shape import Stack
from engine import action_from_dict, format_action
from tests.service.helpers import a_legal_action
from tests.support.api_player import ApiGame
from tests.support.mail_client import body_of, reply_to
from tests.support.ports import HOST
from tests.support.smtp_server import SmtpServer
from tests.worker.stack_db import StackDatabase

ANN, BOB = "ann@example.com", "bob@example.com"
WAIT = 60.0
ANSWER_KIND = "mail_reply"  # service.features.mailin.replies.TOPIC, in X-FF-Kind


class Mailbox:
    """One player's mail, as the SMTP server got it, and their replies to the receiver."""

    def __init__(self, server: SmtpServer, address: str, receiver_port: int) -> None:
        self.server, self.address, self.port = server, address, receiver_port

    def mails(self) -> list[Message]:
        """Return every mail to this player, oldest first."""
        return [m.message for m in self.server.messages() if self.address in m.rcpt_tos]

    def answers(self) -> list[Message]:
        """Return the answers to this player's emails."""
        return [m for m in self.mails() if m["X-FF-Kind"] == ANSWER_KIND]

    def others(self) -> list[Message]:
        """Return the game's other mails to this player (invitation, your move, monster...)."""
        return [m for m in self.mails() if m["X-FF-Kind"] != ANSWER_KIND]

    def wait(self, check: Callable[[], bool], what: str) -> None:
        """Wait until ``check()`` holds."""
        deadline = time.monotonic() + WAIT
        while not check():
            assert time.monotonic() < deadline, f"{self.address}: not within {WAIT} s: {what}"
            time.sleep(0.05)

    def write(self, text: str) -> Message:
        """Answer the last mail received with ``text``; return the answer to it, once it came
        (the reply must get one)."""
        before = len(self.answers())
        self.send(text)
        self.wait(lambda: len(self.answers()) > before, f"an answer to {text!r}")
        return self.answers()[-1]

    def send(self, text: str) -> None:
        """Answer the last mail received with ``text``, through the SMTP receiver."""
        with smtplib.SMTP(HOST, self.port, timeout=30) as smtp:
            smtp.send_message(reply_to(self.mails()[-1], self.address, text))


def start(make_stack: Callable[..., Stack], smtp_server: SmtpServer) -> Stack:
    """Start a stack that mails to the SMTP server fixture and receives mail by SMTP."""
    stack = make_stack(SMTP_HOST=HOST, SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                       MAIL_FROM="Fearsome Floors <ff@mail.example>", mailin=True)
    assert stack.mailin_port is not None
    return stack


def people(stack: Stack) -> ApiGame:
    """Create a game of Ann (seat 0, to move) and Bob (seat 1), both with an address."""
    return ApiGame.create(stack.base_url, name="Friday night",
                          seats=[{"name": "Ann", "email": ANN}, {"name": "Bob", "email": BOB}])


def set_language(game: ApiGame, seat: int, language: str) -> None:
    """Choose the seat's language on its page."""
    chosen = requests.put(game.url("/language"), json={"language": language}, timeout=30,
                          headers={"Authorization": f"Bearer {game.seat_tokens[seat]}"})
    assert chosen.status_code == 200, chosen.text


def text_of(message: Message) -> str:
    """Return a mail's plain text, on one line per line."""
    return body_of(message).replace("\r\n", "\n")


def test_a_player_nudges_plans_reads_and_drops_the_plan_in_german_by_mail(
        make_stack: Callable[..., Stack], smtp_server: SmtpServer) -> None:
    stack = start(make_stack, smtp_server)
    game = people(stack)
    set_language(game, 1, "de")
    assert stack.mailin_port is not None
    ann = Mailbox(smtp_server, ANN, stack.mailin_port)
    bob = Mailbox(smtp_server, BOB, stack.mailin_port)
    bob.wait(lambda: len(bob.mails()) == 1 and len(ann.mails()) == 1, "the invitations")

    nudged = bob.write("anstupsen")
    assert "Ann hat eine E-Mail bekommen" in text_of(nudged)
    ann.wait(lambda: len(ann.mails()) == 2, "Ann's nudge")
    assert str(ann.mails()[-1]["Subject"]).startswith("[Friday night] ")

    planned = bob.write("red 5 +WWWW\nred 4 +WWW")  # not his turn: both planned
    assert "1. red 5 +WWWW; 2. red 4 +WWW" in text_of(planned)
    shown = text_of(bob.write("Plan"))
    assert "1. red 5 +WWWW; 2. red 4 +WWW" in shown
    assert "'plan löschen'" in shown  # named in his words, and read back:
    assert "Dein Zugplan wurde verworfen" in text_of(bob.write("plan löschen"))
    view = requests.get(game.url("/plan"), timeout=30,
                        headers={"Authorization": f"Bearer {game.seat_tokens[1]}"}).json()
    assert view["lines"] == []

    puzzled = text_of(bob.write("Wie bitte?"))
    assert puzzled.startswith("Deine E-Mail wurde nicht verstanden")
    suggested = [line.split()[0] for line in puzzled.splitlines() if line.startswith("  ")]
    assert suggested[:3] == ["brett", "plan", "anstupsen"] and len(suggested) <= 8
    assert len(bob.answers()) == 5 and len(ann.mails()) == 2  # one answer each, no more


def test_a_player_takes_the_seat_back_from_the_computer_by_mail(
        make_stack: Callable[..., Stack], smtp_server: SmtpServer) -> None:
    stack = start(make_stack, smtp_server)
    game = people(stack)
    assert stack.mailin_port is not None
    ann = Mailbox(smtp_server, ANN, stack.mailin_port)
    bob = Mailbox(smtp_server, BOB, stack.mailin_port)
    bob.wait(lambda: len(bob.mails()) == 1 and len(ann.mails()) == 1, "the invitations")
    handed = requests.put(game.url("/seats/1/computer"), json={"level": "easy"}, timeout=30,
                          headers={"Authorization": f"Bearer {game.creator_token}"})
    assert handed.status_code == 200, handed.text

    # Ann's move: the computer plays Bob's, then it is Ann's turn: her "your move", no answer.
    ann.send(move_of(game))
    ann.wait(lambda: len(ann.mails()) == 2 and game.view()["to_move"] == 0, "Ann's turn again")
    assert ann.answers() == []

    back = text_of(bob.write("I'm back"))
    assert back.startswith("Your seat is yours again")
    assert game.view()["seats"][1]["computer"] is None
    # Ann moves again: Bob, a person now, is next: she is told in one line, he is asked.
    ann.send(move_of(game))
    ann.wait(lambda: len(ann.answers()) == 1, "Ann's answer")
    assert "was made; Bob is next." in text_of(ann.answers()[0])
    bob.wait(lambda: len(bob.others()) == 2, "Bob's your move")
    bob.send(move_of(game))
    bob.wait(lambda: game.view()["to_move"] != 1, "Bob's move by mail")


def move_of(game: ApiGame) -> str:
    """Return a legal move of the seat to act, in the notation, once the game waits for one."""
    deadline = time.monotonic() + WAIT
    view = game.view()
    while not (view["phase"] == "figures" and view["to_move"] is not None):
        assert time.monotonic() < deadline, "the game waits for no seat"
        time.sleep(0.05)
        view = game.view()
    return format_action(action_from_dict(a_legal_action(view)))


def test_a_short_game_against_the_computer_by_mail_gets_one_mail_per_turn(
        make_stack: Callable[..., Stack], smtp_server: SmtpServer) -> None:
    """Ann plays ten turns by mail against the computer: each turn she gets one mail (her
    "your move", or the invitation first), and one after each monster phase that she does
    not begin; no answer. Then she asks for every answer (by mail) and gets one for each of
    her next three moves; then asks for the needed ones only and gets none for two more."""
    stack = start(make_stack, smtp_server)
    game = ApiGame.create(stack.base_url, name="Friday night",
                          seats=[{"name": "Ann", "email": ANN}, {"computer": "easy"}])
    assert stack.mailin_port is not None
    ann = Mailbox(smtp_server, ANN, stack.mailin_port)
    database = StackDatabase(stack)
    moves = 0
    # Ann hears of every monster phase: her move before one then needs no answer either.
    assert requests.put(game.url("/notifications"), json={"email_mode": "every_event"},
                        headers={"Authorization": f"Bearer {game.seat_tokens[0]}"},
                        timeout=30).status_code == 200

    def play(until: int) -> None:
        """Make moves until Ann has made ``until``, each once the game waits for her and
        every mail written so far has arrived (her "your move" is in her mailbox); and wait
        so once more."""
        nonlocal moves
        while True:
            ann.wait(lambda: ann_to_move(game) and all_sent(database, smtp_server),
                     "Ann's turn and her mail")
            if moves == until:
                return
            ann.send(move_of(game))
            moves += 1

    try:
        play(10)
        topics = topics_to(database, game.id, 0)
        assert topics.count("invite") == 1 and topics.count("turn") == moves
        assert topics.count(ANSWER_KIND) == 0 and ann.answers() == []
        assert len(ann.mails()) == 1 + moves + topics.count("monster")
        assert topics.count("monster") <= monster_phases(game)

        assert "You get an answer to every email" in text_of(ann.write("answers all"))
        play(13)
        made = ann.answers()[1:]
        assert [text_of(m).splitlines()[0] for m in made] == ["Your move was made"] * 3
        assert all("Done: " in text_of(m) for m in made)  # with the new board

        assert "only when you need one" in text_of(ann.write("answers needed"))
        play(15)
        assert len(ann.answers()) == 5  # the two settings and the three moves between them
        assert topics_to(database, game.id, 0).count("turn") == moves == 15
    finally:
        database.close()


def ann_to_move(game: ApiGame) -> bool:
    """True when the game waits for Ann (seat 0) in the figure phase."""
    view = game.view()
    return bool(view["phase"] == "figures" and view["to_move"] == 0)


def all_sent(database: StackDatabase, server: SmtpServer) -> bool:
    """True when every email the service wrote has been sent and received."""
    emails = database.outbox("email")
    return all(row.status == "sent" for row in emails) and len(server.messages()) == len(emails)


def topics_to(database: StackDatabase, game_id: str, seat: int) -> list[str]:
    """Return what each email written to the seat of the game was (its topic), in order."""
    return [row.payload.get("topic", "") for row in database.outbox("email")
            if row.payload.get("game_id") == game_id and row.payload.get("seat") == seat]


def monster_phases(game: ApiGame) -> int:
    """Return how many monster phases the game has had (its game turn, less one)."""
    return int(game.view()["position"]["game_turn"]) - 1

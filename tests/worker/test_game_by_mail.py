"""A whole two-player game played by mail only, to its end, through real parts.

The service runs as in production (gunicorn, a Celery worker on Redis, beat, PostgreSQL),
with its SMTP receiver (``python -m worker.smtpd``) as a process of its own and its
mail going out to a real SMTP server on loopback. Two players only read their mail: each
time a mail tells one it is their move, they reply to the last mail they received (whatever
it was) with the first example move that mail gave, and nothing else; once one also says
something to the table. The test checks that the game ends, that every move was made once,
that every mail to a seat is answerable and in one thread, and that the table talk arrived.
``tests/worker/test_imap.py`` plays the same game (:func:`play_a_whole_game`) through the
IMAP door and a mailbox.
"""

from __future__ import annotations

import re
import smtplib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from email.utils import parseaddr

import requests

from deploy.production_shape import Process, Stack
from tests.support.mail_client import body_of, reply_to
from tests.support.ports import HOST
from tests.support.smtp_server import ReceivedMail, SmtpServer
from tests.worker.stack_db import StackDatabase

ANN, BOB = "ann@example.com", "bob@example.com"
# The invitation of the seat that moves first lists examples under this line; a "your move"
# mail gives them in one sentence.
INVITED = "Reply to this email with your move to play it, for example:"
PROMPT = "Reply with your move, for example "
OVER = "] The game is over"
MAX_REPLIES = 400  # a two-player game takes about 110 moves
WAIT = 60.0  # seconds for the service to answer one reply


@dataclass
class Player:
    """A player who only reads and answers mail."""

    address: str
    inbox: list[Message] = field(default_factory=list)
    answered: set[str] = field(default_factory=set)  # Message-IDs of prompts acted on

    def prompt(self) -> Message | None:
        """Return the newest mail telling this player to move, if not acted on yet."""
        for message in reversed(self.inbox):
            if PROMPT in body_of(message) or INVITED in body_of(message):
                return None if message["Message-ID"] in self.answered else message
        return None


def first_example(message: Message) -> str:
    """Return the first example move a prompt gives (``green 5 +NNW``)."""
    lines = body_of(message).splitlines()
    for line in lines:
        if line.startswith(PROMPT):
            return re.split(r" \(|, | or |;", line.removeprefix(PROMPT))[0]
    start = lines.index(INVITED)
    example = next(line for line in lines[start + 1:] if line.strip())
    return example.strip().removeprefix("- ").split("   (")[0]


def test_a_whole_game_is_played_to_its_end_by_mail_only(
    make_stack: Callable[..., Stack], smtp_server: SmtpServer
) -> None:
    stack = make_stack(SMTP_HOST=HOST, SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                       MAIL_FROM="Fearsome Floors <ff@mail.example>", mailin=True)
    receiver, mailin_port = stack.mailin, stack.mailin_port
    assert receiver is not None and mailin_port is not None

    def send(reply: EmailMessage) -> None:
        with smtplib.SMTP(HOST, mailin_port, timeout=30) as smtp:
            smtp.send_message(reply)

    play_a_whole_game(stack, smtp_server, send, receiver)


def play_a_whole_game(stack: Stack, smtp_server: SmtpServer,
                      send: Callable[[EmailMessage], None], door: Process) -> int:
    """Play a game of Ann and Bob by mail to its end, each reply handed to ``send`` (the mail
    door ``door`` takes it from there), and check it; return how many replies it took."""
    database = StackDatabase(stack)
    try:
        created = requests.post(f"{stack.base_url}/api/v1/games", timeout=30, json={
            "name": "Friday night", "start_seat": 0,
            "seats": [{"name": "Ann", "email": ANN}, {"name": "Bob", "email": BOB}]})
        assert created.status_code == 201, created.text
        game_id = created.json()["game"]["id"]
        players = {ANN: Player(ANN), BOB: Player(BOB)}
        seen = 0
        replies = 0
        said = False

        def deliver() -> list[ReceivedMail]:
            nonlocal seen
            mails = smtp_server.messages()
            for mail in mails[seen:]:
                for to in mail.rcpt_tos:
                    players[to].inbox.append(mail.message)
            seen = len(mails)
            return mails

        def over() -> bool:
            return all(any(OVER in str(m["Subject"]) for m in p.inbox) for p in players.values())

        while not over():
            deadline = time.monotonic() + WAIT
            mover = None
            while mover is None and not over():
                deliver()
                mover = next((p for p in players.values() if p.prompt() is not None), None)
                assert time.monotonic() < deadline, (
                    f"no mail asks anyone to move after {replies} replies; "
                    f"mail door: {door.exit_message()}; last mails: "
                    + " | ".join(f"{m.rcpt_tos} {m.message['Subject']}: {body_of(m.message)[:300]}"
                                 for m in smtp_server.messages()[-3:]))
                if mover is None:
                    time.sleep(0.05)
            if mover is None:
                break
            prompt = mover.prompt()
            assert prompt is not None
            move = first_example(prompt)
            text = move
            if not said and mover.address == BOB:
                text += "\nsay Well played, Ann!"
                said = True
            mover.answered.add(prompt["Message-ID"])
            last = mover.inbox[-1]  # the last mail received, whatever it is
            send(reply_to(last, mover.address, text))
            replies += 1
            assert replies < MAX_REPLIES, "the game does not end"

        final = requests.get(f"{stack.base_url}/api/v1/games/{game_id}", timeout=30, headers={
            "Authorization": f"Bearer {created.json()['creator_token']}"}).json()
        assert final["status"] == "finished"
        # Every reply made exactly one move: none lost, none applied twice.
        assert database.action_count(game_id) == replies
        mails = deliver()
        assert len({m.message["Message-ID"] for m in mails}) == len(mails)
        for player in players.values():
            roots = set()
            for message in player.inbox:
                assert parseaddr(str(message["Reply-To"]))[1].startswith("play+"), (
                    f"{message['Subject']!r} cannot be answered")
                assert str(message["Subject"]).startswith(("[Friday night] ", "Re: "))
                roots.add((str(message["References"] or message["Message-ID"])).split()[0])
            assert len(roots) == 1, f"{player.address}'s mails are in {len(roots)} threads"
        to_ann = [body_of(m) for m in players[ANN].inbox]
        assert any(re.search(r"Bob \(red\): Well played, Ann!", body) for body in to_ann)
        return replies
    finally:
        database.close()

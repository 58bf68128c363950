"""How much mail a game by mail sends, how long its mails are, and how fast a reply is answered.

Runs ``make run``'s shape (``deploy/local.py``: SQLite, the embedded broker, gunicorn, one
Celery worker, beat and the mail receiver) in a scratch folder, its mail going to a local
SMTP server (``tests/support``), then:

1. plays a whole 2-player and a whole 4-player game by mail only: every player only reads
   mail, and when a mail says it is their move they reply, to the last mail they received,
   with the first move it suggests (through the SMTP receiver). Printed: the mails each seat
   got, the replies, and the text lines of each kind of mail (median, max);
2. answers ``board`` through each door (the SMTP receiver, the HTTP door) ``--answers``
   times, each at a random moment, and prints reply → answer received (p50, p90, max).

Targets (issue 35): the 2-player game ≤ 40 mails per seat; no mail over 35 text lines but the
invitation and the answers to ``board`` and ``help``; a "your move" of a 4-player game ≤ 30
lines; reply → answer p50 ≤ 1 s on both doors. Then ``--lengths`` 2-player games of the engine
alone, played the players' way, print the busiest seat's mails (own moves + 2): with one mail
per turn the game's length alone decides the first target.

    .venv/bin/python bench/mail_volume.py [--players 2,4] [--answers 20]

About two minutes; ``--players 2 --answers 3 --max-replies 30`` is a quick run (a game cut
short after that many replies). ``--tree DIR`` runs another checkout (``git worktree add``) to
compare, ``--receiver service.mailin.smtpd`` starting the receiver its ``make run`` lacks.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import shutil
import smtplib
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the repository importable
    sys.path.insert(0, str(ROOT))

from tests.support.mail_client import body_of, reply_to  # noqa: E402
from tests.support.ports import HOST, free_port, wait_for_port  # noqa: E402
from tests.support.smtp_server import SmtpServer  # noqa: E402

NAMES = ("Ann", "Bob", "Cleo", "Dev")
SECRET = "bench-inbound-secret-0123456789abcdef"
PROMPT = re.compile(r"^Reply with your move, for example (.+)$", re.M)
INVITED = "Reply to this email with your move to play it, for example:"
WAIT = 60.0
KINDS = (("Re: ", "answer"), ("Your move", "your move"), ("The monster has moved", "monster"),
         ("The game is over", "game over"), ("Your seat in a game", "invitation"),
         ("A nudge", "nudge"), ("Today in your game", "digest"))
LONG_ALLOWED = {"invitation", "answer: board", "answer: help"}


class Stuck(Exception):
    """The game or a door waited past ``WAIT`` for a mail: the run cannot go on."""


def kind_of(message: Message) -> str:
    """Return what a mail is, from its subject (the bench's mails are in English)."""
    subject = str(message["Subject"])
    for words, kind in KINDS:
        if subject.startswith(words) or (kind != "answer" and words in subject):
            if kind == "answer":
                first = body_of(message).splitlines()[0]
                return f"answer: {first.lower()}" if first in ("The board", "Help") \
                    else "answer"
            return kind
    return "other"


def lines_of(message: Message) -> int:
    """Return the text lines of a mail's plain part."""
    return len(body_of(message).rstrip("\n").splitlines())


def first_move(message: Message) -> str | None:
    """Return the first move a "your move" mail (or the first invitation) suggests."""
    body = body_of(message)
    found = PROMPT.search(body)
    if found:
        return re.split(r" \(|, | or |;", found.group(1))[0]
    if INVITED in body:
        lines = body.splitlines()
        start = lines.index(INVITED)
        line = next(line for line in lines[start + 1:] if line.strip())
        return line.strip().removeprefix("- ").split("   (")[0]
    return None


@dataclass
class Player:
    """A player who only reads and answers mail."""

    address: str
    inbox: list[Message] = field(default_factory=list)
    acted: set[str] = field(default_factory=set)  # Message-IDs of prompts acted on

    def prompt(self) -> Message | None:
        """Return the newest mail asking this player to move, if not acted on yet."""
        for message in reversed(self.inbox):
            if first_move(message) is not None:
                return None if message["Message-ID"] in self.acted else message
        return None


class Service:
    """``deploy/local.py`` running in a scratch folder, mailing a local SMTP server."""

    def __init__(self, folder: Path, smtp: SmtpServer, tree: Path = ROOT,
                 receiver: str | None = None) -> None:
        self.port, self.mailin_port = free_port(), free_port()
        self.base = f"http://{HOST}:{self.port}"
        self.log = (folder / "local.log").open("wb")
        env = {**os.environ, "FF_PORT": str(self.port), "FF_MAILIN_SMTP_PORT":
               str(self.mailin_port), "FF_SMTP_HOST": HOST, "FF_SMTP_PORT": str(smtp.port),
               "FF_SMTP_TLS": "none", "FF_MAIL_FROM": "Fearsome Floors <ff@mail.example>",
               "FF_MAIL_INBOUND_SECRET": SECRET, "FF_RATELIMIT_ENABLED": "false",
               "FF_DATABASE_URL": f"sqlite:///{folder / 'ff.sqlite3'}",
               "FF_CELERY_BROKER_URL": f"sqla+sqlite:///{folder / 'broker.sqlite3'}",
               "FF_INVITATIONS_PER_ADDRESS_PER_DAY": "null",
               "FF_INVITATIONS_PER_CLIENT_PER_HOUR": "null", "PYTHONPATH": str(tree)}
        self.processes = [subprocess.Popen([sys.executable, str(tree / "deploy" / "local.py")],
                                           cwd=folder, env=env, stdout=self.log,
                                           stderr=subprocess.STDOUT)]
        wait_for_port(self.port, timeout=60)
        if receiver:  # a tree whose `make run` starts no mail receiver (before issue 35)
            self.processes.append(subprocess.Popen(
                [sys.executable, "-m", receiver], cwd=tree,
                env={**env, "FF_PUBLIC_URL": self.base}, stdout=self.log,
                stderr=subprocess.STDOUT))
        wait_for_port(self.port, timeout=60)
        wait_for_port(self.mailin_port, timeout=60)

    def stop(self) -> None:
        """Stop every process of the run."""
        for process in reversed(self.processes):
            process.terminate()
            process.wait(timeout=30)
        self.log.close()

    def smtp_door(self, message: EmailMessage) -> None:
        """Hand a reply to the SMTP receiver."""
        with smtplib.SMTP(HOST, self.mailin_port, timeout=30) as smtp:
            smtp.send_message(message)

    def http_door(self, message: EmailMessage) -> None:
        """Hand a reply to the HTTP door, as an inbound-parse service would."""
        answer = requests.post(f"{self.base}/api/v1/mail/inbound", data=message.as_bytes(),
                               headers={"X-FF-Inbound-Secret": SECRET,
                                        "Content-Type": "message/rfc822"}, timeout=30)
        answer.raise_for_status()


@dataclass
class Game:
    """What one game by mail sent."""

    players: int
    replies: int
    finished: bool
    mails: dict[str, list[Message]]


def play(service: Service, smtp: SmtpServer, count: int, max_replies: int) -> Game:
    """Play a game of ``count`` players by mail only, to its end (or ``max_replies``)."""
    addresses = [f"{name.lower()}{count}@example.com" for name in NAMES[:count]]
    made = requests.post(f"{service.base}/api/v1/games", timeout=30, json={
        "name": f"Bench {count}", "start_seat": 0,
        "seats": [{"name": name, "email": address}
                  for name, address in zip(NAMES, addresses, strict=False)]})
    made.raise_for_status()
    players = {address: Player(address) for address in addresses}
    seen = 0
    replies = 0

    def deliver() -> None:
        nonlocal seen
        mails = smtp.messages()
        for mail in mails[seen:]:
            for to in mail.rcpt_tos:
                if to in players:
                    players[to].inbox.append(mail.message)
        seen = len(mails)

    def over() -> bool:
        return all(any("The game is over" in str(m["Subject"]) for m in p.inbox)
                   for p in players.values())

    while not over() and replies < max_replies:
        deadline = time.monotonic() + WAIT
        mover = None
        while mover is None and not over():
            deliver()
            mover = next((p for p in players.values() if p.prompt() is not None), None)
            if time.monotonic() > deadline:
                raise Stuck(f"no mail asks anyone to move after {replies} replies")
            if mover is None:
                time.sleep(0.05)
        if mover is None:
            break
        prompt = mover.prompt()
        assert prompt is not None
        move = first_move(prompt)
        assert move is not None
        mover.acted.add(prompt["Message-ID"])
        service.smtp_door(reply_to(mover.inbox[-1], mover.address, move))
        replies += 1
    time.sleep(1.0)
    deliver()
    return Game(count, replies, over(), {a: p.inbox for a, p in players.items()})


def answer_latency(service: Service, smtp: SmtpServer, door: str, count: int,
                   rng: random.Random) -> list[float]:
    """Answer ``board`` ``count`` times through ``door``, each at a random moment; return the
    seconds from the reply sent to its answer received."""
    address = f"latency-{door}@example.com"
    made = requests.post(f"{service.base}/api/v1/games", timeout=30, json={
        "name": f"Latency {door}", "seats": [{"name": "Lee", "email": address},
                                             {"name": "Max"}]})
    made.raise_for_status()
    send = service.smtp_door if door == "smtp" else service.http_door
    deadline = time.monotonic() + WAIT
    invitation = None
    while invitation is None:
        invitation = next((m.message for m in smtp.messages() if address in m.rcpt_tos), None)
        if time.monotonic() > deadline:
            raise Stuck(f"no invitation reached {address}")
        time.sleep(0.05)
    times = []
    for number in range(count):
        time.sleep(rng.uniform(0.0, 1.5))  # a random moment: the worker's poll is not aligned
        before = len([m for m in smtp.messages() if address in m.rcpt_tos])
        started = time.monotonic()
        # Each asks anew (the door takes a message with the same words twice as one).
        send(reply_to(invitation, address, f"board\nThanks! ({number})"))
        while len([m for m in smtp.messages() if address in m.rcpt_tos]) == before:
            if time.monotonic() - started > WAIT:
                raise Stuck(f"no answer through the {door} door")
            time.sleep(0.01)
        times.append(time.monotonic() - started)
    return times


def report(game: Game) -> list[str]:
    """Return the figures of one game, and the targets it misses."""
    print(f"\n{game.players}-player game: {game.replies} replies, "
          f"{'finished' if game.finished else 'cut short'}")
    by_kind: defaultdict[str, list[int]] = defaultdict(list)
    missed = []
    for address, inbox in game.mails.items():
        kinds: defaultdict[str, int] = defaultdict(int)
        for message in inbox:
            kind = kind_of(message)
            kinds[kind] += 1
            by_kind[kind].append(lines_of(message))
        print(f"  {address:<22} {len(inbox):>4} mails   "
              + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
        if game.players == 2 and game.finished and len(inbox) > 40:
            missed.append(f"{address} got {len(inbox)} mails in the 2-player game (> 40)")
    print(f"  {'kind':<22} {'mails':>5} {'median':>7} {'max':>5}   (text lines)")
    for kind, lines in sorted(by_kind.items()):
        print(f"  {kind:<22} {len(lines):>5} {statistics.median(lines):>7.1f} {max(lines):>5}")
        if kind not in LONG_ALLOWED and max(lines) > 35:
            missed.append(f"a {kind} mail of the {game.players}-player game has "
                          f"{max(lines)} lines (> 35)")
        if kind == "your move" and game.players == 4 and statistics.median(lines) > 30:
            missed.append(f"a 4-player 'your move' has {statistics.median(lines)} lines "
                          "at the median (> 30)")
    return missed


def explain(stuck: Stuck, smtp: SmtpServer, scratch: Path) -> None:
    """Print why the run stopped: the mails received so far and the end of the service's log."""
    print(f"stuck: {stuck}", file=sys.stderr)
    for mail in smtp.messages()[-10:]:
        print(f"  mail to {', '.join(mail.rcpt_tos)}: {mail.message['Subject']}", file=sys.stderr)
    log = (scratch / "local.log").read_text(errors="replace").splitlines()
    print(f"the last {min(len(log), 60)} lines of the service's log:", file=sys.stderr)
    for line in log[-60:]:
        print(f"  {line}", file=sys.stderr)


def mails_by_length(games: int) -> None:
    """Print how many mails the busiest seat of a 2-player game gets over ``games`` games of
    the engine alone (seeds 0, 1, ...), each seat playing its "your move" mail's first example
    as the bench's players do: with one mail per turn that is its own moves + 2 (the invitation
    and the end), so the game's length alone decides the ≤ 40 target."""
    import engine  # the engine alone: no service, quick
    from service.features.mail.moves import example_moves

    most = []
    for seed in range(games):
        state, moved = engine.new_game(2, seed=seed), [0, 0]
        while not state.is_over:
            if state.to_move is None:
                state = engine.resolve_monster_phase(state).state
                continue
            seat = state.to_move
            moves, flip = example_moves(state, seat)
            action = (engine.parse_action(f"{moves[0][0]} {moves[0][1].path}", state, seat)
                      if moves else engine.Flip(flip))
            state = engine.apply_action(state, action, seat).state
            moved[seat] += 1
        most.append(max(moved) + 2)
    print(f"\n{games} engine games of 2 players, the busiest seat's mails (own moves + 2): "
          f"median {statistics.median(most):.0f}, min {min(most)}, max {max(most)}, "
          f"<= 40 in {sum(m <= 40 for m in most)} of {games}")


def main() -> None:
    """Run the games and the latency rounds; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--max-replies", type=int, default=400)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--lengths", type=int, default=100,
                        help="engine games played to tell mails per seat from game length")
    parser.add_argument("--tree", type=Path, default=ROOT,
                        help="the checkout to run (another commit's work tree, to compare)")
    parser.add_argument("--receiver", help="also start this mail receiver module (for a tree "
                        "whose `make run` starts none, e.g. service.mailin.smtpd)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the scratch folder (the service's log and database)")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    started = time.monotonic()
    scratch = tempfile.mkdtemp(prefix="ff-mail-volume-")
    try:
        smtp = SmtpServer()
        smtp.start()
        service = Service(Path(scratch), smtp, arguments.tree.resolve(), arguments.receiver)
        missed = []
        try:
            for count in (int(n) for n in arguments.players.split(",")):
                missed += report(play(service, smtp, count, arguments.max_replies))
            print(f"\nreply -> answer received ('board'), {arguments.answers} each, seconds:")
            for door in ("smtp", "http"):
                times = sorted(answer_latency(service, smtp, door, arguments.answers, rng))
                p50 = statistics.median(times)
                p90 = times[max(0, math.ceil(0.9 * len(times)) - 1)]  # nearest rank
                print(f"  {door:<5} door   p50 {p50:.3f}   p90 {p90:.3f}   max {times[-1]:.3f}")
                if p50 > 1.0:
                    missed.append(f"the {door} door answers in {p50:.2f} s at the median (> 1 s)")
            mails_by_length(arguments.lengths)
        except Stuck as stuck:
            explain(stuck, smtp, Path(scratch))
            raise SystemExit(1) from stuck
        finally:
            service.stop()
            smtp.stop()
    finally:
        if not arguments.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    print(f"\ntargets missed: {len(missed)}")
    for line in missed:
        print(f"  - {line}")
    print(f"took {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()

"""The growth bench's data: a handful of games played through the app, then multiplied by SQL.

The templates are real games (two to four players, some seats with an email address, half
with a time per move, a table message or two, a webhook on one), played with random legal
moves to different depths, one to the end, their monster phases resolved as the worker
would. Their outbox rows are then marked sent, as a worker would have left them.

:func:`multiply` copies every template's rows (the game, its seats, tokens, actions, events,
notification settings, messages, plans, webhooks, mail settings and its outbox rows) under
new ids with ``INSERT … SELECT … FROM generate_series``. Copy ``n`` of template ``t`` has the
id ``md5(t.id:n)[:22]`` and, for each token of ``t`` with hash ``h``, the token
``b<n>x<h>`` (:meth:`Copies.token`), so the bench can act as any seat of any copy. A copy's
times are spread over the last 200 days and its move deadline, if it has one, over the next
time per move: no deadline has passed. Copies are of every age up to 200 days; only those
younger than 30 days get their template's outbox rows (retention prunes done rows after 30
days, so the outbox holds a month's work, not all time's). Kept out of the copies, as
retention prunes them within days (``deploy/README.md``, "Retention"): idempotency keys,
delivery logs and inbound mail.
"""

from __future__ import annotations

import base64
import hashlib
import random
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Connection, Table, select, text

from service.kernel.models import Game, Token
from service.plumbing.extensions import Base, db
from tests.service.helpers import auth, create_game, play_one, run_monster_jobs

DAY = 86_400
WEBHOOK_URL = "https://1.1.1.1/hooks/ff"  # public, so accepted; no worker runs to call it

# (players, seats with an email, seconds per move or None, actions to play: None to the end)
TEMPLATES: list[tuple[int, int, int | None, int | None]] = [
    (2, 2, DAY, 20), (2, 1, None, 40), (2, 2, 3 * DAY, 30), (2, 0, None, None),
    (3, 3, DAY, 25), (3, 2, None, 35), (3, 3, 2 * DAY, 15),
    (4, 4, DAY, 12), (4, 2, None, 30), (4, 4, DAY, 45), (4, 3, None, 20),
    (2, 2, DAY, 8),
]
COLUMN_OVERRIDES: dict[str, dict[str, str]] = {
    "games": {
        "id": "c.id",
        "created_at": "src.created_at - c.age", "updated_at": "src.updated_at - c.age",
        "started_at": "src.started_at - c.age", "finished_at": "src.finished_at - c.age",
        "nudged_at": "NULL",
        "move_deadline": "CASE WHEN src.move_deadline IS NULL THEN NULL ELSE now() + "
                         "interval '1 minute' + c.spread * src.move_time_limit "
                         "* interval '1 second' END",
        "reminder_at": "NULL",
    },
    "tokens": {"hash": "encode(sha256(convert_to('b' || c.n || 'x' || src.hash, 'UTF8')), "
                       "'hex')"},
    "seats": {"invite_code_hash": "NULL",
              "email_key": "CASE WHEN src.email_key IS NULL THEN NULL ELSE "
                           "md5(src.email_key || c.n) END"},
    "outbox": {"dedupe_key": "src.dedupe_key || ':' || c.n",
               "payload": "replace(src.payload::text, c.template_id, c.id)::json",
               "created_at": "src.created_at - c.age",
               "next_attempt_at": "src.next_attempt_at - c.age",
               "sent_at": "src.sent_at - c.age"},
}
OUTBOX_DAYS = 30
"""Only copies younger than this get the template's outbox rows: done rows are pruned after
30 days (``FF_OUTBOX_DONE_DAYS``), so the outbox holds the last month's work, not all time's."""
GAME_TABLES = ["games", "seats", "tokens", "actions", "events", "seat_notifications",
               "game_messages", "talk_mutes", "turn_plans", "webhook_endpoints",
               "mail_settings", "outbox"]
"""The tables copied, in the order of their foreign keys."""


@dataclass
class Copies:
    """The templates and how a copy's ids and tokens derive from them."""

    templates: list[str]
    token_hashes: dict[str, dict[int, str]]  # template -> seat -> a seat token's hash
    active: list[int]  # indexes of templates running, in a figure phase
    with_deadline: list[int]  # indexes of running templates with a time per move
    actions: list[int]  # each template's actions
    outbox: list[tuple[int, str]]  # each template outbox row's id and its game
    count: int = 0  # copies made so far (numbered 0 .. count - 1)

    @property
    def games(self) -> int:
        """Return how many games are stored: the templates and their copies."""
        return len(self.templates) + self.count

    def template_of(self, n: int) -> int:
        """Return the index of the template copy ``n`` was made of."""
        return n % len(self.templates)

    def game_id(self, n: int) -> str:
        """Return the id of copy ``n``."""
        digest = hashlib.md5(f"{self.templates[self.template_of(n)]}:{n}".encode()).digest()
        return base64.urlsafe_b64encode(digest).decode()[:22]

    def token(self, n: int, seat: int) -> str:
        """Return the token of ``seat`` in copy ``n``."""
        return f"b{n}x{self.token_hashes[self.templates[self.template_of(n)]][seat]}"

    def sample(self, rng: random.Random, of: list[int] | None = None,
               within: int | None = None) -> int:
        """Return a random copy (of one of the templates ``of``, by default any; among the
        first ``within`` copies, by default all)."""
        while True:
            n = rng.randrange(min(within or self.count, self.count))
            if of is None or self.template_of(n) in of:
                return n


def play_templates(app: Flask, client: FlaskClient, seed: int = 7) -> Copies:
    """Play the template games through the API; mark their outbox rows done."""
    rng = random.Random(seed)
    ids = []
    for index, (players, emails, limit, actions) in enumerate(TEMPLATES):
        seats = [{"name": f"P{s}", **({"email": f"p{index}.{s}@example.com"}
                                      if s < emails else {})} for s in range(players)]
        game = create_game(client, seats=seats, move_time_limit=limit, name=f"Bench {index}")
        ids.append(game.id)
        if index % 4 == 0:
            hook = client.post(game.url("/webhooks"), json={"url": WEBHOOK_URL},
                               headers=auth(game.creator_token))
            if hook.status_code != 201:
                raise RuntimeError(f"webhook refused: {hook.get_data(as_text=True)}")
        played = 0
        while actions is None or played < actions:
            body = client.get(game.url(), headers=auth(game.spectator_token)).get_json()
            if body["status"] != "active":
                break
            if body["phase"] == "monster":
                run_monster_jobs(app)
                continue
            play_one(client, game, rng)
            played += 1
            if played % 25 == 1:
                client.post(game.url("/messages"), json={"text": f"move {played}, well"},
                            headers=auth(game.seat_tokens[0]))
        run_monster_jobs(app)
    with app.app_context():
        db.session.execute(text("UPDATE outbox SET status = 'sent', attempts = 1, "
                                "sent_at = created_at, claimed_at = created_at"))
        hashes: dict[str, dict[int, str]] = {i: {} for i in ids}
        for game_id, seat, hash_ in db.session.execute(
                select(Token.game_id, Token.seat, Token.hash).where(Token.kind == "seat")):
            if seat is not None:
                hashes[game_id][seat] = hash_
        rows = {g.id: g for g in db.session.scalars(select(Game).where(Game.id.in_(ids)))}
        active = [i for i, g in enumerate(ids) if rows[g].status == "active"
                  and rows[g].phase != "monster"]
        with_deadline = [i for i in active if rows[ids[i]].move_time_limit]
        outbox = [(row_id, game_id) for game_id in ids for row_id in db.session.scalars(
            text("SELECT id FROM outbox WHERE dedupe_key LIKE :like OR payload::text LIKE :like"),
            {"like": f"%{game_id}%"})]
        counts = [rows[g].action_count for g in ids]
        db.session.commit()
    return Copies(ids, hashes, active, with_deadline, counts, outbox)


def multiply(connection: Connection, copies: Copies, games: int, batch: int = 10_000) -> None:
    """Add copies until ``games`` games are stored, ``batch`` copies per statement."""
    connection.execute(text("CREATE TEMP TABLE IF NOT EXISTS templates "
                            "(k int, id varchar(22))"))
    connection.execute(text("TRUNCATE templates"))
    connection.execute(text("INSERT INTO templates VALUES (:k, :id)"),
                       [{"k": k, "id": t} for k, t in enumerate(copies.templates)])
    connection.execute(text("CREATE TEMP TABLE IF NOT EXISTS template_outbox "
                            "(outbox_id bigint, template_id varchar(22))"))
    connection.execute(text("TRUNCATE template_outbox"))
    connection.execute(text("INSERT INTO template_outbox VALUES (:row, :game)"),
                       [{"row": row, "game": game} for row, game in copies.outbox])
    target = games - len(copies.templates)
    while copies.count < target:
        last = min(copies.count + batch, target) - 1
        connection.execute(text("DROP TABLE IF EXISTS copies"))
        connection.execute(text(
            "CREATE TEMP TABLE copies AS SELECT t.id AS template_id, n, "
            "translate(substr(encode(decode(md5(t.id || ':' || n), 'hex'), 'base64'), 1, 22), "
            "'+/', '-_') AS id, "
            "(n * 7919 % 1000) / 1000.0 AS spread, (n * 104729 % 200) * interval '1 day' AS age "
            "FROM generate_series(CAST(:first AS bigint), CAST(:last AS bigint)) AS n "
            "JOIN templates t ON t.k = n % :templates"),
            {"first": copies.count, "last": last, "templates": len(copies.templates)})
        for name in GAME_TABLES:
            connection.execute(text(_copy_statement(Base.metadata.tables[name])))
        connection.commit()
        copies.count = last + 1


def _copy_statement(table: Table) -> str:
    """Return the INSERT that copies ``table``'s rows of the templates to the copies."""
    overrides = {"game_id": "c.id", **COLUMN_OVERRIDES.get(table.name, {})}
    columns = [c.name for c in table.columns
               if not (c.primary_key and c.autoincrement is True and c.name == "id")]
    values = ", ".join(overrides.get(c, f"src.{c}") for c in columns)
    if table.name == "outbox":
        source = ("outbox src JOIN template_outbox x ON x.outbox_id = src.id "
                  "JOIN copies c ON c.template_id = x.template_id "
                  f"WHERE c.age < interval '{OUTBOX_DAYS} days'")
    else:
        key = "id" if table.name == "games" else "game_id"
        source = f"{table.name} src JOIN copies c ON c.template_id = src.{key}"
    return f"INSERT INTO {table.name} ({', '.join(columns)}) SELECT {values} FROM {source}"


def table_sizes(connection: Connection) -> list[dict[str, Any]]:
    """Return each table's rows (exact) and bytes (with its indexes and TOAST)."""
    sizes = []
    for name in sorted(Base.metadata.tables):
        rows = connection.execute(text(f"SELECT count(*) FROM {name}")).scalar_one()
        size = connection.execute(text("SELECT pg_total_relation_size(:t)"),
                                  {"t": name}).scalar_one()
        sizes.append({"table": name, "rows": rows, "bytes": size})
    return sizes


def template_outbox(connection: Connection, copies: Copies) -> list[dict[str, Any]]:
    """Return the templates' outbox rows by kind: how many per 100 actions, and the mean
    bytes of a row (its stored size, compressed as PostgreSQL keeps it)."""
    actions = sum(copies.actions)
    return [{"kind": kind, "per_100_actions": 100 * rows / actions, "bytes": size}
            for kind, rows, size in connection.execute(text(
                "SELECT kind, count(*), avg(pg_column_size(o.*)) FROM outbox o "
                "WHERE id = ANY(:ids) GROUP BY kind ORDER BY kind"),
                {"ids": [row for row, _ in copies.outbox]})]

"""End to end: beat, a real Celery worker on Redis and PostgreSQL send the reminder by SMTP and
flip the figure of a seat whose time ran out, without anyone calling the check by hand.

The stack's processes read the system clock, so the test makes time pass for one game by
moving its reminder time and then its deadline into the past in the database.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy import update
from sqlalchemy.orm import Session

from deploy.production_shape import Stack
from service.kernel.models import Game
from tests.support.api_player import ApiGame
from tests.support.smtp_server import SmtpServer
from tests.worker.stack_db import StackDatabase

SUBJECT = "Your move: time runs out soon"


def make_it_past(database: StackDatabase, game_id: str, column: str) -> None:
    """Set the game's ``column`` (a deadline) to a second ago, as if time had passed."""
    with Session(database.engine) as session, session.begin():
        session.execute(update(Game).where(Game.id == game_id).values(
            {column: datetime.now(UTC) - timedelta(seconds=1)}))


def test_beat_has_the_worker_remind_then_flip_the_late_seats_figure(
    make_stack: Callable[..., Stack], smtp_server: SmtpServer
) -> None:
    stack = make_stack(DEADLINE_CHECK_SECONDS=1, SMTP_HOST="127.0.0.1",
                       SMTP_PORT=smtp_server.port, SMTP_TLS="none")
    database = StackDatabase(stack)
    try:
        game = ApiGame.create(stack.base_url, move_time_limit=3600)
        invitations = len(smtp_server.wait_for(2, timeout=60))

        make_it_past(database, game.id, "reminder_at")
        received = smtp_server.wait_for(invitations + 1, timeout=60)
        reminder = received[invitations]
        assert (reminder.message["Subject"], reminder.rcpt_tos) == (
            f"[Game {game.id[:6]}] {SUBJECT}", ("ann@example.com",))
        assert database.event_types(game.id, 0) == ["reminder"]

        make_it_past(database, game.id, "move_deadline")
        view = game.wait_for_version(0, timeout=60)
        assert (view["version"], view["to_move"]) == (1, 1)
        assert database.event_types(game.id, 1) == ["timeout", "flip"]
        deadline = datetime.fromisoformat(view["move_deadline"])
        assert timedelta(minutes=59) < deadline - datetime.now(UTC) <= timedelta(hours=1)
    finally:
        database.close()

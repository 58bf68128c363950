"""``GET /metrics``: the service's figures in the Prometheus text format.

Every figure is read from the database when Prometheus asks, so any web process answers for
the whole service (its workers, beat and mail-in included) and nothing is lost when a
process restarts:

* ``ff_outbox_rows{kind, status}``: outbox rows by kind (``email``, ``webhook``,
  ``monster_phase``, ...) and status (``pending``, ``sending``, ``sent``, ``failed``): the
  depth of the queue, what was given up, and the mails and webhooks sent (kept for
  ``OUTBOX_DONE_DAYS``);
* ``ff_outbox_oldest_pending_seconds{kind}``: how long the most overdue row has waited since it
  became due, the first sign of a stuck worker (a row held back on purpose, as a move's
  confirmation, or waiting for its next try counts from when it is due); 0 when nothing of the
  kind waits (each of ``monster_phase``, ``email``, ``webhook`` always, other kinds once
  stored), never a missing series;
* ``ff_deadline_sweep_lag_seconds``: how long ago the oldest passed deadline of a running,
  unpaused game passed (beat's sweep acts within ``DEADLINE_CHECK_SECONDS`` when it runs);
* ``ff_monster_phase_seconds{stat}``: ``mean`` and ``max`` of the time from the last move of
  a game turn to its monster phase resolved, over the last hour;
* ``ff_games{status}``: the games stored by status.

The answer needs ``Authorization: Bearer <METRICS_TOKEN>``; without ``METRICS_TOKEN`` set the
address does not exist (404), so no figure is public by default.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterator
from datetime import datetime, timedelta

from flask import Blueprint, Response, abort, current_app, request
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import func, select

from service.kernel.models import Game
from service.kernel.vocabulary import ACTIVE
from service.plumbing.clock import now as clock_now
from service.plumbing.extensions import db
from service.plumbing.outbox import EMAIL, MONSTER_PHASE, PENDING, SENT, WEBHOOK, Outbox

blueprint = Blueprint("metrics", __name__)

WINDOW = timedelta(hours=1)
# The kinds whose waiting time is always reported, stored rows or not (other kinds once a row of
# theirs is stored: done rows are kept ``OUTBOX_DONE_DAYS``).
ALWAYS_KINDS = (MONSTER_PHASE, EMAIL, WEBHOOK)


def _seconds(later: datetime, earlier: datetime | None) -> float:
    return 0.0 if earlier is None else max(0.0, (later - earlier).total_seconds())


class ServiceCollector(Collector):
    """Reads the figures from the database at each scrape."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        now = clock_now()
        session = db.session
        rows = GaugeMetricFamily("ff_outbox_rows", "Outbox rows by kind and status.",
                                 labels=["kind", "status"])
        kinds = set(ALWAYS_KINDS)
        for kind, status, count in session.execute(
                select(Outbox.kind, Outbox.status, func.count()).group_by(Outbox.kind,
                                                                         Outbox.status)):
            rows.add_metric([kind, status], count)
            kinds.add(kind)
        yield rows
        oldest = GaugeMetricFamily("ff_outbox_oldest_pending_seconds",
                                   "How long the most overdue outbox row has waited since it "
                                   "became due, by kind (0: none waits).", labels=["kind"])
        due_by_kind: dict[str, datetime] = {
            kind: due for kind, due in session.execute(
                select(Outbox.kind, func.min(Outbox.next_attempt_at))
                .where(Outbox.status == PENDING, Outbox.next_attempt_at <= now)
                .group_by(Outbox.kind))}
        # Every kind reads, 0 when nothing of it waits: a series that vanished would look like
        # a scrape that failed, and an alert on it would neither fire nor clear.
        for kind in sorted(kinds | due_by_kind.keys()):
            oldest.add_metric([kind], _seconds(now, due_by_kind.get(kind)))
        yield oldest
        passed = session.scalar(select(func.min(Game.move_deadline)).where(
            Game.status == ACTIVE, Game.paused_at.is_(None), Game.move_deadline < now))
        yield GaugeMetricFamily(
            "ff_deadline_sweep_lag_seconds",
            "How long ago the oldest passed deadline of a running game passed (0: none).",
            value=_seconds(now, passed))
        yield self._monster_phases(now)
        games = GaugeMetricFamily("ff_games", "Games stored, by status.", labels=["status"])
        for status, count in session.execute(
                select(Game.status, func.count()).group_by(Game.status)):
            games.add_metric([status], count)
        yield games

    def _monster_phases(self, now: datetime) -> GaugeMetricFamily:
        spans = [_seconds(sent or now, created) for created, sent in
                 db.session.execute(select(Outbox.created_at, Outbox.sent_at).where(
                     Outbox.kind == MONSTER_PHASE, Outbox.status == SENT,
                     Outbox.sent_at >= now - WINDOW))]
        phases = GaugeMetricFamily(
            "ff_monster_phase_seconds",
            "Time from a game turn's last move to its monster phase resolved, last hour.",
            labels=["stat"])
        phases.add_metric(["mean"], sum(spans) / len(spans) if spans else 0.0)
        phases.add_metric(["max"], max(spans, default=0.0))
        phases.add_metric(["count"], float(len(spans)))
        return phases


@blueprint.route("/metrics")
def metrics() -> Response:
    """The figures in the Prometheus text format, for a holder of the metrics token."""
    token = current_app.config.get("METRICS_TOKEN")
    if not token:
        abort(404)
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(given.encode(), str(token).encode()):
        abort(401)
    registry = CollectorRegistry(auto_describe=False)
    registry.register(ServiceCollector())
    return Response(generate_latest(registry), mimetype="text/plain; version=0.0.4")

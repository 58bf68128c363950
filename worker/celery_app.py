"""The Celery app, made from a Flask app in Flask's ``celery_init_app`` pattern.

Each task runs inside the Flask app's context, so the service layer and ``current_app`` work
as in a request. :func:`celery_init_app` also registers the outbox publisher: after each
commit that wrote outbox rows, the web process (or a worker whose job wrote more rows) sends
``relay_outbox`` with their ids, never before the commit.

The broker is ``CELERY_BROKER_URL``; without it, kombu's SQLAlchemy transport on a SQLite file
in the instance folder, so a local run needs no server (``worker/broker.py``: looked at every
``EMBEDDED_BROKER_POLL_SECONDS``, not kombu's second). That transport takes each message
under SQLite's write lock (``BEGIN IMMEDIATE``), so several worker processes never receive
the same one; kombu's filesystem transport moves message files to the system's temporary
folder, which is a copy and a delete, not an atomic rename, when that folder is on another
file system.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from celery import Celery, Task, signals
from flask import Flask

from service.plumbing import outbox
from worker.broker import database_url, embedded_transport, is_embedded
from worker.schedule import beat_schedule
from worker.tasks import RELAY_OUTBOX

# Modules whose tasks every worker registers (a beat entry's task must be in one of them).
TASK_MODULES = ("worker.tasks", "worker.mail.tasks", "worker.deadlines", "worker.retention",
                "worker.tables")

BROKER_FILE = "celery-broker.sqlite3"
BEAT_FILE = "celerybeat-schedule"


def _leave_logging_alone(**_: Any) -> None:
    """Answer Celery's ``setup_logging``: the service has set logging up (JSON lines). The
    task logger passes its lines on to it, and so does the pool's ("Process
    'ForkPoolWorker-1' pid:… exited with 'signal 9 (SIGKILL)'"), which billiard keeps apart
    and would print as bare text."""
    import logging

    import billiard.util

    logging.getLogger("celery.task").propagate = True
    billiard.util.get_logger().handlers = list(logging.getLogger().handlers)


def celery_config(app: Flask) -> dict[str, Any]:
    """Return the Celery settings of ``app``, from its configuration."""
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    broker = app.config["CELERY_BROKER_URL"] or f"sqla+sqlite:///{instance / BROKER_FILE}"
    settings: dict[str, Any] = {
        "broker_url": broker,
        "result_backend": app.config["CELERY_RESULT_BACKEND"],
        "task_ignore_result": True,
        "task_serializer": "json",
        "accept_content": ["json"],
        "timezone": "UTC",
        "imports": TASK_MODULES,
        "beat_schedule": beat_schedule(app.config),
        "beat_schedule_filename": str(instance / BEAT_FILE),
        # Late acknowledgement is only worth it if a worker holds one message at a time.
        "worker_prefetch_multiplier": 1,
        "broker_connection_retry_on_startup": True,
        # Wait for the broker as long as it takes (Celery's default gives up after 100 tries,
        # about 50 minutes, and the worker exits).
        "broker_connection_max_retries": None,
        # A task running when the broker's connection is lost runs on: it needs only
        # PostgreSQL and the mail or webhook server. Cancelling it (SIGTERM to its pool
        # process) could kill a relay between the SMTP server's "250" and the row marked
        # sent, and the sweep would send that mail again after the lease: the drill saw it
        # on a Redis restart. Its message, if Redis kept it, is delivered again and finds its
        # rows done (the tasks are idempotent).
        "worker_cancel_long_running_tasks_on_connection_loss": False,
        # A request that commits must not hang on a broker that is down: the publisher gives
        # up quickly and the sweep sends the rows.
        "task_publish_retry_policy": {"max_retries": 2, "interval_start": 0,
                                      "interval_step": 0.2, "interval_max": 0.5},
        "worker_hijack_root_logger": False,
    }
    if is_embedded(broker):
        # Virtual transports have no broadcast between processes: no remote control. Its
        # workers poll the table, every EMBEDDED_BROKER_POLL_SECONDS (worker/broker.py).
        settings["worker_enable_remote_control"] = False
        settings["broker_url"] = database_url(broker)
        settings["broker_transport"] = embedded_transport(
            app.config["EMBEDDED_BROKER_POLL_SECONDS"])
    return settings


def celery_init_app(app: Flask) -> Celery:
    """Make the Celery app of ``app``, register the outbox publisher, and return it."""

    class FlaskTask(Task):
        """A task that runs in the Flask app's context."""

        def __call__(self, *args: object, **kwargs: object) -> object:
            with app.app_context():
                return self.run(*args, **kwargs)

    if app.config["LOG_FORMAT"] == "json":
        # The root logger writes JSON already (service.plumbing.logs); a receiver of this
        # signal tells Celery to add no handler of its own, so its task logger's and its
        # pool's lines reach it too instead of being written as text.
        signals.setup_logging.connect(_leave_logging_alone, weak=False)
    celery_app = Celery(app.name, task_cls=FlaskTask)
    celery_app.config_from_object(celery_config(app))
    celery_app.set_default()
    app.extensions["celery"] = celery_app

    def publish(ids: list[int]) -> None:
        """Send the relay task for rows just committed."""
        celery_app.send_task(RELAY_OUTBOX, args=(ids,))

    outbox.register_publisher(app, publish)
    return celery_app

"""worker.celery_app: Celery's settings from the Flask app's configuration."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from service import create_app
from worker.celery_app import TASK_MODULES, celery_config


def test_without_a_broker_url_it_uses_the_embedded_broker_in_the_instance_folder() -> None:
    app = create_app({"TESTING": True})
    settings = celery_config(app)
    instance = Path(app.instance_path)
    assert settings["broker_url"] == f"sqlite:///{instance / 'celery-broker.sqlite3'}"
    assert settings["broker_transport"].polling_interval == 0.1
    assert settings["worker_enable_remote_control"] is False
    assert settings["beat_schedule_filename"] == str(instance / "celerybeat-schedule")


def test_a_redis_broker_url_is_used_as_given_with_remote_control() -> None:
    app = create_app({"TESTING": True, "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
                      "CELERY_RESULT_BACKEND": "redis://127.0.0.1:6379/1"})
    settings = celery_config(app)
    assert (settings["broker_url"], settings["result_backend"]) == (
        "redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/1")
    assert "worker_enable_remote_control" not in settings


def test_workers_import_the_task_modules_and_wait_for_the_broker_forever(app: Flask) -> None:
    settings = celery_config(app)
    assert settings["imports"] == TASK_MODULES
    assert "worker.tasks" in TASK_MODULES
    assert settings["broker_connection_max_retries"] is None
    assert settings["task_ignore_result"] is True
    assert settings["worker_prefetch_multiplier"] == 1

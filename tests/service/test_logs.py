"""FF_LOG_FORMAT=json: one JSON object a line, with the request id of the request being
answered or of the outbox job being run (in a process of its own: it sets up the root
logger)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from service import create_app
from tests.service.conftest import app_config
from tests.support.keys import TEST_SECRET_KEY

SCRIPT = """
import logging, sys
from service import create_app
from service.plumbing.request_ids import carrying
app = create_app({"TESTING": True, "DATABASE_URL": sys.argv[1], "LOG_FORMAT": "json",
                  "SECRET_KEY": sys.argv[2]})
log = logging.getLogger("ff.test")
with app.test_request_context(headers={"X-Request-Id": "req-1"}):
    app.preprocess_request()
    log.warning("answering %s", "a move")
with carrying("req-2"):
    log.info("running a job")
try:
    1 / 0
except ZeroDivisionError:
    log.exception("a job failed")
"""


def test_json_lines_carry_the_request_id(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT, f"sqlite:///{tmp_path}/db.sqlite",
                           TEST_SECRET_KEY], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).parents[2], check=True)
    lines = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    assert [(r["level"], r["logger"], r["message"], r["request_id"]) for r in lines] == [
        ("warning", "ff.test", "answering a move", "req-1"),
        ("info", "ff.test", "running a job", "req-2"),
        ("error", "ff.test", "a job failed", None),
    ]
    assert "ZeroDivisionError" in lines[2]["error"]
    assert lines[0]["time"].endswith("+00:00")


def test_an_unknown_log_format_is_refused_at_start(sqlite_url: str) -> None:
    with pytest.raises(ValueError, match="choose text or json"):
        create_app(app_config(sqlite_url, LOG_FORMAT="xml"))

"""gunicorn settings for every way the service runs (make run, the production shape, Docker).

Passed with ``--config deploy/gunicorn.conf.py``; the command lines give the rest (bind,
workers).

The worker class is gevent's: a game page holds a stream open (server-sent events,
``service.features.live``) for as long as it is open, and a sync or threaded worker would spend a
process or a thread on each. A gevent worker holds up to ``worker_connections`` of them as
greenlets, each asleep until its game changes or its heartbeat is due; requests that read
and write the database run as before (psycopg 3 and redis-py cooperate with gevent's
patched sockets; SQLite calls are short and simply run). ``deploy/README.md``, "Live pages",
has the figures.

The last setting here is what makes a restart clean after the master
process dies without a chance to clean up (``kill -9``, the OOM killer): its workers would
go on holding the listening socket until they next notice their parent is gone (up to half
the worker timeout, 15 s with sync workers; 26-28 s were seen), and a new master fails to
bind with "Connection in use". Each worker asks the kernel to send it SIGTERM the moment its
master dies (Linux's PR_SET_PDEATHSIG), so it finishes its requests in hand and exits.
"""

import ctypes
import json
import logging
import os
import signal
import sys
from datetime import UTC, datetime

PR_SET_PDEATHSIG = 1  # linux/prctl.h

worker_class = "gevent"



class JsonLines(logging.Formatter):
    """One JSON object a line, with the fields of the service's own (service/plumbing/logs.py;
    gunicorn's lines answer no request: request_id null). Written here, not imported: the
    master must not import the service (Flask, ssl, redis) before gevent patches them."""

    def format(self, record):
        data = {"time": datetime.fromtimestamp(record.created, UTC).isoformat(
                    timespec="milliseconds"),
                "level": record.levelname.lower(), "logger": record.name,
                "message": record.getMessage(), "request_id": None}
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


# FF_LOG_FORMAT=json: gunicorn's own lines (the master's and the workers', the access log)
# and Python's warnings are JSON objects like the service's.
if os.environ.get("FF_LOG_FORMAT", "").strip('"') == "json":
    logging.captureWarnings(True)
    logconfig_dict = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonLines}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json",
                                "stream": "ext://sys.stderr"}},
        "root": {"level": "INFO", "handlers": ["stderr"]},
        "loggers": {name: {"level": "INFO", "handlers": ["stderr"], "propagate": False}
                    for name in ("gunicorn.error", "gunicorn.access")},
    }
# Open connections per worker process: streams of open pages plus requests in hand.
worker_connections = 2000


def post_fork(server, worker):
    """Make the new worker exit when its master dies (Linux; elsewhere nothing changes)."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM) != 0:
        server.log.warning("worker %s: prctl(PR_SET_PDEATHSIG) failed: errno %s",
                           worker.pid, ctypes.get_errno())
    elif os.getppid() != worker.ppid:  # the master died before the request took effect
        os.kill(os.getpid(), signal.SIGTERM)


def post_worker_init(worker):
    """End the live pages' streams the moment the worker is told to stop.

    A stream sleeps until its game changes or its heartbeat is due (20 s), so a stopping
    worker would wait that long for it; the browser reconnects to a worker that runs.
    """
    import threading  # gevent's, once the worker has patched the standard library
    import time

    def watch():
        while worker.alive:
            time.sleep(1.0)
        from service.features.live.service import end_streams
        end_streams()

    threading.Thread(target=watch, name="end-streams", daemon=True).start()

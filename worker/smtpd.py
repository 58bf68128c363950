"""The SMTP receiver's process: ``python -m worker.smtpd``, the mail door of play by mail
(``service.features.mailin.smtpd``).

It serves the app the web process serves (:func:`worker.create_web_app`: Celery attached),
so that the outbox rows a reply writes (its answer, the mails and the monster phase its move
calls for) are handed to a worker right after their commit, as a move through the API's are;
without Celery they would wait for beat's sweep (``OUTBOX_SWEEP_SECONDS``). It lives in the
worker package because the service may not import the worker (``tests/test_layers.py``).
"""

from __future__ import annotations

import logging
import signal
import threading

from service.features.mailin.smtpd import make_controller
from worker import create_web_app

logger = logging.getLogger(__name__)


def main() -> None:
    """Run the receiver until SIGINT or SIGTERM."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_web_app()
    controller = make_controller(app)
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    controller.start()
    logger.info("receiving mail on %s:%s", controller.hostname, controller.port)
    stop.wait()
    controller.stop()


if __name__ == "__main__":
    main()

"""The SMTP receiver's process: ``python -m service.smtpd`` (the mail door of play by mail,
``service.features.mailin.smtpd``), with the app built from the environment."""

from __future__ import annotations

import logging
import signal
import threading

from service import create_app
from service.features.mailin.smtpd import make_controller

logger = logging.getLogger(__name__)


def main() -> None:
    """Run the receiver until SIGINT or SIGTERM."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_app()
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

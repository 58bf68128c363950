"""The kill test's IMAP door: the service's own (``python -m worker.imap``), which kills itself
with SIGKILL right after the service has committed a reply, before the door moves it out of
the folder: the very point where a crash must lose nothing and apply nothing twice. Start it
with ``python -m tests.support.dying_imap_door`` and the door's arguments; production code
knows nothing of it.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

from service.features.mailin import imap
from worker.imap import main

receive = imap.receive


def receive_then_die(*args: Any, **kwargs: Any) -> Any:
    """Handle the message as the door does, then die before the door can move it."""
    receive(*args, **kwargs)
    os.kill(os.getpid(), signal.SIGKILL)


imap.receive = receive_then_die

if __name__ == "__main__":
    sys.exit(main())

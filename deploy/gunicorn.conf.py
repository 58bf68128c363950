"""gunicorn settings for every way the service runs (make run, the production shape, Docker).

Passed with ``--config deploy/gunicorn.conf.py``; the command lines give the rest (bind,
workers, threads). The one setting here is what makes a restart clean after the master
process dies without a chance to clean up (``kill -9``, the OOM killer): its workers would
go on holding the listening socket until they next notice their parent is gone (up to half
the worker timeout, 15 s with sync workers; 26-28 s were seen), and a new master fails to
bind with "Connection in use". Each worker asks the kernel to send it SIGTERM the moment its
master dies (Linux's PR_SET_PDEATHSIG), so it finishes its requests in hand and exits.
"""

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1  # linux/prctl.h


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

"""The production shape's supervisor (deploy/production_shape.py): a process that exits is
restarted, its whole process group killed first, so a web master killed with SIGKILL comes
back on its port."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable

import requests

from deploy.production_shape import Stack
from tests.support.ports import wait_for_port


def test_the_supervisor_restarts_a_web_process_whose_master_was_killed(
        make_stack: Callable[..., Stack]) -> None:
    stack = make_stack()
    assert stack.web.popen is not None
    old = stack.web.popen.pid
    os.kill(old, signal.SIGKILL)
    stack.web.popen.wait()
    assert [reason.split(" exited")[0] for reason in stack.supervise()] == ["web"]
    assert stack.web.popen.pid != old
    wait_for_port(stack.port, timeout=60, gave_up=stack.web.exit_message)
    assert requests.get(f"{stack.base_url}/api/v1/health", timeout=10).ok
    assert stack.supervise() == []

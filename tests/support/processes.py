"""A server program run as a child process with its output in a log file, stopped by its id."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Mapping
from pathlib import Path


class ServerProcess:
    """One run of a server program at a time; ``stop`` signals that process and waits for it."""

    def __init__(self, name: str, log_path: Path) -> None:
        self.name = name
        self.log_path = log_path
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        """Return the process id of the current run, or ``None`` when none was started."""
        return None if self._process is None else self._process.pid

    @property
    def is_running(self) -> bool:
        """Return whether the process was started and has not exited."""
        return self._process is not None and self._process.poll() is None

    def start(self, argv: list[str], cwd: Path, user: str | None = None,
              env: Mapping[str, str] | None = None) -> None:
        """Start ``argv`` in ``cwd``, as ``user`` when given (we must be root for that), with
        the environment ``env`` (this process's when not given).

        The process gets its own session so that Ctrl-C in the terminal reaches pytest only;
        pytest's teardown stops it.
        """
        if self.is_running:
            raise RuntimeError(f"{self.name} is running already (pid {self.pid})")
        with self.log_path.open("ab") as log:
            self._process = subprocess.Popen(
                argv,
                cwd=cwd,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                user=user,
                group=user,
                extra_groups=[] if user is not None else None,
            )

    def exit_message(self) -> str | None:
        """Return why the process is gone (exit code and log tail), or ``None`` while it runs."""
        if self._process is None or self._process.poll() is None:
            return None
        return (
            f"{self.name} exited with code {self._process.returncode}; "
            f"end of {self.log_path}:\n{self.log_tail()}"
        )

    def log_tail(self, lines: int = 20) -> str:
        """Return the last ``lines`` lines the program wrote."""
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def stop(self, stop_signal: int = signal.SIGTERM, timeout: float = 30.0) -> None:
        """Send ``stop_signal`` to the process and wait; SIGKILL it if it outlives ``timeout``."""
        process = self._process
        if process is None or process.poll() is not None:
            return
        os.kill(process.pid, stop_signal)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

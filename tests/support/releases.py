"""This project's releases and a release's code run for real: the rollback test
(tests/deploy/test_rollback.py) runs the previous release against a database the current
code wrote, and the current code against one the previous release wrote.

A release is a line of ``docs/releases.md``'s table and a Git tag of the same name
(``v0.3.0``); the table lets a checkout that came without its tags still find them. A
release's code is unpacked from Git (``git archive``) into a scratch folder and run from
there with this checkout's virtualenv: the web process (gunicorn) and one Celery worker on
the embedded broker, as ``deploy/README.md``'s "Running on separate hosts" starts them.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import tarfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from tests.support.ports import HOST, free_port, wait_for_port
from tests.support.processes import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
RELEASES = ROOT / "docs" / "releases.md"
# A row of the table: | v0.3.0 | 2026-11-27 | <40 hex digits> | 0024 | ...
ROW = re.compile(r"^\| (v\d+\.\d+\.\d+) \| (\d{4}-\d{2}-\d{2}) \| ([0-9a-f]{40}) \| (\d{4}) \|",
                 re.MULTILINE)


@dataclass(frozen=True)
class Release:
    """A release: its version tag, its day, its commit and the last migration it knows."""

    name: str
    day: str
    commit: str
    schema: str


def listed_releases(text: str | None = None) -> list[Release]:
    """Return the releases of ``docs/releases.md`` (or of ``text``), newest first."""
    rows = ROW.findall(RELEASES.read_text() if text is None else text)
    return [Release(*row) for row in rows]


def git(*args: str, root: Path = ROOT, data: bytes | None = None) -> bytes:
    """Run git in ``root`` and return what it printed; raise ``CalledProcessError`` if it
    fails."""
    return subprocess.run(["git", *args], cwd=root, input=data, capture_output=True,
                          check=True).stdout


def has_commit(commit: str, root: Path = ROOT) -> bool:
    """Return whether ``root``'s Git history holds ``commit`` (a checkout without history,
    or a shallow one, may not)."""
    try:
        git("cat-file", "-e", f"{commit}^{{commit}}", root=root)
    except (subprocess.CalledProcessError, FileNotFoundError):
        return False
    return True


def tag_commit(name: str, root: Path = ROOT) -> str | None:
    """Return the commit the tag ``name`` points at, or None when there is no such tag."""
    try:
        return git("rev-parse", "--verify", "--quiet", f"refs/tags/{name}^{{commit}}",
                   root=root).decode().strip() or None
    except subprocess.CalledProcessError:
        return None


def previous_release(root: Path = ROOT) -> Release:
    """Return the newest listed release that is an ancestor of ``HEAD`` other than ``HEAD``
    itself: what an operator rolls back to from this code. Raise ``LookupError`` if none is."""
    head = git("rev-parse", "HEAD", root=root).decode().strip()
    for release in listed_releases():
        if release.commit == head or not has_commit(release.commit, root):
            continue
        ancestor = subprocess.run(["git", "merge-base", "--is-ancestor", release.commit, head],
                                  cwd=root, capture_output=True)
        if ancestor.returncode == 0:
            return release
    raise LookupError(f"no release in {RELEASES.name} comes before {head}")


def unpack(commit: str, folder: Path, root: Path = ROOT) -> Path:
    """Write the files of ``commit`` into ``folder`` (made if needed) and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = git("archive", "--format=tar", commit, root=root)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


class ReleaseProcesses:
    """One release's code (the folder ``tree``) run as a web process and a Celery worker,
    with settings ``env`` (``FF_*``) on top of this process's environment."""

    def __init__(self, tree: Path, env: Mapping[str, str], logs: Path) -> None:
        self.tree = tree
        self.port = free_port()
        self.env = {**os.environ, **env, "PYTHONPATH": str(tree), "FF_PORT": str(self.port)}
        logs.mkdir(parents=True, exist_ok=True)
        self.logs = logs
        self.web = ServerProcess("web", logs / "web.log")
        self.worker = ServerProcess("worker", logs / "worker.log")

    @property
    def base_url(self) -> str:
        """Return the web process's address."""
        return f"http://{HOST}:{self.port}"

    def python(self, *args: str) -> str:
        """Run this virtualenv's Python on the tree's code; return what it printed, or raise
        ``AssertionError`` with its output if it failed."""
        result = subprocess.run([sys.executable, *args], cwd=self.tree, env=self.env,
                                capture_output=True, text=True)
        assert result.returncode == 0, f"{args} failed in {self.tree}:\n{result.stdout}" \
                                       f"{result.stderr}"
        return result.stdout

    def code_folders(self) -> set[str]:
        """Return the folders the engine, service and worker packages are imported from."""
        printed = self.python("-c", "import engine, service, worker\n"
                                    "for m in (engine, service, worker): print(m.__path__[0])")
        return {str(Path(line).parent) for line in printed.split()}

    def migrate(self) -> None:
        """Build or upgrade the schema with this release's migrations."""
        self.python("-m", "service.migrate", "upgrade")

    def start_web(self) -> None:
        """Start gunicorn on the tree's code and wait until it listens."""
        self.web.start([
            sys.executable, "-m", "gunicorn", "--config", "deploy/gunicorn.conf.py",
            "--bind", f"{HOST}:{self.port}", "--workers", "1", "--no-control-socket",
            "worker:create_web_app()"], cwd=self.tree, env=self.env)
        wait_for_port(self.port, timeout=60, gave_up=self.web.exit_message)

    def start_worker(self) -> None:
        """Start one Celery worker on the tree's code."""
        self.worker.start([
            sys.executable, "-m", "celery", "--app", "worker", "worker", "--loglevel", "INFO",
            "--concurrency", "1", "--without-mingle", "--without-gossip"],
            cwd=self.tree, env=self.env)

    def stop(self) -> None:
        """Stop both processes (a warm shutdown; each is waited for)."""
        self.worker.stop()
        self.web.stop()

    def __enter__(self) -> ReleaseProcesses:
        try:
            self.start_worker()
            self.start_web()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

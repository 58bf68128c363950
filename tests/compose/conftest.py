"""The Docker engine of the compose tests: started for the module, and stopped at its end
(before ``tests/drill`` runs), leaving the machine's network as it found it."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.binaries import missing
from tests.support.docker_engine import DockerEngine, HostNetworkState

PROGRAMS = {"dockerd": "docker.io", "docker": "docker.io", "docker-compose": "docker-compose",
            "debootstrap": "debootstrap", "iptables-save": "iptables", "openssl": "openssl"}


@pytest.fixture(scope="module")
def docker_engine() -> Iterator[DockerEngine]:
    """A dockerd of the test's own (vfs, its folders in a temporary one); at the end it is
    stopped, its bridges deleted, iptables restored and its folder removed. Skipped (failed
    under CI) without root or the Debian packages."""
    if os.geteuid() != 0:
        missing("root (dockerd and debootstrap need it)", "docker.io")
    for program, package in PROGRAMS.items():
        if shutil.which(program) is None:
            missing(f"program {program!r}", package)
    before = HostNetworkState.now()
    engine = DockerEngine(Path(tempfile.mkdtemp(prefix="ff-docker-")))
    try:
        engine.start()
        yield engine
    finally:
        engine.stop()
        after = HostNetworkState.now()
        assert after.comparable() == before.comparable(), (
            "the Docker engine left the host's network changed")

"""A Docker engine of the test's own, and the base images compose needs, built from Debian.

:class:`DockerEngine` starts ``dockerd`` with its data, state, socket and pid file in a
temporary folder (storage driver ``vfs``, which works on any file system) and, when it
stops, leaves the machine as it found it: the bridges it made deleted, the ``filter`` and
``nat`` tables of iptables and ``ip_forward`` restored exactly (Docker sets the
``FORWARD`` policy to ``DROP``, which would cut the drill's hosts), its folder removed.

No image registry is needed: :func:`build_debian_images` makes one Debian root file system
with ``debootstrap`` holding everything the stack runs (Python, PostgreSQL, Redis, nginx),
imports it once, and derives the images of ``tests/support/debian_images/`` from it. With
``vfs`` every layer is a full copy of its parent, so the root file system is trimmed and the
derived images share their two layers.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from tests.support.processes import ServerProcess

RECIPES = Path(__file__).resolve().parent / "debian_images"
SUITE = "bookworm"
DEFAULT_MIRROR = "http://deb.debian.org/debian"
# Everything the stack runs, in one root file system; Recommends are left out.
PACKAGES = ("python3", "python3-venv", "postgresql", "redis-server", "nginx-light", "wget",
            "ca-certificates")
# What no container reads: kept out of every copy vfs makes. PostgreSQL's JIT (LLVM, a
# hundred megabytes) is off in the test image's configuration.
TRIMMED = ("var/cache/apt/archives", "var/lib/apt/lists", "usr/share/doc", "usr/share/man",
           "usr/share/locale", "usr/share/info", "var/lib/postgresql/15/main",
           "etc/postgresql/15/main", "usr/lib/x86_64-linux-gnu/libLLVM-14.so.1",
           "usr/lib/postgresql/15/lib/llvmjit.so")
HOST_CA_BUNDLE = Path("/etc/ssl/certs/ca-certificates.crt")
# The daemon's own bridge, and the pool compose's networks are cut from; clear of the
# drill's 10.77.0.0/24 (deploy/cluster.py).
BRIDGE_ADDRESS = "10.78.0.1"
BRIDGE_CIDR = f"{BRIDGE_ADDRESS}/24"
ADDRESS_POOL = "base=10.79.0.0/16,size=24"
IPTABLES_TABLES = ("filter", "nat")
# A root file system made ahead of the test (``.ci/run`` starts :func:`prepare` in the
# background while the rest installs and runs): its folder; beside it ``.pid`` (the maker's
# process), then ``.done`` when it is ready or ``.failed`` with the reason.
PREPARED_ROOTFS = "FF_TEST_DEBIAN_ROOTFS"
PREPARED_WAIT_SECONDS = 900.0
IP_FORWARD = Path("/proc/sys/net/ipv4/ip_forward")


class DockerError(RuntimeError):
    """A docker command failed; the message holds its command line and its output."""


@dataclass(frozen=True)
class HostNetworkState:
    """What dockerd changes on the host, as it was before it started."""

    iptables: dict[str, str]
    ip_forward: str
    links: frozenset[str]

    def comparable(self) -> tuple[dict[str, str], str, frozenset[str]]:
        """Return the state without the chains' packet and byte counters, which traffic
        changes."""
        tables = {table: re.sub(r" \[\d+:\d+\]", "", saved)
                  for table, saved in self.iptables.items()}
        return tables, self.ip_forward, self.links

    @classmethod
    def now(cls) -> HostNetworkState:
        """Return the host's state at this moment."""
        return cls(iptables={table: iptables_save(table) for table in IPTABLES_TABLES},
                   ip_forward=IP_FORWARD.read_text(), links=frozenset(network_links()))

    def restore(self) -> None:
        """Put the host back: delete links made since, restore iptables and ip_forward."""
        for link in sorted(set(network_links()) - self.links):
            if link == "docker0" or link.startswith(("br-", "veth")):
                subprocess.run(["ip", "link", "delete", link], check=False,
                               capture_output=True)
        for table, saved in self.iptables.items():
            subprocess.run(["iptables-restore", "--table", table], input=saved, text=True,
                           check=True, capture_output=True)
        IP_FORWARD.write_text(self.ip_forward)


def iptables_save(table: str) -> str:
    """Return ``iptables-save`` of one table, without its comment lines (they hold times)."""
    saved = subprocess.run(["iptables-save", "--table", table], capture_output=True,
                           text=True, check=True).stdout
    return "".join(line + "\n" for line in saved.splitlines() if not line.startswith("#"))


def network_links() -> list[str]:
    """Return the names of the host's network links."""
    shown = subprocess.run(["ip", "-o", "link", "show"], capture_output=True, text=True,
                           check=True).stdout
    return [line.split(":")[1].strip().split("@")[0] for line in shown.splitlines()]


class DockerEngine:
    """One ``dockerd`` kept entirely in ``folder``; :meth:`stop` undoes what it did."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.socket = folder / "docker.sock"
        self.log = folder / "dockerd.log"
        self.env = {**os.environ, "DOCKER_HOST": f"unix://{self.socket}"}
        self._process = ServerProcess("dockerd", self.log)
        self._before: HostNetworkState | None = None

    def start(self, timeout: float = 60.0) -> None:
        """Start dockerd and wait until it answers; note the host's state first."""
        taken = subprocess.run(["ip", "-4", "route", "show", "10.78.0.0/15"],
                               capture_output=True, text=True, check=True).stdout
        if "10.78." in taken or "10.79." in taken:
            raise DockerError(f"this machine routes 10.78.0.0/15 already: {taken}")
        self._before = HostNetworkState.now()
        self.folder.mkdir(parents=True, exist_ok=True)
        self._process.start(
            ["dockerd", "--storage-driver", "vfs",
             "--data-root", str(self.folder / "data"),
             "--exec-root", str(self.folder / "exec"),
             "--host", f"unix://{self.socket}",
             "--pidfile", str(self.folder / "dockerd.pid"),
             "--bip", BRIDGE_CIDR, "--default-address-pool", ADDRESS_POOL,
             # This machine's own link may carry less than Ethernet's 1500 bytes: the
             # builds' downloads would stall on packets too large to pass.
             "--mtu", str(link_mtu()),
             "--log-level", "warn"],
            cwd=self.folder)
        deadline = time.monotonic() + timeout
        while self.run("version", check=False).returncode != 0:
            exited = self._process.exit_message()
            if exited is not None:
                raise DockerError(exited)
            if time.monotonic() > deadline:
                raise DockerError(f"dockerd did not answer in {timeout} s")
            time.sleep(0.2)

    def run(self, *args: str, check: bool = True, input: bytes | None = None,
            timeout: float = 900.0) -> subprocess.CompletedProcess[str]:
        """Run ``docker ARGS`` against this engine; raise :class:`DockerError` if it fails
        and ``check``."""
        return self.command("docker", *args, check=check, input=input, timeout=timeout)

    def command(self, *argv: str, check: bool = True, input: bytes | None = None,
                timeout: float = 900.0, cwd: Path | None = None
                ) -> subprocess.CompletedProcess[str]:
        """Run ``argv`` with ``DOCKER_HOST`` pointing at this engine (docker-compose too)."""
        done = subprocess.run(argv, env=self.env, input=input, capture_output=True,
                              timeout=timeout, cwd=cwd, check=False)
        result = subprocess.CompletedProcess(
            done.args, done.returncode, done.stdout.decode(errors="replace"),
            done.stderr.decode(errors="replace"))
        if check and result.returncode != 0:
            raise DockerError(f"{' '.join(argv)} exited with {result.returncode}:\n"
                              f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
        return result

    def stop(self) -> None:
        """Stop dockerd, restore the host's network state, and delete the folder."""
        self._process.stop(timeout=60)
        if self._before is not None:
            self._before.restore()
        unmount_below(self.folder)
        shutil.rmtree(self.folder, ignore_errors=True)


def link_mtu() -> int:
    """Return the smallest MTU of the links the host's default routes use (1500 without)."""
    routes = subprocess.run(["ip", "-4", "route", "show", "default"], capture_output=True,
                            text=True, check=True).stdout
    mtus = []
    for device in re.findall(r"\bdev (\S+)", routes):
        mtus.append(int(Path(f"/sys/class/net/{device}/mtu").read_text()))
    return min(mtus, default=1500)


def unmount_below(folder: Path) -> None:
    """Unmount whatever dockerd left mounted inside ``folder`` (deepest first)."""
    prefix = str(folder.resolve()) + "/"
    mounts = [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()]
    for mount in sorted((m for m in mounts if m.startswith(prefix)), key=len, reverse=True):
        subprocess.run(["umount", "--lazy", mount], check=False, capture_output=True)


def debian_mirror(sources: Path = Path("/etc/apt")) -> str:
    """Return the Debian mirror this machine's apt uses for the main archive."""
    files = [sources / "sources.list", *sorted((sources / "sources.list.d").glob("*"))]
    for file in files:
        with contextlib.suppress(OSError):
            for uri in re.findall(r"(?:^deb\s+(?:\[[^]]*\]\s+)?|^URIs:\s*)(\S+)",
                                  file.read_text(), re.M):
                if re.search(r"/debian/?$", uri):
                    return uri.rstrip("/")
    return DEFAULT_MIRROR


@dataclass(frozen=True)
class DebianImages:
    """The names of the base images built from Debian, for compose's variables."""

    python: str = "ff-test/python:bookworm"
    postgres: str = "ff-test/postgres:bookworm"
    redis: str = "ff-test/redis:bookworm"
    nginx: str = "ff-test/nginx:bookworm"
    base: str = "ff-test/debian:bookworm"


def debootstrap(rootfs: Path) -> None:
    """Install Debian with :data:`PACKAGES` into ``rootfs`` and trim what no one reads."""
    subprocess.run(["debootstrap", "--variant=minbase", f"--include={','.join(PACKAGES)}",
                    SUITE, str(rootfs), debian_mirror()],
                   check=True, capture_output=True, timeout=900)
    for part in TRIMMED:
        path = rootfs / part
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)


def prepare(rootfs: Path) -> None:
    """Make the root file system into ``rootfs`` ahead of the test; mark it done or failed."""
    try:
        debootstrap(rootfs)
    except BaseException as error:
        Path(f"{rootfs}.failed").write_text(f"{type(error).__name__}: {error}\n")
        raise
    Path(f"{rootfs}.done").touch()


def prepared_rootfs(timeout: float = PREPARED_WAIT_SECONDS) -> Path | None:
    """Return the root file system made ahead of the test once it is done, or None when
    none was asked for, its maker failed or is gone, or it took longer than ``timeout``
    (the test then makes its own)."""
    given = os.environ.get(PREPARED_ROOTFS)
    if not given:
        return None
    rootfs = Path(given)
    deadline = time.monotonic() + timeout
    while not Path(f"{rootfs}.done").exists():
        if Path(f"{rootfs}.failed").exists() or time.monotonic() > deadline:
            return None
        try:
            os.kill(int(Path(f"{rootfs}.pid").read_text()), 0)
        except (OSError, ValueError):  # its maker is gone: look once more, then give up
            return rootfs if Path(f"{rootfs}.done").exists() else None
        time.sleep(1.0)
    return rootfs


def build_debian_images(engine: DockerEngine, folder: Path,
                        images: DebianImages = DebianImages()) -> dict[str, float]:
    """Build :class:`DebianImages` in ``engine``, working in ``folder``; return the seconds
    each step took (``debootstrap``, ``import``, ``derived``)."""
    took: dict[str, float] = {}
    started = time.monotonic()
    rootfs = prepared_rootfs()
    if rootfs is None:
        rootfs = folder / "rootfs"
        debootstrap(rootfs)
        took["debootstrap"] = time.monotonic() - started
    else:
        took["debootstrap (made ahead; waited)"] = time.monotonic() - started

    started = time.monotonic()
    tar = subprocess.Popen(["tar", "--numeric-owner", "-C", str(rootfs), "-c", "."],
                           stdout=subprocess.PIPE)
    imported = subprocess.run(["docker", "import", "-", images.base], stdin=tar.stdout,
                              env=engine.env, capture_output=True, check=False)
    assert tar.stdout is not None
    tar.stdout.close()
    if tar.wait() != 0 or imported.returncode != 0:
        raise DockerError(f"docker import failed: {imported.stderr.decode(errors='replace')}")
    shutil.rmtree(rootfs)
    took["import"] = time.monotonic() - started

    started = time.monotonic()
    context = folder / "recipes"
    shutil.copytree(RECIPES, context)
    # pip in the builds trusts what this machine trusts (a proxy's own CA too).
    shutil.copy(HOST_CA_BUNDLE, context / "ca-certificates.crt")
    for target, tag in (("python", images.python), ("postgres", images.postgres),
                        ("redis", images.redis), ("nginx", images.nginx)):
        engine.run("build", "--quiet", "--build-arg", f"BASE={images.base}",
                   "--target", target, "--tag", tag, str(context))
    took["derived"] = time.monotonic() - started
    return took


if __name__ == "__main__":
    # python3 -m tests.support.docker_engine prepare ROOTFS: what .ci/run starts early.
    import sys

    if sys.argv[1:2] != ["prepare"] or len(sys.argv) != 3:
        sys.exit("usage: python3 -m tests.support.docker_engine prepare ROOTFS")
    prepare(Path(sys.argv[2]))

"""Separate hosts on one machine: the production shape's parts, one per network namespace.

Each part runs on a host of its own, as it would on separate machines: nginx, two web hosts
(gunicorn), two worker hosts (Celery), beat, Redis and PostgreSQL. A host is a Linux network
namespace (``ip netns``) with one interface, joined to the others by a veth pair on a private
bridge; it has its own address on ``10.77.0.0/24`` and its own loopback, and reaches the
others only through the bridge. This machine itself is ``10.77.0.1`` on the bridge, where
clients, the mail server and webhook receivers of a drill live. Nothing listens on another
address, and nothing leaves the bridge.

Cutting a host's cable (:meth:`Network.cut`) sets the bridge's end of its veth pair down: its
packets are dropped, its connections hang as they would on a lost link, and :meth:`Network.
restore` brings them back. Run as root::

    deploy/cluster up [--folder DIR]   # start every host; Ctrl-C stops them and takes the
                                       # namespaces and the bridge down
    deploy/cluster down                # remove what a killed run left behind

The drill (``tests/drill``) uses :class:`Network` and :class:`Cluster` directly.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the repository importable
    sys.path.insert(0, str(ROOT))

from deploy.production_shape import (  # noqa: E402
    BEAT_SCHEDULER,
    CELERY,
    GUNICORN_CONFIG,
    Process,
    kept_secret_key,
    kept_vapid_key,
    restart_exited,
    supervise_until_stopped,
)
from tests.support.binaries import find_program  # noqa: E402
from tests.support.ports import wait_for_answer, wait_for_port  # noqa: E402
from tests.support.postgres_server import PostgresServer  # noqa: E402
from tests.support.redis_server import RedisServer  # noqa: E402

PREFIX = "ffc-"  # the namespaces', the bridge's and the veth ends' names start with it
BRIDGE = f"{PREFIX}br"
SUBNET = "10.77.0"
GATEWAY = f"{SUBNET}.1"  # this machine, on the bridge
HOSTS = {"nginx": 10, "web1": 11, "web2": 12, "worker1": 21, "worker2": 22, "beat": 30,
         "redis": 40, "postgres": 50}
WEB_PORT, REDIS_PORT, POSTGRES_PORT, HTTP_PORT = 8000, 6379, 5432, 80
DATABASE = "fearsome_floors"

NGINX_CONF = """\
# Written by deploy/cluster: nginx on its host, in front of the two web hosts.
daemon off;
user root;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    upstream fearsome_floors {{
{servers}
        keepalive 16;
    }}
    server {{
        listen {address}:{port};
        client_max_body_size 256k;
        location / {{
            proxy_pass http://fearsome_floors;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Request-Id $request_id;
            # A web host that refuses or does not answer within 2 s is skipped for 5 s; a
            # request not yet sent to it goes to the other (nginx never resends a POST that
            # reached a web host: the client's Idempotency-Key retry does that).
            proxy_connect_timeout 2s;
            proxy_read_timeout 30s;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"""


# A test server on a host: listens, says so, takes one connection.
_LISTEN = """
import socket, sys
with socket.create_server((sys.argv[1], 9001)) as server:
    print("listening", flush=True)
    server.accept()[0].close()
"""
# Connects from a host within a timeout: exit code 0 when it could.
_CONNECT = """
import socket, sys
socket.create_connection((sys.argv[1], 9001), timeout=float(sys.argv[2])).close()
"""


def _bridge_calls_iptables() -> bool:
    """True when frames crossing a bridge go through iptables (``br_netfilter`` loaded and
    ``net.bridge.bridge-nf-call-iptables`` on)."""
    setting = Path("/proc/sys/net/bridge/bridge-nf-call-iptables")
    return setting.exists() and setting.read_text().strip() == "1"


def _forward_policy() -> str | None:
    """Return the policy of iptables' FORWARD chain (``ACCEPT``, ``DROP``), or None when
    iptables is not there to ask."""
    if shutil.which("iptables") is None:
        return None
    listed = subprocess.run(["iptables", "-S", "FORWARD"], capture_output=True, text=True,
                            check=False).stdout
    return next((line.split()[2] for line in listed.splitlines()
                 if line.startswith("-P FORWARD")), None)


def address(host: str) -> str:
    """Return the address of ``host`` (a key of :data:`HOSTS`) on the bridge."""
    return f"{SUBNET}.{HOSTS[host]}"


def namespace(host: str) -> str:
    """Return the network namespace of ``host``."""
    return f"{PREFIX}{host}"


def in_namespace(host: str) -> list[str]:
    """Return the command prefix that runs a program on ``host``."""
    return ["ip", "netns", "exec", namespace(host)]


def _ip(*arguments: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run ``ip`` with ``arguments``; raise with its message when it fails and ``check``."""
    result = subprocess.run(["ip", *arguments], capture_output=True, text=True, check=False)
    if check and result.returncode != 0:
        raise RuntimeError(f"ip {' '.join(arguments)} failed: {result.stderr.strip()}")
    return result


class Network:
    """The bridge and one namespace per host, each joined to the bridge by a veth pair."""

    @staticmethod
    def unavailable() -> str | None:
        """Return why hosts cannot be made on this machine (not root, no ``ip netns``), or
        None when they can."""
        if os.geteuid() != 0:
            return "making network namespaces needs root"
        probe = f"{PREFIX}probe"
        result = _ip("netns", "add", probe, check=False)
        if result.returncode != 0:
            return f"`ip netns add` failed: {result.stderr.strip()}"
        _ip("netns", "del", probe, check=False)
        return None

    def up(self) -> None:
        """Make the bridge and every host (after removing what an earlier run left)."""
        self.down()
        _ip("link", "add", BRIDGE, "type", "bridge", "stp_state", "0", "forward_delay", "0")
        _ip("addr", "add", f"{GATEWAY}/24", "dev", BRIDGE)
        _ip("link", "set", BRIDGE, "up")
        for host in HOSTS:
            name = namespace(host)
            _ip("netns", "add", name)
            _ip("link", "add", name, "type", "veth", "peer", "name", "eth0", "netns", name)
            _ip("link", "set", name, "master", BRIDGE, "up")
            _ip("-n", name, "addr", "add", f"{address(host)}/24", "dev", "eth0")
            _ip("-n", name, "link", "set", "eth0", "up")
            _ip("-n", name, "link", "set", "lo", "up")
        problem = self.bridge_problem()
        if problem is not None:
            self.down()
            raise RuntimeError(problem)

    def bridge_problem(self, timeout: float = 3.0) -> str | None:
        """Return why two hosts cannot talk across the bridge, with the rule that lets them,
        or None when they can. The usual cause is the host's firewall: with ``br_netfilter``
        loaded, frames crossing a bridge go through iptables' FORWARD chain, whose policy
        Docker's daemon sets to DROP; the drill would otherwise fail with bare timeouts."""
        first, second = list(HOSTS)[:2]
        listener = subprocess.Popen(
            [*in_namespace(second), sys.executable, "-c", _LISTEN, address(second)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert listener.stdout is not None
            if listener.stdout.readline().strip() != "listening":
                return f"a test server could not listen on {second} ({address(second)})"
            reached = subprocess.run(
                [*in_namespace(first), sys.executable, "-c", _CONNECT, address(second),
                 str(timeout)], capture_output=True, text=True, check=False).returncode == 0
        finally:
            listener.kill()
            listener.wait()
            if listener.stdout is not None:
                listener.stdout.close()
        if reached:
            return None
        rule = f"iptables -I FORWARD -i {BRIDGE} -o {BRIDGE} -j ACCEPT"
        said = (f"{first} ({address(first)}) cannot reach {second} ({address(second)}) "
                f"across the bridge {BRIDGE}")
        if _bridge_calls_iptables() and _forward_policy() == "DROP":
            return (f"{said}: this machine's firewall drops what crosses a bridge (bridged "
                    "frames go through iptables' FORWARD chain, net.bridge.bridge-nf-call-"
                    "iptables = 1, and its policy is DROP, as Docker's daemon sets it). "
                    f"Let the drill's bridge through with: {rule} (and take it out after "
                    f"with: iptables -D FORWARD -i {BRIDGE} -o {BRIDGE} -j ACCEPT)")
        return (f"{said}; if a firewall drops bridged traffic here, let it through with: "
                f"{rule}")

    def down(self) -> None:
        """Remove every namespace and link of ours (deleting a namespace deletes its veth
        pair); nothing is left, whatever state an earlier run left."""
        listed = _ip("netns", "list", check=False).stdout.split()
        for name in listed:
            if name.startswith(PREFIX):
                _ip("netns", "del", name, check=False)
        for host in HOSTS:  # a veth end whose namespace was already gone
            _ip("link", "del", namespace(host), check=False)
        _ip("link", "del", BRIDGE, check=False)

    def leftovers(self) -> list[str]:
        """Return the namespaces and links of ours that exist now (none after :meth:`down`)."""
        names = [name for name in _ip("netns", "list", check=False).stdout.split()
                 if name.startswith(PREFIX)]
        links = _ip("-o", "link", "show", check=False).stdout.splitlines()
        names += [line.split(":")[1].strip().split("@")[0] for line in links
                  if line.split(":")[1].strip().startswith(PREFIX)]
        return names

    def cut(self, host: str) -> None:
        """Cut ``host``'s cable: its packets are dropped both ways until :meth:`restore`."""
        _ip("link", "set", namespace(host), "down")

    def restore(self, host: str) -> None:
        """Plug ``host``'s cable in again."""
        _ip("link", "set", namespace(host), "up")


class Cluster:
    """The service's parts on their hosts, with their data, key and logs in ``folder``.

    PostgreSQL trusts every login from the bridge's network: the hosts are this machine's
    own namespaces, reachable from nowhere else (on real hosts, use passwords and TLS:
    ``deploy/README.md``).

    ``env`` adds settings to every service process (web, workers, beat); ``worker_env``
    adds them to one worker host's only, ``concurrency`` sets a worker host's pool size (2
    by default), and ``celery_app`` names the workers' Celery app.
    """

    def __init__(self, folder: Path, *, durable: bool = True, env: Mapping[str, str] | None
                 = None, worker_env: Mapping[str, Mapping[str, str]] | None = None,
                 concurrency: Mapping[str, int] | None = None,
                 celery_app: str = "worker") -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        os.chmod(folder, 0o755)  # PostgreSQL runs as postgres and must reach its folder
        self.logs = folder / "logs"
        self.logs.mkdir(exist_ok=True)
        self.postgres = PostgresServer(folder / "postgres", POSTGRES_PORT, durable=durable,
                                       host=address("postgres"), netns=namespace("postgres"),
                                       trusted_network=f"{SUBNET}.0/24")
        (folder / "redis").mkdir(exist_ok=True)
        self.redis = RedisServer(folder / "redis", REDIS_PORT, host=address("redis"),
                                 netns=namespace("redis"))
        broker = self.redis.url
        self.env = {
            **os.environ, "PYTHONUNBUFFERED": "1",
            "FF_DATABASE_URL": self.postgres.url(DATABASE),
            "FF_CELERY_BROKER_URL": broker, "FF_CELERY_RESULT_BACKEND": broker,
            "FF_RATELIMIT_STORAGE_URI": broker,
            "FF_SECRET_KEY": self.secret_key(),
            "FF_VAPID_PRIVATE_KEY": kept_vapid_key(folder / "vapid-private-key"),
            "FF_PUBLIC_URL": f"http://{address('nginx')}",
            "FF_PROXY_FIX_X_FOR": "1",
            "FF_MAIL_DIR": str(folder / "mail"),
            **(env or {}),
        }
        self.web = [self._web(host) for host in ("web1", "web2")]
        self.workers = [
            Process(host, [*in_namespace(host), *CELERY, celery_app, "worker",
                           "--loglevel", "INFO", "--hostname", f"{host}@%h",
                           "--concurrency", str((concurrency or {}).get(host, 2)),
                           "--without-mingle", "--without-gossip"],
                    {**self.env, **(worker_env or {}).get(host, {})}, self.logs / f"{host}.log")
            for host in ("worker1", "worker2")]
        self.beat = Process("beat", [*in_namespace("beat"), *CELERY, "worker", "beat",
                                     "--loglevel", "INFO",
                                     "--schedule", str(folder / "beat-schedule"),
                                     "--scheduler", BEAT_SCHEDULER],
                            self.env, self.logs / "beat.log")
        self.nginx = Process("nginx", [*in_namespace("nginx"),
                                       find_program("nginx", "nginx"), "-e",
                                       str(folder / "nginx" / "error.log"),
                                       "-c", str(self._nginx_conf())],
                             self.env, self.logs / "nginx.log")

    @property
    def base_url(self) -> str:
        """Return the service's address, through nginx."""
        return f"http://{address('nginx')}"

    @property
    def processes(self) -> list[Process]:
        """Return the service's processes (not PostgreSQL and Redis)."""
        return [*self.web, *self.workers, self.beat, self.nginx]

    def secret_key(self) -> str:
        """Return the cluster's secret key, made in ``folder/secret-key`` at the first start
        (readable by its owner only), the same for every host."""
        return kept_secret_key(self.folder / "secret-key")

    def _web(self, host: str) -> Process:
        """Return the gunicorn of web host ``host``."""
        return Process(host, [
            *in_namespace(host), sys.executable, "-m", "gunicorn",
            "--config", str(GUNICORN_CONFIG), "--bind", f"{address(host)}:{WEB_PORT}",
            "--workers", "1", "--no-control-socket", "worker:create_web_app()",
        ], self.env, self.logs / f"{host}.log")

    def _nginx_conf(self) -> Path:
        """Write nginx's configuration into ``folder/nginx``; return its path."""
        folder = self.folder / "nginx"
        folder.mkdir(exist_ok=True)
        servers = "\n".join(f"        server {address(host)}:{WEB_PORT} max_fails=1 "
                            f"fail_timeout=5s;" for host in ("web1", "web2"))
        conf = folder / "nginx.conf"
        conf.write_text(NGINX_CONF.format(folder=folder, servers=servers,
                                          address=address("nginx"), port=HTTP_PORT))
        return conf

    def start(self) -> None:
        """Start PostgreSQL and Redis, make the database if it is not there, migrate, then
        start every service process and wait until nginx and both web hosts answer."""
        self.postgres.start()
        self.redis.start()
        self.postgres.create_database(DATABASE, exist_ok=True)
        subprocess.run([*in_namespace("web1"), sys.executable, "-m", "service.migrate",
                        "upgrade"], cwd=ROOT, env=self.env, check=True,
                       stdout=subprocess.DEVNULL)
        for process in self.processes:
            process.start()
        for process in self.web:  # its worker has loaded the app, not only its master bound
            wait_for_answer(f"http://{address(process.name)}:{WEB_PORT}/api/v1/health",
                            timeout=60, gave_up=process.exit_message)
        wait_for_port(HTTP_PORT, address("nginx"), timeout=30,
                      gave_up=self.nginx.exit_message)

    def stop(self) -> None:
        """Stop every process, then Redis and PostgreSQL."""
        for process in self.processes:
            process.stop()
        self.redis.stop()
        self.postgres.stop()

    def supervise(self) -> list[str]:
        """Restart every service process that exited; return why each was."""
        return restart_exited(self.processes)


def main() -> int:
    """``up``: start the hosts and keep them until Ctrl-C; ``down``: remove leftovers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["up", "down"])
    parser.add_argument("--folder", type=Path, help="where data, key and logs go; up again "
                        "on the same folder keeps them (default: a new temporary folder)")
    arguments = parser.parse_args()
    network = Network()
    if arguments.command == "down":
        network.down()
        return 0
    reason = Network.unavailable()
    if reason is not None:
        print(f"cannot make hosts here: {reason}", file=sys.stderr)
        return 1
    folder = arguments.folder or Path(tempfile.mkdtemp(prefix="ff-cluster-"))
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop_signal, lambda signum, frame: sys.exit(0))
    network.up()
    cluster = Cluster(folder)
    try:
        cluster.start()
        hosts = "\n".join(f"  {host:<8} {address(host)}  ({namespace(host)})"
                          for host in HOSTS)
        print(f"\nThe cluster runs at {cluster.base_url}/ (folder {folder})\n{hosts}\n"
              f"  run a command on a host: ip netns exec {namespace('web1')} ...\n"
              f"  logs in {cluster.logs}; press Ctrl-C to stop\n", flush=True)
        return supervise_until_stopped(cluster.supervise)
    finally:
        for stop_signal in (signal.SIGINT, signal.SIGTERM):
            signal.signal(stop_signal, signal.SIG_IGN)
        with contextlib.suppress(Exception):
            cluster.stop()
        network.down()


if __name__ == "__main__":
    sys.exit(main())

"""deploy/nginx.conf run by a real nginx: Debian's accepts it, and it serves HTTPS, redirects
port 80 but answers certbot there, adds HSTS, hands the API to the web process, and serves the
rules page in the reader's language as the app does.

The file is used as compose mounts it, with only what Docker provides moved onto this
machine: the mounted folders into ``tmp_path``, the ports onto free loopback ones, and
``web:8000`` (found through Docker's DNS) onto a local HTTP server that echoes the headers
it received. nginx comes from Debian (`make test` installs it); without it the tests skip,
and fail under ``CI=true``.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
import requests

from tests.support.binaries import find_program
from tests.support.http_server import BackgroundHTTPServer, QuietHandlerMixin
from tests.support.ports import HOST, free_port, wait_for_port

pytestmark = pytest.mark.server  # starts the service's own processes

HSTS = "max-age=63072000"


@dataclass
class Ports:
    """Where the moved nginx listens, and where its `web` is."""

    http: int
    https: int
    health: int
    web: int


def nginx_program() -> tuple[str, tuple[int, ...]]:
    """Return nginx's path and version (skip without it, fail under CI)."""
    nginx = find_program("nginx", "nginx", "/usr/sbin/nginx")
    version = subprocess.run([nginx, "-v"], capture_output=True, text=True, check=True).stderr
    found = re.search(r"nginx/(\d+)\.(\d+)\.(\d+)", version)
    assert found is not None, version
    return nginx, tuple(map(int, found.groups()))


def write_config(deploy: Path, folder: Path, version: tuple[int, ...],
                 ports: Ports | None = None) -> Path:
    """Write nginx.conf with the mounts moved into ``folder`` (and, given ``ports``, its
    addresses moved onto loopback), a self-signed certificate, and a main file including
    it; return the main file."""
    conf = (deploy / "nginx.conf").read_text()
    conf = conf.replace("/etc/nginx/tls/", f"{folder}/tls/")
    conf = conf.replace("/var/www/acme", f"{folder}/acme")
    conf = conf.replace("/srv/web", str(deploy.parent / "web"))
    if version < (1, 25, 1):
        # Debian 12's nginx is 1.22; the `http2` directive came with 1.25.1 (compose's 1.28
        # has it). Everything else is used as it is.
        conf = conf.replace("    http2 on;\n", "")
    if ports is not None:
        for old, new in (("listen 80;", f"listen {HOST}:{ports.http};"),
                         ("listen 443 ssl;", f"listen {HOST}:{ports.https} ssl;"),
                         ("listen 127.0.0.1:8081;", f"listen {HOST}:{ports.health};"),
                         ("http://web:8000;", f"http://{HOST}:{ports.web};")):
            assert old in conf, old
            conf = conf.replace(old, new)
    (folder / "default.conf").write_text(conf)
    (folder / "tls").mkdir()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", f"subjectAltName=IP:{HOST}",
                    "-keyout", str(folder / "tls" / "privkey.pem"),
                    "-out", str(folder / "tls" / "fullchain.pem")],
                   check=True, capture_output=True)
    main = folder / "nginx.conf"
    # As root, nginx's workers would run as www-data, which cannot read pytest's folders.
    user = "user root;\n" if os.geteuid() == 0 else ""
    main.write_text(f"{user}pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
                    f"events {{}}\nhttp {{\n    access_log off;\n"
                    f"    include {folder}/default.conf;\n}}\n")
    return main


def nginx_command(nginx: str, main: Path) -> list[str]:
    """Return nginx's command line for the main file ``main``, kept in its folder."""
    folder = main.parent
    return [nginx, "-p", str(folder), "-c", str(main), "-e", str(folder / "error.log")]


class EchoHandler(QuietHandlerMixin, BaseHTTPRequestHandler):
    """The web process's stand-in: answers every GET with the headers it received."""

    def do_GET(self) -> None:
        """Answer 200 with the request's path and headers as JSON."""
        body = json.dumps({"path": self.path, "headers": dict(self.headers)}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def web() -> Iterator[BackgroundHTTPServer]:
    """The stand-in web process, running."""
    server = BackgroundHTTPServer(EchoHandler)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_debians_nginx_accepts_the_config(pytestconfig: pytest.Config, tmp_path: Path) -> None:
    nginx, version = nginx_program()
    main = write_config(pytestconfig.rootpath / "deploy", tmp_path, version)
    result = subprocess.run([*nginx_command(nginx, main), "-t"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


@pytest.fixture
def running(pytestconfig: pytest.Config, tmp_path: Path,
            web: BackgroundHTTPServer) -> Iterator[Ports]:
    """The moved nginx, running with a challenge file for certbot; yield its ports."""
    nginx, version = nginx_program()
    ports = Ports(http=free_port(), https=free_port(), health=free_port(), web=web.port)
    main = write_config(pytestconfig.rootpath / "deploy", tmp_path, version, ports)
    challenge = tmp_path / "acme" / ".well-known" / "acme-challenge"
    challenge.mkdir(parents=True)
    (challenge / "token-1").write_text("token-1.thumbprint")
    log = tmp_path / "error.log"
    process = subprocess.Popen([*nginx_command(nginx, main), "-g", "daemon off;"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_for_port(ports.https, gave_up=lambda: None if process.poll() is None
                      else log.read_text())
        yield ports
    finally:
        process.send_signal(signal.SIGQUIT)  # nginx's graceful stop, as Docker sends it
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_it_serves_https_with_hsts_redirects_http_and_answers_certbot_there(
        tmp_path: Path, running: Ports) -> None:
    ports = running
    plain = f"http://{HOST}:{ports.http}"
    secure = f"https://{HOST}:{ports.https}"
    tls = str(tmp_path / "tls" / "fullchain.pem")

    answer = requests.get(f"{plain}/.well-known/acme-challenge/token-1", timeout=10)
    assert (answer.status_code, answer.text) == (200, "token-1.thumbprint")
    answer = requests.get(f"{plain}/play/g1?x=1", headers={"Host": "ff.example"},
                          allow_redirects=False, timeout=10)
    assert answer.status_code == 301
    assert answer.headers["Location"] == "https://ff.example/play/g1?x=1"
    assert requests.get(f"{plain}/api/v1/health", allow_redirects=False,
                        timeout=10).status_code == 301

    answer = requests.get(f"{secure}/api/v1/health", verify=tls, timeout=10)
    assert answer.status_code == 200 and answer.headers["Strict-Transport-Security"] == HSTS
    received = answer.json()
    assert received["path"] == "/api/v1/health"
    assert received["headers"]["X-Forwarded-For"] == HOST
    assert received["headers"]["X-Forwarded-Proto"] == "https"
    assert re.fullmatch(r"[0-9a-f]{32}", received["headers"]["X-Request-Id"])
    answer = requests.get(f"{secure}/play/g1", verify=tls, timeout=10)
    assert answer.json()["path"] == "/play/g1"
    assert answer.headers["Strict-Transport-Security"] == HSTS

    answer = requests.get(f"{secure}/js/app.js", verify=tls, timeout=10)
    assert answer.status_code == 200 and "text/javascript" in answer.headers["Content-Type"]
    assert answer.headers["Strict-Transport-Security"] == HSTS
    assert answer.headers["Cache-Control"] == "no-cache"

    answer = requests.get(f"http://{HOST}:{ports.health}/nginx-health", timeout=10)
    assert (answer.status_code, answer.text) == (200, "ok\n")


@pytest.mark.parametrize(("asked", "headers", "language"), [
    ("", {}, "en"),
    ("", {"Accept-Language": "fr-FR,fr;q=0.9,pl;q=0.8,de;q=0.5"}, "pl"),
    ("", {"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}, "de"),
    ("?lang=es", {"Accept-Language": "de-DE"}, "es"),  # the page's own choice first
    ("?lang=xx", {"Accept-Language": "de-DE"}, "de"),
])
def test_it_serves_the_rules_page_in_the_readers_language_as_the_app_does(
        pytestconfig: pytest.Config, tmp_path: Path, running: Ports, asked: str,
        headers: dict[str, str], language: str) -> None:
    answer = requests.get(f"https://{HOST}:{running.https}/rules{asked}", headers=headers,
                          verify=str(tmp_path / "tls" / "fullchain.pem"), timeout=10)
    name = "rules.html" if language == "en" else f"rules.{language}.html"
    assert answer.status_code == 200
    assert answer.content == (pytestconfig.rootpath / "web" / name).read_bytes()
    assert answer.headers["Content-Type"] == "text/html; charset=utf-8"
    assert answer.headers["Content-Language"] == language
    assert "Accept-Language" in answer.headers["Vary"]
    assert answer.headers["Strict-Transport-Security"] == HSTS
    assert "default-src 'self'" in answer.headers["Content-Security-Policy"]


@pytest.mark.parametrize(("path", "content_type"), [
    ("/sw.js", "text/javascript"),
    ("/manifest.webmanifest", "application/manifest+json"),
    ("/icons/icon-192.png", "image/png"),
])
def test_it_serves_the_service_worker_the_manifest_and_the_icons_never_stale(
        pytestconfig: pytest.Config, tmp_path: Path, running: Ports, path: str,
        content_type: str) -> None:
    answer = requests.get(f"https://{HOST}:{running.https}{path}",
                          verify=str(tmp_path / "tls" / "fullchain.pem"), timeout=10)
    assert answer.status_code == 200
    assert answer.content == (pytestconfig.rootpath / "web" / path.lstrip("/")).read_bytes()
    assert answer.headers["Content-Type"].startswith(content_type)
    assert answer.headers["Cache-Control"] == "no-cache"

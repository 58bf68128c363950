"""deploy/nginx.conf in Debian's nginx in front of the real app: the page's files under their
digest go through to the app, which alone knows today's digest, and come back cached for good
and compressed; the files nginx serves itself are compressed too and still revalidated."""

from __future__ import annotations

import re
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from service.plumbing.assets import IMMUTABLE
from tests.deploy.test_nginx import HSTS, Ports, nginx_command, nginx_program, write_config
from tests.support.live_service import LiveService
from tests.support.ports import HOST, free_port, wait_for_port

pytestmark = pytest.mark.server  # starts the service's own processes

WEB = Path(__file__).resolve().parents[2] / "web"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The app behind the moved nginx; yield nginx's HTTPS address and its certificate."""
    nginx, version = nginx_program()
    (tmp_path / "app").mkdir()
    with LiveService(tmp_path / "app") as app:
        ports = Ports(http=free_port(), https=free_port(), health=free_port(), web=app.port)
        main = write_config(WEB.parent / "deploy", tmp_path, version, ports)
        process = subprocess.Popen([*nginx_command(nginx, main), "-g", "daemon off;"],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            wait_for_port(ports.https, gave_up=lambda: None if process.poll() is None
                          else (tmp_path / "error.log").read_text())
            yield f"https://{HOST}:{ports.https}", str(tmp_path / "tls" / "fullchain.pem")
        finally:
            process.send_signal(signal.SIGQUIT)
            process.wait(timeout=10)


def test_the_page_and_its_versioned_files_come_from_the_app_cached_for_good(
        site: tuple[str, str]) -> None:
    base, tls = site
    page = requests.get(f"{base}/play/G1", verify=tls, timeout=10)
    assert page.status_code == 200
    assert page.headers["Cache-Control"] == "no-cache"
    assert page.headers["Strict-Transport-Security"] == HSTS
    found = re.findall(r'(?:href|src)="(/v/[0-9a-f]{16}/[^"]+)"', page.text)
    assert "js/app.js" in " ".join(found) and "css/app.css" in " ".join(found)
    for link in found:
        answer = requests.get(f"{base}{link}", verify=tls, timeout=10)
        assert answer.status_code == 200, link
        assert answer.content == (WEB / link.split("/", 3)[3]).read_bytes()  # un-gzipped
        assert answer.headers["Content-Encoding"] == "gzip"
        assert answer.headers["Cache-Control"] == IMMUTABLE
        assert answer.headers["Strict-Transport-Security"] == HSTS


def test_the_files_nginx_serves_itself_are_compressed_and_revalidated(
        site: tuple[str, str]) -> None:
    base, tls = site
    answer = requests.get(f"{base}/js/app.js", verify=tls, timeout=10,
                          headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200
    assert answer.headers["Content-Encoding"] == "gzip"
    assert answer.content == (WEB / "js" / "app.js").read_bytes()
    assert answer.headers["Cache-Control"] == "no-cache"
    assert "Accept-Encoding" in answer.headers["Vary"]

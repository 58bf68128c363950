"""deploy/: the production shape's files agree with the code (settings, services, paths)."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path
from typing import Any

import gunicorn.config
import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from service.plumbing.config import DEFAULTS
from worker.beat_scheduler import SCHEDULER

pytestmark = pytest.mark.server  # starts the service's own processes


@pytest.fixture
def deploy(pytestconfig: pytest.Config) -> Path:
    """Return the deploy/ folder."""
    return pytestconfig.rootpath / "deploy"


def services_of(deploy: Path) -> dict[str, Any]:
    """Return compose.yaml's services, its anchors and merges resolved."""
    return yaml.safe_load((deploy / "compose.yaml").read_text())["services"]


def seconds(duration: str) -> float:
    """Return the seconds of a compose duration such as ``40s`` or ``2m10s``."""
    parts = re.fullmatch(r"(?:(\d+)m)?(?:(\d+)s)?", duration)
    assert parts is not None and duration, duration
    return 60 * int(parts[1] or 0) + int(parts[2] or 0)


def nginx_conf(deploy: Path) -> str:
    """Return nginx.conf without its comments."""
    return re.sub(r"#.*", "", (deploy / "nginx.conf").read_text())


def test_env_example_lists_every_setting(deploy: Path) -> None:
    listed = set(re.findall(r"^#?FF_([A-Z0-9_]+)=", (deploy / "env.example").read_text(), re.M))
    assert sorted(set(DEFAULTS) - listed) == []
    assert sorted(listed - set(DEFAULTS)) == []


def test_env_example_lists_every_variable_of_compose_and_compose_reads_only_settings(
        deploy: Path) -> None:
    used = set(re.findall(r"\$\{([A-Z0-9_]+)", (deploy / "compose.yaml").read_text()))
    own = {name for name in used if not name.startswith("FF_")}
    listed = set(re.findall(r"^#?([A-Z0-9_]+)=", (deploy / "env.example").read_text(), re.M))
    assert own and own <= listed
    assert {name[3:] for name in used - own} <= set(DEFAULTS)


def test_compose_refuses_to_start_without_a_database_password(deploy: Path) -> None:
    text = (deploy / "compose.yaml").read_text()
    uses = re.findall(r"\$\{POSTGRES_PASSWORD(.)", text)
    assert uses and set(uses) == {":"}
    assert len(re.findall(r"\$\{POSTGRES_PASSWORD:\?", text)) == len(uses)
    services = services_of(deploy)
    for name in ("migrate", "web", "worker", "beat", "mailin"):
        assert "${POSTGRES_PASSWORD:?" in services[name]["environment"]["FF_DATABASE_URL"]
    assert services["postgres"]["environment"]["POSTGRES_PASSWORD"].startswith(
        "${POSTGRES_PASSWORD:?")


def test_the_proxy_count_and_the_log_format_come_from_env_with_defaults(deploy: Path) -> None:
    services = services_of(deploy)
    for name in ("web", "worker", "beat", "mailin"):
        environment = services[name]["environment"]
        assert environment["FF_PROXY_FIX_X_FOR"] == "${FF_PROXY_FIX_X_FOR:-1}"
        assert environment["FF_LOG_FORMAT"] == "${FF_LOG_FORMAT:-json}"
        assert environment["FF_RATELIMIT_STORAGE_URI"].startswith("redis://")


def test_every_long_running_service_has_a_health_check_and_the_checks_are_ours(
        deploy: Path) -> None:
    services = services_of(deploy)
    assert sorted(name for name, service in services.items()
                  if "healthcheck" not in service) == ["migrate"]
    checks = {name: service["healthcheck"]["test"] for name, service in services.items()
              if name != "migrate"}
    assert "/api/v1/health" in " ".join(checks["web"])  # liveness: compose.yaml says why
    for name in ("worker", "beat", "mailin"):
        assert checks[name][:5] == ["CMD", "python", "-m", "worker.health", name]
    beat = services["beat"]["command"]
    assert beat[beat.index("--scheduler") + 1] == SCHEDULER
    assert checks["beat"][checks["beat"].index("--schedule") + 1] == \
        beat[beat.index("--schedule") + 1]
    assert services["mailin"]["environment"]["FF_MAILIN_SMTP_PORT"] == 2525
    assert "http://127.0.0.1:8081/nginx-health" in checks["nginx"]


def test_every_beat_ticks_with_the_heartbeat_scheduler(deploy: Path) -> None:
    for launcher in ("production_shape.py", "local.py"):
        assert f'"{SCHEDULER}"' in (deploy / launcher).read_text()


def test_each_stop_grace_period_outlasts_what_the_process_finishes_first(deploy: Path) -> None:
    services = services_of(deploy)
    config = gunicorn.config.Config()
    conf = (deploy / "gunicorn.conf.py").read_text()
    assert "graceful_timeout" not in conf  # else read it from there
    assert seconds(services["web"]["stop_grace_period"]) > config.graceful_timeout
    longest_handler = max(DEFAULTS["OUTBOX_LEASE_SECONDS"], DEFAULTS["SMTP_TIMEOUT"],
                          DEFAULTS["WEBHOOK_TIMEOUT"])
    assert seconds(services["worker"]["stop_grace_period"]) > longest_handler


def test_compose_runs_every_part_with_exactly_one_beat(deploy: Path) -> None:
    services = yaml.safe_load((deploy / "compose.yaml").read_text())["services"]
    assert {"nginx", "web", "worker", "beat", "redis", "postgres", "migrate"} <= set(services)
    assert services["beat"]["deploy"]["replicas"] == 1
    assert services["beat"]["command"][:5] == ["celery", "--quiet", "--app", "worker", "beat"]
    assert services["worker"]["command"][:5] == ["celery", "--quiet", "--app", "worker",
                                                 "worker"]
    assert services["web"]["environment"]["FF_CELERY_BROKER_URL"].startswith("redis://")


def test_the_web_processes_share_their_rate_limit_counts_through_redis(deploy: Path) -> None:
    services = yaml.safe_load((deploy / "compose.yaml").read_text())["services"]
    assert services["web"]["environment"]["FF_RATELIMIT_STORAGE_URI"].startswith("redis://")
    shape = (deploy / "production_shape.py").read_text()
    assert '"FF_RATELIMIT_STORAGE_URI": self.redis.url' in shape


def test_the_dockerfile_copies_folders_that_exist_and_serves_the_web_app(deploy: Path) -> None:
    dockerfile = (deploy / "Dockerfile").read_text()
    for source in re.findall(r"^COPY (\S+)", dockerfile, re.M):
        assert (deploy.parent / source).exists(), source
    assert '"worker:create_web_app()"' in dockerfile


def test_nginx_serves_the_page_files_and_proxies_the_api(deploy: Path) -> None:
    conf = nginx_conf(deploy)
    assert "location /api/ {" in conf and "root /srv/web;" in conf
    assert "set $web http://web:8000;" in conf
    # Every proxy_pass goes through the variable, so `web` is looked up at run time.
    assert set(re.findall(r"proxy_pass (\S+);", conf)) == {"$web"}
    assert "resolver 127.0.0.11 " in conf and "upstream" not in conf


def test_nginx_serves_https_and_port_80_only_redirects_and_answers_certbot(
        deploy: Path) -> None:
    plain, secure, health = re.split(r"^server \{", nginx_conf(deploy), flags=re.M)[1:]
    assert "listen 80;" in plain and "return 301 https://$host$request_uri;" in plain
    assert "location /.well-known/acme-challenge/ {" in plain and "proxy_pass" not in plain
    assert "listen 443 ssl;" in secure and "http2 on;" in secure
    assert "listen 127.0.0.1:8081;" in health
    mounted = {volume.split(":")[-2] for volume in services_of(deploy)["nginx"]["volumes"]}
    assert {"/etc/nginx/tls", "/var/www/acme"} <= mounted
    assert "ssl_certificate /etc/nginx/tls/fullchain.pem;" in secure
    assert "ssl_certificate_key /etc/nginx/tls/privkey.pem;" in secure
    assert "root /var/www/acme;" in plain
    ports = services_of(deploy)["nginx"]["ports"]
    assert ports == ["${HTTP_PORT:-80}:80", "${HTTPS_PORT:-443}:443"]


def test_every_https_answer_carries_hsts(deploy: Path) -> None:
    secure = re.split(r"^server \{", nginx_conf(deploy), flags=re.M)[2]
    hsts = 'add_header Strict-Transport-Security "max-age=63072000" always;'
    # add_header in a location replaces the server's: each such location repeats it.
    blocks = [secure.split("location", 1)[0], *re.findall(r"location[^{]*\{[^}]*\}", secure)]
    for block in blocks:
        if "add_header" in block:
            assert hsts in block, block
    assert hsts in blocks[0]


def test_the_docker_build_context_leaves_out_local_and_secret_files(deploy: Path) -> None:
    patterns = [line for line in (deploy.parent / ".dockerignore").read_text().splitlines()
                if line and not line.startswith("#")]
    for kept_out in (".venv", ".git", "instance", "test-artifacts", "deploy/.env",
                     "deploy/tls", "node_modules", "**/__pycache__"):
        assert kept_out in patterns, kept_out
    dockerfile = (deploy / "Dockerfile").read_text()
    for source in re.findall(r"^COPY (\S+)", dockerfile, re.M):
        path = source.rstrip("/")
        assert not any(fnmatch.fnmatch(path, pattern) for pattern in patterns), source


def test_the_lock_pins_every_dependency_within_its_range_with_hashes(deploy: Path) -> None:
    pyproject = tomllib.loads((deploy.parent / "pyproject.toml").read_text())
    lock = (deploy / "requirements.lock").read_text()
    pinned = {canonicalize_name(name): version for name, version
              in re.findall(r"^([A-Za-z0-9_.-]+)==([^ \\\n]+)", lock, re.M)}
    for text in pyproject["project"]["dependencies"]:
        wanted = Requirement(text)
        name = canonicalize_name(wanted.name)
        assert name in pinned, f"{name} is not in deploy/requirements.lock: run make lock"
        assert pinned[name] in wanted.specifier, (name, pinned[name], str(wanted.specifier))
    entries = re.split(r"^(?=[A-Za-z0-9_.-]+==)", lock, flags=re.M)[1:]
    assert entries and all("--hash=sha256:" in entry for entry in entries)
    dockerfile = (deploy / "Dockerfile").read_text()
    assert "pip install --require-hashes --no-deps -r requirements.lock" in dockerfile


def test_compose_runs_the_imap_door_instead_of_the_receiver_when_asked(deploy: Path) -> None:
    services = services_of(deploy)
    door, receiver = services["mailin-imap"], services["mailin"]
    assert door["profiles"] == ["imap"]  # started only with COMPOSE_PROFILES=imap
    assert door["command"] == ["python", "-m", "worker.imap"]
    assert door["deploy"]["replicas"] == 1  # one door per mailbox
    assert door["healthcheck"]["test"] == ["CMD", "python", "-m", "worker.health", "imap"]
    assert "${POSTGRES_PASSWORD:?" in door["environment"]["FF_DATABASE_URL"]
    assert door["environment"]["FF_CELERY_BROKER_URL"].startswith("redis://")
    assert door["environment"]["FF_LOG_FORMAT"] == "${FF_LOG_FORMAT:-json}"
    assert "ports" not in door  # it only reaches out
    # SMTP_IN_REPLICAS=0 leaves the receiver out, and port 25 free.
    assert receiver["deploy"]["replicas"] == "${SMTP_IN_REPLICAS:-1}"
    example = (deploy / "env.example").read_text()
    assert "#SMTP_IN_REPLICAS=1" in example and "#COMPOSE_PROFILES=imap" in example

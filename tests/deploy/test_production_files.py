"""deploy/: the production shape's files agree with the code (settings, services, paths)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from service.config import DEFAULTS


@pytest.fixture
def deploy(pytestconfig: pytest.Config) -> Path:
    """Return the deploy/ folder."""
    return pytestconfig.rootpath / "deploy"


def test_env_example_lists_every_setting(deploy: Path) -> None:
    listed = set(re.findall(r"^#?FF_([A-Z0-9_]+)=", (deploy / "env.example").read_text(), re.M))
    assert sorted(set(DEFAULTS) - listed) == []
    assert sorted(listed - set(DEFAULTS)) == []


def test_compose_runs_every_part_with_exactly_one_beat(deploy: Path) -> None:
    services = yaml.safe_load((deploy / "compose.yaml").read_text())["services"]
    assert {"nginx", "web", "worker", "beat", "redis", "postgres", "migrate"} <= set(services)
    assert services["beat"]["deploy"]["replicas"] == 1
    assert services["beat"]["command"][:4] == ["celery", "--app", "worker", "beat"]
    assert services["worker"]["command"][:4] == ["celery", "--app", "worker", "worker"]
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
    conf = (deploy / "nginx.conf").read_text()
    assert "location /api/ {" in conf and "proxy_pass http://fearsome_floors;" in conf
    assert "root /srv/web;" in conf

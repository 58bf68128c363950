"""deploy/: the production shape's files agree with the code (settings, services, paths)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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

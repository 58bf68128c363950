# The README's two commands. Both set everything up first; the second run skips what is done.
#   make run   - install the service and run it with embedded defaults
#   make test  - install the service, the test tools and the test servers; lint; check types;
#                run every test, the soak tests at full size
# and the developer's quick loop (a few minutes):
#   make check - lint, check types, and run the tests that start no server (no Redis,
#                PostgreSQL, mail or webhook server, browser, drill, Docker or service
#                process) and no soak test

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
AXE := tests/support/axe
# Debian packages the tests start for real (tests/support). fonts-liberation gives Chromium
# fonts to draw text with in screenshots; nginx and iproute2 (ip netns) make the drill's hosts
# (deploy/cluster); tests/deploy checks nginx.conf with nginx and a certificate from openssl,
# and sends a reply with curl as make run's banner says; tests/compose runs compose.yaml in a
# Docker engine of its own, on images it builds from Debian with debootstrap.
TEST_DEBIAN_PACKAGES := redis-server postgresql chromium fonts-liberation nginx iproute2 iptables \
	openssl dovecot-imapd curl docker.io docker-compose debootstrap

.PHONY: run test check i18n lock debian-packages

run: $(VENV)/.installed
	$(BIN)/python deploy/local.py

# --soak plays the soak tests (marker soak) at full size, where a bare `pytest` plays a quick
# sample; --durations lists the 15 slowest steps at the end, to see where the time goes.
test: $(VENV)/.installed-test debian-packages $(AXE)/node_modules/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy --strict engine service worker
	node --test web/tests/
	$(BIN)/pytest --soak --durations=15

# The markers of the servers are given by the fixtures that start them (tests/conftest.py).
QUICK := not (redis or postgres or smtp or webhook or imap or browser or drill or server or soak \
	or compose)

check: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy --strict engine service worker
	node --test web/tests/
	$(BIN)/pytest -m "$(QUICK)" --durations=5

# Refresh the translation catalogs from the code after adding or changing texts: new texts
# come in empty, changed ones fuzzy; then translate them (docs/translating.md).
i18n: $(VENV)/.installed
	$(BIN)/python -m service.plumbing.i18n.extract

# Pin every dependency of the service (pyproject.toml's ranges) with its hashes, for
# reproducible deploys (deploy/Dockerfile installs from it): run after changing a range.
lock: $(VENV)/.installed
	$(BIN)/pip install --quiet pip-tools
	$(BIN)/pip-compile --quiet --generate-hashes --strip-extras --no-emit-index-url \
		--no-emit-find-links --output-file deploy/requirements.lock pyproject.toml

# `node --test` runs the web page's tests (web/tests; Node.js 18 or newer). Node.js may come
# from elsewhere than Debian (NodeSource, a tarball): install Debian's only when there is none.
debian-packages:
	deploy/apt-install-missing $(TEST_DEBIAN_PACKAGES)
	command -v node >/dev/null || deploy/apt-install-missing nodejs
	command -v npm >/dev/null || deploy/apt-install-missing npm

# axe-core, the accessibility checks the browser tests run in the page (tests/support/
# accessibility.py), pinned with its hash in package-lock.json: npm ci installs exactly that,
# once (the tests then need no registry). The page itself needs no npm package.
$(AXE)/node_modules/.installed: $(AXE)/package-lock.json | debian-packages
	npm ci --prefix $(AXE) --ignore-scripts --no-audit --no-fund
	touch $@

# Stamp files live in the venv: removing .venv starts over; editing pyproject.toml reinstalls.
$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ needed"'
	$(PYTHON) -c 'import ensurepip' 2>/dev/null || deploy/apt-install-missing python3-venv
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --progress-bar off -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --progress-bar off -e '.[test]'
	touch $@ $(VENV)/.installed

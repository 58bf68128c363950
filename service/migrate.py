"""Build or upgrade the database schema with Alembic: ``python -m service.migrate``.

The database is the app's (``FF_DATABASE_URL``, by default the SQLite file in the instance
folder). ``deploy/local.py`` runs this before it starts the web server, so ``make run``
works on an empty machine; in production it runs once per release, before the new code.

    python -m service.migrate                 # upgrade to the latest revision
    python -m service.migrate downgrade base  # drop everything (tests)
    python -m service.migrate revision -m "add a column"   # write a new migration (autogenerate)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from flask import Flask

from service.plumbing.extensions import db

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config() -> Config:
    """Return an Alembic configuration for this package's migrations (no alembic.ini)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(app: Flask, revision: str = "head") -> None:
    """Upgrade the app's database to ``revision`` (made from nothing if it is empty)."""
    _run(app, lambda config: command.upgrade(config, revision))


def downgrade(app: Flask, revision: str) -> None:
    """Downgrade the app's database to ``revision`` (``base``: no tables left)."""
    _run(app, lambda config: command.downgrade(config, revision))


def _run(app: Flask, action: Callable[[Config], object]) -> None:
    config = alembic_config()
    with app.app_context(), db.engine.begin() as connection:
        config.attributes["connection"] = connection
        action(config)


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    from service import create_app

    parser = argparse.ArgumentParser(prog="python -m service.migrate", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="upgrade",
                        choices=("upgrade", "downgrade", "revision"))
    parser.add_argument("revision", nargs="?", default="head")
    parser.add_argument("-m", "--message", default="change")
    args = parser.parse_args(argv)
    app = create_app()
    if args.command == "upgrade":
        upgrade(app, args.revision)
    elif args.command == "downgrade":
        downgrade(app, args.revision)
    else:
        _run(app, lambda config: command.revision(config, message=args.message,
                                                  autogenerate=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

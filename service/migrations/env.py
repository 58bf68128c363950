"""Alembic's environment: migrate the database of the app given by ``service.migrate``.

``service.migrate`` passes an open connection in ``config.attributes["connection"]``; there
is no alembic.ini, and no offline (SQL script) mode.
"""

from __future__ import annotations

from alembic import context

from service import models  # noqa: F401  (registers the tables in the metadata)
from service.extensions import db

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=db.metadata,
    # SQLite alters tables by copying them; batch mode lets later migrations do that.
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()

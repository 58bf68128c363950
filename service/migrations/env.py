"""Alembic's environment: migrate the database of the app given by ``service.migrate``.

``service.migrate`` passes an open connection in ``config.attributes["connection"]``; there
is no alembic.ini, and no offline (SQL script) mode.
"""

from __future__ import annotations

from alembic import context

# Every module that declares tables, so that the metadata holds them all.
from service.features.home import models as _home  # noqa: F401
from service.features.links import models as _links  # noqa: F401
from service.features.mail import models as _mail  # noqa: F401
from service.features.mailin import models as _mailin  # noqa: F401
from service.features.plans import models as _plans  # noqa: F401
from service.features.talk import models as _talk  # noqa: F401
from service.features.webhooks import models as _webhooks  # noqa: F401
from service.kernel import models as _kernel  # noqa: F401
from service.plumbing import idempotency as _idempotency  # noqa: F401
from service.plumbing import outbox as _outbox  # noqa: F401
from service.plumbing.extensions import db

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

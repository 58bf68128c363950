"""The baseline of ``service_throughput.py``: a bare Flask + SQLAlchemy endpoint updating one row.

``POST /bump/<n>`` adds one to counter ``n`` with one UPDATE and one commit and answers with
its new value, as JSON. Served by gunicorn with the same settings as the service, on the same
database server, it is the most a Flask + SQLAlchemy write can do here; the service's
submissions are measured against it. ``FF_DATABASE_URL`` names the database.
"""

from __future__ import annotations

import os

from flask import Flask, jsonify
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import Integer, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The declarative base of the one table."""


db = SQLAlchemy(model_class=Base)


class Counter(db.Model):
    """One counter row."""

    __tablename__ = "bench_counters"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    n: Mapped[int] = mapped_column(Integer, default=0)


def create_app(rows: int = 1024) -> Flask:
    """Build the app and make sure ``rows`` counters exist."""
    app = Flask(__name__)
    app.config["SQLALCHEMY_DATABASE_URI"] = os.environ["FF_DATABASE_URL"]
    # No pre-ping, like the service, whose connections in steady use are not pinged.
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = {
        "pool_size": int(os.environ.get("FF_DATABASE_POOL_SIZE", "10"))}
    db.init_app(app)

    @app.post("/bump/<int:n>")
    def bump(n: int):
        value = db.session.execute(
            text("UPDATE bench_counters SET n = n + 1 WHERE id = :id RETURNING n"), {"id": n}
        ).scalar_one()
        db.session.commit()
        return jsonify(id=n, n=value)

    with app.app_context():
        db.create_all()
        if db.session.query(Counter).count() < rows:
            db.session.execute(text("DELETE FROM bench_counters"))
            db.session.add_all(Counter(id=i, n=0) for i in range(rows))
        db.session.commit()
    return app

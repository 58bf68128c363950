"""worker.broker: the embedded broker hands a message over within its own, short, look."""

from __future__ import annotations

import statistics
import threading
import time
from pathlib import Path

import pytest
from kombu import Connection

from worker.broker import database_url, embedded_transport, is_embedded


def test_its_urls_are_kombus_sqlalchemy_ones_without_the_prefix() -> None:
    assert is_embedded("sqla+sqlite:///x.sqlite3")
    assert not is_embedded("redis://127.0.0.1:6379/0")
    assert database_url("sqla+sqlite:////tmp/b.sqlite3") == "sqlite:////tmp/b.sqlite3"


# kombu's own table models use a loader strategy SQLAlchemy 2.1 deprecates.
@pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SADeprecationWarning")
def test_a_waiting_consumer_gets_a_message_within_the_transports_look(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'broker.sqlite3'}"
    transport = embedded_transport(0.05)
    waits = []
    with Connection(url, transport=transport) as producer, \
            Connection(url, transport=transport) as consumer:
        outbox, inbox = producer.SimpleQueue("jobs"), consumer.SimpleQueue("jobs")
        for number in range(7):
            got: list[float] = []
            reader = threading.Thread(target=lambda got=got: (
                inbox.get(timeout=10).ack(), got.append(time.perf_counter())))
            reader.start()
            time.sleep(0.2 + 0.03 * number)  # at another moment of its looks each time
            sent = time.perf_counter()
            outbox.put({"n": number})
            reader.join(15)
            waits.append(got[0] - sent)
        outbox.close()
        inbox.close()
    # kombu's own look, once a second, makes this half a second on average.
    assert statistics.median(waits) < 0.25, waits

"""The online tests' homeserver: one Synapse for the whole session, on 127.0.0.1 with SQLite and
registration by shared secret, started once (bounded wait) and stopped at the end. The tests talk
to no other server."""

from __future__ import annotations

import pytest

pytest.importorskip("nio", reason="online play needs matrix-nio: pip install -e '.[test]'")
pytest.importorskip("synapse", reason="the online tests need Synapse: pip install -e '.[test]'")


@pytest.fixture(scope="session")
def homeserver(tmp_path_factory):
    from tests.online.homeserver import Homeserver

    server = Homeserver(tmp_path_factory.mktemp("synapse"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def online_data(tmp_path, monkeypatch):
    """Each test's own data folder: hosted games' saves and records, and the sign-in file."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TYCOONS_DATA_DIR", str(folder))
    return folder

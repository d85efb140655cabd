"""The online tests talk to one homeserver only: the session's Synapse on 127.0.0.1 (the
`homeserver` fixture of tests/conftest.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("nio", reason="online play needs matrix-nio: pip install -e '.[test]'")
pytest.importorskip("synapse", reason="the online tests need Synapse: pip install -e '.[test]'")


@pytest.fixture
def online_data(tmp_path, monkeypatch):
    """Each test's own data folder: hosted games' saves and records, and the sign-in file."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TYCOONS_DATA_DIR", str(folder))
    return folder

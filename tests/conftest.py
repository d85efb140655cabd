import os
import sys
from pathlib import Path

# Qt tests run without a display; set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Saves and settings from tests never touch the real user folders.
os.environ.setdefault("TYCOONS_DATA_DIR", str(Path(__file__).parent / ".data-tmp"))

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _hypothesis_profile() -> None:
    """Hypothesis keeps its example database outside the repository: none at all under CI (a
    fresh clone every run, nothing to replay), else a folder in the system's temp dir, where its
    other files go too."""
    import tempfile

    from hypothesis import settings
    from hypothesis.configuration import set_hypothesis_home_dir
    from hypothesis.database import DirectoryBasedExampleDatabase

    home = Path(tempfile.gettempdir()) / "tycoons-hypothesis"
    set_hypothesis_home_dir(home)  # its caches too, not only the database
    settings.register_profile("ci", database=None, print_blob=True)
    settings.register_profile("dev", database=DirectoryBasedExampleDatabase(home / "examples"))
    settings.load_profile("ci" if os.environ.get("CI") else "dev")


_hypothesis_profile()


import pytest  # noqa: E402

TEST_SCREEN = (2560, 1440)
"""The offscreen screen the tests' windows open on (Qt's own is 800×800): a large desktop, on
which the windows open at the sizes they ask for. Every window is fitted to its screen
(ui/services/window_fit.py); tests/ui/test_window_fit.py opens them on laptop screens."""


@pytest.fixture(scope="session")
def qapp_args(tmp_path_factory):
    """pytest-qt's arguments of the tests' QApplication: the offscreen screen of TEST_SCREEN."""
    if not os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen"):
        return ["tycoons-tests"]  # a real display: its own screens
    from tests.ui.window_fit import screen_file

    return ["tycoons-tests", "-platform", f"offscreen:configfile={screen_file(*TEST_SCREEN)}"]


@pytest.fixture(scope="session")
def homeserver(tmp_path_factory):
    """A real Matrix homeserver for the online tests (tests/online/homeserver.py): Synapse on
    127.0.0.1 with SQLite and shared-secret registration, started once when a test asks for it
    (its start is bounded) and stopped at the end of the run."""
    pytest.importorskip("nio", reason="online play needs matrix-nio: pip install -e '.[test]'")
    pytest.importorskip("synapse", reason="the online tests need Synapse: pip install -e '.[test]'")
    from tests.online.homeserver import Homeserver

    server = Homeserver(tmp_path_factory.mktemp("synapse"))
    server.start()
    yield server
    server.stop()

"""Where Tycoons keeps its files: the per-user data folder from platformdirs (overridden by
``$TYCOONS_DATA_DIR``, which tests and portable installs use), and the default folder for
Save As inside it. Nothing here creates folders; writers do that when they write."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "tycoons"


def data_dir() -> Path:
    """The user data folder: ``$TYCOONS_DATA_DIR`` if set, else platformdirs' user data dir."""
    env = os.environ.get("TYCOONS_DATA_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """The default folder offered by Save As and Load: ``data_dir()/saves``."""
    return data_dir() / "saves"

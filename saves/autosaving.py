"""The autosave behind Continue (ARCHITECTURE §5, §7): the game is written to
``data_dir()/autosave.tycoons`` after every decision, so that Continue resumes it after a quit
or a crash. It uses the same atomic store as Save As, so the previous autosave survives as
``autosave.tycoons.bak`` and a crash mid-write never leaves a broken autosave."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from engine.core.session import Session
from saves.files import data_dir
from saves.store import backup_path, read_session, write_session

AUTOSAVE_NAME = "autosave.tycoons"


def autosave_path() -> Path:
    """``data_dir()/autosave.tycoons``."""
    return data_dir() / AUTOSAVE_NAME


def autosave(session: Session) -> Path:
    """Write `session` to the autosave file (atomically). Raises SaveWriteError on failure."""
    return write_session(session, autosave_path())


def has_autosave() -> bool:
    """True if there is an autosave file (it may still turn out to be broken when loaded)."""
    return autosave_path().is_file()


def load_autosave(expect_game: str | None = None) -> Session | None:
    """The autosaved game, or None if there is none.

    A broken autosave raises its SaveError (so the UI can say why) and is left untouched.
    """
    path = autosave_path()
    if not path.is_file():
        return None
    return read_session(path, expect_game=expect_game)


def clear_autosave() -> None:
    """Forget the autosave (and its backup), e.g. when its game is finished or abandoned."""
    path = autosave_path()
    for p in (path, backup_path(path)):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(p)

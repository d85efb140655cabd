"""Save files (DESIGN §7): a checksummed msgpack envelope holding the action log, written
atomically with a backup, read back by replaying the log; the autosave behind Continue; and
the checks behind ``tycoons check-save``. Qt-free.

>>> import tempfile, pathlib
>>> from engine.core import Session
>>> session = Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=7)
>>> _ = session.apply(session.legal_actions()[0])
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.tycoons"
>>> write_session(session, path) == path.resolve()
True
>>> read_session(path).state.state_hash() == session.state.state_hash()
True
"""

from saves.autosaving import autosave, autosave_path, clear_autosave, has_autosave, load_autosave
from saves.envelope import FORMAT_VERSION, MAGIC
from saves.errors import (
    CorruptSave,
    NotASave,
    ReplayFailed,
    SaveError,
    SaveNotFound,
    SaveTooNew,
    SaveWriteError,
    UnknownSavedGame,
    WrongGame,
)
from saves.paths import data_dir, saves_dir
from saves.store import (
    SAVE_SUFFIX,
    LoadedSave,
    backup_path,
    describe_save,
    list_saves,
    read_save,
    read_session,
    summarize,
    write_session,
)

__all__ = [
    "autosave", "autosave_path", "clear_autosave", "has_autosave", "load_autosave",
    "FORMAT_VERSION", "MAGIC",
    "CorruptSave", "NotASave", "ReplayFailed", "SaveError", "SaveNotFound", "SaveTooNew",
    "SaveWriteError", "UnknownSavedGame", "WrongGame",
    "data_dir", "saves_dir",
    "SAVE_SUFFIX", "LoadedSave", "backup_path", "describe_save", "list_saves", "read_save",
    "read_session", "summarize", "write_session",
]

"""Save files (ARCHITECTURE §7): a checksummed msgpack envelope holding the action log, written
atomically with a backup, read back by replaying the log; the autosave behind Continue; and
the checks behind ``tycoons check-save``. Qt-free.

The names below are imported on first use, so that ``import saves.files`` (where the app keeps
its files, and how it writes and reads them) costs the start screen nothing of the engine.

>>> import tempfile, pathlib
>>> from engine.core import Session
>>> from saves import read_session, write_session
>>> session = Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=7)
>>> _ = session.apply(session.legal_actions()[0])
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.tycoons"
>>> write_session(session, path) == path.resolve()
True
>>> read_session(path).state.state_hash() == session.state.state_hash()
True
"""

from __future__ import annotations

import importlib

_WHERE = {
    "saves.autosaving": ("autosave", "autosave_path", "clear_autosave", "has_autosave", "load_autosave"),
    "saves.envelope": ("FORMAT_VERSION", "MAGIC"),
    "saves.errors": ("CorruptSave", "NotASave", "ReplayFailed", "SaveError", "SaveNotFound", "SaveTooNew",
                     "SaveWriteError", "UnknownSavedGame", "WrongGame"),
    "saves.files": ("data_dir", "saves_dir"),
    "saves.store": ("SAVE_SUFFIX", "LoadedSave", "backup_path", "describe_save", "list_saves", "read_save",
                    "read_session", "summarize", "write_session"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}

__all__ = list(_MODULE_OF)


def __getattr__(name: str):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'saves' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

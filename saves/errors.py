"""Typed save errors. Each carries a one-line, human-readable `.reason` that names the file, so
the UI and `tycoons check-save` can show it as it is (never a traceback)."""

from __future__ import annotations

import os

from engine.core.errors import TycoonsError


class SaveError(TycoonsError):
    """Base of every problem with a save file.

    `detail` says what is wrong; `path` (set by the store once it knows the file) names the file;
    `reason` is the line to show: ``"<file name>: <detail>"``.
    """

    def __init__(self, detail: str, path: str | os.PathLike | None = None):
        super().__init__(detail)
        self.detail = " ".join(str(detail).split())  # always one line
        self.path = os.fspath(path) if path is not None else None

    @property
    def reason(self) -> str:
        if self.path is None:
            return self.detail
        return f"{os.path.basename(self.path) or self.path}: {self.detail}"

    def __str__(self) -> str:
        return self.reason


class NotASave(SaveError):
    """The file is not a Tycoons save at all (another kind of file)."""


class SaveNotFound(NotASave):
    """There is no file at that path (or it cannot be opened)."""


class CorruptSave(SaveError):
    """A Tycoons save that is damaged: truncated, failing its checksum, or undecodable."""


class SaveTooNew(SaveError):
    """Written by a newer Tycoons in a format (or rules version) this version cannot read."""


class WrongGame(SaveError):
    """A good save, but of a different game than the one asked for."""


class UnknownSavedGame(SaveError):
    """A good save of a game this version of Tycoons does not have."""


class ReplayFailed(SaveError):
    """Replaying the saved decisions does not reach the saved position."""


class SaveWriteError(SaveError):
    """Writing a save failed (disk full, no permission…). The previous save is left as it was."""

"""Typed save errors. Each carries a one-line, human-readable `.reason` that names the file, so
the UI and `tycoons check-save` can show it as it is (never a traceback)."""

from __future__ import annotations

import os

from engine.core.errors import TycoonsError

REASON_LIMIT = 300
"""Longest detail a reason line shows (a file may hold a name of ten million characters)."""


def one_line(text: str, limit: int = REASON_LIMIT) -> str:
    """`text` as one printable line of at most `limit` characters: runs of white space become
    one space, other control characters are escaped (``\\x1b``), and a long text is cut."""
    text = str(text)[: limit * 4]
    text = " ".join(text.split())
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class SaveError(TycoonsError):
    """Base of every problem with a save file.

    `detail` says what is wrong; `path` (set by the store once it knows the file) names the file;
    `reason` is the line to show: ``"<file name>: <detail>"``.
    """

    def __init__(self, detail: str, path: str | os.PathLike | None = None):
        super().__init__(detail)
        self.detail = one_line(detail)  # always one line, and a short one
        self.path = os.fspath(path) if path is not None else None

    @property
    def reason(self) -> str:
        if self.path is None:
            return self.detail
        return f"{one_line(os.path.basename(self.path) or self.path, 120)}: {self.detail}"

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

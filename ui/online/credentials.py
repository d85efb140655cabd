"""The Matrix sign-in: homeserver, user id, access token and device, in a file of its own in the
user's settings folder, readable by its owner only (mode 0600). Never in settings.json, never
in a save. A password is used once to get a token and is not kept."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from saves.files import data_dir
from ui.online.records import read_json, write_json_atomic

FILE_NAME = "matrix-signin.json"


def credentials_path() -> Path:
    """``matrix-signin.json`` beside settings.json (``$TYCOONS_DATA_DIR`` in tests)."""
    return data_dir() / FILE_NAME


@dataclass(frozen=True)
class Credentials:
    homeserver: str
    user_id: str
    access_token: str
    device_id: str = ""

    def to_dict(self) -> dict:
        return {"homeserver": self.homeserver, "user_id": self.user_id, "access_token": self.access_token,
                "device_id": self.device_id}


def save_credentials(creds: Credentials, path: Path | None = None) -> Path:
    """Write the sign-in readable by its owner only: the new file is 0600 from its first byte,
    whatever the umask or the old file's bits. OSError if it cannot be written."""
    path = path or credentials_path()
    write_json_atomic(path, creds.to_dict(), mode=stat.S_IRUSR | stat.S_IWUSR)
    return path


def load_credentials(path: Path | None = None) -> Credentials | None:
    """The saved sign-in, or None (no file, a broken one, or one others could read: a token that
    others could read is not used, and the player is asked to sign in again)."""
    path = path or credentials_path()
    data = read_json(path)
    if not isinstance(data, dict):
        return None
    if os.name == "posix":
        try:
            if path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO):
                return None
        except OSError:
            return None
    try:
        creds = Credentials(str(data["homeserver"]), str(data["user_id"]), str(data["access_token"]),
                            str(data.get("device_id", "")))
    except KeyError:
        return None
    return creds if creds.homeserver and creds.user_id and creds.access_token else None


def forget_credentials(path: Path | None = None) -> None:
    """Remove the sign-in file. Nothing there, or something that is no sign-in file (a folder, a
    FIFO: `load_credentials` never reads one), is nothing to forget and is left alone. OSError
    (one line: `saves.files.reason`) if a sign-in file is there and cannot be removed: the token
    would stay, so the caller says so."""
    path = path or credentials_path()
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
        return
    try:
        path.unlink()
    except FileNotFoundError:
        pass

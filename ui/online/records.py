"""The files that keep online games on this computer, in ``<data folder>/online/``:

- ``hosted/<id>.json`` and ``hosted/<id>.tycoons``: a game this computer hosts (its rooms, the
  last sequence number, the decisions already taken) and its save, written after every change;
- ``joined.json``: the games this player joined elsewhere (their rooms), for "Online games".

The save is an ordinary save file; the record holds no secret and no sign-in. Both are written
through `saves.files` (an exclusively created temporary file, then `os.replace`), so a kill at any
moment leaves the old or the new file, never a mix, and a planted link is never written through.

Whatever these files hold is checked field by field before it is used: a record is refused with
its reason (a sequence number that is not a whole number, a game id that is not one, a field of
the wrong type), and a game id, which names its files, holds only letters, digits, ``_`` and
``-``, so a path made from it stays inside ``hosted/``."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from saves.files import data_dir, read_bounded, write_atomic

TXNS_KEPT = 512
"""The transaction ids of the last decisions taken, per game (a replay of any of them is refused;
an older one fails the sequence check anyway)."""
MAX_SEQ = 2**53
"""Largest sequence number a record may hold: a JSON reader elsewhere keeps integers exactly up to
here, and a game sends a few thousand frames."""
MAX_ID = 255
"""Longest Matrix id (a user, a room or an event: the specification's limit) or transaction id."""
MAX_TITLE = 200
MAX_SEATS = 16
MAX_JOINED = 200
"""Rooms of joined games remembered per user (the oldest are forgotten first)."""
SYNC_FILE = "sync.json"
"""The host's place in the homeserver's stream, beside the records in ``hosted/`` (not a record)."""
JOINED_FILE = "joined.json"
_GAME_ID = re.compile(r"[0-9a-zA-Z_-]{1,40}")


def is_game_id(text) -> bool:
    """Whether `text` is a game id: 1-40 letters, digits, ``_`` or ``-`` (so a file named after it
    stays in its folder)."""
    return type(text) is str and _GAME_ID.fullmatch(text) is not None


def online_dir() -> Path:
    return data_dir() / "online"


def hosted_dir() -> Path:
    return online_dir() / "hosted"


def write_json_atomic(path: Path, data, mode: int | None = None) -> None:
    """`data` as JSON to `path`, atomically; `mode` (e.g. 0o600) is set before any byte is written.
    OSError if it cannot be written (the old file untouched)."""
    write_atomic(path, json.dumps(data, indent=1).encode("utf-8"), 0o644 if mode is None else mode)


MAX_JSON_BYTES = 8 * 1024 * 1024
"""Largest record or sign-in file read (a hosted game's record, with the event ids it has judged, is
some tens of kilobytes)."""


def read_json(path: Path):
    """The JSON in `path`, or None if it is missing or broken. Read without blocking and bounded
    (`saves.files.read_bounded`): a FIFO or a link to /dev/zero under its name, read at start for
    the Online games panel, used to hang the app."""
    try:
        return json.loads(read_bounded(path, MAX_JSON_BYTES).decode("utf-8"), parse_constant=_no_constant)
    except (OSError, ValueError, RecursionError):
        return None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number")  # NaN and Infinity are not JSON, though Python writes them


def _text(d: dict, key: str, limit: int, default: str | None = None) -> str:
    value = d.get(key, default)
    if value is None:
        raise ValueError(f"it has no {key}")
    if type(value) is not str or len(value) > limit:
        raise ValueError(f"its {key} is not a text of at most {limit} characters")
    return value


def _texts(d: dict, key: str) -> list[str]:
    value = d.get(key, [])
    if type(value) is not list or not all(type(t) is str and len(t) <= MAX_ID for t in value):
        raise ValueError(f"its {key} are not a list of ids")
    return value[-TXNS_KEPT:]


def _hosted_file(game: str, suffix: str) -> Path:
    """``hosted/<game><suffix>``; ValueError if `game` is not a game id (a path made of it could
    leave the folder)."""
    if not is_game_id(game):
        raise ValueError(f"{game!r:.60} is not a game id")
    return hosted_dir() / f"{game}{suffix}"


@dataclass
class HostedGame:
    """A game this computer hosts: its id, kind, the host's Matrix user, its rooms (the game
    room and one room per online seat), the last sequence number sent and the decisions taken."""

    game: str
    kind: str
    host: str
    game_room: str = ""
    seat_rooms: dict[int, str] = field(default_factory=dict)
    seq: int = 0
    txns: list[str] = field(default_factory=list)
    judged: list[str] = field(default_factory=list)  # event ids already answered (taken or refused)
    title: str = ""

    @property
    def path(self) -> Path:
        return _hosted_file(self.game, ".json")

    @property
    def save_path(self) -> Path:
        return _hosted_file(self.game, ".tycoons")

    def remember_txn(self, txn: str) -> None:
        self.txns.append(txn)
        del self.txns[:-TXNS_KEPT]

    def remember_event(self, event_id: str) -> None:
        if event_id:
            self.judged.append(event_id)
            del self.judged[:-TXNS_KEPT]

    def to_dict(self) -> dict:
        return {"game": self.game, "kind": self.kind, "host": self.host, "game_room": self.game_room,
                "seat_rooms": {str(k): v for k, v in self.seat_rooms.items()}, "seq": self.seq,
                "txns": self.txns, "judged": self.judged, "title": self.title}

    @staticmethod
    def from_dict(d) -> HostedGame:
        """The record `d` describes; ValueError saying what is wrong with it (a file can be edited
        or damaged: nothing in it is taken on trust)."""
        if type(d) is not dict:
            raise ValueError("it is not a record of a hosted game")
        game = _text(d, "game", 40)
        if not is_game_id(game):
            raise ValueError(f"its game id {game!r:.50} is not one")
        kind, host = _text(d, "kind", 64), _text(d, "host", MAX_ID)
        rooms = d.get("seat_rooms", {})
        if type(rooms) is not dict or not all(
                type(k) is str and k.isdecimal() and len(k) <= 2 and int(k) < MAX_SEATS
                and type(v) is str and len(v) <= MAX_ID for k, v in rooms.items()):
            raise ValueError("its seat rooms are not seats and rooms")
        seq = d.get("seq", 0)
        if type(seq) is not int or not 0 <= seq <= MAX_SEQ:
            raise ValueError(f"its sequence number {str(seq)[:30]} is not a whole number from 0 to 2^53")
        return HostedGame(game, kind, host, _text(d, "game_room", MAX_ID, ""),
                          {int(k): v for k, v in rooms.items()}, seq, _texts(d, "txns"), _texts(d, "judged"),
                          _text(d, "title", MAX_TITLE, ""))

    def save(self) -> None:
        write_json_atomic(self.path, self.to_dict())


def hosted_games(problems: list[str] | None = None) -> list[HostedGame]:
    """Every game hosted here whose record reads. A broken record is skipped and left as it is;
    with `problems`, a line for each ("<file>: why") is added to it."""
    out = []
    folder = hosted_dir()
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.json")):
        if path.name == SYNC_FILE:
            continue
        try:
            out.append(_read_record(path))
        except ValueError as exc:
            if problems is not None:
                problems.append(f"{path.name}: {exc}")
    return out


def _read_record(path: Path) -> HostedGame:
    data = read_json(path)
    if data is None:
        raise ValueError("it cannot be read, or is not JSON")
    record = HostedGame.from_dict(data)
    if path.name != f"{record.game}.json":
        raise ValueError(f"it is the record of another game ({record.game})")
    return record


def load_hosted(game: str) -> HostedGame | None:
    """The record of the game `game` hosted here, or None (none, not a game id, or broken)."""
    try:
        return _read_record(_hosted_file(game, ".json"))
    except ValueError:
        return None


# -- the games joined elsewhere ---------------------------------------------------------------
def joined_rooms(user: str, problems: list[str] | None = None) -> list[str]:
    """The game rooms `user` joined from this computer (none if the file is missing or broken).
    With `problems`, a line ("joined.json: why") is added to it for a file that cannot be read and
    for `user`'s entries that are not rooms (they are left out)."""
    entry = _read_joined(problems).get(user, [])
    if type(entry) is not list:
        if problems is not None:
            problems.append(f"{JOINED_FILE}: the games joined by {user} are not a list of rooms")
        return []
    rooms = [r for r in entry if _is_room(r)]
    bad = len(entry) - len(rooms)
    if bad and problems is not None:
        problems.append(f"{JOINED_FILE}: {bad} of the games joined by {user} "
                        f"{'are not rooms' if bad != 1 else 'is not a room'}")
    return rooms[-MAX_JOINED:]


def remember_joined(user: str, room: str) -> None:
    """Add `room` to the rooms `user` joined (OSError if it cannot be written)."""
    data = _joined()
    data[user] = ([r for r in data.get(user, []) if r != room] + [room])[-MAX_JOINED:]
    write_json_atomic(online_dir() / JOINED_FILE, data)


def _is_room(room) -> bool:
    return type(room) is str and 0 < len(room) <= MAX_ID


def _read_joined(problems: list[str] | None = None) -> dict:
    """joined.json's table as it is, or {} (with `problems`, a file there that cannot be read or
    holds no table is said in it)."""
    path = online_dir() / JOINED_FILE
    data = read_json(path)
    if type(data) is dict:
        return data
    if problems is not None and (data is not None or path.exists()):
        why = "it cannot be read, or is not JSON" if data is None else "it is not a table of the games joined"
        problems.append(f"{JOINED_FILE}: {why}")
    return {}


def _joined() -> dict[str, list[str]]:
    """joined.json as {user: [room, …]}, keeping only what has that shape (a user whose entry is
    not a list of rooms is dropped: it is a record of this app's, not something to show)."""
    return {user: [r for r in rooms if _is_room(r)][-MAX_JOINED:]
            for user, rooms in _read_joined().items() if type(user) is str and len(user) <= MAX_ID
            and type(rooms) is list}

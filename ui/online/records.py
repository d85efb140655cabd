"""The files that keep online games on this computer, in ``<data folder>/online/``:

- ``hosted/<id>.json`` and ``hosted/<id>.tycoons``: a game this computer hosts (its rooms, the
  last sequence number, the decisions already taken) and its save, written after every change;
- ``joined.json``: the games this player joined elsewhere (their rooms), for "Online games".

The save is an ordinary save file; the record holds no secret and no sign-in. Both are written
through `saves.files` (an exclusively created temporary file, then `os.replace`), so a kill at any
moment leaves the old or the new file, never a mix, and a planted link is never written through."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from saves.files import data_dir, read_bounded, write_atomic

TXNS_KEPT = 512
"""The transaction ids of the last decisions taken, per game (a replay of any of them is refused;
an older one fails the sequence check anyway)."""


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
        return json.loads(read_bounded(path, MAX_JSON_BYTES).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


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
        return hosted_dir() / f"{self.game}.json"

    @property
    def save_path(self) -> Path:
        return hosted_dir() / f"{self.game}.tycoons"

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
    def from_dict(d: dict) -> HostedGame:
        return HostedGame(str(d["game"]), str(d["kind"]), str(d["host"]), str(d.get("game_room", "")),
                          {int(k): str(v) for k, v in dict(d.get("seat_rooms", {})).items()},
                          int(d.get("seq", 0)), [str(t) for t in d.get("txns", [])][-TXNS_KEPT:],
                          [str(t) for t in d.get("judged", [])][-TXNS_KEPT:], str(d.get("title", "")))

    def save(self) -> None:
        write_json_atomic(self.path, self.to_dict())


def hosted_games() -> list[HostedGame]:
    """Every game hosted here whose record reads (broken records are skipped, left as they are)."""
    out = []
    folder = hosted_dir()
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.json")):
        data = read_json(path)
        try:
            out.append(HostedGame.from_dict(data))
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
    return out


def load_hosted(game: str) -> HostedGame | None:
    return next((g for g in hosted_games() if g.game == game), None)

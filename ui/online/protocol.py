"""The custom Matrix events of an online game and their limits (ARCHITECTURE §12).

Rooms. A game has one *game room* for everyone (public log, spectator view, turn notices) and one
*seat room* per online seat, shared by the host and that player only (the seat's view and legal
actions). Secrets never enter the game room.

Every custom event carries the online game's id (``game``), the protocol's version (``v``; a
message of another version is refused with the reason), a sequence number (``seq``) and a hash
(``hash``) of what the room's reader sees of the position (`view_hash`: the spectator view in the
game room, the seat's own view in a seat room), never of the whole state, which would give the
hidden cards away to anyone who tries the deals that look alike against it:

- ``VIEW`` (host → a room): what the room's reader sees after a change, as a compressed
  *payload*. A key frame holds everything; the frames between hold only what changed, compressed
  with the previous payload as zlib's preset dictionary (a decision costs some 100 bytes a room
  instead of a few kilobytes). ``seq`` numbers the host's publications, ``base`` the one a frame
  builds on.
- ``DECISION`` (player → their seat room): an action, with the ``seq`` and ``hash`` of the view
  it was chosen on and a random ``txn`` (the host ignores a decision it has seen before).
- ``REFUSAL`` (host → the room a bad message came from): why it was not taken, with the
  message's ``txn`` when it gave one (the app that sent it knows the answer is its own).
- ``FINAL`` (host → seat rooms, at the end): the whole save, so that every player's app shows the
  same end-of-game breakdown and can review the game.
- ``GAME`` (state, in every room of the game): the game's kind, seats, players and rooms.
- ``TURN`` (state, game room): whose turn it is, for the "Online games" list.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
import zlib
from dataclasses import dataclass, field

from engine.core.contract import Action
from ui.online.records import is_game_id

PREFIX = "com.tycoons."
VIEW = PREFIX + "view"
DECISION = PREFIX + "decision"
REFUSAL = PREFIX + "refusal"
FINAL = PREFIX + "final"
GAME = PREFIX + "game"
TURN = PREFIX + "turn"
ROOM_TYPE_GAME = PREFIX + "game_room"
ROOM_TYPE_SEAT = PREFIX + "seat_room"
PROTOCOL = 1

MAX_DECISION_BYTES = 2048
"""A decision is an action and a few numbers (some 150 bytes): anything larger is refused unread."""
MAX_ARGS = 32
MAX_TEXT = 64
MAX_VIEW_BYTES = 60_000
"""Matrix refuses events over 64 KiB; a payload is kept below that (a key frame drops the oldest
log lines first)."""
MAX_PAYLOAD_BYTES = 4 * 1024 * 1024
"""A received payload may inflate to at most this (a hostile frame cannot exhaust memory)."""
KEY_EVERY = 24
"""A key frame at least this often in every room: a reader that missed frames looks back no
further than the last key frame."""

_HASH = re.compile(r"^[0-9a-f]{32}$")


def new_game_id() -> str:
    return secrets.token_hex(8)


def new_txn() -> str:
    return secrets.token_hex(8)


def content_size(content: dict) -> int:
    """The bytes of an event's content as sent (compact JSON)."""
    return len(json.dumps(content, separators=(",", ":"), ensure_ascii=False).encode())


# -- decisions ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Decision:
    game: str
    seq: int
    hash: str
    action: Action
    txn: str


def decision_content(game: str, seq: int, state_hash: str, action: Action, txn: str | None = None) -> dict:
    return {"game": game, "seq": seq, "hash": state_hash, "action": action.to_dict(), "txn": txn or new_txn(),
            "v": PROTOCOL}


def _plain_args(raw, depth: int = 0):
    """Action arguments as the engine takes them (lists back into tuples), or raise ValueError."""
    if type(raw) is list:
        if depth >= 3 or len(raw) > MAX_ARGS:
            raise ValueError("its arguments are nested too deep or too many")
        return tuple(_plain_args(v, depth + 1) for v in raw)
    if type(raw) is int:
        if abs(raw) > 2**31:
            raise ValueError("a number in it is out of range")
        return raw
    if type(raw) is str:
        if len(raw) > MAX_TEXT:
            raise ValueError("a word in it is too long")
        return raw
    raise ValueError("its arguments are not numbers or words")


def txn_of(content) -> str | None:
    """The transaction id a message gives, if it gives a plausible one, even when the message is
    refused: the refusal names it, so that the app that sent it knows the answer is for it."""
    txn = content.get("txn") if isinstance(content, dict) else None
    return txn if type(txn) is str and 1 <= len(txn) <= MAX_TEXT else None


def parse_decision(content) -> Decision:
    """A decision event's content, checked field by field; ValueError says what is wrong.

    The types are exact (a bool is not a number, a float is refused), sizes are bounded before
    anything else is read, and unknown fields are refused: a message either is a decision of
    this protocol or is not taken."""
    if not isinstance(content, dict):
        raise ValueError("the message is not a decision")
    if content_size(content) > MAX_DECISION_BYTES:
        raise ValueError(f"the message is too large (over {MAX_DECISION_BYTES:,} bytes)")
    # before the fields: another version may well have other fields, and its version is the reason
    version = content.get("v")
    if type(version) is not int or version != PROTOCOL:
        shown = "none" if version is None else repr(version)[:20]
        raise ValueError(f"it speaks protocol version {shown}, and this host speaks version {PROTOCOL} "
                         "(the player and the host need the same version of Tycoons)")
    allowed = {"game", "seq", "hash", "action", "txn", "v"}
    if set(content) - allowed:
        raise ValueError(f"the message has unknown fields ({', '.join(sorted(set(content) - allowed))})")
    game, seq, state_hash, txn = content.get("game"), content.get("seq"), content.get("hash"), content.get("txn")
    if not is_game_id(game):
        raise ValueError("the message names no game")
    if type(seq) is not int or seq < 0:
        raise ValueError("the message has no valid sequence number")
    if type(state_hash) is not str or not _HASH.match(state_hash):
        raise ValueError("the message has no valid state hash")
    if type(txn) is not str or not 1 <= len(txn) <= MAX_TEXT:
        raise ValueError("the message has no valid transaction id")
    raw = content.get("action")
    if not isinstance(raw, dict) or set(raw) - {"kind", "seat", "args"}:
        raise ValueError("the message holds no valid action")
    kind, seat, args = raw.get("kind"), raw.get("seat"), raw.get("args", [])
    if type(kind) is not str or not 1 <= len(kind) <= MAX_TEXT:
        raise ValueError("the action has no valid kind")
    if type(seat) is not int or not 0 <= seat < 16:
        raise ValueError("the action names no valid seat")
    if type(args) is not list:
        raise ValueError("the action's arguments are not a list")
    try:
        plain = _plain_args(args)
    except ValueError as exc:
        raise ValueError(f"the action is not valid: {exc}") from None
    return Decision(game, seq, state_hash, Action(kind, seat, plain), txn)


# -- the view stream ---------------------------------------------------------------------------
def _dump(payload: dict) -> bytes:
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()


def _compress(raw: bytes, zdict: bytes | None) -> str:
    c = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY, *((zdict,) if zdict else ()))
    return base64.b64encode(c.compress(raw) + c.flush()).decode("ascii")


def _inflate(blob: str, zdict: bytes | None) -> bytes:
    if type(blob) is not str or len(blob) > MAX_VIEW_BYTES * 2:
        raise ValueError("the frame is not valid")
    try:
        data = base64.b64decode(blob.encode("ascii"), validate=True)
        d = zlib.decompressobj(15, *((zdict,) if zdict else ()))
        raw = d.decompress(data, MAX_PAYLOAD_BYTES)
    except (ValueError, zlib.error, UnicodeError) as exc:
        raise ValueError(f"the frame cannot be read ({exc})") from None
    if d.unconsumed_tail:
        raise ValueError("the frame inflates beyond its limit")
    return raw


def seen_part(payload: dict) -> dict:
    """What a reader sees of the position in a payload: whose turn, how many decisions, the view
    (not the legal actions, the log or a reason to wait, which follow from it or from the host)."""
    return {"to_move": payload.get("to_move"), "decisions": payload.get("decisions"), "view": payload.get("view")}


def view_hash(payload: dict) -> str:
    """The hash a room's events carry: of what that room's reader sees (`seen_part`), never of
    the whole state. A hash of the whole state, secrets included, can be read by anyone in the
    room and lets them test every deal that looks the same to them against it until one matches
    (in 1st CEO, one among some thousand, in a fraction of a second). A hash of what the reader
    sees tells them nothing they do not know, and lets their app check that it rebuilt each frame
    as the host sent it. The JSON keeps the host's key order, which a reader's JSON parser keeps
    too, so the reader computes the same bytes from what it received."""
    return hashlib.blake2b(_dump(seen_part(payload)), digest_size=16).hexdigest()


def _zdict(raw: bytes) -> bytes:
    return raw[-32768:]  # zlib looks back 32 KB at most


@dataclass
class ViewWriter:
    """The host's side of one room's view stream: turns each payload into a VIEW event's
    content, a key frame or a frame that builds on the previous one."""

    game: str
    _last: bytes | None = None
    _since_key: int = 0
    _log_sent: int = 0  # log entries the reader has been sent
    _base_seq: int = -1

    def frame(self, seq: int, payload: dict, log: list, changed_from: int | None = None,
              key: bool = False) -> dict:
        """The content for `payload` (view, legal actions…) and the reader's whole `log` (a list
        of entries, each a list of [kind, text] lines): a key frame carries all of it, other
        frames the entries from where the last frame left off or from `changed_from` (the first
        entry that differs from what was sent: an undo), whichever is earlier (``log_at``). Its
        hash is `view_hash(payload)`: of what this room's reader sees, nothing more."""
        key = key or self._last is None or self._since_key + 1 >= KEY_EVERY
        if key:
            at = 0
            body = dict(payload, log_at=0, log=log)
            raw = _dump(body)
            while len(raw) > MAX_VIEW_BYTES * 3 and body["log"]:  # compressed, that is well under 64 KiB
                at = len(body["log"]) // 2
                body = dict(payload, log_at=at, log=log[at:])
                raw = _dump(body)
        else:
            at = min(self._log_sent, len(log), len(log) if changed_from is None else changed_from)
            raw = _dump(dict(payload, log_at=at, log=log[at:]))
        content = {"game": self.game, "seq": seq, "hash": view_hash(payload), "v": PROTOCOL}
        if key:
            content["key"] = True
            content["blob"] = _compress(raw, None)
            self._since_key = 0
        else:
            content["base"] = self._base_seq
            content["blob"] = _compress(raw, _zdict(self._last))
            self._since_key += 1
        self._last = raw
        self._base_seq = seq
        self._log_sent = len(log)
        return content


class VersionMismatch(ValueError):
    """A frame of another protocol version: this app cannot read that host's frames at all."""


@dataclass
class ViewReader:
    """A reader's side of one room's view stream: the latest payload and log, rebuilt frame by
    frame. `feed` returns "new" for a frame that moved the stream on, "old" for one it had
    already (a duplicate, or a frame read again from the room's history), and None for one it
    cannot place (it missed the frame before). A frame of another protocol version, or one whose
    rebuilt payload does not match its hash (built on a frame this reader does not have), raises
    ValueError: the reader reads the room back from its last key frame."""

    game: str
    seq: int = -1
    hash: str = ""
    payload: dict = field(default_factory=dict)
    log: list = field(default_factory=list)
    shown: tuple = (-1, "", {})
    """(seq, hash, payload) of the latest frame, set in one assignment: what another thread (the
    window) reads as one, never the seq of one frame with the payload of the next."""
    _last: bytes | None = None

    def feed(self, content) -> str | None:
        if not isinstance(content, dict) or content.get("game") != self.game:
            return None
        seq = content.get("seq")
        if type(seq) is not int:
            return None
        if seq <= self.seq:
            return "old"  # nothing to do, and not a gap
        if content.get("v") != PROTOCOL:
            raise VersionMismatch(f"the host speaks protocol version {str(content.get('v'))[:20]}, and this app "
                             f"version {PROTOCOL}: the host and its players need the same version of Tycoons")
        key = content.get("key") is True
        if not key and (content.get("base") != self.seq or self._last is None):
            return None
        raw = _inflate(content.get("blob"), None if key else _zdict(self._last))
        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):
            raise ValueError("the frame holds no view") from None
        if not isinstance(body, dict) or not isinstance(body.get("log"), list) or type(body.get("log_at")) is not int:
            raise ValueError("the frame holds no view")
        at = body.pop("log_at")
        lines = body.pop("log")
        if view_hash(body) != content.get("hash"):
            raise ValueError("the frame does not match its hash")
        # new lists, never changed in place: the GUI reads them from another thread
        if key:
            log = [None] * at + lines if at else lines
        else:
            log = self.log[:at] + lines
        self.payload, self.log = body, log
        self.seq = seq
        self.hash = content["hash"]
        self.shown = (seq, self.hash, body)
        self._last = raw
        return "new"


def log_lines(session, viewer: int | None, start: int = 0) -> list:
    """The log entries from `start` on as `viewer` may read them: per entry a list of
    [kind, text] lines (hidden lines left out, placeholders filled in)."""
    names = session.names
    out = []
    for entry in session.log[start:]:
        lines = []
        for ev in entry.events:
            text = ev.render(names, viewer)
            if text:
                lines.append([ev.kind, text])
        out.append(lines)
    return out

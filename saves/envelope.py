"""The save-file envelope (ARCHITECTURE §7): how a session becomes bytes and back, without pickle.

A file is the 8 magic bytes ``b"TYCOONS\\x00"`` followed by one msgpack map, the *container*::

    {"format": 2, "app": "0.1.0", "payload": <bin>, "checksum": <bin, 32 bytes>}

``payload`` is itself msgpack (the game: id, rules version, options, seats, seed, the action
log with an AI flag per decision, the final state hash, the time it was saved, a short summary,
and since format 2 the hints used: ``[[decisions before the hint, seat], …]``).
``checksum`` is BLAKE2b-256 over the magic, the packed ``[format, app]`` pair and the payload
bytes, so it covers everything else in the file. The container layout never changes between
format versions; only the payload layout does, and older payloads are upgraded by
`saves.migrations`. Reading checks, in order: magic, container decoding, format version (newer
formats are refused before anything else, since a newer writer may checksum differently),
checksum, payload decoding, payload layout.

>>> from engine.core import Session
>>> s = Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=1)   # doctest: +SKIP
>>> env = open_envelope(encode_session(s))                         # doctest: +SKIP
>>> parse_payload(env.payload).game                                # doctest: +SKIP
'first-ceo'
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import NamedTuple

import msgpack

from engine.core.action_types import type_problem
from engine.core.contract import CHANCE, Action, SeatInfo
from engine.core.names import name_problem
from saves.errors import CorruptSave, NotASave, SaveTooNew

MAGIC = b"TYCOONS\x00"
FORMAT_VERSION = 2
"""The payload layout this version writes. Bump it (and add a migration) when the layout changes.
Format 2 added the hints used ("hints"); format 1's log layout is the same."""
CHECKSUM_SIZE = 32


@functools.cache
def app_version() -> str:
    """The installed Tycoons version ("0" when running from a tree that is not installed)."""
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover - always there on 3.11
        return "0"
    try:
        return version("tycoons")
    except PackageNotFoundError:
        return "0"


def checksum(format_version: int, app: str, payload: bytes) -> bytes:
    """BLAKE2b-256 over the magic, the header pair and the payload: covers the whole file."""
    h = hashlib.blake2b(digest_size=CHECKSUM_SIZE)
    h.update(MAGIC)
    h.update(msgpack.packb([format_version, app], use_bin_type=True))
    h.update(payload)
    return h.digest()


def pack(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def unpack(data, **limits):
    """msgpack decoding with our settings; every failure comes out as CorruptSave.

    msgpack bounds every length by the size of `data` unless `limits` sets tighter ones."""
    try:
        return msgpack.unpackb(data, raw=False, strict_map_key=False, **limits)
    except msgpack.ExtraData as exc:
        raise CorruptSave(f"it has {len(exc.extra)} unexpected bytes after the end of the save") from None
    except (ValueError, msgpack.OutOfData) as exc:
        # msgpack reports a cut-off input as "incomplete input" (ValueError) or OutOfData
        if isinstance(exc, msgpack.OutOfData) or "incomplete" in str(exc).lower():
            raise CorruptSave("the file is truncated (it ends in the middle of the save)") from None
        if "exceeds max" in str(exc):  # a length field larger than what is left of the file
            raise CorruptSave("the file is truncated or corrupted (a length in it runs past its end)") from None
        raise CorruptSave(f"the file is corrupted (undecodable data: {_short(exc)})") from None
    except Exception as exc:  # noqa: BLE001 - msgpack raises many types; none may escape raw
        raise CorruptSave(f"the file is corrupted (undecodable data: {_short(exc)})") from None


# -- bounded decoding of the payload ------------------------------------------------------------
# The checksum proves only that a file was not damaged, not that a friendly program wrote it,
# so the payload is decoded under limits: each field but the log is measured (msgpack's skip,
# which builds nothing) before it is decoded and refused if it is larger than any real one, and
# the log is decoded one decision at a time, each checked and turned into an Action at once.
# Memory is then a small multiple of the file's size whatever the file holds (an array of
# millions of empty arrays used to take 4.8 GB), and a long log costs in proportion to its length.
FIELD_BYTES = 64 * 1024
"""Largest encoded field of a payload other than the log (options, seats, summary: ~1 KB)."""
DECISION_BYTES = 1024
"""Largest encoded decision of a log (a real one is 20-60 bytes)."""
MAX_FIELDS = 64
_LOG_FIELDS = ("log", "moves")  # formats 1 and later, and format 0
LOG_OF_DECISIONS_SINCE = 1
"""The first format whose log entries are ``{"action": …, "by_ai": …}`` (decoded as they are read)."""
_CONTAINER_LIMITS = {"max_map_len": 16, "max_array_len": 16, "max_str_len": 1024, "max_ext_len": 64}


class Decision(NamedTuple):
    """One decision of a log, checked: its action (exactly typed) and whether an AI took it."""

    action: Action
    by_ai: bool


def _measured(u: msgpack.Unpacker, body, limit: int, what: str):
    """Decode the next object of `u` if it takes at most `limit` bytes; CorruptSave otherwise."""
    start = u.tell()
    u.skip()
    end = u.tell()
    if end - start > limit:
        raise CorruptSave(f"the save is malformed ({what} takes {end - start:,} bytes, far more than "
                          "any real save)")
    return unpack(body[start:end])


def decode_payload(body, decision=None) -> dict:
    """The payload map, decoded under the limits above. `decision(entry, i)` converts each entry
    of the log as it is read (see `log_decision`); without it entries stay plain data (older
    formats, which `saves.migrations` upgrades first)."""
    body = memoryview(body)
    u = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=max(len(body), 1))
    u.feed(body)
    try:
        try:
            fields = u.read_map_header()
        except msgpack.OutOfData:
            raise CorruptSave("the file is truncated (it ends in the middle of the save)") from None
        except (ValueError, TypeError):
            raise CorruptSave("the file is corrupted (its payload is not a map)") from None
        if fields > MAX_FIELDS:
            raise CorruptSave(f"the save is malformed (its payload has {fields:,} fields)")
        payload = {}
        for _ in range(fields):
            key = _measured(u, body, 256, "a field name")
            if not isinstance(key, str):
                raise CorruptSave("the save is malformed (a field name is not text)")
            if key in _LOG_FIELDS:
                payload[key] = _decode_log(u, body, decision)
            else:
                payload[key] = _measured(u, body, FIELD_BYTES, f"the field {key[:40]!r}")
        if u.tell() != len(body):
            raise CorruptSave(f"it has {len(body) - u.tell()} unexpected bytes after the end of the save")
        return payload
    except CorruptSave:
        raise
    except msgpack.OutOfData:
        raise CorruptSave("the file is truncated (it ends in the middle of the save)") from None
    except Exception as exc:  # noqa: BLE001 - nesting too deep, bad types: never escape raw
        raise CorruptSave(f"the file is corrupted (undecodable data: {_short(exc)})") from None


def _decode_log(u: msgpack.Unpacker, body, decision) -> list:
    try:
        n = u.read_array_header()
    except (ValueError, TypeError):
        # not an array: decode it (bounded) so that the layout check names the field
        return _measured(u, body, FIELD_BYTES, "the action log")
    out = []
    for i in range(n):
        entry = _measured(u, body, DECISION_BYTES, f"decision {i + 1} of the log")
        out.append(decision(entry, i) if decision is not None else entry)
    return out


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def encode_container(payload: dict, format_version: int = FORMAT_VERSION, app: str | None = None) -> bytes:
    """The complete file bytes for a payload dict (any format version; tests write old ones)."""
    app = app_version() if app is None else app
    body = pack(payload)
    container = {"format": format_version, "app": app, "payload": body,
                 "checksum": checksum(format_version, app, body)}
    return MAGIC + pack(container)


# -- writing ------------------------------------------------------------------------------------
def _now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def build_payload(session, created: str | None = None) -> dict:
    """The current-format payload for a session. Hashes the state once."""
    state = session.state
    log = [{"action": e.action.to_dict(), "by_ai": bool(e.by_ai)} for e in session.log]
    outcome = state.outcome() if session.is_over() else None
    summary = {
        "title": session.spec.title,
        "decisions": sum(1 for e in session.log if e.action.seat != CHANCE),
        "finished": outcome is not None,
        "winners": list(outcome.winners) if outcome is not None else [],
        "scores": [float(x) for x in outcome.scores] if outcome is not None else [],
    }
    return {
        "game": session.spec.id,
        "rules_version": int(session.spec.rules_version),
        "app_version": app_version(),
        "options": dict(session.options),
        "seats": [s.to_dict() for s in session.seats],
        "seed": int(session.seed),
        "log": log,
        "state_hash": state.state_hash(),
        "created": created or _now_iso(),
        "summary": summary,
        "hints": [[int(n), int(seat)] for n, seat in getattr(session, "hints", ())],
    }


def encode_session(session, created: str | None = None) -> bytes:
    """The bytes of a save file for `session` (current format)."""
    return encode_container(build_payload(session, created))


# -- reading ------------------------------------------------------------------------------------
@dataclass
class Envelope:
    """The checked container: format version, writer's app version, and the decoded payload."""

    format: int
    app: str
    payload: dict


def open_envelope(data: bytes) -> Envelope:
    """Check magic, container, format version and checksum; decode the payload.

    Raises NotASave, CorruptSave or SaveTooNew (without a path; the store adds it).
    """
    if len(data) < len(MAGIC):
        if MAGIC.startswith(data):
            if not data:
                raise CorruptSave("the file is empty")
            raise CorruptSave("the file is truncated (it ends inside the file header)")
        raise NotASave("it is not a Tycoons save (it does not start with the Tycoons signature)")
    if data[: len(MAGIC)] != MAGIC:
        raise NotASave("it is not a Tycoons save (it does not start with the Tycoons signature)")
    rest = memoryview(data)[len(MAGIC):]
    if not rest:
        raise CorruptSave("the file is truncated (it ends right after the file header)")
    container = unpack(rest, max_bin_len=len(rest), **_CONTAINER_LIMITS)
    if not isinstance(container, dict):
        raise CorruptSave("the file is corrupted (its container is not a map)")
    fmt, app = container.get("format"), container.get("app")
    body, digest = container.get("payload"), container.get("checksum")
    if type(fmt) is not int or not isinstance(app, str) or not isinstance(body, bytes) \
            or not isinstance(digest, bytes):
        raise CorruptSave("the file is corrupted (its container lacks a format, payload or checksum)")
    if fmt > FORMAT_VERSION:
        raise SaveTooNew(f"it was saved by a newer Tycoons ({app}, save format {fmt}); this version "
                         f"({app_version()}) reads formats up to {FORMAT_VERSION}: please update Tycoons")
    if fmt < 0:
        raise CorruptSave(f"the file is corrupted (impossible save format {fmt})")
    if digest != checksum(fmt, app, body):
        raise CorruptSave("the file is corrupted (its checksum does not match its contents)")
    payload = decode_payload(body, log_decision if fmt >= LOG_OF_DECISIONS_SINCE else None)
    return Envelope(fmt, app, payload)


@dataclass
class SavedGame:
    """A current-format payload, checked field by field: everything needed to replay the game,
    and the hints its players used (`(decisions before the hint, seat)`, at most one per pair)."""

    game: str
    rules_version: int
    app_version: str
    options: dict
    seats: list[SeatInfo]
    seed: int
    actions: list[Action]
    ai_flags: list[bool]
    state_hash: str
    created: str
    summary: dict
    hints: list[tuple[int, int]] = field(default_factory=list)


def _field(payload: dict, key: str, kind, what: str):
    value = payload.get(key)
    ok = type(value) is int if kind is int else isinstance(value, kind)
    if not ok:
        raise CorruptSave(f"the save is malformed ({what} is missing or not valid)")
    return value


def _saved_args(raw, depth: int = 0):
    """Lists (as msgpack returns them) into tuples, a few levels deep; deeper lists stay lists,
    which `type_problem` then refuses (so a log nested 500 deep costs no recursion)."""
    if type(raw) is list and depth < 4:
        return tuple(_saved_args(v, depth + 1) for v in raw)
    return raw


def saved_action(raw) -> Action | None:
    """The action a log entry records, its types untouched (so `type_problem` sees a float or a
    bool where the file has one); None if the entry does not have an action's fields."""
    if not isinstance(raw, dict) or "kind" not in raw or "seat" not in raw:
        return None
    args = raw.get("args", [])
    if type(args) is not list:
        return None
    return Action(raw["kind"], raw["seat"], _saved_args(args))


def log_decision(entry, i: int, _kinds: dict = {}) -> Decision:  # noqa: B006 - a shared cache
    """Entry `i` of a log (``{"action": {...}, "by_ai": bool}``) as a checked Decision; CorruptSave
    says what is wrong with it. Action kinds are shared strings (a long log repeats a few)."""
    action = saved_action(entry.get("action")) if isinstance(entry, dict) else None
    problem = type_problem(action) if action is not None else "it is not an action"
    if problem is not None:
        raise CorruptSave(f"the save is malformed (decision {i + 1} of the log is not valid: {problem})")
    kind = _kinds.setdefault(action.kind, action.kind) if len(_kinds) < 1000 else action.kind
    return Decision(Action(kind, action.seat, action.args), bool(entry.get("by_ai", False)))


def parse_payload(payload: dict) -> SavedGame:
    """Validate a current-format payload into a SavedGame; CorruptSave names the bad field."""
    game = _field(payload, "game", str, "the game id")
    if len(game) > 64:
        raise CorruptSave(f"the save is malformed (its game id is {len(game):,} characters long)")
    rules_version = _field(payload, "rules_version", int, "the rules version")
    options = _field(payload, "options", dict, "the game options")
    if not all(type(k) is str and type(v) in (int, bool, str) for k, v in options.items()):
        raise CorruptSave("the save is malformed (the game options are not names with numbers, "
                          "true/false or names as values)")
    raw_seats = _field(payload, "seats", list, "the seat list")
    seed = _field(payload, "seed", int, "the seed")
    raw_log = _field(payload, "log", list, "the action log")
    state_hash = _field(payload, "state_hash", str, "the final state hash")
    created = payload.get("created") if isinstance(payload.get("created"), str) else ""
    app = payload.get("app_version") if isinstance(payload.get("app_version"), str) else "0"
    summary = payload.get("summary") if isinstance(payload.get("summary"), dict) else {}
    seats = []
    for s in raw_seats:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) \
                or s.get("kind", "human") not in ("human", "ai", "online") \
                or not isinstance(s.get("level"), str | None) \
                or not isinstance(s.get("user"), str | None):
            raise CorruptSave("the save is malformed (a seat is not valid)")
        problem = name_problem(s["name"])
        if problem:
            raise CorruptSave(f"the save is malformed (the name of player {len(seats) + 1} {problem})")
        seats.append(SeatInfo.from_dict(s))
    actions, flags = [], []
    for i, entry in enumerate(raw_log):
        if type(entry) is not Decision:  # a log from a migration: plain data
            entry = log_decision(entry, i)
        actions.append(entry.action)
        flags.append(entry.by_ai)
    hints = _hints(payload, len(actions), len(seats))
    return SavedGame(game, rules_version, app, options, seats, seed, actions, flags, state_hash,
                     created, summary, hints)


def _hints(payload: dict, decisions: int, seats: int) -> list[tuple[int, int]]:
    """The hints used: pairs of (decisions before the hint, seat), each within the game, no
    pair twice."""
    raw = _field(payload, "hints", list, "the record of hints used")
    out = []
    for item in raw:
        if type(item) is not list or len(item) != 2 or not all(type(x) is int for x in item) \
                or not 0 <= item[0] <= decisions or not 0 <= item[1] < seats:
            raise CorruptSave("the save is malformed (its record of hints used is not valid)")
        out.append((item[0], item[1]))
    if len(set(out)) != len(out):
        raise CorruptSave("the save is malformed (its record of hints used names a hint twice)")
    return out

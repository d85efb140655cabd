"""A remote player's side of an online game, without any I/O: what the player's app knows (the
seat's view, legal actions and log from the seat room, the refusals, and the save at the end),
rebuilt from the host's events. Events not sent by the host are never believed."""

from __future__ import annotations

import base64
import zlib
from dataclasses import dataclass, field

from engine.core.contract import TERMINAL, Action, SeatInfo
from ui.online import protocol as p

MAX_SEATS = 8


def _check_seats(seats: list[SeatInfo]) -> None:
    """A game's seats as another app describes them keep to the rules a name keeps wherever it
    enters (engine/core/names.py): a host's description with a name of 10,000 characters, or a
    hundred seats, is refused (ValueError) like a save holding them."""
    from engine.core.names import name_problem

    if not 1 <= len(seats) <= MAX_SEATS:
        raise ValueError(f"a game has 1 to {MAX_SEATS} seats, not {len(seats):,}")
    for seat in seats:
        problem = name_problem(seat.name)
        if problem:
            raise ValueError(f"a seat's name {problem}")
        if seat.kind not in ("human", "ai", "online") \
                or not (seat.level is None or (type(seat.level) is str and len(seat.level) <= 20)) \
                or not (seat.user is None or (type(seat.user) is str and len(seat.user) <= 255)):
            raise ValueError("a seat is not a name, a kind, a level and a user")


@dataclass
class GameInfo:
    """The GAME state event: the game's id and kind, its seats, the host and the rooms."""

    game: str
    kind: str
    host: str
    seats: list[SeatInfo]
    game_room: str
    seat_rooms: dict[int, str]
    title: str = ""
    options: dict = field(default_factory=dict)

    @staticmethod
    def from_content(content: dict, sender: str) -> GameInfo:
        """Raises ValueError unless the content is a GAME event sent by its own host."""
        try:
            host = str(content["host"])
            if host != sender:
                raise ValueError("the game's description was not set by its host")
            seats = [SeatInfo(str(s["name"]), str(s.get("kind", "human")), s.get("level"), s.get("user"))
                     for s in content["seats"]]
            _check_seats(seats)
            rooms = {int(k): str(v) for k, v in dict(content.get("seat_rooms", {})).items()}
            return GameInfo(str(content["game"]), str(content["kind"]), host, seats, str(content["game_room"]),
                            rooms, str(content.get("title", "")), dict(content.get("options", {})))
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"the game's description is not valid ({exc})") from None

    def to_content(self) -> dict:
        return {"game": self.game, "kind": self.kind, "host": self.host, "title": self.title,
                "seats": [s.to_dict() for s in self.seats], "game_room": self.game_room,
                "seat_rooms": {str(k): v for k, v in self.seat_rooms.items()}, "options": self.options,
                "v": p.PROTOCOL}

    def seat_of(self, user: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user == user and i in self.seat_rooms), None)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision this app sent and the host has not answered yet: its transaction id, and the
    hash of the view it was chosen on."""

    txn: str
    seq: int
    hash: str


REFUSALS_KEPT = 50


class ClientCore:
    """What one player's app knows of one online game. `feed` takes the events of the player's
    seat room (or, for a spectator, of the game room) in order.

    A decision sent is `pending` until the host answers it: with a refusal that names it (its
    reason is then shown), or with a frame whose position differs from the one it was chosen on
    (the hash of what this seat sees changed: it was taken, or the game moved on). Nothing else
    answers it: a frame read twice, a key frame sent again by a restarted host on an unchanged
    position, or a refusal of another message leave it waiting, so the app never offers a
    decision it has already sent."""

    def __init__(self, info: GameInfo, user: str):
        self.info = info
        self.user = user
        self.seat = info.seat_of(user)
        self.room = info.seat_rooms[self.seat] if self.seat is not None else info.game_room
        self.reader = p.ViewReader(info.game)
        self.refusal: str | None = None
        self._final_parts: dict[int, str] = {}
        self._final_count = 0
        self.final_save: bytes | None = None
        self.pending: Pending | None = None
        self.refusals_seen: list[str] = []
        """Every refusal the host sent to this room lately, the ones that answer no decision of
        this app too (a message sent by other means, or long ago): shown to nobody, kept for
        whoever wants to know what the host said."""
        self.problem: str | None = None  # why this app cannot follow the host (another version)

    # -- what the screen shows ------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        return self.reader.seq >= 0

    @property
    def view(self) -> dict:
        return self.reader.payload.get("view", {})

    @property
    def to_move(self) -> int:
        value = self.reader.payload.get("to_move", -1)
        return value if type(value) is int else -1

    @property
    def over(self) -> bool:
        return self.to_move == TERMINAL

    @property
    def legal(self) -> list[Action]:
        return [Action.from_dict(a) for a in self.reader.payload.get("legal", [])]

    @property
    def labels(self) -> list[str]:
        return [str(x) for x in self.reader.payload.get("labels", [])]

    @property
    def wait(self) -> str | None:
        return self.reader.payload.get("wait")

    @property
    def log(self) -> list:
        return [entry or [] for entry in self.reader.log]

    @property
    def decisions(self) -> int:
        return int(self.reader.payload.get("decisions", 0))

    @property
    def awaiting(self) -> bool:
        """A decision was sent on the position shown and is not answered yet: no second one."""
        return self.pending is not None

    def my_turn(self) -> bool:
        """This player may decide now (and has not already sent a decision on this view)."""
        return (self.seat is not None and self.to_move == self.seat and bool(self.reader.payload.get("legal"))
                and not self.awaiting)

    # -- events ---------------------------------------------------------------------------------
    def feed(self, event: dict) -> str | None:
        """One event of this game's room: "view" (a new view), "gap" (a frame that builds on one
        this app missed: catch up from the room's history), "refusal" (the answer to this app's
        decision), "final", "problem" (`problem` says why the host's frames cannot be read), or
        None (nothing changed)."""
        content = event.get("content")
        if not isinstance(content, dict) or content.get("game") != self.info.game:
            return None
        kind = event.get("type")
        if event.get("sender") != self.info.host:
            if event.get("sender") == self.user and kind == p.DECISION:
                self._own_decision(content)
            return None
        if kind == p.VIEW:
            try:
                placed = self.reader.feed(content)
            except p.VersionMismatch as exc:
                self.problem = str(exc)
                return "problem"
            except ValueError:
                return "gap"
            if placed is None:
                return "gap"
            if placed == "old":
                return None
            if self.pending is not None and self.reader.hash != self.pending.hash:
                self.pending = None  # the position moved on: the decision was answered
            return "view"
        if kind == p.REFUSAL:
            reason = content.get("reason")
            if isinstance(reason, str):
                self.refusals_seen.append(reason[:500])
                del self.refusals_seen[:-REFUSALS_KEPT]
                if self.pending is not None and content.get("txn") == self.pending.txn:
                    self.refusal = reason[:500]
                    self.pending = None
                    return "refusal"
            return None
        if kind == p.FINAL:
            return "final" if self._final_part(content) else None
        return None

    def _final_part(self, content: dict) -> bool:
        part, parts, blob = content.get("part"), content.get("parts"), content.get("save")
        if type(part) is not int or type(parts) is not int or not isinstance(blob, str) or not 0 <= part < parts <= 64:
            return False
        if self._final_count != parts:
            self._final_parts, self._final_count = {}, parts
        self._final_parts[part] = blob
        if len(self._final_parts) < parts:
            return False
        try:
            data = base64.b64decode("".join(self._final_parts[i] for i in range(parts)), validate=True)
            d = zlib.decompressobj()
            save = d.decompress(data, p.MAX_PAYLOAD_BYTES * 4)
        except (ValueError, zlib.error):
            return False
        self.final_save = save
        return True

    def final_session(self):
        """The finished game as a Session, rebuilt from the host's save (every card shown: the
        game is over), or None; a save that does not check out is not used."""
        if self.final_save is None:
            return None
        from saves.store import decode_save, replay_saved

        try:
            saved, _ = decode_save(self.final_save)
            session = replay_saved(saved, expect_game=self.info.kind)
        except Exception:  # noqa: BLE001 - SaveError and its kin: the end is then shown from the view
            return None
        return session if session.is_over() else None

    # -- deciding -------------------------------------------------------------------------------
    def decision(self, action: Action, on: tuple | None = None) -> dict:
        """The content of a DECISION event for `action`, answering the frame `on` (a
        `reader.shown`: what the screen showed when the player chose; by default the latest);
        it is pending from now on."""
        self.refusal = None
        seq, state_hash = (on or self.reader.shown)[:2]
        content = p.decision_content(self.info.game, seq, state_hash, action)
        self.pending = Pending(content["txn"], content["seq"], content["hash"])
        return content

    def not_sent(self) -> None:
        """The decision could not be sent (the homeserver refused it after its retries): the
        player may decide again."""
        self.pending = None

    def _own_decision(self, content: dict) -> None:
        """This account's decision read back from the room (its sync leaves its own events out;
        reading the room back after a restart of the app brings them): one chosen on the view
        shown and not answered yet is pending, as if this app had just sent it."""
        if self.pending is not None or self.seat is None:
            return
        try:
            decision = p.parse_decision(content)
        except ValueError:
            return  # not a decision of this protocol: the host refuses it, and it is no choice of the app's
        # chosen on the position shown (perhaps a frame before a key frame of the same position)
        if decision.seq <= self.reader.seq and decision.hash == self.reader.hash:
            self.pending = Pending(decision.txn, decision.seq, decision.hash)

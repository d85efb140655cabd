"""The host's side of an online game, without any I/O (ARCHITECTURE §12): which decisions it takes,
what it publishes in which room. `tycoons host` (ui/online/service.py) and the GUI host
(ui/online/gui/game.py) both drive it, each with its own transport.

The host owns the Session as in a local game. A decision from the network is taken only if it
parses, fits the limits, comes from the Matrix user who holds that seat, in that seat's own room,
answers the latest view (sequence number and state hash), has not been seen before, and is legal;
anything else gets a refusal with the reason, and the game goes on."""

from __future__ import annotations

import base64
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.contract import TERMINAL, Action
from engine.core.session import Session
from engine.core.text import whose
from ui.online import protocol as p
from ui.online.records import HostedGame

GAME_ROOM_EVERY_S = 1.5
"""The game room's spectator view follows at most this often while decisions come quickly."""
NOTICE_AFTER_S = 20.0
"""A turn notice (which the player's own Matrix app may push to their phone) goes out only when
the player has not decided within this time."""
REFUSALS_BURST = 20
REFUSALS_EVERY_S = 2.0
"""Each sender is answered at most REFUSALS_BURST refusals in a row, then one every
REFUSALS_EVERY_S: a player who sends a flood of bad messages costs the homeserver (and every
other player's round trip) a refusal now and then, not one per message. A player who plays
never comes near it; decisions that are taken are never limited."""
FINAL_PART_BYTES = 40_000
"""A finished game's save goes out in parts of at most this many characters (Matrix caps an
event at 64 KiB)."""


@dataclass(slots=True)
class Out:
    """One event to send: a timeline event, or a state event when `state_key` is set."""

    room: str
    type: str
    content: dict
    state_key: str | None = None


class SenderLimits:
    """A bucket of answers per sender: REFUSALS_BURST, one more every REFUSALS_EVERY_S."""

    def __init__(self, burst: int = REFUSALS_BURST, every_s: float = REFUSALS_EVERY_S):
        self.burst, self.every_s = burst, every_s
        self._buckets: dict[str, tuple[float, float]] = {}  # sender -> (answers left, when counted)

    def take(self, sender: str, now: float) -> float | None:
        """Spend one answer for `sender`: the answers left after it, or None if there was none."""
        left, at = self._buckets.get(sender, (float(self.burst), now))
        left = min(float(self.burst), left + (now - at) / self.every_s)
        if left < 1.0:
            self._buckets[sender] = (left, now)
            return None
        self._buckets[sender] = (left - 1.0, now)
        if len(self._buckets) > 4096:  # senders long quiet are full again: forget them
            self._buckets = {s: b for s, b in self._buckets.items() if b[0] < self.burst - 1}
        return left - 1.0


@dataclass(slots=True)
class Verdict:
    """What to do with an incoming event: "take" (apply `action` for `seat`), "refuse" (send
    `reply`; None when its sender has been sent too many refusals lately: see SenderLimits), or
    "ignore" (not ours to answer: our own events, other event types)."""

    kind: str
    seat: int | None = None
    action: Action | None = None
    reason: str = ""
    reply: Out | None = None
    txn: str | None = None


class LogCache:
    """One reader's log lines, kept in step with the session's log as it grows and shrinks."""

    def __init__(self, viewer: int | None):
        self.viewer = viewer
        self.entries: list = []  # the LogEntry objects rendered, to notice an undo and redo
        self.lines: list = []

    def sync(self, session: Session) -> int:
        """Bring the lines up to date; returns the first entry that changed."""
        log = session.log
        same = 0
        limit = min(len(log), len(self.entries))
        while same < limit and log[same] is self.entries[same]:
            same += 1
        if same < len(self.entries):  # undone (or undone and replaced): drop from there
            del self.entries[same:]
            del self.lines[same:]
        changed = len(self.entries)
        if len(log) > changed:
            self.lines.extend(p.log_lines(session, self.viewer, changed))
            self.entries.extend(log[changed:])
        return changed


@dataclass
class HostCore:
    """The host's rules for one online game. `blocked(seat)` may say why an online seat cannot
    decide although it is their turn (the GUI host's player has not confirmed their turn yet).
    `resumed`: the game was hosted before and its record read back (see `__post_init__`)."""

    session: Session
    record: HostedGame
    blocked: Callable[[int], str | None] = lambda seat: None
    resumed: bool = False
    _writers: dict = field(default_factory=dict)
    _logs: dict = field(default_factory=dict)
    _turn: bool | None = None
    _noticed: tuple | None = None
    _notice_due: tuple | None = None
    _final_sent: bool = False
    _game_room_at: float = float("-inf")
    _game_room_stale: bool = False
    position_seq: int = 0
    """The first publication that showed the position as it stands: a decision chosen on any
    publication since then answers the latest position (a key frame sent again, or a turn
    confirmed at the host's screen, does not make a decision chosen just before it stale)."""
    _position: tuple = ()
    _rekey: set = field(default_factory=set)
    limits: SenderLimits = field(default_factory=SenderLimits)

    def __post_init__(self) -> None:
        gid = self.record.game
        self._writers = {room: p.ViewWriter(gid) for room in self.rooms()}
        self._logs = {room: LogCache(self.viewer_of(room)) for room in self.rooms()}
        self._position = self._mark()
        # a new game's first publication is the next one; a resumed game's last was the record's
        self.position_seq = self.record.seq if self.resumed else self.record.seq + 1
        if self.resumed:
            # the record is written after the save: a host killed between them had published
            # one frame more than its record says. Its next frame must not reuse that number
            # (a reader would take it for the frame it has, and build the next one on the wrong
            # base); a decision chosen on that frame is taken as one chosen on the record's.
            self.record.seq += 1

    def _mark(self) -> tuple:
        return len(self.session.log), self.session.state.state_hash()

    # -- who is where ----------------------------------------------------------------------------
    def rooms(self) -> list[str]:
        return [self.record.game_room] + [self.record.seat_rooms[s] for s in sorted(self.record.seat_rooms)]

    def viewer_of(self, room: str) -> int | None:
        for seat, r in self.record.seat_rooms.items():
            if r == room:
                return seat
        return None

    def online_seats(self) -> list[int]:
        return sorted(self.record.seat_rooms)

    def user_of(self, seat: int) -> str | None:
        return self.session.seats[seat].user

    def can_decide(self, seat: int) -> bool:
        return self.session.to_move() == seat and self.blocked(seat) is None

    # -- publishing ------------------------------------------------------------------------------
    def publish(self, key: bool = False, now: float | None = None) -> list[Out]:
        """Everything the rooms need after a change: a view frame in every seat room at once, the
        game room's spectator frame at most every GAME_ROOM_EVERY_S (the rest follows from
        `flush`: nobody plays from the game room, and each event costs the homeserver), and at
        the end the save for every player. A turn notice is kept for `flush` too. Bumps the
        sequence number (the caller persists the record before sending)."""
        session = self.session
        now = time.monotonic() if now is None else now
        self.record.seq += 1
        mark = self._mark()
        if mark != self._position:
            self._position, self.position_seq = mark, self.record.seq
        mover = session.to_move()
        out: list[Out] = [self._frame(room, key) for room in self.rooms()[1:]]
        over = mover == TERMINAL
        if key or over or now - self._game_room_at >= GAME_ROOM_EVERY_S:
            out.insert(0, self._frame(self.record.game_room, key))
            self._game_room_at, self._game_room_stale = now, False
        else:
            self._game_room_stale = True
        if key or over != self._turn:
            self._turn = over
            out.append(Out(self.record.game_room, p.TURN, self.turn_content(), state_key=""))
        self._plan_notice(mover, now)
        if over and not self._final_sent:
            self._final_sent = True
            out += self.flush(now, force=True)
            out += self.final_events(self.record.seq)
        return out

    def flush(self, now: float | None = None, force: bool = False) -> list[Out]:
        """What is due by now: key frames for rooms that lost a frame (`rekey`), the game room's
        frame held back by `publish`, and a turn notice whose player has not decided within
        NOTICE_AFTER_S. Drivers call it a few times a second."""
        now = time.monotonic() if now is None else now
        out: list[Out] = []
        if self._rekey:
            self.record.seq += 1
            for room in sorted(self._rekey):
                out.append(self._frame(room, key=True))
                if room == self.record.game_room:
                    self._game_room_at, self._game_room_stale = now, False
            self._rekey.clear()
        if self._game_room_stale and (force or now - self._game_room_at >= GAME_ROOM_EVERY_S):
            out.append(self._frame(self.record.game_room, False))
            self._game_room_at, self._game_room_stale = now, False
        if self._notice_due is not None and (force or now >= self._notice_due[0]):
            out.append(self._notice_due[1])
            self._notice_due = None
        return out

    def seen(self, viewer: int | None) -> dict:
        """What `viewer` (None: a spectator) sees of the position: a payload's `p.seen_part`."""
        session = self.session
        return {"to_move": session.to_move(), "decisions": len(session.log), "view": session.state.view(viewer)}

    def hash_for(self, viewer: int | None) -> str:
        """The hash `viewer`'s room is told: of what they see, never of the whole state."""
        return p.view_hash(self.seen(viewer))

    def rekey(self, room: str) -> None:
        """Send `room` a key frame at the next `flush`: a frame sent there was lost for good, and
        its readers cannot place the frames built on it."""
        if room in self.rooms():
            self._rekey.add(room)

    def _frame(self, room: str, key: bool) -> Out:
        session, state = self.session, self.session.state
        mover = session.to_move()
        viewer = self.viewer_of(room)
        payload = self.seen(viewer)
        if viewer is not None:
            legal = list(state.legal_actions(viewer)) if self.can_decide(viewer) else []
            payload["legal"] = [a.to_dict() for a in legal]
            payload["labels"] = [session.label(a) for a in legal]
            wait = self.blocked(viewer) if mover == viewer else None
            if wait:
                payload["wait"] = wait
        cache = self._logs[room]
        changed = cache.sync(session)
        frame = self._writers[room].frame(self.record.seq, payload, cache.lines, changed, key=key)
        return Out(room, p.VIEW, frame)

    def turn_content(self) -> dict:
        session = self.session
        mover = session.to_move()
        content = {"game": self.record.game, "seq": self.record.seq, "hash": self.hash_for(None),
                   "to_move": mover, "decisions": len(session.log), "over": mover == TERMINAL, "v": p.PROTOCOL}
        if mover >= 0:
            content["name"] = session.names[mover]
            content["user"] = self.user_of(mover)
        if mover == TERMINAL:
            outcome = session.state.outcome()
            content["winners"] = [session.names[i] for i in outcome.winners] if outcome else []
        return content

    def _plan_notice(self, mover: int, now: float) -> None:
        """A plain message in the game room that mentions the online player to move, so that
        their own Matrix app tells them: once a turn, and only when they have not decided within
        NOTICE_AFTER_S (a player at the window needs no ping on their phone). The end of the
        game is told at once."""
        key = (mover, self.can_decide(mover) if mover >= 0 else False)
        if key == self._noticed:
            return
        self._noticed = key
        self._notice_due = None
        session = self.session
        title = session.spec.title
        if mover == TERMINAL:
            outcome = session.state.outcome()
            winners = [session.names[i] for i in outcome.winners] if outcome else []
            body = f"{title}: the game is over. " + (f"{' and '.join(winners)} won." if winners else "")
            self._notice_due = (now, Out(self.record.game_room, "m.room.message", {"msgtype": "m.notice",
                                                                                 "body": body}))
            return
        if mover < 0 or mover not in self.record.seat_rooms or not self.can_decide(mover):
            return
        user = self.user_of(mover)
        body = f"{title}: it is {whose(session.names[mover])} turn ({user})."
        self._notice_due = (now + NOTICE_AFTER_S, Out(self.record.game_room, "m.room.message", {
            "msgtype": "m.text", "body": body, "m.mentions": {"user_ids": [user]}}))

    def final_events(self, seq: int) -> list[Out]:
        """The finished game's save for every seat room (in parts): each player's app shows the
        same breakdown and can review it. Only after the end, and never in the game room."""
        from saves.envelope import encode_session

        blob = base64.b64encode(zlib.compress(encode_session(self.session), 9)).decode("ascii")
        parts = [blob[i:i + FINAL_PART_BYTES] for i in range(0, len(blob), FINAL_PART_BYTES)] or [""]
        out = []
        for seat, room in self.record.seat_rooms.items():
            state_hash = self.hash_for(seat)
            for i, part in enumerate(parts):
                out.append(Out(room, p.FINAL, {"game": self.record.game, "seq": seq, "hash": state_hash,
                                               "part": i, "parts": len(parts), "save": part, "v": p.PROTOCOL}))
        return out

    # -- receiving -------------------------------------------------------------------------------
    def judge(self, room: str, sender: str, event_type: str, content, now: float | None = None) -> Verdict:
        """What to do with an event that arrived in one of the game's rooms. A refusal is
        answered within its sender's limits (`SenderLimits`)."""
        verdict = self._judge(room, sender, event_type, content)
        if verdict.kind == "refuse" and verdict.reply is not None:
            left = self.limits.take(sender, time.monotonic() if now is None else now)
            if left is None:
                verdict.reply = None
            elif left < 1.0:
                verdict.reply.content["reason"] += (" Too many of your messages were refused lately: the next ones "
                                                    "go unanswered for a while.")
        return verdict

    def _judge(self, room: str, sender: str, event_type: str, content) -> Verdict:
        if sender == self.record.host or event_type != p.DECISION:
            return Verdict("ignore")
        seat = self.viewer_of(room)
        if seat is None or self.user_of(seat) != sender:
            own = next((s for s in self.online_seats() if self.user_of(s) == sender), None)
            if own is None:
                return self._refuse(room, f"{sender} holds no seat in this game.", txn=p.txn_of(content))
            # a player's message in a room not theirs: the answer goes to their own room
            where = "the game room" if seat is None else "another player's room"
            return self._refuse(self.record.seat_rooms[own], f"Decisions go to your own seat's room, not {where}.",
                                txn=p.txn_of(content))
        try:
            decision = p.parse_decision(content)
        except ValueError as exc:
            return self._refuse(room, f"That message was not taken: {exc}.", txn=p.txn_of(content))
        if decision.game != self.record.game:
            return self._refuse(room, "That decision is for another game.")
        if decision.txn in self.record.txns:
            return self._refuse(room, "That decision was already received; it is not taken twice.", decision)
        session = self.session
        if decision.action.seat != seat:
            return self._refuse(room, "You can decide only for your own seat.", decision)
        if not self.position_seq <= decision.seq <= self.record.seq or decision.hash != self.hash_for(seat):
            return self._refuse(room, "That decision was made on an earlier position; the latest one is "
                                "shown now.", decision)
        wait = self.blocked(seat)
        if wait and session.to_move() == seat:
            return self._refuse(room, wait, decision)
        reason = session.illegal_reason(decision.action)
        if reason is not None:
            return self._refuse(room, reason, decision)
        return Verdict("take", seat, decision.action, txn=decision.txn)

    def taken(self, verdict: Verdict) -> None:
        """Remember a decision that was applied (its txn is never taken again)."""
        if verdict.txn:
            self.record.remember_txn(verdict.txn)

    def _refuse(self, room: str, reason: str, decision: p.Decision | None = None, txn: str | None = None) -> Verdict:
        content = {"game": self.record.game, "seq": self.record.seq, "hash": self.hash_for(self.viewer_of(room)),
                   "reason": reason, "v": p.PROTOCOL}
        txn = decision.txn if decision is not None else txn
        if txn is not None:
            content["txn"] = txn
        return Verdict("refuse", reason=reason, reply=Out(room, p.REFUSAL, content))

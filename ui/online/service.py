"""Host and player services: the sans-I/O cores of host.py and client.py over a MatrixLink,
on an asyncio loop. `tycoons host` runs `HostService`; the tests and the bench run both; the
GUI runs `create_rooms` and `PlayerService` on its network thread (ui/online/gui/game.py).

Every loop here is bounded: a sync waits at most its timeout, catching up reads at most a few
pages, and `run` stops when its stop event is set (or after `max_s`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.errors import reason_of
from engine.core.session import Session
from ui.online import protocol as p
from ui.online.client import ClientCore, GameInfo
from ui.online.host import HostCore, Out, Verdict
from ui.online.matrix import MatrixError, MatrixLink, room_name_of, room_type_of
from ui.online.outbox import Outbox
from ui.online.records import MAX_ID, SYNC_FILE, HostedGame, hosted_dir, hosted_games, read_json, write_json_atomic


def _is_key_view(host: str):
    def until(event: dict) -> bool:
        content = event.get("content") or {}
        return event.get("type") == p.VIEW and event.get("sender") == host and content.get("key") is True
    return until


# -- setting a game up --------------------------------------------------------------------------
async def create_rooms(link: MatrixLink, session: Session, game: str | None = None) -> HostedGame:
    """The rooms of a new online game: one room per online seat (host and that player), then the
    game room for everyone, each invited and described by the GAME state event."""
    game = game or p.new_game_id()
    title = session.spec.title
    record = HostedGame(game, session.spec.id, link.user_id, title=title)
    names = ", ".join(session.names)
    online = [i for i, s in enumerate(session.seats) if s.is_online]
    for seat in online:
        user = session.seats[seat].user
        record.seat_rooms[seat] = await link.create_room(
            f"Tycoons · {title} · {session.names[seat]}'s seat", p.ROOM_TYPE_SEAT, [user],
            topic=f"{session.names[seat]}'s own room in a game of {title} hosted by {link.user_id}. "
                  "Open it in Tycoons.")
    info = GameInfo(game, session.spec.id, link.user_id, list(session.seats), "", dict(record.seat_rooms), title,
                    dict(session.options))
    invite = sorted({session.seats[s].user for s in online})
    record.game_room = await link.create_room(f"Tycoons · {title} · {names}", p.ROOM_TYPE_GAME, invite,
                                              topic=f"A game of {title} hosted by {link.user_id}: {names}. "
                                                    "Join it from Online games in Tycoons.")
    info.game_room = record.game_room
    for room in [record.game_room, *record.seat_rooms.values()]:
        await link.put_state(room, p.GAME, info.to_content())
    return record


async def read_gap(link: MatrixLink, room: str, token: str, since: str | None) -> list[dict]:
    """The events a sync left out of `room` (its timeline was limited: more came than one sync
    brings), oldest first: read back from the sync's `token` to the previous sync's position
    `since` (or a few pages, the first time)."""
    events = await link.history(room, token, lambda e: False, end=since, pages=50 if since else 3)
    return list(reversed(events))


# -- the host -----------------------------------------------------------------------------------
@dataclass
class HostedRun:
    core: HostCore

    @property
    def session(self) -> Session:
        return self.core.session

    @property
    def record(self) -> HostedGame:
        return self.core.record


class HostService:
    """Hosts every game of `hosted_games()` (and new ones) for one Matrix account, headless: AI
    seats move here, online seats' decisions come from their rooms. Each change is saved, then
    the record (sequence number, decisions taken), then published: killed at any moment and
    restarted, the host carries on from its save and the rooms, and a decision is never taken
    twice nor lost. What it publishes goes through an `Outbox`: a send that fails is sent again
    until it goes out, and nothing else waits on it."""

    SYNC_FILE = SYNC_FILE

    def __init__(self, link: MatrixLink, think_ms: int | None = None, log: Callable[[str], None] | None = None):
        self.link = link
        self.think_ms = think_ms
        self.runs: dict[str, HostedRun] = {}
        self._by_room: dict[str, HostedRun] = {}
        self.log = log or (lambda line: None)
        state = read_json(hosted_dir() / self.SYNC_FILE)
        since = state.get("since") if isinstance(state, dict) and state.get("user") == link.user_id else None
        self.since = since if type(since) is str and 0 < len(since) <= 4 * MAX_ID else None  # else: sync afresh
        self.decisions_taken = 0
        self.outbox = Outbox(link, log=self.log, on_dropped=self._lost_frame)
        self._kept: asyncio.Future | None = None  # the last sync position being kept (see sync_once)

    # -- games ----------------------------------------------------------------------------------
    async def new_game(self, game_id: str, seats, options: dict | None = None, seed: int = 0) -> HostedRun:
        session = Session.new(game_id, seats, options, seed)
        record = await create_rooms(self.link, session)
        run = self._add(session, record)
        await self._after_change(run, key=True)
        self.log(f"hosting {record.title} ({record.game}): {', '.join(session.names)}")
        return run

    def resume_all(self) -> list[str]:
        """Every game hosted by this account that is saved here; returns the problems (a broken
        save is reported and left as it is)."""
        from saves.store import read_session

        problems: list[str] = []
        for record in hosted_games(problems):
            if record.host != self.link.user_id or record.game in self.runs:
                continue
            try:
                session = read_session(record.save_path)
            except Exception as exc:  # noqa: BLE001 - SaveError carries .reason
                problems.append(f"{record.game}: {reason_of(exc)}")
                continue
            self._add(session, record, resumed=True)
        return problems

    def _add(self, session: Session, record: HostedGame, resumed: bool = False) -> HostedRun:
        run = HostedRun(HostCore(session, record, resumed=resumed))
        self.runs[record.game] = run
        for room in run.core.rooms():
            self._by_room[room] = run
        return run

    async def start(self) -> None:
        """After a (re)start: take the decisions that arrived meanwhile, then send every room a
        key frame of where the game stands (a reader never has to look further back)."""
        await self.sync_once(timeout_ms=0)
        for run in list(self.runs.values()):
            await self._play_ai(run)
            await self._publish(run, key=True)

    async def run(self, stop: asyncio.Event | None = None, max_s: float | None = None, poll_ms: int = 10000) -> None:
        deadline = None if max_s is None else time.monotonic() + max_s

        def going() -> bool:
            return not (stop and stop.is_set()) and (deadline is None or time.monotonic() < deadline)

        async def ticking():
            while going():
                await asyncio.sleep(0.25)
                try:
                    await self.tick()
                except MatrixError as exc:
                    self.log(f"homeserver trouble: {exc.reason}; trying again")

        ticker = asyncio.create_task(ticking())
        try:
            while going():
                try:
                    await self.sync_once(timeout_ms=poll_ms)
                except MatrixError as exc:
                    self.log(f"homeserver trouble: {exc.reason}; trying again")
                    await asyncio.sleep(max(1.0, min(60.0, exc.retry_after_s or 0.0)))
        finally:
            ticker.cancel()
            await asyncio.gather(ticker, return_exceptions=True)

    async def tick(self) -> None:
        """Send what is due: game rooms' frames held back, turn notices of slow turns."""
        for run in list(self.runs.values()):
            outs = run.core.flush()
            if outs:
                await self._send(outs, run)

    async def _send(self, outs: list[Out], run: HostedRun | None = None) -> None:
        """Queue the events (each room's in order) and wait until each has gone out or its room
        is failing: a failing room is sent to again by the outbox, and nothing waits on it."""
        await self.outbox.put(outs, later=run.record.game_room if run is not None else None)

    def _lost_frame(self, room: str) -> None:
        run = self._by_room.get(room)
        if run is not None:
            run.core.rekey(room)

    async def close(self) -> None:
        """Stop sending; the sync position is kept as far as its answers went out."""
        kept = self._kept
        if kept is not None and not kept.done():
            await asyncio.wait({kept}, timeout=5.0)
        await self.outbox.close()
        if kept is not None:
            await asyncio.gather(kept, return_exceptions=True)

    async def sync_once(self, timeout_ms: int = 0) -> int:
        batch = await self.link.sync(self.since, timeout_ms)
        handled = 0
        answers: dict[str, list[Out]] = {}  # game -> the refusals of this batch
        # rooms with a gap last: reading one back takes a request per hundred events (a flood), and
        # the decisions in the other rooms need not wait for it
        for room, events in sorted(batch.events.items(), key=lambda item: item[0] in batch.gaps):
            run = self._by_room.get(room)
            if run is None:
                continue
            if room in batch.gaps:  # more came than one sync brings: the rest is read back
                events = await read_gap(self.link, room, batch.gaps[room], self.since) + events
            for event in events:
                handled += await self._handle(run, room, event, answers)
        # The refusals go once the batch is judged, and the host reads on without waiting for them
        # (a flood's answers hold up nobody); the sync position that says the batch was read is
        # kept on disk only once they have gone out: killed before, the host reads the batch
        # again, judges it again (a decision taken is not taken twice: its event is judged) and
        # answers again (an app ignores a second answer).
        gone = [self.outbox.deliver(outs, later=self.runs[game].record.game_room) for game, outs in answers.items()]
        self.since = batch.next_batch
        self._keep_since(self.since, gone, [self.runs[game].record for game in answers])
        return handled

    def _keep_since(self, since: str, gone: list, records: list[HostedGame]) -> None:
        """Write the sync position (and the records of games that refused something) once `gone`
        have all gone out, after the positions before it: in order, and never one whose answers
        were left unsent (the host closed first)."""
        before = self._kept

        def write() -> None:
            try:
                for record in records:
                    record.save()
                write_json_atomic(hosted_dir() / self.SYNC_FILE, {"user": self.link.user_id, "since": since})
            except OSError as exc:  # said; the host goes on (it reads the batch again after a restart)
                self.log(f"the sync position could not be kept: {exc}")

        async def keep() -> bool:
            if before is not None and not await before:
                return False
            if gone and not all(await asyncio.gather(*gone)):
                return False
            write()
            return True

        if before is None and not gone:  # nothing to wait for: at once
            write()
            return
        self._kept = asyncio.ensure_future(keep())
        self._kept.add_done_callback(self._kept_done)

    def _kept_done(self, future: asyncio.Future) -> None:
        if future is self._kept and not future.cancelled() and future.exception() is None:
            self._kept = None  # all written: the next position may be written at once

    async def _handle(self, run: HostedRun, room: str, event: dict, answers: dict[str, list[Out]]) -> int:
        event_id = str(event.get("event_id", ""))
        record = run.record
        if event_id and event_id in record.judged:
            return 0  # seen before a restart: judged already
        verdict: Verdict = run.core.judge(room, str(event.get("sender", "")), str(event.get("type", "")),
                                          event.get("content"))
        if verdict.kind == "ignore":
            return 0
        record.remember_event(event_id)
        if verdict.kind == "refuse":
            if verdict.reply is None:
                return 1  # its sender was refused too often lately: not answered, nor logged
            self.log(f"{record.game}: refused a message from {event.get('sender')}: {verdict.reason}")
            answers.setdefault(record.game, []).append(verdict.reply)
            return 1
        run.session.apply(verdict.action, final=True)
        run.core.taken(verdict)
        self.decisions_taken += 1
        await self._after_change(run, from_room=True)
        return 1

    async def _after_change(self, run: HostedRun, key: bool = False, from_room: bool = False) -> None:
        await self._publish(run, key=key, from_room=from_room)
        await self._play_ai(run)

    async def _publish(self, run: HostedRun, key: bool = False, from_room: bool = False) -> None:
        """Save the game and its record, and send the rooms their frames.

        A change the host made itself (an AI's move, a game set up or resumed) exists nowhere
        but here: it is saved before anyone is shown it. A decision taken from a room is stored
        in that room already, so its frames go out first and the save is written meanwhile, on
        a thread (a player waits for the frames, not for the disk). Killed before the save is
        written, the host restarts from the save before the decision with the sync position
        before it (`sync_once` keeps the position only after the batch is handled), reads the
        decision again and takes it again: the same decision on the same position gives the same
        frames, which the players' apps already show. The record is written after the save
        (never a record ahead of its save: that would skip a decision the save has not)."""
        outs = run.core.publish(key=key)
        if not from_room:
            self._save(run)
            await self._send(outs, run)
            return
        sending = asyncio.ensure_future(self._send(outs, run))
        try:
            await asyncio.to_thread(self._save, run)
        finally:
            await sending

    @staticmethod
    def _save(run: HostedRun) -> None:
        from saves.store import write_session

        write_session(run.session, run.record.save_path)
        run.record.save()

    async def _play_ai(self, run: HostedRun) -> None:
        """AI seats move until an online seat must decide or the game ends."""
        from ai.core.worker import decide

        session = run.session
        for _ in range(100_000):  # a bound, far above any game's length
            mover = session.to_move()
            if mover < 0 or not session.seats[mover].is_ai:
                return
            action = await asyncio.to_thread(decide, session, mover, None, self.think_ms)
            session.apply(action, by_ai=True)
            await self._publish(run)


# -- a player -----------------------------------------------------------------------------------
@dataclass
class Invitation:
    game_room: str
    name: str
    inviter: str = ""


@dataclass
class Joined:
    core: ClientCore
    changed: list = field(default_factory=list)


class PlayerService:
    """One player's games (the ones joined through this object), followed by sync."""

    def __init__(self, link: MatrixLink, on_event: Callable[[str, str], None] | None = None):
        self.link = link
        self.games: dict[str, ClientCore] = {}  # online game id -> core
        self._by_room: dict[str, ClientCore] = {}
        self.invites: dict[str, Invitation] = {}
        self.since: str | None = None
        self.on_event = on_event or (lambda game, what: None)
        self.on_host_event: Callable[[str, dict], None] | None = None
        """Events of the rooms of games hosted here (in the GUI): those `hosts(room)` says are."""
        self.hosts: Callable[[str], bool] = lambda room: False

    async def sync_once(self, timeout_ms: int = 0) -> None:
        batch = await self.link.sync(self.since, timeout_ms)
        for room, stripped in batch.invites.items():
            if room_type_of(stripped) == p.ROOM_TYPE_GAME:
                inviter = next((e.get("sender", "") for e in stripped if e.get("type") == "m.room.member"
                                and e.get("state_key") == self.link.user_id), "")
                self.invites[room] = Invitation(room, room_name_of(stripped), inviter)
        for room in batch.left:
            self.invites.pop(room, None)
        since, self.since = self.since, batch.next_batch
        for room, events in batch.events.items():
            core = self._by_room.get(room)
            if core is None:
                if self.on_host_event is not None and self.hosts(room):
                    if room in batch.gaps and since is not None:  # every decision counts, none skipped
                        events = await read_gap(self.link, room, batch.gaps[room], since) + events
                    for event in events:
                        self.on_host_event(room, event)
                continue
            if room in batch.gaps:
                await self.catch_up(core)
                continue
            for event in events:
                what = core.feed(event)
                if what == "gap":
                    await self.catch_up(core)
                    break
                if what:
                    self.on_event(core.info.game, what)

    async def join(self, game_room: str) -> ClientCore:
        """Join an invited game: the game room, then this player's seat room; then catch up."""
        await self.link.join(game_room)
        self.invites.pop(game_room, None)
        return await self.follow(game_room)

    async def follow(self, game_room: str) -> ClientCore:
        """Follow a game already joined (after a restart of the app)."""
        content = await self.link.state_event(game_room, p.GAME)
        events = await self.link.state(game_room)
        sender = next((e.get("sender") for e in events if e.get("type") == p.GAME), None)
        if content is None or sender is None:
            raise MatrixError("That room holds no Tycoons game.")
        try:
            info = GameInfo.from_content(content, sender)
        except ValueError as exc:
            raise MatrixError(f"That room's game cannot be read: {exc}.") from None
        core = ClientCore(info, self.link.user_id)
        if core.seat is not None and core.room != game_room:
            await self.link.join(core.room)
        self.games[info.game] = core
        self._by_room[core.room] = core
        await self.catch_up(core)
        return core

    async def catch_up(self, core: ClientCore) -> None:
        """Read the room back to its last key frame and replay from there: the latest view."""
        history = await self.link.history(core.room, None, _is_key_view(core.info.host))
        changed = False
        for event in reversed(history):
            what = core.feed(event)
            if what and what != "gap":
                changed = True
                if what != "view":
                    self.on_event(core.info.game, what)
        if changed:
            self.on_event(core.info.game, "view")

    async def decide(self, game: str, action, patience_s: float = 20.0) -> str:
        """Send a decision on the latest frame (see `send_decision`)."""
        return await self.send_decision(game, self.games[game].decision(action), patience_s)

    async def send_decision(self, game: str, content: dict, patience_s: float = 20.0) -> str:
        """Send a decision made by `ClientCore.decision` (pending from then on); a send that fails
        for a reason that may pass is tried again (the same transaction id: one event however
        many tries went through) for up to `patience_s`, after which the decision is not pending
        any more and MatrixError says why (the player may decide again)."""
        core = self.games[game]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience_s
        delay = 0.25
        while True:
            try:
                return await self.link.send(core.room, p.DECISION, content, txn=content["txn"])
            except MatrixError as exc:
                wait = max(delay, exc.retry_after_s or 0.0)
                if not exc.transient or loop.time() + wait > deadline:
                    core.not_sent()
                    raise
                await asyncio.sleep(wait)
                delay = min(4.0, delay * 2)

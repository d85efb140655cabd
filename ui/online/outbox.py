"""The host's events on their way to the homeserver (ARCHITECTURE §12: sends that fail are sent again).

One queue per room, each sent in order by a worker of its own: a room's frames build on one
another, so a frame goes only after the one before it in that room, while the rooms go side by
side. A send that fails for a reason that may pass (the homeserver answered 500, did not answer
in time, could not be reached, or rate-limited the host) is tried again with backoff until it
goes out; the same transaction id each time, so a try that went through after all is one event,
not two. Nobody waits on a failing room: `put` returns once each of its events has gone out or
its room is failing, so an AI's turn, and every other room's frames, go on meanwhile. A send the
homeserver will never take (the host is no longer in the room, say) is dropped and said, and
`on_dropped(room)` lets the host send that room a key frame next (its readers could not place
the frames built on the dropped one)."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from ui.online import protocol as p
from ui.online.host import Out
from ui.online.matrix import MatrixError, MatrixLink, seconds

FIRST_RETRY_S = 0.25
MAX_RETRY_S = 8.0
"""Backoff between tries of a failing send: a quarter of a second, doubling, at most this."""
PATIENCE_S = 1.0
"""`put` waits at most this long for its events' first tries: a homeserver that does not answer
(each try then lasts until the call's time limit) holds nobody up for longer."""


@dataclass
class _Item:
    out: Out
    txn: str
    tried: asyncio.Future  # done after the first try, whatever came of it
    gone: asyncio.Future  # done when it went out or was dropped (True), or was left behind (False)
    after: list = field(default_factory=list)  # futures to wait for before the first try


class _Room:
    def __init__(self):
        self.queue: deque[_Item] = deque()
        self.failing: str | None = None  # why the last try failed, while it has not gone out since
        self.trying_since: float | None = None  # when the try under way began
        self.task: asyncio.Task | None = None

    def slow(self, now: float) -> bool:
        """Failing, or its try under way has lasted beyond PATIENCE_S: nobody waits on it."""
        return self.failing is not None or (self.trying_since is not None and now - self.trying_since > PATIENCE_S)


class Outbox:
    """Sends `Out`s through `link`, room by room, in order, until each goes out. `log(text)`
    hears each room's trouble once, when it begins, and its end."""

    def __init__(self, link: MatrixLink, log: Callable[[str], None] | None = None,
                 on_dropped: Callable[[str], None] | None = None):
        self.link = link
        self.log = log or (lambda text: None)
        self.on_dropped = on_dropped or (lambda room: None)
        self._rooms: dict[str, _Room] = {}
        self.sent = 0
        self.retried = 0
        self.dropped = 0

    # -- putting ---------------------------------------------------------------------------------
    def put(self, outs: list[Out], later: str | None = None) -> asyncio.Future:
        """Queue `outs` (each room's in the order given) and return a future that is done once
        each of them has had its first try, or PATIENCE_S has passed. The events of room `later`
        (the game room: nobody plays from it) wait until the other rooms' events of this call
        have been tried, so that they do not compete with the seat rooms' frames at the
        homeserver."""
        loop = asyncio.get_running_loop()
        front = self._queue([o for o in outs if o.room != later], loop)
        held = self._queue([o for o in outs if o.room == later], loop, after=[item.tried for item in front])
        firsts = [item.tried for item in front + held]
        if not firsts or all(f.done() for f in firsts):
            return _done(loop)
        return asyncio.ensure_future(asyncio.wait(firsts, timeout=PATIENCE_S))

    def deliver(self, outs: list[Out], later: str | None = None) -> asyncio.Future:
        """Queue `outs` as `put` does, without waiting on them: the future returned is done when
        every one has gone out or was dropped as one that never can (True), or one was left
        behind at `close` (False)."""
        loop = asyncio.get_running_loop()
        front = self._queue([o for o in outs if o.room != later], loop)
        held = self._queue([o for o in outs if o.room == later], loop, after=[item.tried for item in front])
        gone = [item.gone for item in front + held]

        async def all_gone() -> bool:
            return all(await asyncio.gather(*gone)) if gone else True

        return asyncio.ensure_future(all_gone())

    def _queue(self, outs: list[Out], loop, after: list | None = None) -> list[_Item]:
        items = []
        for out in outs:
            room = self._rooms.get(out.room)
            if room is None:
                room = self._rooms[out.room] = _Room()
            item = _Item(out, p.new_txn(), loop.create_future(), loop.create_future(), list(after or []))
            if room.slow(loop.time()):
                item.tried.set_result(False)  # nobody waits on a room that fails or does not answer
            room.queue.append(item)
            if room.task is None or room.task.done():
                room.task = asyncio.ensure_future(self._work(out.room, room))
            items.append(item)
        return items

    def pending(self) -> int:
        """Events not sent yet, in every room."""
        return sum(len(r.queue) for r in self._rooms.values())

    def failing(self) -> dict[str, str]:
        """Rooms whose last try failed: room -> why."""
        return {room: r.failing for room, r in self._rooms.items() if r.failing is not None}

    async def drain(self, timeout_s: float) -> bool:
        """Wait until every queued event has gone out (True), or `timeout_s` has passed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        while self.pending() and loop.time() < deadline:
            await asyncio.sleep(0.02)
        return not self.pending()

    async def close(self) -> None:
        """Stop sending (what is not sent yet is left: a host starting again sends every room a
        key frame of where the game stands)."""
        tasks = [r.task for r in self._rooms.values() if r.task is not None and not r.task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for room in self._rooms.values():
            for item in room.queue:
                _settle(item.tried, False)
                _settle(item.gone, False)

    # -- sending ---------------------------------------------------------------------------------
    async def _work(self, room_id: str, room: _Room) -> None:
        delay = FIRST_RETRY_S
        while room.queue:
            item = room.queue[0]
            if item.after:
                await asyncio.gather(*item.after, return_exceptions=True)
                item.after = []
            room.trying_since = asyncio.get_running_loop().time()
            try:
                try:
                    await self._send(item)
                except MatrixError:
                    raise
                except Exception as exc:  # noqa: BLE001 - nio's own errors: said, and tried again
                    raise MatrixError(f"Sending failed: {exc!r}.", transient=True) from None
                finally:
                    room.trying_since = None
            except MatrixError as exc:
                _settle(item.tried, False)
                for waiting in room.queue:  # nobody waits on a failing room
                    _settle(waiting.tried, False)
                if not exc.transient:
                    room.queue.popleft()
                    _settle(item.gone, True)  # gone for good: sending it again would not help
                    self.dropped += 1
                    self.log(f"{exc.reason.rstrip('.')}: that event is dropped (it never can go out).")
                    self.on_dropped(room_id)
                    continue
                wait = max(delay, exc.retry_after_s or 0.0)
                if room.failing is None:
                    self.log(f"{exc.reason.rstrip('.')}. Sending again in {seconds(wait)}, and until it goes out.")
                room.failing = exc.reason
                self.retried += 1
                delay = min(MAX_RETRY_S, delay * 2)
                await asyncio.sleep(wait)
                continue
            room.queue.popleft()
            self.sent += 1
            _settle(item.tried, True)
            _settle(item.gone, True)
            if room.failing is not None:
                self.log(f"Sending works again ({len(room.queue)} more to send).")
                room.failing = None
            delay = FIRST_RETRY_S

    async def _send(self, item: _Item) -> None:
        out = item.out
        if out.state_key is not None:
            await self.link.put_state(out.room, out.type, out.content, out.state_key, patient=False)
        else:
            await self.link.send(out.room, out.type, out.content, txn=item.txn, patient=False)


def _settle(future: asyncio.Future, value) -> None:
    if not future.done():
        future.set_result(value)


def _done(loop) -> asyncio.Future:
    future = loop.create_future()
    future.set_result([])
    return future

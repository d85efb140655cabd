"""Online play in the GUI (ARCHITECTURE §12): the network thread, the player's account and games
(`OnlineManager`), the window of a game hosted elsewhere (`RemoteController`, the same window,
board, prompts, log and end-of-game breakdown as a local game), and the host's link between its
`GameController` and the rooms (`HostBridge`).

The Matrix client runs on a thread of its own with its own asyncio loop, so the window never
waits on the network. Results come back to the GUI thread through a queued signal; nothing on
that thread holds a Qt object (garbage is collected on the GUI thread only: ui/app/gc_guard.py)."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from engine.core.contract import TERMINAL, Action, Event
from engine.core.errors import reason_of
from engine.core.text import whose
from ui.game.turn import MOVER_AI, MOVER_HERE, MOVER_HOST, MOVER_ONLINE, TurnFacts, TurnKind, TurnStatus, turn_status
from ui.games import game_ui

SYNC_POLL_MS = 20000
"""A sync waits this long for news before it asks again."""


# -- the network thread -----------------------------------------------------------------------------
class NetworkThread:
    """An asyncio loop on a daemon thread; `submit(coro)` returns a concurrent Future."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="matrix", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def submit(self, coro) -> Future:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self, timeout_s: float = 5.0) -> None:
        if not self.loop.is_running():
            return

        async def cancel_all():
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        try:
            self.submit(cancel_all()).result(timeout_s)
        except Exception:  # noqa: BLE001 - stopping must not fail
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout_s)


class _Delivery(QObject):
    """Carries a callback and its argument from the network thread to the GUI thread."""

    delivered = Signal(object, object)

    def __init__(self):
        super().__init__()
        self.delivered.connect(lambda fn, arg: fn(arg))


# -- the player's account ---------------------------------------------------------------------------
class OnlineManager(QObject):
    """The signed-in account on this computer: its invitations, the games it plays elsewhere and
    the one it hosts here, followed by one sync loop on the network thread."""

    games_changed = Signal()
    """Invitations, joined games or whose turn it is changed (the Online games list follows)."""
    game_event = Signal(str, str)
    """(online game id, what): "view", "refusal" or "final" for a game followed here."""
    trouble = Signal(str)
    """The homeserver cannot be reached (the sync tries again by itself)."""

    def __init__(self, creds, parent: QObject | None = None):
        super().__init__(parent)
        from ui.online.matrix import MatrixLink
        from ui.online.outbox import Outbox
        from ui.online.service import PlayerService

        self.creds = creds
        self.net = NetworkThread()
        self._delivery = _Delivery()
        self.link = MatrixLink(creds, notice=lambda text: self._deliver(self._said, text))
        self.player = PlayerService(self.link, on_event=self._on_event_from_thread)
        self.player.on_host_event = self._on_host_event_from_thread
        self.player.hosts = lambda room: room in self.bridges  # read on the network thread: a dict lookup
        self.outbox = Outbox(self.link, log=lambda text: self._deliver(self._said, text),
                             on_dropped=lambda room: self._deliver(self._lost_frame, room))
        self.bridges: dict[str, HostBridge] = {}  # room -> the hosted game's bridge
        self._running = False
        self.last_error = ""

    @property
    def user_id(self) -> str:
        return self.creds.user_id

    # -- the loop -------------------------------------------------------------------------------
    def start(self) -> None:
        if not self._running:
            self._running = True
            self.net.submit(self._sync_loop())

    async def _sync_loop(self) -> None:
        from ui.online.matrix import MatrixError

        first = True
        while self._running:
            try:
                invites_before = set(self.player.invites)
                await self.player.sync_once(timeout_ms=0 if first else SYNC_POLL_MS)
                first = False
                if set(self.player.invites) != invites_before:
                    self._deliver(lambda _: self.games_changed.emit(), None)
            except MatrixError as exc:
                self._deliver(self.trouble.emit, exc.reason)
                await asyncio.sleep(max(3.0, min(60.0, exc.retry_after_s or 0.0)))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - keep following; say what went wrong
                self._deliver(self.trouble.emit, str(exc))
                await asyncio.sleep(3.0)

    def stop(self) -> None:
        self._running = False
        try:
            self.net.submit(self.outbox.close()).result(5)
        except Exception:  # noqa: BLE001
            pass
        try:
            self.net.submit(self.link.close()).result(5)
        except Exception:  # noqa: BLE001
            pass
        self.net.stop()

    def _deliver(self, fn, arg) -> None:
        self._delivery.delivered.emit(fn, arg)

    def _on_event_from_thread(self, game: str, what: str) -> None:
        self._deliver(lambda _: self.game_event.emit(game, what), None)
        if what == "view":
            self._deliver(lambda _: self.games_changed.emit(), None)

    def _on_host_event_from_thread(self, room: str, event: dict) -> None:
        self._deliver(lambda ev: self._host_event(room, ev), event)

    def _host_event(self, room: str, event: dict) -> None:
        bridge = self.bridges.get(room)
        if bridge is not None:
            bridge.on_event(room, event)

    # -- calls ----------------------------------------------------------------------------------
    def call(self, coro, done=None) -> Future:
        """Run `coro` on the network thread; `done(result or exception)` on the GUI thread."""
        future = self.net.submit(coro)
        if done is not None:
            def finished(f):
                try:
                    result = f.result()
                except BaseException as exc:  # noqa: BLE001 - handed to the GUI thread to report
                    result = exc
                self._deliver(done, result)
            future.add_done_callback(finished)
        return future

    def wait(self, coro, timeout_s: float = 60.0):
        """Run `coro` and wait for it, the GUI thread painting meanwhile (bounded)."""
        from PySide6.QtCore import QEventLoop
        from PySide6.QtWidgets import QApplication

        future = self.net.submit(coro)
        loop = QEventLoop()
        timer = QTimer()
        timer.timeout.connect(lambda: future.done() and loop.quit())
        timer.start(15)
        QTimer.singleShot(int(timeout_s * 1000), loop.quit)
        if not future.done() and QApplication.instance() is not None:
            loop.exec()
        timer.stop()
        return future.result(timeout=0.1 if future.done() else 0)

    def send(self, outs, later: str | None = None) -> Future:
        """Send the host's events through the outbox: each room's in the order given (frames
        build on one another; the calls are queued in the order they are made), a send that fails
        sent again until it goes out, and nothing here waits on it."""
        async def queued():
            await self.outbox.put(outs, later=later)

        return self.call(queued())

    def _said(self, text: str) -> None:
        """The network's trouble (a send failing and sent again, a rate limit and its wait), and
        its end: for the Online games panel and the hosted game's status bar."""
        self.last_error = text if self.outbox.failing() or "rate-limiting" in text else ""
        self.trouble.emit(text)

    def _lost_frame(self, room: str) -> None:
        bridge = self.bridges.get(room)
        if bridge is not None:
            bridge.core.rekey(room)

    # -- what the Online games list shows ----------------------------------------------------------
    def entries(self, problems: list[str] | None = None) -> list[dict]:
        """The Online games list: invitations, games joined, games hosted here, each with whose
        turn it is. With `problems`, a line for each hosted game's record that cannot be read is
        added to it ("<file>: why"; the game is left out)."""
        out = []
        for inv in list(self.player.invites.values()):
            out.append({"kind": "invite", "room": inv.game_room, "title": inv.name or "A game of Tycoons",
                        "turn": f"Invited by {inv.inviter}" if inv.inviter else "Invited"})
        for core in list(self.player.games.values()):
            out.append({"kind": "joined", "room": core.info.game_room, "game": core.info.game,
                        "title": f"{core.info.title}: {', '.join(core.info.names)}",
                        "turn": turn_words(core.info.names, core.to_move, core.seat, core.info.host)})
        from ui.online.records import hosted_games

        for record in hosted_games(problems):
            if record.host != self.user_id:
                continue
            out.append({"kind": "hosted", "room": record.game_room, "game": record.game,
                        "title": f"{record.title} (hosted here)", "turn": hosted_turn(record)})
        return out


def turn_words(names: list[str], mover: int, seat: int | None, host: str) -> str:
    if mover == TERMINAL:
        return "Game over"
    if mover < 0:
        return f"Hosted by {host}"
    if mover == seat:
        return "Your turn"
    return f"{whose(names[mover])} turn"


def hosted_turn(record) -> str:
    try:
        from saves.store import read_session

        session = read_session(record.save_path)
    except Exception:  # noqa: BLE001 - the list says so; opening the game reports why
        return "Its save cannot be read"
    mover = session.to_move()
    return turn_words(session.names, mover, None, record.host) if mover >= 0 or mover == TERMINAL else ""


# -- the window of a game hosted elsewhere ----------------------------------------------------------
class _Entry:
    """A log entry as the seat reads it (the lines the host sent, already in words)."""

    __slots__ = ("action", "events", "by_ai", "barrier")

    def __init__(self, lines):
        # the lines are final text: braces escaped, since the log fills in names with format()
        self.events = [Event(str(text).replace("{", "{{").replace("}", "}}"), str(kind)) for kind, text in lines]
        self.action = Action("", 0, ())
        self.by_ai = False
        self.barrier = True


class _RemoteState:
    def __init__(self, core):
        self._core = core

    def view(self, seat):
        return self._core.view

    def outcome(self):
        return None

    def to_move(self) -> int:
        return self._core.to_move


class RemoteSession:
    """What the game window reads of a session, for a game whose Session lives at the host:
    the spec, seats and names, whose turn, the log as this seat reads it."""

    def __init__(self, core):
        from engine.core.registry import get_spec

        self.core = core
        self.spec = get_spec(core.info.kind)
        self.seats = core.info.seats
        self.options = core.info.options
        self.state = _RemoteState(core)
        self._entries: list = []
        self._lines: list = []

    @property
    def names(self) -> list[str]:
        return self.core.info.names

    @property
    def log(self) -> list:
        lines = self.core.log
        if lines != self._lines:
            keep = 0
            while keep < min(len(lines), len(self._lines)) and lines[keep] == self._lines[keep]:
                keep += 1
            self._entries = self._entries[:keep] + [_Entry(e) for e in lines[keep:]]
            self._lines = [list(e) for e in lines]
        return self._entries

    def to_move(self) -> int:
        return self.core.to_move

    def is_over(self) -> bool:
        return self.core.over

    def label(self, action: Action) -> str:
        core = self.core
        for a, text in zip(core.legal, core.labels, strict=False):
            if a == action:
                return text
        return str(action)


class RemoteController(QObject):
    """The driver of a game hosted elsewhere (ui/game/driver.py): the scene shows the view the
    host sent for this seat; a click on a legal choice goes to the host as a decision, and the
    host's refusal (with its reason) comes back to the status bar. Decisions are final (no undo
    across the network: the undo stack stays empty); at the end the host's save replaces the
    view, so the breakdown and the review are those of a local game. What only a game played
    here has (Confirm turn, the Step pace, the curtain, saving, hints) is the host's: `local` is
    None."""

    changed = Signal()
    status = Signal(str)
    game_over = Signal()

    local = None
    """A game hosted elsewhere: its host undoes, confirms, paces, saves (ui/game/driver.py)."""
    curtain_up = False
    """Only this seat's player is at this screen: no curtain ever falls here."""

    def __init__(self, manager: OnlineManager, core, scene, settings, parent: QObject | None = None):
        super().__init__(parent)
        self.manager = manager
        self.core = core
        self.session = RemoteSession(core)
        self.scene = scene
        self.settings = settings
        self.undo_stack = QUndoStack(self)
        self.closed = False
        self.viewer = core.seat
        self.view: dict = {}
        self.legal: list[Action] = []
        self._shown: tuple = (-1, "", {})
        self._over_announced = False
        self._connected = True
        manager.game_event.connect(self._on_game_event)
        scene.intent.connect(lambda action: QTimer.singleShot(0, lambda: self.on_intent(action)))
        scene.explain = self.refusal
        scene.idle_click.connect(lambda: self.status.emit(self.idle_hint()))
        scene.set_animation_speed(settings.animation_factor)

    # -- what the window asks -------------------------------------------------------------------
    def human_to_move(self) -> bool:
        """This player's turn, as last shown (the core itself changes on the network thread)."""
        return bool(self.legal) and not self.session.is_over()

    def shown_seat(self) -> int:
        """The seat whose view the screen shows (GameController.shown_seat): always this one."""
        return self.viewer

    def turn_status(self) -> TurnStatus:
        """The turn now, for the prompt bar, the refusals and the idle hint (ui/game/turn.py)."""
        core = self.core
        names = self.session.names
        mover = core.to_move
        if core.awaiting:
            host_wait = ("Sent to the host; waiting for its answer…", "Your decision is on its way to the host.")
        elif core.wait:
            host_wait = (core.wait, core.wait)
        else:
            host_wait = None
        if mover < 0 or mover == core.seat:
            mover_is = MOVER_HERE
        else:
            seat = self.session.seats[mover]
            mover_is = MOVER_AI if seat.is_ai else MOVER_ONLINE if seat.is_online else MOVER_HOST
        over = core.over
        # the outcome once the host's save has come (the session is then the real one)
        outcome = self.session.state.outcome() if over and self._over_announced else None
        return turn_status(TurnFacts(
            names=names, mover=mover, mover_is=mover_is,
            asked=lambda: game_ui(core.info.kind).prompt(self.view, self.legal, names),
            over=over, outcome=outcome, viewer=self.viewer, host_wait=host_wait, hosted_elsewhere=True))

    def start(self) -> None:
        self.refresh()
        if self.core.final_save is not None:
            self._finish()

    def close(self) -> None:
        self.closed = True
        if self._connected:
            self._connected = False
            self.manager.game_event.disconnect(self._on_game_event)

    # -- following the host ---------------------------------------------------------------------
    def _on_game_event(self, game: str, what: str) -> None:
        if self.closed or game != self.core.info.game:
            return
        if what == "refusal" and self.core.refusal:
            self.status.emit(self.core.refusal)
        if what == "problem" and self.core.problem:
            self.status.emit(f"This game cannot be followed here: {self.core.problem}.")
        if what == "final":
            self._finish()
            return
        self.refresh()
        if what == "view" and self.core.my_turn():
            self.status.emit(f"{self.session.names[self.core.seat]}: your turn.")

    def refresh(self) -> None:
        if self.closed:
            return
        core = self.core
        self._shown = core.reader.shown  # the frame on the screen: a decision answers this one
        payload = self._shown[2]
        self.view = payload.get("view", {})
        mine = core.my_turn() and payload is core.reader.payload
        self.legal = [Action.from_dict(a) for a in payload.get("legal", [])] if mine else []
        if self.view:
            self.scene.show(self.view, self.legal, self.session.names, self.viewer)
        self.changed.emit()

    def _finish(self) -> None:
        """The game is over and its save has come: show it as a local game's end."""
        session = self.core.final_session()
        if session is None or self._over_announced:
            self.refresh()
            return
        self._over_announced = True
        self.session = session
        self.view = session.state.view(self.viewer)
        self.legal = []
        self.scene.show(self.view, [], session.names, self.viewer)
        self.changed.emit()
        QTimer.singleShot(0, lambda: self.closed or self.game_over.emit())

    # -- the player's decisions -----------------------------------------------------------------
    def refusal(self, action: Action) -> str | None:
        """What a click on `action` would be answered with here (hover text); None if it is one
        of the choices the host offered."""
        status = self.turn_status()
        if status.kind is not TurnKind.OVER and action in self.legal:
            return None
        return status.refusal or "That is not one of your choices now."

    def on_intent(self, action: Action) -> bool:
        """A click: a legal choice goes to the host; on this player's turn any other click is sent
        too, so the host's own reason for refusing it comes back (as in a local game)."""
        if self.closed or not isinstance(action, Action):
            return False
        core = self.core
        if not core.my_turn() or core.over:
            self.status.emit(self.refusal(action) or "")
            return False
        if action.seat != core.seat:
            action = action._replace(seat=core.seat)
        self.legal = []
        # pending from the click on, here on the window's thread: a frame shown again before the
        # network thread sends it must not offer the choices once more
        content = core.decision(action, on=self._shown)
        self.manager.call(self.manager.player.send_decision(core.info.game, content), self._sent)
        self.changed.emit()
        return True

    take = on_intent

    def _sent(self, result) -> None:
        if isinstance(result, BaseException):
            self.core.not_sent()
            self.status.emit(f"The decision was not sent: {reason_of(result)}")
            self.refresh()

    def idle_hint(self) -> str:
        """What a click on nothing is answered with (ui/game/turn.py)."""
        return self.turn_status().idle


# -- the host's side in the GUI ---------------------------------------------------------------------
class HostBridge(QObject):
    """Connects a hosted game's `GameController` to its rooms: after every change it saves the
    game, publishes the views (the seat rooms' and the spectator's) and notices; a decision from
    an online seat is judged by the HostCore and, if taken, applied as a final decision."""

    def __init__(self, manager: OnlineManager, controller, record, parent: QObject | None = None):
        super().__init__(parent or controller)
        from ui.online.host import HostCore

        self.manager = manager
        self.controller = controller
        self.record = record
        # a game opened again from its record has published before; one just set up has not
        self.core = HostCore(controller.session, record, blocked=self._blocked, resumed=record.seq > 0)
        self._last: tuple | None = None
        self._taking = False  # a decision from a room is being applied
        self._closed = False
        self._ready = False  # nothing is published before what came meanwhile has been read back
        for room in self.core.rooms():
            manager.bridges[room] = self
        controller.changed.connect(self.publish)
        manager.trouble.connect(self._trouble)
        self._ticker = QTimer(self)  # the game room's held-back frame, slow turns' notices
        self._ticker.timeout.connect(self.flush)
        self._ticker.start(300)

    def _blocked(self, seat: int) -> str | None:
        c = self.controller
        if c.closed:
            return "The host has closed the game for now."
        if c.confirm_pending() and c.viewer is not None:
            return f"Waiting for {c.session.names[c.viewer]} to confirm their turn."
        return None

    def start(self) -> None:
        """Take what arrived while the game was closed (read back from the seat rooms), then send
        every room a key frame."""
        self.manager.call(self._read_back(), self._read_back_done)

    async def _read_back(self) -> list:
        """Each seat room's events back to the last frame that the save knows of (sent at or
        before the publication its record holds): every decision after it may be one the save
        has not (judged ones are skipped by their event ids), however many came meanwhile."""
        from ui.online import protocol as p

        known = self.core.position_seq
        host = self.record.host

        def known_frame(event: dict) -> bool:
            content = event.get("content")
            seq = content.get("seq") if isinstance(content, dict) else None
            return event.get("sender") == host and event.get("type") == p.VIEW and type(seq) is int and seq <= known

        out = []
        for room in self.record.seat_rooms.values():
            events = await self.manager.link.history(room, None, known_frame, limit=100, pages=20)
            out += [(room, e) for e in reversed(events)]
        return out

    def _read_back_done(self, result) -> None:
        if isinstance(result, list):
            for room, event in result:
                self.on_event(room, event)
        else:
            why = reason_of(result)
            self.controller.status.emit(f"The online game's rooms could not be read: {why}")
        self._ready = True
        self.publish(key=True)

    def publish(self, key: bool = False, from_room: bool = False) -> None:
        """Save the game and its record, and send the rooms their frames, as `tycoons host`
        does: a change made here (a player at this screen, an AI, the set-up) exists nowhere
        else, so it is saved before anyone is shown it; a decision taken from a room is stored
        in that room already, so its frames go first and the save is written while they are on
        their way (a player waits for the frames, not for the disk). Closed before the save is
        written, the game opens again from the save before the decision, reads the decision back
        from its room and takes it again: the same frames, which the players already show."""
        c = self.controller
        if (c.closed and not key) or not self._ready:
            return
        from_room = from_room or self._taking
        session = c.session
        mark = (len(session.log), session.state.state_hash(),
                tuple(self._blocked(s) for s in self.core.online_seats()))
        if mark == self._last and not key:
            return
        self._last = mark
        if not from_room:
            self.save()
        outs = self.core.publish(key=key)
        self.manager.send(outs, later=self.record.game_room)
        if from_room:
            self.save()
        else:
            self._save_record()

    def save(self) -> None:
        """The game's save, then its record (never a record ahead of its save)."""
        from saves.store import write_session

        try:
            write_session(self.controller.session, self.record.save_path)
        except Exception as exc:  # noqa: BLE001 - said; the game goes on
            self._not_written("The online game could not be saved on this computer", exc)
            return
        self._save_record()

    def _save_record(self) -> None:
        try:
            self.record.save()
        except OSError as exc:
            self._not_written("The online game's record could not be written on this computer", exc)

    def _not_written(self, what: str, exc: BaseException) -> None:
        """A write of the game or its record failed (a full disk, a read-only folder): the status
        bar says so at every failed write, as a failed autosave does; the game goes on."""
        from saves.files import write_failure

        self.controller.status.emit(f"{what} ({write_failure(exc)}): it is tried again after every move.")

    def _trouble(self, text: str) -> None:
        if not self.controller.closed:
            self.controller.status.emit(f"Online: {text}")

    def flush(self) -> None:
        if not self.controller.closed:
            outs = self.core.flush()
            if outs:
                self.manager.send(outs, later=self.record.game_room)

    def on_event(self, room: str, event: dict) -> None:
        event_id = str(event.get("event_id", ""))
        if event_id and event_id in self.record.judged:
            return
        verdict = self.core.judge(room, str(event.get("sender", "")), str(event.get("type", "")),
                                  event.get("content"))
        if verdict.kind == "ignore":
            return
        self.record.remember_event(event_id)
        if verdict.kind == "refuse":
            if verdict.reply is not None:  # None: its sender was refused too often lately
                self.manager.send([verdict.reply])
                self._save_record()
            return
        self.core.taken(verdict)
        self._taking = True  # the controller shows it (and asks to publish it) at once
        try:
            applied = self.controller.apply_remote(verdict.action)
        finally:
            self._taking = False
        if applied:
            self.publish(from_room=True)  # unless published already

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._ticker.stop()
        self.manager.trouble.disconnect(self._trouble)
        for room in self.core.rooms():
            if self.manager.bridges.get(room) is self:
                del self.manager.bridges[room]

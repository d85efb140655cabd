"""What drives a game window (ui/game/driver.py) and the turn's status (ui/game/turn.py).

A game played here (GameController) and one hosted elsewhere (RemoteController) both have every
member of the GameDriver protocol, of the right kind (a signal, a value, a method); what only a
game played here can do is its `local`, None for the other. And the turn's status has the right
kind in each situation a player meets, in the real window: the prompt bar says its words, a click
on a piece and a click on nothing are answered as it says."""

from __future__ import annotations

import inspect
import types
import typing
from types import SimpleNamespace

from PySide6.QtCore import QObject, QPoint, Qt, Signal

from engine.core.contract import Action, SeatInfo
from engine.core.rng import Rng
from engine.core.session import Session
from ui.game.driver import GameDriver, LocalPlay
from ui.game.turn import TurnKind

GAME = "first-ceo"


# -- the protocol -------------------------------------------------------------------------------------
def _classes(kind) -> tuple[type, ...]:
    """The classes a value annotated `kind` may be an instance of (a Protocol is checked by
    its own members, not here)."""
    out = []
    union = typing.get_origin(kind) in (typing.Union, types.UnionType)
    for arg in typing.get_args(kind) if union else (kind,):
        cls = typing.get_origin(arg) or arg
        if not isinstance(cls, type) or cls.__dict__.get("_is_protocol"):
            return ()  # a protocol, or an object: its own members are checked where it matters
        out.append(cls)
    return tuple(out)


def _check_members(driver, protocol) -> None:
    """Every member `protocol` declares is on `driver` and of its kind: a declared Signal is a
    signal of its class, a value is present and of its declared type, a method is a method
    taking the same parameters."""
    name_of = type(driver).__name__
    hints = typing.get_type_hints(protocol)
    assert hints
    for name, kind in hints.items():
        if kind is Signal:
            assert isinstance(getattr(type(driver), name, None), Signal), f"{name_of}.{name} is no signal"
            continue
        assert name in dir(driver), f"{name_of} has no {name}"
        value = getattr(driver, name)
        assert not inspect.ismethod(value), f"{name_of}.{name} is a method, not a value"
        classes = _classes(kind)
        if classes:
            assert isinstance(value, classes), f"{name_of}.{name} = {value!r} is not a {kind}"
    methods = [n for n, v in vars(protocol).items() if inspect.isfunction(v) and not n.startswith("_")]
    assert methods
    for name in methods:
        member = getattr(driver, name, None)
        assert inspect.ismethod(member), f"{name_of}.{name} is not a method"
        want = list(inspect.signature(getattr(protocol, name)).parameters)[1:]
        assert list(inspect.signature(member).parameters) == want, (name_of, name)


class _HostHere(QObject):
    """Stands in for the online manager of a player: the host's rules run in this process
    (ui/online/host.py) and its frames reach the player's ClientCore without a network, as the
    sync loop would deliver them."""

    game_event = Signal(str, str)

    def __init__(self, session: Session, seat_user: str):
        super().__init__()
        from ui.online.client import ClientCore, GameInfo
        from ui.online.host import HostCore
        from ui.online.records import HostedGame

        self.session = session
        record = HostedGame("g1", GAME, "@host:x", "!game", {0: "!ann"})
        self.host = HostCore(session, record)
        info = GameInfo("g1", GAME, "@host:x", list(session.seats), "!game", {0: "!ann"})
        self.core = ClientCore(info, seat_user)
        self.player = SimpleNamespace(send_decision=self._send_decision)
        self.sent: list[Action] = []

    def _send_decision(self, game: str, content: dict):
        # the window made the decision pending (ClientCore.decision); this is what goes out
        self.sent.append(Action.from_dict(content["action"]))

    def call(self, coro, done=None):
        return None  # the decision is "on its way": the test answers it (publish)

    def publish(self) -> None:
        for out in self.host.publish(key=True):
            if out.room != self.core.room:
                continue
            what = self.core.feed({"type": out.type, "sender": "@host:x", "content": out.content})
            if what:
                self.game_event.emit("g1", what)


def _online_session() -> Session:
    """Ann plays online (seat 0) against two AIs of the host; the game starts on Ann's turn."""
    for seed in range(1, 40):
        seats = [SeatInfo("Ann", "online", user="@ann:x"), SeatInfo("Robo", "ai", "easy"),
                 SeatInfo("Rita", "ai", "easy")]
        session = Session.new(GAME, seats, seed=seed)
        if session.to_move() == 0:
            return session
    raise AssertionError("no seed starts on Ann's turn")


def test_both_drivers_have_every_member_of_the_protocol(shell, qtbot):
    window = shell.start_game(GAME, [SeatInfo("Ann"), SeatInfo("Robo", "ai", "easy"), SeatInfo("Rita", "ai", "easy")],
                              {}, 3)
    local = window.controller
    _check_members(local, GameDriver)
    assert local.local is local
    _check_members(local.local, LocalPlay)

    host = _HostHere(_online_session(), "@ann:x")
    host.publish()
    window = shell.open_remote(host, host.core)
    remote = window.controller
    assert type(remote).__name__ == "RemoteController"
    _check_members(remote, GameDriver)
    assert remote.local is None  # the host undoes, confirms, paces and saves
    assert remote.undo_stack.count() == 0 and not window.act_save.isEnabled()
    # another game may replace it without a question: nothing of it is kept here to be lost
    assert shell.may_replace_game() is True


# -- the turn's status, in the real window --------------------------------------------------------------
def _said(window) -> list[str]:
    messages: list[str] = []
    window.controller.status.connect(messages.append)
    return messages


def _empty_corner(window) -> QPoint:
    view = window.view
    corner = view.mapFromScene(view.sceneRect().topLeft()) + QPoint(3, 3)
    return QPoint(max(corner.x(), 3), max(corner.y(), 3))


def _check_answers(qtbot, window, kind: TurnKind, prompt: str, refusal: str | None) -> None:
    """The window in situation `kind`: the prompt bar says `prompt`; a click on a board piece is
    refused with `refusal` (None: the player's own turn, the rules judge it); a click on nothing
    is answered with `refusal`, or with the prompt on the player's own turn."""
    c = window.controller
    turn = c.turn_status()
    assert turn.kind is kind, (turn, kind)
    assert window.prompt.label.full_text().startswith(prompt), (window.prompt.label.full_text(), prompt)
    messages = _said(window)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_empty_corner(window))
    if refusal is None:
        assert messages == [f"Nothing to choose there. {window.game.prompt(c.view, c.legal, c.session.names)}"]
    else:
        assert messages == [refusal]
        piece = next(it for it in window.view.scene().items() if getattr(it, "action", None) is not None
                     and it.isVisible())
        messages.clear()
        assert c.take(piece.action) is False
        assert messages == [refusal]
        assert c.refusal(piece.action) == refusal == turn.refusal == turn.idle
    window.controller.status.disconnect(messages.append)


def test_the_turn_status_in_each_situation_of_a_hot_seat_game_against_an_ai(shell, qtbot, monkeypatch):
    """Ann and Bea share the screen against Robo, Confirm turn on, at the Step pace: the curtain,
    each player's own turn, a turn that waits for its confirmation, the AI thinking and its
    decision waiting for Next, each met as a person meets it (clicks, Enter, Space)."""
    settings = shell.settings
    settings.set("confirm_turn", True)
    settings.set("ai_speed", "step")
    held = []  # the AI's answers wait here: the AI is thinking until the test lets it answer
    real_request = shell.runner.request
    monkeypatch.setattr(shell.runner, "request", lambda *args: held.append(args))
    seats = [SeatInfo("Ann"), SeatInfo("Bea"), SeatInfo("Robo", "ai", "easy")]
    window = shell.start_game(GAME, seats, {}, 4)
    qtbot.waitExposed(window)
    c = window.controller
    names = c.session.names
    seen: set[TurnKind] = set()
    for _ in range(40):
        qtbot.wait(1)
        turn = c.turn_status()
        seen.add(turn.kind)
        if seen >= {TurnKind.CURTAIN, TurnKind.YOURS, TurnKind.CONFIRM, TurnKind.AI, TurnKind.STEP}:
            break
        if turn.kind is TurnKind.CURTAIN:
            assert turn.prompt == f"Pass the computer to {names[c.viewer]}." and turn.idle == ""
            assert window.prompt.label.full_text() == turn.prompt and window.curtain.isVisible()
            qtbot.waitUntil(window.curtain.armed, timeout=10_000)
            qtbot.mouseClick(window.curtain, Qt.MouseButton.LeftButton, pos=window.curtain.rect().center())
        elif turn.kind is TurnKind.YOURS:
            asked = window.game.prompt(c.view, c.legal, names)
            _check_answers(qtbot, window, TurnKind.YOURS, asked, None)
            before = len(c.session.log)
            qtbot.mouseClick(window.prompt.buttons[0], Qt.MouseButton.LeftButton)
            assert len(c.session.log) > before
        elif turn.kind is TurnKind.CONFIRM:
            _check_answers(qtbot, window, TurnKind.CONFIRM, f"{names[c.viewer]}: your turn is done.",
                           "Your turn is done: confirm it (Enter) or undo a decision (Ctrl+Z).")
            assert [b.text() for b in window.prompt.buttons] == ["Confirm turn", "Undo (Ctrl+Z)"]
            assert window.act_confirm.isEnabled()
            qtbot.keyClick(window.view, Qt.Key.Key_Return)
            assert c.turn_status().kind is not TurnKind.CONFIRM
        elif turn.kind is TurnKind.AI:
            qtbot.waitUntil(lambda: bool(held), timeout=5000)  # asked, and thinking
            _check_answers(qtbot, window, TurnKind.AI, "Robo (AI) is choosing…", "Please wait: it is Robo's turn.")
            assert window.thinking_label.text() == "Robo is thinking…"
            real_request(*held.pop())  # it answers: at the Step pace its decision waits for Next
        elif turn.kind is TurnKind.STEP:
            _check_answers(qtbot, window, TurnKind.STEP, "Robo (AI) has decided. Next (Space) shows it.",
                           "Please wait: it is Robo's turn.")
            assert [b.text() for b in window.prompt.buttons] == ["Next (Space)"] and window.act_next.isEnabled()
            before = len(c.session.log)
            qtbot.keyClick(window.view, Qt.Key.Key_Space)
            assert len(c.session.log) > before
    assert seen >= {TurnKind.CURTAIN, TurnKind.YOURS, TurnKind.CONFIRM, TurnKind.AI, TurnKind.STEP}, seen


def test_the_turn_status_of_a_game_that_is_over(shell, qtbot):
    from ui.dialogs.end_game import winners_line

    session = Session.new(GAME, [SeatInfo("Ann"), SeatInfo("Bea"), SeatInfo("Cy")], seed=2)
    rng = Rng(5)
    while not session.is_over():
        session.apply(rng.choice(session.legal_actions()))
    window = shell.start_game(GAME, [SeatInfo("Ann"), SeatInfo("Robo", "ai", "easy"), SeatInfo("Rita", "ai", "easy")],
                              {}, 3)
    window.open_session(session)
    qtbot.waitExposed(window)
    words = "Game over. " + winners_line(session.names, session.state.outcome())
    _check_answers(qtbot, window, TurnKind.OVER, words, "The game is over.")
    assert window.prompt.buttons == [] or not any(b.isVisible() for b in window.prompt.buttons)


def test_the_turn_status_of_a_game_hosted_elsewhere(shell, qtbot):
    """Ann plays from her seat a game hosted elsewhere: her own turn; once her decision is sent,
    waiting for the host's answer; then waiting for the host's AI."""
    host = _HostHere(_online_session(), "@ann:x")
    host.publish()
    window = shell.open_remote(host, host.core)
    qtbot.waitExposed(window)
    c = window.controller
    assert c.human_to_move()
    _check_answers(qtbot, window, TurnKind.YOURS, window.game.prompt(c.view, c.legal, c.session.names), None)
    action = c.legal[0]
    qtbot.mouseClick(window.prompt.buttons[0], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(host.sent), timeout=5000)
    _check_answers(qtbot, window, TurnKind.ONLINE, "Sent to the host; waiting for its answer…",
                   "Your decision is on its way to the host.")
    host.session.apply(host.sent[0] if host.sent[0] == action else action)  # the host takes it
    host.publish()
    qtbot.waitUntil(lambda: not c.core.awaiting, timeout=5000)
    mover = host.session.to_move()
    assert mover in (1, 2)  # one of the host's AIs
    name = host.session.names[mover]
    _check_answers(qtbot, window, TurnKind.ONLINE, f"Waiting for {name} (AI)…", f"Please wait: it is {name}'s turn.")


def test_a_game_hosted_elsewhere_offers_no_hint_and_says_why(shell, qtbot):
    """The search needs the position, which is at the host: Ctrl+H says so (it raised before)."""
    host = _HostHere(_online_session(), "@ann:x")
    host.publish()
    window = shell.open_remote(host, host.core)
    qtbot.waitExposed(window)
    assert window.controller.human_to_move() and len(window.controller.legal) > 1
    assert not window.prompt.hint_button.isEnabled()
    window.statusBar().clearMessage()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    qtbot.keyClick(window.view, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    said = window.statusBar().currentMessage()
    assert said == "No hints in a game hosted on another computer: its position is there."

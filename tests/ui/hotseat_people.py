"""People at a shared screen, for the hot-seat privacy tests: each human at the table gives input
as a person does (a click on the board or a prompt button, Enter right after a turn, a second
click out of habit, a held key), and the screen is checked after every input against what the
person sitting in front of it may see.

`Table.play()` drives the real game window through a game; `check_screen` is the oracle. The
people never read the controller's mind: who sits at the screen changes only when a curtain
names somebody else and that person steps up and lifts it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from engine.core.contract import Action, SeatInfo
from engine.core.rng import Rng

NAMES = ["Ann", "Bob", "Cy", "Dee"]

SEATINGS = {"HHA": "two humans and an AI", "HAHA": "human, AI, human, AI", "HHH": "three humans"}


def seats_for(game_id: str, seating: str) -> list[SeatInfo]:
    """The seats of `seating` ("H" human, "A" Easy AI), trimmed or padded to the game's range."""
    from engine.core.registry import get_spec

    spec = get_spec(game_id)
    kinds = seating
    while len(kinds) < spec.min_players:
        kinds += "H"
    kinds = kinds[: spec.max_players]
    return [SeatInfo(NAMES[i]) if k == "H" else SeatInfo(NAMES[i], "ai", "easy") for i, k in enumerate(kinds)]


class FakeClock:
    """The curtain's clock in these tests: time passes only when a person waits."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


class Leak(AssertionError):
    pass


def curtain_covers(window) -> bool:
    """The curtain is up, covers the whole window, and no widget of the window lies above it."""
    curtain = window.curtain
    if not curtain.isVisible() or curtain.geometry() != window.rect():
        return False
    from PySide6.QtWidgets import QWidget

    siblings = [w for w in window.children() if isinstance(w, QWidget) and not w.isWindow()]
    above = siblings[siblings.index(curtain) + 1:]
    return not any(w.isVisible() and w.geometry().intersects(curtain.geometry()) for w in above)


def floating_widgets(window) -> list:
    """Docks floating in windows of their own: the curtain does not cover them."""
    return [d for d in (window.players_dock, window.log_dock) if d.isFloating() and d.isVisible()]


def _has_words(value) -> bool:
    if isinstance(value, str):
        return bool(value.strip())
    if isinstance(value, (tuple, list)):
        return any(_has_words(v) for v in value)
    return False


def _said(value):
    """`value` without its sizes (floats: a piece's width, which follows the room its board is laid
    out in, differs between two boards that say the same)."""
    if isinstance(value, (tuple, list)):
        return tuple(_said(v) for v in value if not isinstance(v, float))
    return value


def painted(scene) -> set[tuple]:
    """What the visible pieces of `scene` say: each piece's painted content (where it holds words
    or a card's name: a grid's size or a colour tells no secret, nor a piece's width) and its
    tooltip."""
    out = set()
    for item in scene.items():
        if not item.isVisible():
            continue
        content = getattr(item, "_content", None)
        tip = item.toolTip()
        if tip or _has_words(content):
            out.add((type(item).__name__, repr(_said(content)), tip))
    return out


class Witness:
    """A board per seat (and a spectator's), drawn from that seat's view beside the real window:
    what only another seat's board shows is that seat's secret, and must not be on the screen."""

    def __init__(self, window):
        c = window.controller
        self.window = window
        self.seats = [None] + c.human_seats()
        self.scenes = {seat: window.game.make_scene() for seat in self.seats}
        for scene in self.scenes.values():
            # drawn still: a die rolling shows passing faces, which would differ from board to board
            scene.set_animation_speed(0)

    def check(self, at_screen: int, where: str) -> None:
        window = self.window
        c = window.controller
        s = c.session
        state = s.state
        mover = s.to_move()
        drawn = {}
        for seat, scene in self.scenes.items():
            legal = list(state.legal_actions(mover)) if seat is not None and seat == mover else []
            scene.show(state.view(seat), legal, s.names, seat)
            drawn[seat] = painted(scene)
        shown = painted(window.view.scene())
        mine = drawn[None] | drawn.get(at_screen, set())
        for seat in self.seats:
            if seat is None or seat == at_screen:
                continue
            secret = (drawn[seat] - mine) & shown
            if secret:
                raise Leak(f"{where}: the board shows what only {s.names[seat]} may see, while "
                           f"{s.names[at_screen]} is at the screen: {sorted(secret)[:3]}")


def check_screen(window, at_screen: int | None, where: str = "") -> None:
    """Everything on screen is what the person `at_screen` may see (their view, or a spectator's),
    and every choice it offers is theirs to take now. Raises Leak otherwise."""
    c = window.controller
    s = c.session
    state = s.state
    covered = curtain_covers(window)
    if window.curtain.isVisible() and not covered:
        raise Leak(f"{where}: the curtain is up but the board shows through it")
    scene = window.view.scene()
    if covered:
        # nothing behind it may show: only widgets outside the window (a floating dock) matter
        if floating_widgets(window):  # seen by both players: a spectator's only
            _check_panels(window, s, state, at_screen, None, where)
        return
    if at_screen is None:
        raise Leak(f"{where}: the board is open before anybody has lifted the curtain")
    allowed = {None: state.view(None), at_screen: state.view(at_screen)}
    if scene.viewer not in allowed or scene.view != allowed[scene.viewer]:
        who = "a spectator" if scene.viewer is None else s.names[scene.viewer]
        raise Leak(f"{where}: the board shows {who}'s view while {s.names[at_screen]} is at the screen")
    _check_panels(window, s, state, at_screen, scene.viewer, where)
    _check_choices(window, s, state, at_screen, where)


def _check_panels(window, s, state, at_screen, shown, where) -> None:
    name = s.names[at_screen] if at_screen is not None else "nobody"
    view = state.view(shown)
    summary = getattr(window.game, "player_summary", None)
    if summary is not None:
        for seat, card in enumerate(window.players.cards):
            expected = [str(v) for _, v in summary(view, seat)]
            if card.values() != expected:
                raise Leak(f"{where}: the players panel shows {s.names[seat]}'s rows {card.values()}, "
                           f"not what {name} may see: {expected}")
    lines = window.log_dock.lines()
    if lines != s.render_log(shown):
        raise Leak(f"{where}: the log is not the log {name} may read")


def _check_choices(window, s, state, at_screen, where) -> None:
    from ui.game.window import AUTO_PASS, CONFIRM, NEXT, STOP_PASSING, UNDO

    c = window.controller
    mover = s.to_move()
    open_turn = mover == at_screen and not c.confirm_pending()
    legal = set(state.legal_actions(mover)) if open_turn else set()
    scene = window.view.scene()
    for item in scene.items():  # the pieces that glow as legal targets
        action = getattr(item, "action", None)
        if getattr(item, "legal", False) is True and isinstance(action, Action) and action not in legal \
                and item.isVisible():
            raise Leak(f"{where}: the board offers {action} to {s.names[at_screen]}, whose choice it is not")
    for action in window.prompt._actions:
        if action in (CONFIRM, UNDO):
            if not c.confirm_pending():
                raise Leak(f"{where}: the prompt offers a confirmation while nothing waits for one")
        elif action is NEXT:  # the Step pace: an AI's decision waits to be shown at this screen
            if getattr(c, "held", None) is None or c.confirm_pending():
                raise Leak(f"{where}: the prompt offers Next while no AI decision waits for it")
        elif action is AUTO_PASS:  # "Pass until the next phase": a choice of the player on turn
            if not legal:
                raise Leak(f"{where}: the prompt offers {s.names[at_screen]} to pass while it is not their turn")
        elif action is STOP_PASSING:
            if not window.auto_pass.is_armed(at_screen):
                raise Leak(f"{where}: the prompt offers to stop an auto-pass {s.names[at_screen]} never set")
        elif action not in legal:
            raise Leak(f"{where}: the prompt offers {action} to {s.names[at_screen]}, whose choice it is not")


class Table:
    """The people around one game window. `clock` is the curtain's clock (FakeClock)."""

    def __init__(self, qtbot, window, clock: FakeClock, seed: int = 1):
        self.qtbot = qtbot
        self.window = window
        self.clock = clock
        self.rng = Rng(seed)
        self.at_screen: int | None = None
        self.last_click: QPoint | None = None
        self.handovers = 0
        self.checks = 0
        self.reopened = False  # a game just continued: a curtain for the same person is right
        self.witness = Witness(window)
        self.human_decisions = 0
        self.dock_layouts: set[tuple[bool, bool]] = set()
        """The dock layouts (log and players as tabs, log shown) the curtain was resized out of."""

    @property
    def c(self):
        return self.window.controller

    # -- the oracle ----------------------------------------------------------------------------
    def check(self, where: str) -> None:
        self.checks += 1
        check_screen(self.window, self.at_screen, f"{where} (decision {len(self.c.session.log)})")

    def settle(self) -> None:
        """Let the game run until somebody has to act (a human's turn, a confirmation, a curtain, or
        the end), checking the screen on the way."""
        c = self.c

        def waiting() -> bool:
            self.check("while the game went on")
            return (c.human_to_move() or c.confirm_pending() or c.session.is_over()
                    or self.window.curtain.isVisible() or getattr(c, "held", None) is not None)

        self.qtbot.waitUntil(waiting, timeout=30_000)

    # -- one person's input --------------------------------------------------------------------
    def _focus(self):
        return QApplication.focusWidget() or self.window

    def press_enter(self, repeat: bool = False) -> None:
        """Enter on whatever has the keyboard focus, as the prompt teaches after a turn; `repeat`:
        the auto-repeat of a held key."""
        widget = self._focus()
        if repeat:
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QApplication.sendEvent(widget, QKeyEvent(kind, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier,
                                                         "\r", True))
        else:
            self.qtbot.keyClick(widget, Qt.Key.Key_Return)
        self.check("after Enter" + (" (held)" if repeat else ""))

    def click_again(self) -> None:
        """The same place clicked once more, out of habit, right after the turn."""
        if self.last_click is not None:
            self.qtbot.mouseClick(self.window.view.viewport(), Qt.MouseButton.LeftButton, pos=self.last_click)
            self.check("after a second click")

    def reflexes(self) -> None:
        """What a player does right after their last decision: Enter (twice, as people do), a
        held Enter, a second click. None of it is meant for the next player."""
        self.press_enter()
        self.press_enter()
        self.press_enter(repeat=True)
        self.click_again()
        if self.at_screen is not None and not self.window.curtain.isVisible():
            self.witness.check(self.at_screen, "after a turn")

    @staticmethod
    def sizes(window) -> list[tuple[int, int]]:
        """Window sizes on every side of the dock layout's thresholds (ui/main_window: a large window
        shows the log, beside the board when it is wide, under it when not; a smaller one hides it):
        the docks are laid out again while the curtain is up."""
        (w, h), wide = window.LARGE_FROM, window.WIDE_FROM
        return [(w + 100, int((w + 100) / wide) + 120), (int((h + 60) * wide) + 100, h + 60), (1280, 720)]

    def step_up(self) -> None:
        """The person the curtain names takes the seat, looks, then clicks the curtain (or presses
        Space) on purpose. Meanwhile the window is resized now and then, and the previous player
        tries to take their turn back (Ctrl+Z) from under the curtain."""
        curtain = self.window.curtain
        c = self.c
        seat = c.viewer
        if self.at_screen is not None and seat == self.at_screen and not self.reopened:
            raise Leak(f"the curtain fell for {c.session.names[seat]}, who was at the screen already")
        self.reopened = False
        if self.handovers % 3 == 1:
            sizes = self.sizes(self.window)
            tabs = self.window.act_tabs.isChecked(), self.window.log_dock.isVisible()
            self.window.resize(*sizes[(self.handovers // 3) % len(sizes)])
            self.qtbot.wait(1)
            self.dock_layouts |= {tabs, (self.window.act_tabs.isChecked(), self.window.log_dock.isVisible())}
            self.check("after the window was resized behind the curtain")
            before = c.state_hash()
            self.qtbot.keyClick(self._focus(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
            if c.state_hash() != before:
                raise Leak("Ctrl+Z under the curtain took back the previous player's turn")
            self.check("after Ctrl+Z behind the curtain")
        self.at_screen = seat
        self.handovers += 1
        self.clock.wait(3.0)  # passing the computer on takes a few seconds
        if self.handovers % 2:
            self.qtbot.mouseClick(curtain, Qt.MouseButton.LeftButton, pos=curtain.rect().center())
        else:  # Space goes wherever the keyboard focus is
            self.qtbot.keyClick(self._focus(), Qt.Key.Key_Space)
        self.last_click = None
        if curtain.isVisible():
            raise AssertionError(f"{self.names(seat)} clicked the curtain (or pressed Space) on purpose, "
                                 f"and it stayed up (the focus: {self._focus()})")
        self.check("after the curtain was lifted")
        self.witness.check(self.at_screen, "after the curtain was lifted")

    def decide(self) -> None:
        """The person at the screen takes an Easy-like decision, by a click on its piece on the
        board (or its prompt button), then acts on reflex if the turn has left them."""
        from ai.core.worker import decide

        c = self.c
        s = c.session
        seat = s.to_move()
        if seat != self.at_screen:
            raise Leak(f"{s.names[seat]}'s choices are open while {self.names(self.at_screen)} is at the screen")
        action = decide(s, seat, level="easy")
        if action not in c.legal:
            action = self.rng.choice(c.legal)
        before = len(s.log)
        self.give(action)
        self.qtbot.waitUntil(lambda: len(s.log) > before, timeout=5000)
        self.human_decisions += 1
        self.check("after a decision")
        self.settle()
        if s.to_move() != seat or c.confirm_pending():
            self.reflexes()

    STEP_S = 1.2
    """Seconds between two presses of a person stepping through the AIs' decisions."""

    def step_next(self) -> None:
        """At the Step pace: the person at the screen shows the AI decision that waits (Space, as
        the prompt teaches), one a second or so; when the screen passes to somebody else they go
        on pressing Space a couple of times before they notice."""
        c = self.c
        self.clock.wait(self.STEP_S)
        self.qtbot.keyClick(self._focus(), Qt.Key.Key_Space)
        self.check("after Space (Next)")
        if getattr(c, "held", None) is None:
            self.settle()
        if self.window.curtain.isVisible():
            for _ in range(2):
                self.clock.wait(self.STEP_S)
                self.qtbot.keyClick(self._focus(), Qt.Key.Key_Space)
                self.check("after Space (Next) once the curtain fell")
                if not self.window.curtain.isVisible():
                    raise Leak(f"{self.names(self.at_screen)}'s Space, meant as Next, lifted the curtain")
            self.clock.wait(self.STEP_S)
            self.qtbot.mouseClick(self.window.curtain, Qt.MouseButton.LeftButton,
                                  pos=self.window.curtain.rect().center())
            self.check("after a click meant for Next once the curtain fell")
            if not self.window.curtain.isVisible():
                raise Leak(f"{self.names(self.at_screen)}'s click, meant for Next, lifted the curtain")

    def names(self, seat) -> str:
        return "nobody" if seat is None else self.c.session.names[seat]

    def give(self, action: Action) -> None:
        view = self.window.view
        item = view.scene().item_for(action)
        if item is not None and item.isVisible():
            centre = item.mapToScene(item.boundingRect().center())
            pos = view.mapFromScene(centre)
            hit = view.itemAt(pos)
            while hit is not None and hit is not item:
                hit = hit.parentItem()
            if view.viewport().rect().contains(pos) and hit is item:
                self.last_click = pos
                self.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
                return
        button = self.window.prompt.button_for(action)
        if button is not None and button.isVisible():
            self.last_click = None
            self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            return
        self.last_click = None
        self.c.take(action)  # a choice behind "More ▾": the menu's action does the same

    def continue_game(self, shell) -> None:
        """The app is closed and the game continued (from its autosave) at the same screen: it
        opens behind the curtain, whoever sits there."""
        self.c.autosave_now()
        window = shell.continue_game()
        assert window is self.window
        self.reopened = True
        self.witness = Witness(window)
        self.last_click = None
        self.check("after Continue")
        if not self.window.curtain.isVisible() and not self.c.session.is_over():
            raise Leak("a continued hot-seat game opened without the curtain")

    # -- a game --------------------------------------------------------------------------------
    def play(self, max_human_decisions: int | None = None, on_step=None) -> None:
        """Play until the game is over (or `max_human_decisions` have been taken)."""
        c = self.c
        while True:
            self.settle()
            c = self.c
            if c.session.is_over():
                return
            if max_human_decisions is not None and self.human_decisions >= max_human_decisions:
                return
            if on_step is not None:
                on_step(self)
            if self.window.curtain.isVisible():
                self.step_up()
            elif getattr(c, "held", None) is not None:
                self.step_next()
            elif c.confirm_pending():
                self.press_enter()
                self.reflexes()
            else:
                self.decide()

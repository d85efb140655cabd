"""The coach of a lesson in the game window: it follows the game through the lesson's `Tutor`,
says each step in the callout, rings the pieces the step points at, and lets the learner play on.

The coach changes nothing in the game: the controller vets every move with the tutor (a move the
lesson does not ask for is refused with the lesson's reason, in the status bar and the callout),
the AI seats move as in any game, and undo steps the lesson back with the game. While the lesson
runs the game is not autosaved (a lesson must not replace the game Continue resumes); "Play on
from here" (or "End the lesson") makes it a normal game: the tutor leaves, autosave comes back.

Pieces are found when they are shown, never by coordinates: the piece of the move asked for is
`scene.item_for(action)`, else the prompt bar's button for it; other pointers are keys of the
scene's pool of pieces. The rings follow the board as it is zoomed, fitted or laid out anew.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QTimer

from engine.core.tutorial import MOVE_POINTER, Lesson, Tutor
from ui.tutorial.callout import Bubble, PointerLayer, leader_line, place_bubble

FOLLOW_MS = 120
"""How often the rings follow pieces that slide, a board that is zoomed or re-laid out."""


class Coach(QObject):
    """A lesson running in `window` on `controller`'s game."""

    def __init__(self, window, controller, lesson: Lesson, autosave: bool = True):
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.lesson = lesson
        self.tutor = Tutor(lesson, controller.session)
        self._autosave = autosave
        controller.lesson = self.tutor
        controller.autosave_enabled = False
        self.begun = False
        self.released = False
        self.feedback = ""
        self._feedback_at = -1  # the lesson's position the feedback answers
        self._placed = None  # what the bubble and rings were last placed for
        central = window.centralWidget()
        self.central = central
        self.layer = PointerLayer(central)
        self.bubble = Bubble(central)
        self.bubble.begin.connect(self.begin)
        self.bubble.play_on.connect(self.play_on)
        self.bubble.end_lesson.connect(self.play_on)
        self.bubble.resized.connect(lambda: (self._size_bubble(), self.follow(force=True)))
        central.installEventFilter(self)
        controller.changed.connect(self.refresh)
        controller.refused.connect(self._refused)
        self._timer = QTimer(self)
        self._timer.setInterval(FOLLOW_MS)
        self._timer.timeout.connect(self.follow)
        self._timer.start()
        self.layer.show()
        self.bubble.show()
        self.refresh()

    # -- the learner's choices --------------------------------------------------------------------
    def begin(self) -> None:
        """Leave the introduction for the first step."""
        self.begun = True
        self.refresh()

    def play_on(self) -> None:
        """The lesson is over (or the learner ends it): the game goes on as a normal game."""
        if self.released:
            return
        self.released = True
        c = self.controller
        if not c.closed:
            c.lesson = None
            c.autosave_enabled = self._autosave
            c.status.emit("The lesson is over: this is a normal game now.")
            c.resume()
        self.dispose()

    def dispose(self) -> None:
        """Take the callout off the window for good."""
        self.released = True
        self._timer.stop()
        self.central.removeEventFilter(self)
        for w in (self.layer, self.bubble):
            w.hide()
            w.deleteLater()
        if self.window.coach is self:
            self.window.coach = None

    # -- following the game -------------------------------------------------------------------------
    def active(self) -> bool:
        c = self.controller
        if self.released or c.closed or self.window.controller is not c:
            if not self.released:  # another game replaced the lesson's in this window
                self.dispose()
            return False
        return True

    def learner_to_move(self) -> bool:
        c = self.controller
        return c.session.to_move() == self.lesson.learner and not c.curtain_up

    def _refused(self, action, reason: str) -> None:
        if self.active() and action.seat == self.lesson.learner:
            self.feedback = reason
            self._feedback_at = self.tutor.done()
            self.refresh()

    def refresh(self) -> None:
        """Say what the lesson says now: the introduction, the step, a wait, or the end."""
        if not self.active():
            return
        t, names = self.tutor, self.controller.session.names
        if self._feedback_at != t.done():
            self.feedback = ""
        n = len(self.lesson.steps)
        if not self.begun:
            self.bubble.set_words(self.lesson.title, "How this lesson works", t.words(self.lesson.intro),
                                  ask="Each step points at a piece and says why it is the move to make. You make "
                                      "every move; the others play as in any game.",
                                  buttons=("begin", "end"))
        elif t.finished():
            self.bubble.set_words(f"{self.lesson.title} · done", "You have seen every phase",
                                  t.words(self.lesson.outro), feedback=self.feedback, buttons=("play_on",))
        elif not self.learner_to_move():
            mover = self.controller.session.to_move()
            who = names[mover] if mover >= 0 else "The game"
            step_no = t.position()[0] + 1
            self.bubble.set_words(f"Step {step_no} of {n} next", f"{who} is playing…",
                                  "Watch the board and the log: the lesson goes on when it is your turn.",
                                  feedback=self.feedback, buttons=("end",))
        else:
            step_index, move_index = t.position()
            step = self.lesson.steps[step_index]
            expected = t.expected()
            count = f" · move {move_index + 1} of {len(step.moves)}" if len(step.moves) > 1 else ""
            where = "the button ringed above the board" if self._move_is_a_button() else "the piece ringed on the board"
            self.bubble.set_words(f"Step {step_index + 1} of {n}{count}", step.phase, t.words(step.text),
                                  "Why: " + t.words(step.why),
                                  f"Your move: {self.controller.session.label(expected)} ({where}).",
                                  self.feedback, buttons=("end",))
        self._size_bubble()
        self.follow(force=True)

    def _size_bubble(self) -> None:
        area = self.board_area()
        width = max(260, min(400, int(area.width() * 0.38)))
        self.bubble.fit_width(min(width, max(200, area.width() - 20)))

    # -- the pieces ---------------------------------------------------------------------------------
    def board_area(self) -> QRect:
        """The board view's viewport in the central widget's coordinates."""
        port = self.window.view.viewport()
        return QRect(port.mapTo(self.central, QPoint(0, 0)), port.size())

    def board_rect(self) -> QRect:
        """The board drawn now (its pieces, not the table around them), in central coordinates."""
        view = self.window.view
        rect = view.mapFromScene(view.board_rect()).boundingRect()
        return rect.translated(view.viewport().mapTo(self.central, QPoint(0, 0))).intersected(self.board_area())

    def pointed(self) -> list[tuple[object, object]]:
        """The pieces the step asks for now: (pointer, board item or prompt button) for each
        pointer that is shown, the move's first. Empty when the learner is not asked."""
        if self.released or not self.begun or self.tutor.finished() or not self.learner_to_move():
            return []
        found = []
        for pointer in self.tutor.step().point:
            piece = self.resolve(pointer)
            if piece is not None and all(piece is not p for _, p in found):  # a piece is ringed once
                found.append((pointer, piece))
        return found

    def resolve(self, pointer):
        """The shown piece a pointer of the step names now (None if it is not shown)."""
        if pointer == MOVE_POINTER:
            return self.move_piece(self.tutor.expected())
        scene = self.window.view.scene()
        piece = scene.pool.items.get(pointer) if scene is not None else None
        return piece if piece is not None and piece.isVisible() else None

    def move_piece(self, action):
        """The board piece to click for `action` (`scene.piece_towards`: the first of two clicks
        where a board takes the choice in two), else its prompt button (or "More" when the button
        is in its menu), or None."""
        scene = self.window.view.scene()
        item = scene.piece_towards(action) if scene is not None else None
        if item is not None and item.isVisible():
            return item
        prompt = self.window.prompt
        button = prompt.button_for(action)
        if button is not None and button.isVisible():
            return button
        if button is not None and prompt.more.isVisible():
            return prompt.more
        return None

    def _move_is_a_button(self) -> bool:
        from PySide6.QtWidgets import QAbstractButton

        return isinstance(self.move_piece(self.tutor.expected()), QAbstractButton)

    def piece_rect(self, piece) -> QRect:
        """Where `piece` is on the screen, in the central widget's coordinates (clipped to the
        board view for a board piece)."""
        from PySide6.QtWidgets import QWidget

        if isinstance(piece, QWidget):
            return QRect(piece.mapTo(self.central, QPoint(0, 0)), piece.size())
        view = self.window.view
        rect = view.mapFromScene(piece.sceneBoundingRect()).boundingRect()
        rect.translate(view.viewport().mapTo(self.central, QPoint(0, 0)))
        return rect.intersected(self.board_area())

    def follow(self, force: bool = False) -> None:
        """Put the rings on the pieces where they are now, and the bubble clear of them."""
        if not self.active():
            return
        self.layer.setGeometry(self.central.rect())
        rects = [r for r in (self.piece_rect(p) for _, p in self.pointed()) if not r.isEmpty()]
        area = self.board_area()
        key = (tuple(r.getRect() for r in rects), area.getRect(), self.bubble.size().toTuple())
        if key == self._placed and not force:
            return  # nothing moved: the usual tick
        self._placed = key
        near = rects[0] if rects else None
        spot = place_bubble(self.bubble.size(), area, rects, near, self.bubble.geometry(), self.board_rect())
        if force or spot.topLeft() != self.bubble.pos():
            self.bubble.move(spot.topLeft())
        self.layer.set_marks(rects, leader_line(spot, near) if near is not None and not spot.intersects(near) else None)
        self.layer.raise_()
        self.bubble.raise_()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if obj is self.central and event.type() == QEvent.Type.Resize and not self.released:
            QTimer.singleShot(0, self.refresh)
        return False

"""The coach of a lesson in the game window: it follows the game through the lesson's `Tutor`,
says each step in the callout, rings the pieces the step points at, and lets the learner play on.

The coach changes nothing in the game by itself: the controller vets every move with the tutor
(a move the lesson does not take is refused with the lesson's reason, in the status bar and the
callout), the AI seats move as in any game, and undo steps the lesson back with the game. At a
choice the options are ringed with their letters; once one is taken the AIs wait while the
callout says what it did and what the other would have done, and rings both on the board (what
changed, and dashed, what the other option would have changed), until the learner goes on. At a
jump the learner's "Skip ahead" has the AI worker play every seat to the part the lesson shows
next; those moves are the only ones the coach applies. While the lesson runs the game is not
autosaved (a lesson must not replace the game Continue resumes); "Play on from here" (or "End
the lesson") makes it a normal game: the tutor leaves, autosave comes back.

Pieces are found when they are shown, never by coordinates: the piece of the move asked for is
`scene.item_for(action)`, else the prompt bar's button for it; other pointers are keys of the
scene's pool of pieces. The rings follow the board as it is zoomed, fitted or laid out anew.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, QTimer

from engine.core.contract import Action
from engine.core.text import fill_names, join_words
from engine.core.tutorial import MOVE_POINTER, Lesson, Tutor
from ui.tutorial.callout import Bubble, PointerLayer, leader_line, place_bubble

LETTERS = "ABCDEFGH"
"""The letters of a choice's options, on their rings and in the callout."""
LOG_LINES = 2
"""At most this many log lines of each option in a choice's review."""

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
        self.jumping = False
        self.feedback = ""
        self._feedback_at = -1  # the lesson's position the feedback answers
        self._placed = None  # what the bubble and rings were last placed for
        self._decision = None  # the decision the bubble was last placed at (see `follow`)
        self._shadow = None  # the board the positions of a choice's review are compared on
        self._review: tuple | None = None  # (the choice's key, its review, the keys it and the other changed)
        central = window.centralWidget()
        self.central = central
        self.layer = PointerLayer(central)
        self.bubble = Bubble(central)
        self.bubble.begin.connect(self.begin)
        self.bubble.play_on.connect(self.play_on)
        self.bubble.end_lesson.connect(self.play_on)
        self.bubble.go_on.connect(self.go_on)
        self.bubble.skip.connect(self.skip)
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

    def go_on(self) -> None:
        """The learner has read what their choice did: the game goes on (the AIs move again)."""
        if self.released:
            return
        self.tutor.read()
        self._review = None
        self.refresh()
        if not self.controller.closed:
            self.controller.resume()

    def skip(self) -> None:
        """Skip ahead (a jump): the AI worker plays every seat, the learner's too, until the
        position the step names; its moves are applied here as the computer's."""
        step = self.tutor.step()
        if self.jumping or step is None or not step.jump or not self.learner_to_move():
            return
        from ai.core.request import jump_task

        session = self.controller.session
        self.jumping = True
        self.refresh()
        args = (session.spec.id, [s.to_dict() for s in session.seats], dict(session.options), session.seed,
                [e.action.to_dict() for e in session.log], [e.by_ai for e in session.log], self.lesson.learner,
                [list(pair) for pair in step.jump])
        self.controller.runner.call(jump_task, args, self._jumped)

    def _jumped(self, result) -> None:
        from shiboken6 import isValid

        if not isValid(self) or self.released:
            return
        self.jumping = False
        c = self.controller
        if isinstance(result, Exception):
            self.feedback = f"The lesson could not skip ahead ({result})."
            self._feedback_at = self.tutor.done()
        elif not c.closed:
            try:
                for raw in result:
                    c.session.apply(Action.from_dict(raw), by_ai=True)
            except Exception as exc:  # noqa: BLE001 - the game as far as it got; said, never a crash
                self.feedback = f"The lesson could not skip ahead ({exc})."
                self._feedback_at = self.tutor.done()
            c.status.emit(f"The lesson skipped ahead: {len(result)} decisions were played for everyone.")
            c.resume()
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
        if self._shadow is not None:
            self._shadow.dispose()
            self._shadow = None
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

    def label(self, action: Action, state=None) -> str:
        """The words of `action` (in `state`: a position the game is no longer in)."""
        try:
            if state is None:
                return self.controller.session.label(action)
            return fill_names(state.label(action), self.controller.session.names)
        except Exception:  # noqa: BLE001 - a label is cosmetic; the move still says it
            return str(action)

    def refresh(self) -> None:
        """Say what the lesson says now: the introduction, a step, a choice's review, a wait, the end."""
        if not self.active():
            return
        t, names = self.tutor, self.controller.session.names
        if self._feedback_at != t.done():
            self.feedback = ""
        n = len(self.lesson.steps)
        if not self.begun:
            self.bubble.set_words(self.lesson.title, "How this lesson works", t.words(self.lesson.intro),
                                  ask="Each step rings the pieces it speaks of and says why a move is good. At "
                                      "some steps you choose, and the lesson shows what your choice did and what "
                                      "the other would have done. You make every move; the others play as in any "
                                      "game.", buttons=("begin", "end"))
        elif self.jumping:
            self.bubble.set_words(f"Step {t.position()[0] + 1} of {n}", "Skipping ahead…",
                                  "The computer is playing every seat, yours too.", buttons=("end",))
        elif t.holds():
            self._say_review()
        elif t.finished():
            self.bubble.set_words(f"{self.lesson.title} · done", "You have seen the whole game",
                                  t.words(self.lesson.outro), feedback=self.feedback, buttons=("play_on",))
        elif self.controller.session.is_over():  # the learner's own moves ended it before the lesson did
            self.bubble.set_words(self.lesson.title, "The game is over",
                                  "The game ended before the lesson did: its final scoring is shown.",
                                  feedback=self.feedback, buttons=("end",))
        elif not self.learner_to_move():
            mover = self.controller.session.to_move()
            who = names[mover] if mover >= 0 else "The game"
            self.bubble.set_words(f"Step {t.position()[0] + 1} of {n} next", f"{who} is playing…",
                                  "Watch the board and the log: the lesson goes on when it is your turn.",
                                  feedback=self.feedback, buttons=("end",))
        elif not t.due():
            step = t.step()
            self.bubble.set_words(f"Step {t.position()[0] + 1} of {n} next", "Your own moves",
                                  f"The lesson's next step comes with the {step.phase}: until then, every move "
                                  "is yours to choose.", feedback=self.feedback, buttons=("end",))
        else:
            self._say_step()
        self._size_bubble()
        self.follow(force=True)

    def _say_step(self) -> None:
        t = self.tutor
        step_index, made = t.position()
        step = self.lesson.steps[step_index]
        n = len(self.lesson.steps)
        head = f"Step {step_index + 1} of {n}"
        why = "Why: " + t.words(step.why)
        buttons = ("end",)
        if step.jump:
            ask = "Choose “Skip ahead”: the computer plays every seat, yours too, up to the part shown next."
            buttons = ("skip", "end")
        elif t.choices():
            head += " · your choice"
            options = [f"{LETTERS[k]}: {self.label(move)}" for k, move in t.choices()]
            advised = LETTERS[step.advice]
            why = f"The lesson suggests {advised}: " + t.words(step.why)
            ask = f"Choose {join_words(options, 'or')} (ringed on the board). Either may be taken."
        elif step.free:
            head += " · your move"
            suggested = t.expected()
            ask = "Your move: any you like." + (f" The lesson would: {self.label(suggested)}." if suggested else "")
        else:
            if len(step.moves) > 1 or step.options:
                moves = step.options[t.place().option].moves if step.options else step.moves
                head += f" · move {made + 1} of {len(moves)}"
            where = "the button ringed above the board" if self._move_is_a_button() else "the piece ringed on the board"
            ask = f"Your move: {self.label(t.expected())} ({where})."
        self.bubble.set_words(head, step.phase, t.words(step.text), why, ask, self.feedback, buttons=buttons)

    def _say_review(self) -> None:
        review = self._current_review()
        if review is None:
            return
        _, r, _, _ = review
        t = self.tutor
        step = self.lesson.steps[r.step]
        chosen = step.options[r.chosen]
        mine = LETTERS[r.chosen]
        lines = r.lines.get(r.chosen, [])[:LOG_LINES]
        body = t.words(chosen.did) + ("\n\nOn the board: " + " ".join(lines) if lines else "")
        others = []
        for k, option in enumerate(step.options):
            if k == r.chosen:
                continue
            said = r.lines.get(k, [])[:LOG_LINES]
            others.append(f"Had you chosen {LETTERS[k]} ({self.label(option.moves[0], r.before)}): "
                          + t.words(option.did) + (" " + " ".join(said) if said else ""))
        other_letters = join_words([LETTERS[k] for k in range(len(step.options)) if k != r.chosen], "or")
        ask = f"Solid rings: what your choice changed. Dashed rings: what {other_letters} would have changed."
        feedback = ""
        if r.chosen != r.advised:
            feedback = (f"The lesson suggested {LETTERS[r.advised]}: {t.words(step.why)} Your choice stands; the "
                        "lesson goes on from here.")
        self.bubble.set_words(f"Step {r.step + 1} of {len(self.lesson.steps)} · what your choice did",
                              f"You chose {mine}: {self.label(chosen.moves[0], r.before)}", body,
                              "\n\n".join(others), ask, feedback, buttons=("go_on", "end"))

    def _current_review(self):
        """The review of the choice just made, with the pieces it and the other options changed
        (worked out once per choice)."""
        made = self.tutor.choice_made()
        if made is None:
            return None
        if self._review is None or self._review[0] != made:
            review = self.tutor.review()
            if review is None:
                return None
            if self._shadow is None:
                from ui.tutorial.review import Shadow

                self._shadow = Shadow(self.lesson.game_id)
            names, learner = self.controller.session.names, self.lesson.learner
            did = self._shadow.changed(review.before, review.after[review.chosen], learner, names)
            other: set = set()
            for k, state in review.after.items():
                if k != review.chosen:
                    other |= self._shadow.changed(review.before, state, learner, names)
            self._review = (made, review, did, other - did)
        return self._review

    def _size_bubble(self) -> None:
        width, _ = self._sizes()[0]
        self.bubble.fit_width(width)

    def _sizes(self) -> list[tuple[int, bool]]:
        """The bubble's shapes, preferred first, as (width, folded): its width for the view, then
        narrower, then folded to what to do (where the explanation may be folded)."""
        area = self.board_area()
        width = min(max(260, min(420, int(area.width() * 0.40))), max(200, area.width() - 20))
        widths = sorted({width, max(min(width, 260), int(width * 0.8)), min(width, 260)}, reverse=True)
        shapes = [(w, False) for w in widths]
        if self.bubble.can_fold():
            shapes += [(w, True) for w in widths]
        return shapes

    def pieces(self) -> list[QRect]:
        """Where the board pieces of the learner's legal moves are (the first click's piece of a
        move taken in two), and the Since-your-turn card, while the learner is to move: the
        bubble leaves them free."""
        c = self.controller
        scene = self.window.view.scene()
        if scene is None or self.released or not self.learner_to_move() or self.tutor.holds():
            return []
        found, seen = [], set()
        for action in c.legal:
            item = scene.piece_towards(action)
            if item is not None and id(item) not in seen and item.isVisible():
                seen.add(id(item))
                rect = self.piece_rect(item)
                if not rect.isEmpty():
                    found.append(rect)
        # the card of what the others did takes the board's empty room too: the bubble leaves it
        # as it leaves a piece (a refused click's callout is not: the bubble says its reason too,
        # and does not jump away from the next click for it)
        if self.window.since_panel.isVisible():
            found.append(self.piece_rect(self.window.since_panel))
        return found

    # -- the pieces ---------------------------------------------------------------------------------
    def board_area(self) -> QRect:
        """The board view's viewport in the central widget's coordinates."""
        port = self.window.view.viewport()
        return QRect(port.mapTo(self.central, QPoint(0, 0)), port.size())

    def board_taken(self):
        """The share of a rectangle (central coordinates) the board's pieces take now."""
        from ui.board.free_room import Taken

        taken = Taken(self.window.view)
        corner = self.board_area().topLeft()
        return lambda rect: taken.share(rect.translated(-corner))

    def pointed(self) -> list[tuple[object, object]]:
        """The pieces the step asks for now: (pointer, board item or prompt button) for each
        pointer that is shown, the move's first. Empty when the learner is not asked."""
        return [(pointer, piece) for pointer, piece, _, _ in self.rings()]

    def rings(self) -> list[tuple[object, object, str, str]]:
        """Every ring to draw now: (pointer, piece, style, letter). At a choice each option's piece
        with its letter; after one, the pieces it changed and those the other would have; else the
        step's pointers, the move's first."""
        if self.released or not self.begun or self.jumping:
            return []
        found: list[tuple[object, object, str, str]] = []

        def add(pointer, piece, style="point", letter="") -> None:
            if piece is not None and all(piece is not p for _, p, _, _ in found):  # a piece is ringed once
                found.append((pointer, piece, style, letter))

        if self.tutor.holds():
            review = self._current_review()
            if review is not None:
                for style, keys in (("did", review[2]), ("other", review[3])):
                    for key in sorted(keys, key=repr):
                        add(key, self.resolve(key), style)
                if not found:  # nothing either option changed is drawn (a secret card): what the choice was about
                    for pointer in self.lesson.steps[review[1].step].point:
                        if pointer != MOVE_POINTER:
                            add(pointer, self.resolve(pointer), "did")
            return found
        if self.tutor.finished() or not self.learner_to_move() or not self.tutor.due():
            return []
        for k, move in self.tutor.choices():
            add(MOVE_POINTER, self.move_piece(move), "point", LETTERS[k])
        for pointer in self.tutor.step().point:
            add(pointer, self.resolve(pointer))
        return found

    def resolve(self, pointer):
        """The shown piece a pointer of the step names now (None if it is not shown)."""
        if pointer == MOVE_POINTER:
            expected = self.tutor.expected()
            return self.move_piece(expected) if expected is not None and not self.tutor.choices() else None
        scene = self.window.view.scene()
        piece = scene.pool.items.get(pointer) if scene is not None else None
        return piece if piece is not None and piece.isVisible() else None

    def move_piece(self, action):
        """The board piece to click for `action` (`scene.piece_towards`: the first of two clicks
        where a board takes the choice in two), else its prompt button (or "More" when the button
        is in its menu), or None."""
        if action is None:
            return None
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
        shown = [(self.piece_rect(piece), style, letter) for _, piece, style, letter in self.rings()]
        shown = [(r, style, letter) for r, style, letter in shown if not r.isEmpty()]
        rects = [r for r, _, _ in shown]
        pieces = self.pieces()
        area = self.board_area()
        shapes = self._sizes()
        # one decision of the learner's: the same position, the same moves open, the same step
        # asking (a bubble placed while an AI moved, or for another step, is placed anew; a
        # refused click's reason is said in the same decision)
        b = self.bubble
        decision = (len(self.controller.session.log), self.tutor.position(), self.learner_to_move(),
                    tuple(self.controller.legal), b.head.text(), b.title.text(), b.ask.text())

        def key() -> tuple:
            return (tuple(r.getRect() for r in rects), tuple(r.getRect() for r in pieces), area.getRect(),
                    tuple(shapes), self.bubble.shows_compact(), self.bubble.size().toTuple())

        if key() == self._placed and not force:
            return  # nothing moved: the usual tick
        near = rects[0] if rects else None
        sizes = [QSize(w, self.bubble.height_for(w, folded or self.bubble.compact)) for w, folded in shapes]
        # within one decision (the second click of a move taken in two) a bubble clear of every
        # piece stays where it is
        stay = decision == self._decision
        spot, index = place_bubble(sizes, area, rects, near, self.bubble.geometry(), self.board_taken(), pieces,
                                   stay, folded_from=sum(1 for _, folded in shapes if not folded))
        self._decision = decision
        self.bubble.set_folded(shapes[index][1])
        if self.bubble.size() != spot.size():
            self.bubble.setFixedSize(spot.size())
        if force or spot.topLeft() != self.bubble.pos():
            self.bubble.move(spot.topLeft())
        self._placed = key()
        # a line to the piece of the move asked for; a choice's options carry their letters instead
        lettered = bool(shown) and bool(shown[0][2])
        leader = leader_line(spot, near) if near is not None and not spot.intersects(near) and not lettered else None
        self.layer.set_marks(rects, leader, [s for _, s, _ in shown], [letter for _, _, letter in shown])
        self.layer.raise_()
        self.bubble.raise_()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if obj is self.central and event.type() == QEvent.Type.Resize and not self.released:
            QTimer.singleShot(0, self.refresh)
        return False

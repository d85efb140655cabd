"""The header of the city: the phase now and the Decade, the phases of a Decade, the Priority Deal and
the Action turn order, and under them the Choices, the decisions with no place on the board."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QFontMetricsF

from engine.core.contract import Action
from engine.core.text import fill_names, seat_ref
from engine.games.big_shoulders.round import ROUND
from ui.board import style
from ui.board.items import TokenItem
from ui.board.pieces import Chip
from ui.games.big_shoulders.items import Label
from ui.games.big_shoulders.regions.geometry import LEFT_W, M
from ui.games.big_shoulders.words import PHASE_SHORT, decade_words, phase_name


class HeaderRegion:
    """The header and its Choices (a part of `BigShouldersScene`, which gives it the view, the
    names, the seat at the screen and the pool of pieces)."""

    def _show_header(self, view: dict, top: float, rows: int) -> float:
        """Title, Decade, the five phases, Priority Deal and turn order; below them room for `rows`
        rows of Choices (the decisions with no place on the board, `_show_choices`)."""
        phase = view["phase"]
        h = 70 + max(1, rows) * 36 + 4
        # the title says what happens now (the game's name is in the window's title): on a board
        # shown small it is the header's one large word
        now = phase_name(phase)
        self._panel("header", now, decade_words(view), M, top, LEFT_W, h, style.INK,
                    short=(now.replace(" Phase", ""),))
        x = M + 12
        order = view.get("order") or []
        # the phases share what the row leaves (a board shown small draws their words larger)
        setup_w = 136 if ROUND.in_setup(phase) else 0
        # the phases of a Decade, in the order the engine declares them
        w = (LEFT_W - 24 - setup_w - 108 - 30 * len(order) - 5 * 6) / len(ROUND.phases)
        for n, ph in enumerate(ROUND.ids(), 1):
            chip = self.pooled(("phase", ph), lambda: Chip(10, 28))
            label = ROUND.name(ph).replace(" Phase", "")
            chip.resize(w, 28)
            chip.set_chip(label, ROUND.name(ph) + (" (now)" if ph == phase else ""),
                          style.GOLD if ph == phase else style.PAPER_DARK, short=(*PHASE_SHORT.get(ph, ()), str(n)))
            chip.setPos(x, top + 36)
            self._target(chip, None)
            x += w + 6
        if ROUND.in_setup(phase):
            chip = self.pooled(("phase", "found"), lambda: Chip(10, 28))
            chip.resize(130, 28)
            chip.set_chip(ROUND.first().name, "Every player starts one company", style.GOLD)
            chip.setPos(x, top + 36)
            x += 136
        names = self._names
        label = self.pooled(("order-label",), lambda: Chip(10, 28))
        label.resize(92, 28)
        prio = view.get("priority", 0)
        said = fill_names(f"Priority Deal: {seat_ref(prio)} starts the Stock Phase; "  # ("You start")
                          "the turn order track below sets the Action Phase", names)
        label.set_chip(f"Priority {self._marks[prio]}", said, style.PAPER,
                       short=(f"Prio {self._marks[prio]}", f"P {self._marks[prio]}"))
        label.setPos(x + 8, top + 36)
        self._target(label, None)
        x += 108
        for pos, seat in enumerate(order):
            tok = self.pooled(("order", pos), lambda: TokenItem(26))
            colour, mark = self._seat_look(seat)
            tok.set_look(colour, mark, tooltip=f"Action turn order {pos + 1}: {names[seat]}")
            self.place(tok, QPointF(x + 13 + pos * 30, top + 50))
        return top + h

    def _choice_layout(self, pending: list[Action]) -> list[list[tuple[Action, str, float]]]:
        """The chips of `pending` in rows that fit the header: (action, label, width) each."""
        rows: list[list[tuple[Action, str, float]]] = [[]]
        x = 0.0
        for a in pending:
            label = self._label(a)
            w = max(90.0, 26 + QFontMetricsF(style.sans(10, bold=True)).horizontalAdvance(label))
            if x + w > LEFT_W - 24 and rows[-1]:
                rows.append([])
                x = 0.0
            rows[-1].append((a, label, w))
            x += w + 8
        return rows

    def _show_choices(self, view: dict, top: float) -> None:
        """The chips of the decisions left without a piece, in the header from `top`."""
        x0 = M + 12
        idx = 0
        pending = list(self._pending)
        for r, row in enumerate(self._choice_layout(pending)):
            x = x0
            # the chips share the row's room left over, up to 2.3 times their width: a board shown
            # small draws their words about twice as wide ('Pass for the rest of …' was cut)
            spare = (LEFT_W - 24 - sum(w for _, _, w in row) - 8 * (len(row) - 1)) / max(1, len(row))
            for a, label, w in row:
                w += min(1.3 * w, max(0.0, spare))
                chip = self.pooled(("choice", idx), lambda: Chip(10, 30))
                chip.resize(w, 30)
                colour = {"pass": style.PAPER_DARK, "pass_action": style.PAPER_DARK, "end_turn": style.PAPER_DARK,
                          "bonus_forfeit": style.PAPER_DARK}.get(a.kind, style.PAPER)
                chip.set_chip(label, label, colour)
                chip.setPos(x, top + r * 36)
                chip.setZValue(4)
                self._target(chip, a, label)
                x += w + 8
                idx += 1
        if not pending:
            who = view["to_move"]
            if view["phase"] == "over":
                # the header's title already says "Game over": the line says what that means
                text = "No decisions left: the fifth Decade has been scored"
            elif self.confirming is not None:
                text = self.confirm_words(self._names)
            elif isinstance(who, int) and 0 <= who < len(self._names):
                text = f"{phase_name(view['phase'])}: {self._names[who]} to move"
            else:
                text = phase_name(view["phase"])
            idle = self.pooled(("choice-idle",), lambda: Label(LEFT_W - 24, 30))
            idle.set_label(text, "The decisions with no place on the board appear here as buttons")
            idle.setPos(x0, top)
        self._pending = []

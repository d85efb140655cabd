"""The new-game dialog: choose a game, the seats (name, colour and mark, Human, AI level, or a
player online with their Matrix user: ARCHITECTURE §12), the game's options and an optional seed.
`choice()` returns (game_id, seats, options, seed)."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPalette, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.core.contract import GameSpec, SeatInfo
from engine.core.names import NAME_LIMIT, clean_name
from engine.core.session import SEED_RANGE
from ui.panels import seat_marks
from ui.panels.seat_badge import SeatBadge
from ui.services.plain_text import PlainLabel

DEFAULT_AI_NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eli", "Fay", "Gus")
PREVIEW_WIDTH = 400

_previews: dict[str, QPixmap | None] = {}


def board_preview(game_id: str, players: int) -> QPixmap | None:
    """A small picture of the game's board a few decisions in (the game's "art"), drawn once per
    game with its own scene through `ui.board.render`; None if the game cannot be drawn."""
    if game_id not in _previews:
        try:
            from ui.board.items import pulse_for
            from ui.board.render import play_session, render_scene_image
            from ui.games import game_ui

            session = play_session(game_id, players, seed=1, moves=2 * players, level="random")
            scene = game_ui(game_id).make_scene(game_id)
            scene.set_animation_speed(0)
            pulse_for(scene).frozen = 0.85
            scene.show(session.state.view(None), [], session.names, None)
            image = render_scene_image(scene, PREVIEW_WIDTH / max(1.0, scene.sceneRect().width()) * 2)
            pixmap = QPixmap.fromImage(image)
            pixmap.setDevicePixelRatio(2.0)
            _previews[game_id] = pixmap
        except Exception:  # noqa: BLE001 - a missing picture must never stop a new game
            _previews[game_id] = None
    return _previews[game_id]


def ai_levels(game_id: str) -> list[str]:
    """The AI levels the game offers (weakest first); easy/normal if the AI package is absent."""
    try:
        from ai.core.agents import levels

        found = list(levels(game_id))
        return found or ["easy", "normal"]
    except Exception:  # noqa: BLE001 - the dialog must open even without the AI package
        return ["easy", "normal"]


def level_notes(game_id: str, levels: list[str]) -> str:
    """One plain line by each level that the game's measured ladder covers ("Hard: wins about 3
    games in 10 against three Normals."), and, if Expert cannot use its learned model, that it
    plays as Hard and why. Empty when nothing is measured."""
    try:
        from ai.ladder import level_lines

        lines = level_lines(game_id)
        notice = None
        if "expert" in levels:
            from ai.expert.agent import model_status

            notice = model_status(game_id)
    except Exception:  # noqa: BLE001 - the dialog must open even without the AI package
        return ""
    out = [f"{lv.capitalize()}: {lines[lv]}." for lv in levels if lv in lines]
    if notice:
        out.append(notice)
    return "\n".join(out)


class SeatRow:
    """The widgets of one seat row."""

    def __init__(self, seat: int, grid: QGridLayout, row: int, levels: list[str]):
        self.seat = seat
        self.badge = SeatBadge(seat, "?", 24)
        self.name = QLineEdit()
        self.name.setMaxLength(NAME_LIMIT)
        self.kind = QComboBox()
        fill_kinds(self.kind, levels)
        self.user = QLineEdit()
        self.user.setPlaceholderText("@name:server")
        self.user.setToolTip("The player's Matrix user: they are invited, and play from their own computer.")
        self.user.setAccessibleName(f"Matrix user of seat {seat + 1}")
        self.widgets = (self.badge, self.name, self.kind)
        grid.addWidget(self.badge, row, 0)
        grid.addWidget(self.name, row, 1)
        grid.addWidget(self.kind, row, 2)
        grid.addWidget(self.user, row, 3)
        self.kind.currentIndexChanged.connect(lambda _i: self._show_user())
        self._visible = True
        self._show_user()

    def set_visible(self, visible: bool) -> None:
        self._visible = visible
        for w in self.widgets:
            w.setVisible(visible)
        self._show_user()

    def _show_user(self) -> None:
        data = self.kind.currentData()
        self.user.setVisible(self._visible and bool(data) and data[0] == "online")

    def set_kind(self, kind: str, level: str | None = None, user: str | None = None) -> None:
        if user is not None:
            self.user.setText(user)
        for i in range(self.kind.count()):
            if self.kind.itemData(i) == (kind, level if kind == "ai" else None):
                self.kind.setCurrentIndex(i)
                return

    def info(self) -> SeatInfo:
        kind, level = self.kind.currentData()
        user = self.user.text().strip() if kind == "online" else None
        return SeatInfo(clean_name(self.name.text()) or f"Player {self.seat + 1}", kind, level, user)


def fill_kinds(combo: QComboBox, levels: list[str]) -> None:
    """Human, each AI level, and a player online."""
    combo.clear()
    combo.addItem("Human", ("human", None))
    for level in levels:
        combo.addItem(f"AI · {level}", ("ai", level))
    combo.addItem("Online player", ("online", None))


class NewGameDialog(QDialog):
    """Pick a game, seats, options and seed."""

    def __init__(self, specs: list[GameSpec] | None = None, player_name: str = "Player 1",
                 parent: QWidget | None = None, initial_game: str | None = None):
        super().__init__(parent)
        self.setWindowTitle("Start a new game")
        self.setMinimumWidth(720)
        if specs is None:
            from ui.games import playable_specs

            specs = playable_specs()   # a game whose board is not drawn yet is not offered
        self.specs = list(specs)
        self.player_name = player_name
        root = QHBoxLayout(self)

        left = QVBoxLayout()
        left.addWidget(QLabel("Game"))
        self.games = QListWidget()
        self.games.setFixedWidth(280)
        self.games.setWordWrap(True)
        for spec in self.specs:
            item = QListWidgetItem(spec.title)
            item.setData(Qt.ItemDataRole.UserRole, spec.id)
            f = item.font()
            f.setPointSizeF(f.pointSizeF() * 1.15)
            item.setFont(f)
            self.games.addItem(item)
        left.addWidget(self.games, 1)
        root.addLayout(left)

        right = QVBoxLayout()
        self.title = QLabel()
        tf = self.title.font()
        tf.setPointSizeF(tf.pointSizeF() * 1.6)
        tf.setFamily("DejaVu Serif")
        self.title.setFont(tf)
        right.addWidget(self.title)
        self.pitch = QLabel()
        self.pitch.setWordWrap(True)
        right.addWidget(self.pitch)
        self.range = QLabel()
        self.range.setStyleSheet("color: #6b5d4d;")
        right.addWidget(self.range)
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setFixedHeight(190)
        self.preview.setStyleSheet("background: #2b2b2b; border-radius: 4px;")
        left.addWidget(self.preview)

        seats_box = QGroupBox("Seats")
        seats_layout = QVBoxLayout(seats_box)
        count_row = QHBoxLayout()
        count_row.addWidget(QLabel("Players"))
        self.count = QSpinBox()
        count_row.addWidget(self.count)
        count_row.addStretch(1)
        seats_layout.addLayout(count_row)
        self._seat_grid_host = QWidget()
        self.seat_grid = QGridLayout(self._seat_grid_host)
        self.seat_grid.setContentsMargins(0, 0, 0, 0)
        self.seat_grid.setColumnStretch(1, 1)
        seats_layout.addWidget(self._seat_grid_host)
        self.level_notes = PlainLabel()  # its lines come from files (the ladder, the model's notice)
        self.level_notes.setWordWrap(True)
        self.level_notes.setStyleSheet("color: #6b5d4d;")
        self.level_notes.setToolTip("Measured by the AI levels playing each other, seats rotated (ai/LADDER.md).")
        seats_layout.addWidget(self.level_notes)
        right.addWidget(seats_box)

        self.options_box = QGroupBox("Options")
        self.options_form = QFormLayout(self.options_box)
        right.addWidget(self.options_box)

        seed_row = QHBoxLayout()
        seed_row.addWidget(QLabel("Seed (optional)"))
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("random")
        self.seed.setToolTip("The same seed, seats and decisions give the same game.")
        seed_row.addWidget(self.seed)
        right.addLayout(seed_row)
        right.addStretch(1)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start game")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self.error = PlainLabel()  # quotes what was typed
        self.error.setStyleSheet("color: #b23a2e;")
        right.addWidget(self.error)
        right.addWidget(self.buttons)
        root.addLayout(right, 1)

        self.rows: list[SeatRow] = []
        self.option_widgets: dict[str, QWidget] = {}
        self.games.currentRowChanged.connect(self._game_changed)
        self.count.valueChanged.connect(self._count_changed)
        start = 0
        if initial_game:
            start = next((i for i, s in enumerate(self.specs) if s.id == initial_game), 0)
        self.games.setCurrentRow(start)

    # -- game selection -------------------------------------------------------------------------
    @property
    def spec(self) -> GameSpec:
        return self.specs[max(0, self.games.currentRow())]

    def select_game(self, game_id: str) -> None:
        for i, spec in enumerate(self.specs):
            if spec.id == game_id:
                self.games.setCurrentRow(i)
                return
        raise KeyError(game_id)

    def _game_changed(self, row: int) -> None:
        if row < 0:
            return
        spec = self.specs[row]
        self.title.setText(spec.title)
        self.pitch.setText(spec.pitch)
        self.range.setText(f"{spec.min_players}–{spec.max_players} players")
        # One set of seat rows for the largest table of any game, made once; switching games only
        # changes the AI levels offered and how many rows show.
        levels = ai_levels(spec.id)
        most = max(sp.max_players for sp in self.specs)
        if not self.rows:
            self.rows = [SeatRow(i, self.seat_grid, i, levels) for i in range(most)]
            ai_names = iter(n for n in DEFAULT_AI_NAMES if n.lower() != self.player_name.lower())
            first_normal = "normal" if "normal" in levels else levels[-1]
            for i, r in enumerate(self.rows):
                r.name.setText(self.player_name if i == 0 else next(ai_names, f"Player {i + 1}"))
                r.name.textChanged.connect(self._update_marks)
                if i == 0:
                    r.set_kind("human")
                else:
                    r.set_kind("ai", first_normal)
        normal = "normal" if "normal" in levels else levels[-1]
        for r in self.rows:
            previous = r.kind.currentData() if r.kind.count() else None
            fill_kinds(r.kind, levels)
            if previous is None:
                r.set_kind("ai", normal)
            elif previous[0] == "ai" and previous[1] not in levels:
                r.set_kind("ai", normal)
            else:
                r.set_kind(*previous)
        self.count.blockSignals(True)
        self.count.setRange(spec.min_players, spec.max_players)
        self.count.setValue(min(max(4, spec.min_players), spec.max_players))
        self.count.blockSignals(False)
        self._count_changed(self.count.value())
        notes = level_notes(spec.id, levels)
        self.level_notes.setText(notes)
        self.level_notes.setVisible(bool(notes))
        self._build_options(spec)
        self.preview.clear()
        # drawn after the dialog has painted: the first picture of a game takes a moment
        QTimer.singleShot(0, lambda gid=spec.id: self._show_preview(gid))
        self.adjustSize()

    def _show_preview(self, game_id: str) -> None:
        if self.spec.id != game_id:
            return
        pixmap = board_preview(game_id, self.count.value())
        if pixmap is not None:
            scaled = pixmap.scaled(self.preview.width() * 2 - 8, self.preview.height() * 2 - 8,
                                   Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
            scaled.setDevicePixelRatio(2.0)  # sharp on high-DPI screens, right size on others
            self.preview.setPixmap(scaled)

    def _count_changed(self, n: int) -> None:
        for i, r in enumerate(self.rows):
            r.set_visible(i < n)
        self._update_marks()

    def _update_marks(self, *_args) -> None:
        n = self.count.value()
        marks = seat_marks([r.name.text() or "?" for r in self.rows[:n]])
        for r, mark in zip(self.rows, marks, strict=False):
            r.badge.set_mark(mark)

    def _build_options(self, spec: GameSpec) -> None:
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_widgets = {}
        shown = [opt for opt in spec.options if opt.shown]  # a safety bound is never shown
        for opt in shown:
            if isinstance(opt.default, bool):
                w = QCheckBox()
                w.setChecked(opt.default)
            elif opt.choices:
                w = QComboBox()
                for c in opt.choices:
                    w.addItem(str(c), c)
                w.setCurrentIndex(list(opt.choices).index(opt.default))
            elif isinstance(opt.default, int):
                w = QSpinBox()  # its declared range (game.toml): what saves accept
                w.setRange(opt.minimum if opt.minimum is not None else -1_000_000,
                           opt.maximum if opt.maximum is not None else 1_000_000)
                w.setValue(opt.default)
            else:
                w = QLineEdit(str(opt.default))
            # a line says what the option changes; the tooltip quotes the rule it follows
            tip = opt.rule or opt.help
            w.setToolTip(tip)
            w.setAccessibleName(opt.label)
            w.setAccessibleDescription(opt.help)
            label = QLabel(opt.label + ":")
            label.setToolTip(tip)
            label.setBuddy(w)
            self.options_form.addRow(label, w)
            if opt.help:
                line = QLabel(opt.help)
                line.setWordWrap(True)
                line.setToolTip(tip)
                line.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # quiet, light or dark chrome
                self.options_form.addRow("", line)
            self.option_widgets[opt.key] = w
        self.options_box.setVisible(bool(shown))

    # -- result -----------------------------------------------------------------------------------
    def set_seats(self, seats: list[SeatInfo]) -> None:
        """Fill the seat rows (tests and "play again")."""
        self.count.setValue(len(seats))
        for row, info in zip(self.rows, seats, strict=False):
            row.name.setText(info.name)
            row.set_kind(info.kind, info.level, info.user)

    def options(self) -> dict:
        out = {}
        for opt in self.spec.options:
            w = self.option_widgets.get(opt.key)
            if w is None:  # not shown (a safety bound): its default
                out[opt.key] = opt.default
                continue
            if isinstance(w, QComboBox):
                out[opt.key] = w.currentData()
            elif isinstance(w, QCheckBox):
                out[opt.key] = w.isChecked()
            elif isinstance(w, QSpinBox):
                out[opt.key] = w.value()
            else:
                out[opt.key] = w.text()
        return out

    def seed_value(self) -> int:
        text = self.seed.text().strip()[:200]
        if not text:
            return int(time.time() * 1000) & 0x7FFFFFFF
        try:
            number = int(text)
            if SEED_RANGE[0] <= number <= SEED_RANGE[1]:
                return number
            raise ValueError("more than 64 bits: taken as text")
        except ValueError:
            # any text works as a seed: hash it stably (Python's hash() is salted per process)
            import hashlib

            return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=4).digest(), "little")

    def choice(self) -> tuple[str, list[SeatInfo], dict, int]:
        """(game_id, seats, options, seed) as chosen."""
        n = self.count.value()
        return self.spec.id, [r.info() for r in self.rows[:n]], self.options(), self.seed_value()

    def _accept(self) -> None:
        _, seats, options, _ = self.choice()
        names = [s.name for s in seats]
        if len(set(n.lower() for n in names)) != len(names):
            self.error.setText("Every seat needs a different name.")
            return
        users = [s.user or "" for s in seats if s.is_online]
        bad = next((u for u in users if not (u.startswith("@") and ":" in u[2:])), None)
        if bad is not None:
            self.error.setText(f"{bad or 'An online seat'} is not a Matrix user: they look like @ann:example.org."
                               if bad else "Each online seat needs the player's Matrix user (@ann:example.org).")
            return
        if len(set(users)) != len(users):
            self.error.setText("Each online seat needs a different Matrix user.")
            return
        try:
            self.spec.resolve_options(options)
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.error.setText("")
        self.accept()

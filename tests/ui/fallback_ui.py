"""A throwaway board for shell tests, used only until a game's real scene exists: one clickable
rectangle per legal action (plus a decoy for an illegal click) on a paper background."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem

from engine.core.contract import Action
from ui.board.scene import GameScene


class _ActionItem(QGraphicsRectItem):
    def __init__(self, scene: FallbackScene, action: Action, rect: QRectF):
        super().__init__(rect)
        self._scene = scene
        self.action = action
        self.setBrush(QBrush(QColor("#e9dcc0")))
        text = QGraphicsSimpleTextItem(str(action), self)
        text.setPos(rect.x() + 4, rect.y() + 4)

    def mousePressEvent(self, event):  # noqa: N802
        event.accept()

    def mouseReleaseEvent(self, event):  # noqa: N802
        self._scene.intent.emit(self.action)


class FallbackScene(GameScene):
    game_id = "fallback"

    def __init__(self):
        super().__init__()
        self.items_by_action: dict[Action, _ActionItem] = {}
        self.setSceneRect(0, 0, 900, 600)
        self.shown = 0

    def show(self, view, legal, names, viewer):
        self.shown += 1
        self.clear()
        self.items_by_action = {}
        self.addRect(QRectF(0, 0, 900, 600), brush=QBrush(QColor("#f4ecd8")))
        candidates = list(legal)
        if viewer is not None:
            # a candidate the controller must refuse (not legal now)
            decoy = Action("buy_share", viewer, (viewer,))
            if decoy not in candidates:
                candidates.append(decoy)
        for i, action in enumerate(candidates):
            rect = QRectF(20 + (i % 4) * 215, 20 + (i // 4) * 70, 200, 55)
            self.items_by_action[action] = _ActionItem(self, action, rect)
            self.addItem(self.items_by_action[action])

    def item_for(self, action):
        return self.items_by_action.get(action)


def fallback_module():
    return SimpleNamespace(
        make_scene=FallbackScene,
        player_summary=lambda view, seat: [("seat", str(seat))],
        prompt=lambda view, legal, names: "Choose." if legal else "Wait.",
    )

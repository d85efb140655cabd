"""What a lesson's choice changed on the board, and what the other option would have changed.

The positions (before the choice, after it, after each other option: engine.core.tutorial's
`Review`) are drawn as the learner sees them (`view(learner)`) on a shadow board of the coach's
own, never shown, and compared piece by piece (ui/board/changes.py), as the "since your turn"
marks are: the keys found are the pieces to ring on the real board.
"""

from __future__ import annotations

from ui.board.changes import Looks, changed_keys, looks


class Shadow:
    """A board of the game that is never shown, to draw positions on and compare them."""

    def __init__(self, game_id: str):
        from ui.game.controller import game_ui

        self.scene = game_ui(game_id).make_scene()
        self.scene.set_animation_speed(0)
        self.unmarked = self.scene.unmarked  # a board's captions: never a change

    def picture(self, state, seat: int, names: list[str]) -> Looks:
        """The board as `seat` sees `state`, with nothing highlighted and the same seat to move in
        every picture (whose turn it is counts as nobody's change)."""
        view = state.view(seat)
        steady = dict(view, to_move=seat)
        if "current" in view and view["current"] == view.get("to_move"):
            steady["current"] = seat
        try:
            self.scene.show(steady, [], names, seat)
        except Exception:  # noqa: BLE001 - a board that cannot draw that: the view as it is
            self.scene.show(view, [], names, seat)
        return looks(self.scene)

    def changed(self, before, after, seat: int, names: list[str]) -> set[tuple]:
        """The keys of the pieces that look different in `after` than in `before`."""
        return changed_keys(self.picture(before, seat, names), self.picture(after, seat, names), self.unmarked)

    def dispose(self) -> None:
        self.scene.deleteLater()

"""Review of recorded games (the window side of engine/core/review.py and saves/record.py):
the review window, its log and chart, and the "Past games" panel of the start screen.

`open_review(session)` reviews a game in memory (the end-of-game dialog); `review_file(path)`
reviews a save file (Game → Review a saved game, Past games). Open review windows are kept here
so they live until closed.
"""

from __future__ import annotations

_open: list = []


def _keep(window) -> None:
    from PySide6.QtCore import Qt

    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    _open.append(window)
    window.destroyed.connect(lambda _=None, w=window: _open.remove(w) if w in _open else None)
    window.show()
    window.raise_()
    window.activateWindow()


def open_windows() -> list:
    """The review windows still open."""
    return list(_open)


def open_review(session, settings=None, path=None):
    """A review window on `session` as it stands: every secret open if it is finished, else the
    spectator's view. `path` is the save it was read from; a finished game played here is found
    in the record of games (saves/record.py), so its analysis is kept beside that file."""
    from engine.core.review import Review
    from ui.review.window import ReviewWindow

    find_path = None
    if path is None and session.is_over():
        from saves.record import recorded_path

        def find_path():
            return recorded_path(session)
    window = ReviewWindow(Review.of_session(session), settings, path=path, find_path=find_path)
    _keep(window)
    return window


def review_file(path, settings=None):
    """A review window on a save file (checked and replayed first). Raises the saves package's
    SaveError for a bad file."""
    from saves.store import read_save

    return open_review(read_save(path).session, settings, path)

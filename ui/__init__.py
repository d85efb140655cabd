"""The PySide6 application, in folders that show how it works (docs/ARCHITECTURE.md):

- `cli`: the `tycoons` command line; it dispatches headless commands without importing Qt.
- `app/`: the application shell (start-up, one instance per data folder, platform checks).
- `game/`: one open game (window, controller, undo mirror, curtain, keyboard, follow, hint).
- `board/`: the board (view, scene, items, layout, marks) shared by every game.
- `games/<id>/`: each game's own hooks, words, scene and items.
- `panels/`, `dialogs/`, `review/`, `tutorial/`: the pieces around the board.
- `online/`: online play's Qt-free core, and `online/gui/` its GUI half.
- `services/`: settings, theme, text size and the AI runner, shared by every window.

Importing this package does not import Qt."""

import os

# Qt's raster painter hands a fill of more than about a hundred scanlines (a piece's shadow, a
# panel's paper, a cached picture copied) to a thread pool of its own and waits for it. Our boards
# are many small cached pieces, so the split buys nothing and costs wake-ups: the UI thread waited
# for those threads 2-4 ms of a review step (more while AI workers hold the cores), and the
# process spent more CPU in all than painting alone. Read when Qt first paints, so set here,
# before any window exists.
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")

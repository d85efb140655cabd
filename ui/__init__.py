"""The PySide6 application. Importing this package does not import Qt: `ui.cli` dispatches
headless commands without it."""

import os

# Qt's raster painter hands a fill of more than about a hundred scanlines (a piece's shadow, a
# panel's paper, a cached picture copied) to a thread pool of its own and waits for it. Our boards
# are many small cached pieces, so the split buys nothing and costs wake-ups: the UI thread waited
# for those threads 2-4 ms of a review step (more while AI workers hold the cores), and the
# process spent more CPU in all than painting alone. Read when Qt first paints, so set here,
# before any window exists.
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")

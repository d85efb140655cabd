#!/usr/bin/env python3
"""Soak the real app for a given number of minutes (ARCHITECTURE §9: memory levels off).

    nice -n -10 .venv/bin/python tests/bench/soak.py --minutes 60 > /tmp/soak.log 2>&1

(root may raise its priority as above, so other work on the machine does not distort the gaps;
otherwise run it on a quiet machine.) The figures of the runs so far: tests/bench/RESULTS.md.

The app runs offscreen as players start it: the start screen's `Shell`, the game window, the
qasync loop, the AI in its spawn worker process, autosave after every decision, the GUI-thread
garbage collector. Game after game goes through every registered game and player count with AI
seats (easy and normal, one searching hard seat with a short think time every third game). Every
other game seat 0 is a "human" played by this script through the controller (as a click would),
which undoes and redoes some of its decisions and confirms its turns (Confirm turn is on); every
two minutes the game is saved, loaded back (its state hash compared) and, now and then, continued
from the autosave. A minute without any change is reported as a stall. Animations run in half
the games (AI speed "fast") and are off in the others ("instant").

It prints one line per sample (every 30 s): minutes, games finished, decisions, resident memory
of the app and of its worker processes, the largest UI gap so far; and a summary at the end:
crashes (exceptions that reached the event loop; a hard crash ends the process, which the exit
code shows), the largest gap between two ticks of a 20 ms timer, memory growth after the first
game, and worker processes still alive 5 s after the app quit. Memory is compared like against
like: once each finished game has been closed and its memory given back (ui/app/memory.py, a moment
after the next game opened; at the end the second game is opened again for this), from the
first game to the last. Beside it: the last sample against the moment the first game ended, and
against the end of a game of each kind (either may compare a small board with a large one in
full play). Beside the first of these, its anonymous part: without the pages of the library
and font files read in (shared with other processes, dropped by the kernel when it needs the
room; they grow as more glyphs and code paths are used). Exit status 0 when no exception reached
the loop, nothing stalled, resident memory grew under 10 % from the first closed game to the
last and no worker was left.

Leak hunting (each slows the app, so the gaps it reports are not the app's):
- `--probe`: after every game (once the next has opened, Qt's deferred deletes done and garbage
  collected) one line of what is alive: resident memory, glibc's heap in use and free (C++ and
  large Python objects), Python's small-object blocks, gc-tracked objects, widgets, the window's
  QObjects, live scenes and their items, scenes whose C++ side is deleted while Python still
  holds them, and items in no scene. The first time a deleted scene is still held, it prints
  what on the chain that holds it is held from outside Python's view (a Qt connection, PySide's
  ownership bookkeeping). Growth of "items in no scene" or of deleted scenes is a leak of boards.
- `--census`: which Python object types grew since a game of each kind ended.
- `--trace`: tracemalloc from that moment on; every 4 games, where the live Python memory
  allocated since then came from (the innermost frames in this repository).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SAMPLE_S = 30


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def own_mb() -> float:
    """This process's anonymous resident memory in MB (/proc/self/smaps_rollup): its heaps and
    other memory of its own, without the pages of the library and font files it has read, which
    other processes share and the kernel drops and reads again as it needs."""
    try:
        with open("/proc/self/smaps_rollup") as f:
            for line in f:
                if line.startswith("Anonymous:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return float("nan")


def census():
    """Live Python objects by type name (after a full collection)."""
    import collections
    import gc

    gc.collect()
    return collections.Counter(type(o).__name__ for o in gc.get_objects())


class _Mallinfo2(__import__("ctypes").Structure):
    _fields_ = [(n, __import__("ctypes").c_size_t) for n in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def malloc_mb() -> tuple[float, float]:
    """glibc's heap: (MB in use, MB free but kept) — C++ (Qt) and large Python objects alike."""
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _Mallinfo2
        m = libc.mallinfo2()
        return (m.uordblks + m.hblkhd) / 2**20, m.fordblks / 2**20
    except (OSError, AttributeError):
        return float("nan"), float("nan")


def resident_parts() -> str:
    """Resident memory by kind of mapping (/proc/self/smaps_rollup has no split): the brk heap,
    anonymous mappings (glibc's other arenas, Python's arenas, big blocks) and files (code, fonts)."""
    parts = {"heap": 0, "anon": 0, "file": 0}
    kind = None
    try:
        with open("/proc/self/smaps") as f:
            for line in f:
                first = line.split(maxsplit=6)
                if len(first) >= 5 and "-" in first[0] and not first[0].endswith(":"):
                    name = first[5].strip() if len(first) > 5 else ""
                    kind = "heap" if name == "[heap]" else "anon" if not name or name.startswith("[") else "file"
                elif first and first[0] == "Rss:" and kind is not None:
                    parts[kind] += int(first[1])
    except OSError:
        return ""
    return " ".join(f"{k} {v / 1024:.1f}" for k, v in parts.items())


def _print_roots(target, limit: int = 20000) -> None:
    """Why `target` is still alive after a full collection: the objects on its chain of
    referrers that something outside Python's view holds (a Qt connection, Shiboken's
    parent-child bookkeeping, a C extension): their reference count exceeds the references
    found from Python objects."""
    import gc
    import inspect

    everything = gc.get_objects()
    mine = {id(everything)}
    chain, frontier = {id(target): target}, [target]
    while frontier and len(chain) < limit:
        nxt = []
        for o in frontier:
            for r in gc.get_referrers(o):
                if id(r) in mine or id(r) in chain or inspect.isframe(r) or r is frontier or r is nxt:
                    continue
                chain[id(r)] = r
                nxt.append(r)
        frontier = nxt
    frontier = nxt = r = None
    in_everything = {id(x) for x in everything}
    mine |= {id(chain)}
    inbound = dict.fromkeys(chain, 0)
    for o in everything:
        if id(o) in mine:
            continue
        for ref in gc.get_referents(o):
            if id(ref) in inbound:
                inbound[id(ref)] += 1
    print(f"  the chain holds {len(chain)} objects; held from outside Python's view:", flush=True)
    shown = 0
    for key, o in chain.items():
        # getrefcount's argument, the `chain` dict's value and the `o` loop variable
        extra = sys.getrefcount(o) - 3 - inbound[key] - (key in in_everything)
        if extra > 0 and shown < 25:
            shown += 1
            try:
                text = repr(o)[:150]
            except Exception as exc:  # noqa: BLE001 - a deleted Qt object
                text = f"<{exc}>"
            print(f"    +{extra} {type(o).__name__}: {text}", flush=True)


def probe_line(shell) -> str:
    """What is alive right now, to tell Python-heap growth from Qt/C++ growth (after a full
    collection and Qt's deferred deletes)."""
    import collections
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent, QObject
    from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    gc.collect()
    objs = gc.get_objects()
    from shiboken6 import isValid

    all_scenes = [o for o in objs if isinstance(o, QGraphicsScene)]
    scenes = [s for s in all_scenes if isValid(s)]
    py_items = [o for o in objs if isinstance(o, QGraphicsItem)]
    dead_items = sum(1 for o in py_items if not isValid(o))
    scene_items = sum(len(s.items()) for s in scenes)
    in_scenes = {id(i) for s in scenes for i in s.items()}
    loose = [o for o in py_items if isValid(o) and id(o) not in in_scenes]
    dead = [s for s in all_scenes if not isValid(s)]
    if dead and not getattr(probe_line, "told", False):  # who keeps a deleted scene's wrapper alive
        probe_line.told = True
        print("  a deleted scene's wrapper is alive", flush=True)
        _print_roots(dead[0])
    window = shell.window
    qobjects = len(window.findChildren(QObject)) if window is not None else 0
    in_use, free = malloc_mb()
    rss = rss_mb(os.getpid())
    # what the pixmap cache held (its pixmaps are malloc'd; clearing it costs a repaint) and what
    # the heap kept free but resident (given back by malloc_trim)
    from PySide6.QtGui import QPixmapCache

    QPixmapCache.clear()
    held = in_use - malloc_mb()[0]
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
    trimmed = rss - rss_mb(os.getpid())
    return (f"rss {rss:.1f} MB (pixmap cache {held:.1f} MB; trim gave back {trimmed:.1f} MB)  "
            f"malloc in use {in_use:.1f} MB free {free:.1f} MB  "
            f"python blocks {sys.getallocatedblocks()}  gc objects {len(objs)}  "
            f"widgets {len(QApplication.allWidgets())}  window QObjects {qobjects}  "
            f"scenes {len(scenes)} with {scene_items} items (+{len(dead)} deleted)  "
            f"item wrappers {len(py_items)} (of them deleted {dead_items}, in no scene {len(loose)}: "
            f"{collections.Counter(type(o).__name__ for o in loose).most_common(4)})")


def print_traced(top: int = 8) -> None:
    """The places that allocated the Python memory still alive since tracing began (--trace),
    each by its innermost frames in this repository."""
    import gc
    import tracemalloc

    gc.collect()
    stats = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(False, tracemalloc.__file__)]).statistics("traceback")
    total = sum(st.size for st in stats)
    print(f"  python memory allocated since tracing began and alive: {total / 2**20:.1f} MB; largest:", flush=True)
    for st in stats[:top]:
        ours = [f for f in st.traceback if str(ROOT) in f.filename and "/.venv/" not in f.filename][:3]
        where = " < ".join(f"{Path(f.filename).relative_to(ROOT)}:{f.lineno}" for f in ours) or str(st.traceback[0])
        print(f"    {st.size / 1024:8.0f} KB {st.count:7d} blocks  {where}", flush=True)


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")[:120].strip()
    except OSError:
        return "?"


def descendants(pid: int) -> list[int]:
    """Every live process below `pid` (Linux /proc)."""
    parent_of: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
            fields = stat[stat.rindex(")") + 2:].split()
            if fields[0] == "Z":
                continue
            parent_of[int(name)] = int(fields[1])
        except (OSError, ValueError, IndexError):
            continue
    found, frontier = [], [pid]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent_of.items() if pp == p]
        found += kids
        frontier += kids
    return found


class Soak:
    """Drives the shell and records what the summary reports."""

    def __init__(self, args, shell, app):
        from PySide6.QtCore import QTimer

        from engine.core.rng import Rng
        from ui.games import playable_specs

        self.args, self.shell, self.app = args, shell, app
        self.rng = Rng(args.seed)
        # round-robin over the games, so the first few games load every game's code and art
        counts = {s.id: list(range(s.min_players, s.max_players + 1)) for s in playable_specs()}
        self.configs = [(g, c[k]) for k in range(max(map(len, counts.values())))
                        for g, c in counts.items() if k < len(c)]
        self.kinds = len(counts)
        self.t0 = time.monotonic()
        self.deadline = self.t0 + args.minutes * 60
        self.games_started = self.games_finished = 0
        self.decisions = 0
        self.undos = self.redos = self.save_loads = self.continues = self.confirms = 0
        self.errors: list[str] = []
        self.reports: list[str] = []
        self.max_gap = 0.0
        self.max_gap_at = ""
        self.last_tick = time.monotonic()
        self.rss_first_game: float | None = None
        self.rss_every_game: float | None = None  # once a game of every kind has ended
        # after each finished game was closed and its memory released (ui/app/memory.py): (games, MB)
        self.between: list[tuple[int, float]] = []
        self.between_own: list[float] = []  # the anonymous part of the same (own_mb)
        self.samples: list[tuple[float, float, float]] = []
        self.last_save_load = time.monotonic()
        self.save_dir = Path(tempfile.mkdtemp(prefix="soak-saves-"))
        self.human = False
        self.pending_redo = False
        self.done = False
        self.last_change = time.monotonic()
        self.stalls = 0

        self.tick = QTimer()
        self.tick.timeout.connect(self._tick)
        self.tick.start(20)
        self.sampler = QTimer()
        self.sampler.timeout.connect(self.sample)
        self.sampler.start(SAMPLE_S * 1000)
        self.driver = QTimer()
        self.driver.timeout.connect(self._drive)
        self.driver.start(40)

    # -- measuring ----------------------------------------------------------------------------------
    def _tick(self) -> None:
        now = time.monotonic()
        gap = now - self.last_tick
        self.last_tick = now
        if gap > self.max_gap:
            self.max_gap = gap
            c = self.controller()
            what = f"{c.session.spec.id}, {len(c.session.log)} decisions" if c else "no game"
            self.max_gap_at = f"at {(now - self.t0) / 60:.1f} min ({what})"

    def workers(self) -> list[int]:
        return descendants(os.getpid())

    def sample(self) -> None:
        if time.monotonic() > self.deadline + 120 and not self.done:
            print("the last game did not end within two minutes of the deadline: stopping", flush=True)
            self.stop()
            return
        if time.monotonic() - self.last_change > 60:
            self.stalls += 1
            print(f"STALL: nothing happened for {time.monotonic() - self.last_change:.0f} s: "
                  f"{self.stall_report()}", flush=True)
        if self.args.census and getattr(self, "census", None) is not None:
            now = census()
            grown = sorted(((n - self.census[k], k) for k, n in now.items() if n - self.census[k] > 50), reverse=True)
            print("  objects grown since a game of each kind ended:", grown[:12], flush=True)
        rss = rss_mb(os.getpid())
        worker_rss = sum(rss_mb(p) for p in self.workers())
        minutes = (time.monotonic() - self.t0) / 60
        self.samples.append((minutes, rss, worker_rss))
        from ui.board.items import LOOKS

        in_use, free = malloc_mb()
        c = self.controller()
        print(f"{minutes:6.1f} min  games {self.games_finished:4d}  decisions {self.decisions:7d}  "
              f"app {rss:7.1f} MB  workers {worker_rss:7.1f} MB ({len(self.workers())})  "
              f"[{c.session.spec.id if c else '-'}: looks {LOOKS.size / 2**20:.1f} MB, "
              f"malloc in use {in_use:.1f} free {free:.1f} MB, python blocks {sys.getallocatedblocks()}, "
              f"resident {resident_parts()} MB]  "
              f"largest gap {self.max_gap * 1000:6.0f} ms  "
              f"undo/redo/confirm {self.undos}/{self.redos}/{self.confirms}  "
              f"save+load {self.save_loads}  continue {self.continues}  errors {len(self.errors)}",
              flush=True)

    # -- driving ------------------------------------------------------------------------------------
    def controller(self):
        w = self.shell.window
        return w.controller if w is not None else None

    def open_game(self, k: int) -> str:
        """Open the game numbered `k` (from 0): its game, player count, seats, speed and seed."""
        from engine.core.contract import SeatInfo

        game_id, players = self.configs[k % len(self.configs)]
        levels = ["easy", "normal"]
        seats = [SeatInfo(f"AI {i + 1}", "ai", levels[(i + k) % 2]) for i in range(players)]
        if k % 3 == 2:
            seats[-1] = SeatInfo("Hard", "ai", "hard")
        self.human = k % 2 == 1
        if self.human:
            seats[0] = SeatInfo("Script", "human")
        speed = "fast" if k % 2 == 0 else "instant"
        self.shell.settings.set("ai_speed", speed)
        self.shell.start_game(game_id, seats, {}, self.args.seed * 1000 + 1 + k)
        return speed

    def start_next_game(self) -> None:
        speed = self.open_game(self.games_started)
        self.games_started += 1
        if self.games_finished:  # the game just closed: its memory is released a moment later
            from PySide6.QtCore import QTimer

            from ui.app.memory import RELEASE_DELAY_MS

            n = self.games_finished
            QTimer.singleShot(RELEASE_DELAY_MS + 500, lambda: self._between(n))
        if self.args.probe:
            from PySide6.QtCore import QTimer

            n = self.games_finished
            QTimer.singleShot(300, lambda: print(f"probe after {n} games: {probe_line(self.shell)}", flush=True))
        w = self.shell.window
        w.set_ai_speed(speed)
        self._hook(self.controller())

    def _between(self, n: int) -> None:
        """Memory once game `n` has been closed and released (and, with --maps, what it is made of)."""
        self.between.append((n, rss_mb(os.getpid())))
        self.between_own.append(own_mb())
        if self.args.maps:
            from tests.bench.memory_parts import report

            line, parts = report(getattr(self, "first_parts", None))
            self.first_parts = getattr(self, "first_parts", None) or parts
            print(f"maps after {n} games: rss {self.between[-1][1]:.1f} MB: {line}", flush=True)

    def _hook(self, c) -> None:
        c.session.subscribe(self._count)
        c.game_over.connect(self._game_over)

    def _count(self, _session) -> None:
        self.decisions += 1
        self.last_change = time.monotonic()

    def stall_report(self) -> str:
        """What the open game waits for (printed when nothing has happened for a minute)."""
        c = self.controller()
        if c is None:
            return "no game open"
        s = c.session
        return (f"{s.spec.id} {len(s.seats)}p, {len(s.log)} decisions, to move {s.to_move()}, over {s.is_over()}, "
                f"ai_seat {c.ai_seat}, ai timer {c._ai_timer_pending}, curtain {c.curtain_up}, "
                f"closed {c.closed}, script human {self.human}, human to move {c.human_to_move()}, "
                f"legal {len(c.legal)}, seats {[(x.kind, x.level) for x in s.seats]}")

    def _game_over(self) -> None:
        if self.done:
            return
        self.games_finished += 1
        if self.rss_first_game is None:
            self.rss_first_game = rss_mb(os.getpid())
            print(f"first game over: app {self.rss_first_game:.1f} MB", flush=True)
        if self.rss_every_game is None and self.games_finished == self.kinds:
            self.rss_every_game = rss_mb(os.getpid())
            print(f"a game of every kind over: app {self.rss_every_game:.1f} MB", flush=True)
            if self.args.census:
                self.census = census()
            if self.args.trace:
                import tracemalloc

                tracemalloc.start(12)  # from here on: what is still alive later was allocated after
        elif self.args.trace and self.games_finished % 4 == 0 and self.rss_every_game is not None:
            print_traced()
        w = self.shell.window
        if w.end_dialog is not None:
            w.end_dialog.close()
        from PySide6.QtCore import QTimer

        QTimer.singleShot(200, self._next_or_stop)

    def _next_or_stop(self) -> None:
        if time.monotonic() >= self.deadline:
            self.stop()
        else:
            self.start_next_game()

    def _drive(self) -> None:
        """Play the script's human seat; undo/redo some decisions; save, load and continue."""
        c = self.controller()
        if c is None or self.done or c.session.is_over():
            return
        try:
            if time.monotonic() - self.last_save_load > self.args.save_every and c.ai_seat is None:
                self.last_save_load = time.monotonic()
                self.save_and_load(c)
                return
            if self.human and c.confirm_pending():  # the finished turn waits for its Confirm
                if c.undo_stack.canUndo() and self.rng.randbelow(5) == 0:
                    c.undo_stack.undo()  # second thoughts: undo the turn's last decision
                    self.undos += 1
                else:
                    c.confirm_turn()
                    self.confirms += 1
                return
            if not (self.human and c.human_to_move()):
                return
            if self.pending_redo and c.undo_stack.canRedo():
                self.pending_redo = False
                c.undo_stack.redo()
                self.redos += 1
                return
            legal = c.legal or c.session.legal_actions()
            c.take(legal[self.rng.randbelow(len(legal))])
            if c.undo_stack.canUndo() and self.rng.randbelow(4) == 0:
                c.undo_stack.undo()
                self.undos += 1
                self.pending_redo = self.rng.randbelow(2) == 0
        except Exception:  # noqa: BLE001 - recorded as an error of the app
            self.errors.append(traceback.format_exc())
            print("ERROR while driving:\n" + self.errors[-1], flush=True)

    def save_and_load(self, c) -> None:
        w = self.shell.window
        before = c.session.state.state_hash()
        path = self.save_dir / f"soak-{self.save_loads % 3}.tycoons"
        if not w._write(path):
            raise RuntimeError(f"saving to {path} failed")
        if self.save_loads % 4 == 3:
            c.autosave_now()  # as when the window closes: Continue then resumes this very position
            w2 = self.shell.continue_game()
            self.continues += 1
        else:
            w2 = self.shell.load_game(w, str(path))
        self.save_loads += 1
        c2 = self.controller()
        if w2 is None or c2 is None or c2 is c:
            raise RuntimeError("the saved game did not open again")
        self._hook(c2)
        if c2.session.state.state_hash() != before:
            raise RuntimeError(f"the game loaded back is not the game saved ({c.session.spec.id}, "
                               f"{len(c.session.log)} decisions saved, {len(c2.session.log)} loaded)")

    def stop(self) -> None:
        """Sample; open the second game again, as after the first game, so that memory once the
        last game has been closed and released is measured like the first; record it; quit."""
        from PySide6.QtCore import QTimer

        from ui.app.memory import RELEASE_DELAY_MS

        self.done = True
        self.sample()
        for t in (self.tick, self.sampler, self.driver):
            t.stop()
        if self.games_started > 1:  # the second game again: the first closed game's figure was taken in it
            self.open_game(1)
        QTimer.singleShot(RELEASE_DELAY_MS + 500, self._after_last_game)

    def _after_last_game(self) -> None:
        self._between(self.games_finished)
        self.shell.quit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--think-ms", type=int, default=300, help="the hard seat's time per decision")
    parser.add_argument("--save-every", type=float, default=120, help="seconds between save/load cycles")
    parser.add_argument("--census", action="store_true", help="print which object types grow (leak hunting)")
    parser.add_argument("--trace", action="store_true",
                        help="tracemalloc from the warm-up on; every 4 games, where the live Python memory came from")
    parser.add_argument("--probe", action="store_true",
                        help="after each game: what is alive (Python heap, malloc, widgets, scenes, items)")
    parser.add_argument("--maps", action="store_true",
                        help="once each game is closed: resident memory by kind of mapping, glibc's and "
                             "Python's arenas, the caches (tests/bench/memory_parts.py)")
    args = parser.parse_args()

    data = tempfile.mkdtemp(prefix="soak-data-")
    os.environ["TYCOONS_DATA_DIR"] = data
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from ui.app.gc_guard import install_gc_guard
    from ui.app.shell import Shell
    from ui.services import settings as settings_module

    install_gc_guard(app)
    from ui.app.memory import settle_heap_policy

    settle_heap_policy()  # as run_gui does
    from ui.app import memory

    memory.allow_freezing()

    release, release_ms = memory.release_game_memory, []

    def timed_release():  # what giving a game's memory back costs the GUI thread
        t = time.perf_counter()
        release()
        release_ms.append((time.perf_counter() - t) * 1000)

    memory.release_game_memory = timed_release
    settings = settings_module.reset_for_tests(Path(data) / "settings.json")
    settings.set("think_ms", args.think_ms)
    settings.set("coach_first_games", False)  # the first games' coach would judge every human position
    shell = Shell(settings, autosave=True, start_pool=True)
    soak = Soak(args, shell, app)
    shell.report = lambda title, text, parent=None: (soak.reports.append(f"{title}: {text}"),
                                                    print(f"REPORT {title}: {text}", flush=True))
    shell.ask_save = lambda parent: __import__("PySide6.QtWidgets").QtWidgets.QMessageBox.StandardButton.Discard

    def hook(kind, value, tb):
        soak.errors.append("".join(traceback.format_exception(kind, value, tb)))
        print("EXCEPTION reached the event loop:\n" + soak.errors[-1], flush=True)

    sys.excepthook = hook
    shell.show_start()
    print(f"soak: {args.minutes} min, seed {args.seed}, pid {os.getpid()}, data {data}", flush=True)

    import asyncio

    import qasync
    from PySide6.QtCore import QTimer

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    def loop_error(_loop, context):  # an exception inside an AI callback ends up here, not in excepthook
        exc = context.get("exception")
        text = "".join(traceback.format_exception(exc)) if exc else str(context.get("message"))
        soak.errors.append(text)
        print("EXCEPTION in the asyncio loop:\n" + text, flush=True)

    loop.set_exception_handler(loop_error)
    QTimer.singleShot(500, lambda: (shell.runner.start(), soak.start_next_game()))
    with loop:
        loop.run_forever()

    time.sleep(5)  # the worker's shutdown is not waited for (wait=False): give it a moment
    # multiprocessing's resource tracker ends with this process (its pipe closes); not a worker
    alive = [p for p in soak.workers() if rss_mb(p) > 0]
    leaked = [f"{p} ({cmdline(p)})" for p in alive if "resource_tracker" not in cmdline(p)]
    trackers = len(alive) - len(leaked)
    first = soak.rss_first_game
    last = soak.samples[-1][1] if soak.samples else 0.0
    peak = max((r for _, r, _ in soak.samples), default=0.0)
    growth = (last - first) / first * 100 if first else float("nan")
    every = soak.rss_every_game
    print("\n== soak summary ==")
    print(f"ran {(time.monotonic() - soak.t0) / 60:.1f} min; games finished {soak.games_finished} "
          f"(started {soak.games_started}); decisions {soak.decisions}; undo {soak.undos}, redo {soak.redos}, "
          f"confirmed turns {soak.confirms}; "
          f"save+load cycles {soak.save_loads} (of them continue from autosave {soak.continues})")
    print(f"exceptions that reached the loop or the driver: {len(soak.errors)}; reports shown: {len(soak.reports)}; "
          f"samples with no change for a minute: {soak.stalls}")
    for r in soak.reports[:5]:
        print(f"  report: {r}")
    print(f"largest UI gap: {soak.max_gap * 1000:.0f} ms {soak.max_gap_at}")
    if release_ms:
        print(f"giving a closed game's memory back (ui/app/memory.py), {len(release_ms)} times: "
              f"median {sorted(release_ms)[len(release_ms) // 2]:.0f} ms, max {max(release_ms):.0f} ms (GUI thread)")
    if first is not None:
        print(f"app memory: {first:.1f} MB after the first game, {last:.1f} MB at the end "
              f"(peak {peak:.1f} MB), growth {growth:+.1f} %")
    growth_every = (last - every) / every * 100 if every else float("nan")
    between = soak.between
    growth_between = ((between[-1][1] - between[0][1]) / between[0][1] * 100
                      if len(between) > 1 and between[0][0] == 1 else float("nan"))
    if len(between) > 1:
        print(f"app memory once a finished game was closed and its memory released: {between[0][1]:.1f} MB "
              f"after the first game, {between[-1][1]:.1f} MB after the last ({between[-1][0]}), "
              f"growth {growth_between:+.1f} %; largest {max(r for _, r in between):.1f} MB")
        step = max(1, len(between) // 24)
        print("  after game (games, MB): " + "; ".join(f"{n} {r:.0f}" for n, r in between[::step]))
        own = soak.between_own
        print(f"  of it anonymous memory (own_mb: without the shared, droppable pages of library and font "
              f"files): {own[0]:.1f} MB after the first game, {own[-1]:.1f} MB after the last, growth "
              f"{(own[-1] - own[0]) / own[0] * 100:+.1f} %; largest {max(own):.1f} MB")
    if every is not None:
        print(f"app memory once a game of each of the {soak.kinds} kinds had ended (all code and art loaded): "
              f"{every:.1f} MB; growth since then {growth_every:+.1f} %")
    print("memory over time (minutes, app MB, workers MB): "
          + "; ".join(f"{m:.0f} {r:.0f} {w:.0f}" for m, r, w in soak.samples[::max(1, len(soak.samples) // 24)]))
    print(f"worker processes alive 5 s after quitting: {len(leaked)} {leaked} "
          f"(besides {trackers} multiprocessing resource tracker, which exits with the app)")
    ok = not soak.errors and not soak.stalls and not leaked and growth_between < 10
    print("PASS" if ok else "FAIL", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

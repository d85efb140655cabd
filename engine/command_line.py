"""What the `tycoons` command line accepts: the argparse types every subcommand shares, and a parser
that refuses a bad argument in one line.

Each type turns what a person typed into a value, or refuses it with the reason, before anything
starts: whole numbers and decimals within bounds (so no command is asked for 10^30 players or a
picture a billion pixels wide), seeds, game ids, output files that are not a FIFO, a device or a
folder (writing to a FIFO would wait for a reader for ever), folders that are not files. What is
echoed of a refused argument is cut short and has its control characters escaped, so a crafted
argument never reaches the terminal as an escape sequence. `Parser.error` prints one line and
exits with 2, as every refusal of a command does.

Light on purpose (argparse and os only): every launch of the app builds the parser before the
start screen. Qt-free, below everything that defines a command (engine, ai, saves, the online
core), which is why it lives here."""

from __future__ import annotations

import argparse
import math
import os
import stat
from collections.abc import Callable

MAX_SEATS = 16
"""More seats than any game takes; the game's own range is checked once it is known."""
MAX_JOBS = 64
"""Most worker processes a command may be asked for; it starts no more than the machine has cores."""
MAX_GAMES = 1_000_000
MAX_MOVES = 1_000_000
MAX_ITERATIONS = 1_000_000
"""Search iterations a decision: some minutes of a searching level's time, far above any budget used."""
MAX_MS = 600_000
"""Ten minutes of thinking a decision."""
SEED_MAX = 2**64 - 1
SHOWN = 40
"""Characters of a refused argument echoed back."""


def shown(text: str, limit: int = SHOWN) -> str:
    """`text` quoted as it may be echoed: control characters escaped, cut to `limit` characters."""
    text = str(text)
    return repr(text[:limit]) + ("…" if len(text) > limit else "")  # repr escapes ESC, BEL and the like


def printable(text: str) -> str:
    """`text` as one printable line (control characters escaped): the last guard of a message."""
    text = " ".join(str(text).split())
    return text if text.isprintable() else "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose refusals are one line (its usage is in --help) and printable."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {printable(message)} (see {self.prog} --help)\n")


# -- numbers -----------------------------------------------------------------------------------------
def whole(what: str, low: int, high: int) -> Callable[[str], int]:
    """A type for a whole number from `low` to `high`; `what` names it in a refusal ("a number of
    players")."""

    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:  # also a number of thousands of digits: Python refuses to read it
            raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} is a whole number from {low:,} to {high:,}, not {_number(text)}")
        return value

    parse.__name__ = what
    return parse


def decimal(what: str, low: float, high: float) -> Callable[[str], float]:
    """A type for a finite decimal number from `low` to `high` (NaN and infinities refused)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{shown(text)} is not a number") from None
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} is a number from {low:g} to {high:g}, not {_number(text)}")
        return value

    parse.__name__ = what
    return parse


def _number(text: str) -> str:
    """A number as typed (it was read as one, so it holds digits, a sign, a point, an exponent or
    "inf"/"nan": nothing to escape), cut short."""
    text = text.strip()
    return text if len(text) <= 24 else text[:20] + "…"


players = whole("the number of players", 1, MAX_SEATS)
seed = whole("a seed", 0, SEED_MAX)
jobs = whole("the number of processes", 1, MAX_JOBS)
games = whole("the number of games", 1, MAX_GAMES)
moves = whole("the number of decisions", 0, MAX_MOVES)
iterations = whole("the number of iterations", 1, MAX_ITERATIONS)
think_ms = whole("the thinking time in milliseconds", 1, MAX_MS)
seat = whole("a seat", 0, MAX_SEATS - 1)


def process_count(asked: int, tasks: int) -> int:
    """How many worker processes to start for `tasks` pieces of work when `asked` for some: never
    more than the pieces, nor than the machine's cores (more would only share the same cores)."""
    return max(1, min(asked, tasks, os.cpu_count() or 1))


# -- games -------------------------------------------------------------------------------------------
def game(text: str) -> str:
    """A type for a game id of the registry (its list is read without importing any game)."""
    from engine.core.registry import GAME_MODULES

    if text not in GAME_MODULES:
        raise argparse.ArgumentTypeError(f"no game called {shown(text)} (known: {', '.join(GAME_MODULES)})")
    return text


def name(text: str) -> str:
    """A type for a player's name, refused as the new-game dialog would (engine/core/names.py: one
    line, at most 40 characters, not blank)."""
    from engine.core.names import name_problem

    text = text.strip()
    problem = name_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(f"the name {shown(text, 24)} {problem}")
    return text


def names(text: str) -> list[str]:
    """A type for players' names, comma-separated (``Ann,Bob,Cy``): each a `name`, all different."""
    found = [name(n) for n in text.split(",")]
    if len({n.casefold() for n in found}) != len(found):
        raise argparse.ArgumentTypeError("every player needs a different name")
    return found


# -- files -------------------------------------------------------------------------------------------
def output_file(text: str) -> str:
    """A type for a file to write: refused if something other than a regular file is at its name (a
    folder, a FIFO, a device) or a file stands where one of its folders should be."""
    if not text or "\0" in text:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a file name")
    path = os.path.abspath(text)
    try:
        info = os.stat(path)  # a link is judged by what it leads to: that is what would be written
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{shown(text)} cannot be written ({exc.strerror or exc})") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise argparse.ArgumentTypeError(f"{shown(text)} is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise argparse.ArgumentTypeError(f"{shown(text)} is not a regular file (a FIFO or a device is never "
                                             "written to)")
        return text
    _folders_are_folders(text, os.path.dirname(path))
    return text


def folder(text: str) -> str:
    """A type for a folder to write files in (made if missing): refused if a file is at its name or
    where one of the folders above it should be."""
    if not text or "\0" in text:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a folder name")
    _folders_are_folders(text, os.path.abspath(text))
    return text


def _folders_are_folders(text: str, path: str) -> None:
    while True:
        if os.path.lexists(path):
            if not os.path.isdir(path):
                raise argparse.ArgumentTypeError(f"{shown(text)} cannot be written: {shown(path)} is a file, "
                                                 "not a folder")
            return
        parent = os.path.dirname(path)
        if parent == path:
            return
        path = parent

"""One package per game, `ui/games/<pkg>/`, each with the same parts (ARCHITECTURE §13):

- `__init__.py`: the game's UI hooks, the members of `GameUi` below, which is all that the
  window, the controller, the review, the dialogs and the tutorial ask of a game;
- `words.py`: the prompt, the players panel's rows, the labels of choices and the tooltips' texts,
  read from a view (plain data) and free of Qt, so they are cheap and tested without a display;
- `scene.py`: the board (a `GameScene`, ui/board/scene.py): it declares the panels and draws them;
- `items.py` (and `regions/` when larger): the board's pieces, and the scene's regions.

A contract test (tests/ui/test_game_shape.py) checks every registered game's package against this.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from engine.core.contract import Action
    from ui.board.scene import GameScene


class GameUi(Protocol):
    """What every game's ui package (`ui/games/<pkg>/__init__.py`) provides, as module members. A
    hook a game has no use for is still there, with the plain answer (`no_auto_pass`, …)."""

    BOARD_HAS_MATS: bool
    """The board shows every player's mat (money, holdings…): the players dock stays closed
    unless the player opens it."""

    def make_scene(self, game_id: str = ...) -> GameScene:
        """A fresh board scene for the game."""

    def player_summary(self, view: dict, seat: int) -> list[tuple[str, str]]:
        """Label/value rows for the players panel: what `view` shows of `seat` (money, assets,
        shares…)."""

    def prompt(self, view: dict, legal: list[Action], names: list[str]) -> str:
        """The plain-words instruction for the prompt bar ("Ann: choose a company to acquire, buy a
        share, or pay dividends")."""

    def auto_pass(self, view: dict, legal: list[Action]) -> tuple[tuple, str, Action] | None:
        """Where the rules let the player to move pass for the rest of a phase: (the phase as a key
        that changes when it ends, its name, the pass to take at each of their turns in it);
        None elsewhere."""

    def pass_phase(self, view: dict) -> tuple | None:
        """The phase a player may pass through (`auto_pass`) that the game is in, as that key, or
        None."""

    def revealed_rows(self, view: dict, names: list[str]) -> list[tuple[str, list[str]]]:
        """What the end of the game revealed, for the end-of-game dialog: (row label, a text per
        seat) each; empty when nothing was hidden."""

    def reason(self, key: str, amount: float, rival: bool) -> str:
        """What a move gains in one category of the game's points (a key of the game's standing,
        ai/games/<pkg>/knowledge.py), in words, for a hint's or an analysis's reason: the seat's
        own gain ("more cash (+$28)"), or with `rival` what it does to the strongest rival's
        ("less worth in Swift shares for your top rival (−$56)"). `amount` is in the game's
        points. `reason_phrase` says it once the category and the amount are words."""

    def points_text(self, amount: float) -> str:
        """An amount of the game's points, in words, without a sign: "$400", "40 points", "3 Market
        Share" (the loss of points an analysis shows)."""


def no_auto_pass(view: dict, legal: list[Action]) -> None:
    """`GameUi.auto_pass` of a game with no phase a player may pass through."""
    return None


def no_pass_phase(view: dict) -> None:
    """`GameUi.pass_phase` of a game with no phase a player may pass through."""
    return None


def nothing_revealed(view: dict, names: list[str]) -> list[tuple[str, list[str]]]:
    """`GameUi.revealed_rows` of a game whose end reveals nothing the board did not show."""
    return []


def reason_phrase(noun: str, amount: str, rival: bool, against: bool = False, countable: bool = False) -> str:
    """A reason in words from one category of a game's points: `noun` the category ("cash",
    "worth in Swift shares"), `amount` the difference as the game writes it, with its sign ("+$28",
    "−$56"), `against` for a category that counts against its holder (bad legacy), whose gain is
    having less of it, `countable` for a noun counted in units ("fewer factories"). The same words
    say a loss ("less cash (−$28)"). The rival is the opponent with the most points (`top rival`).

    >>> reason_phrase("cash", "+$28", False), reason_phrase("worth in Swift shares", "−$56", True)
    ('more cash (+$28)', 'less worth in Swift shares for your top rival (−$56)')
    >>> reason_phrase("bad legacy", "+3 points", False, against=True), reason_phrase("cash", "−$28", False)
    ('less bad legacy (+3 points)', 'less cash (−$28)')
    >>> reason_phrase("factories", "−0.6 points", False, countable=True)
    'fewer factories (−0.6 points)'
    """
    word = ("fewer" if countable else "less") if amount.startswith("−") != against else "more"
    return f"{word} {noun}" + (" for your top rival" if rival else "") + f" ({amount})"


def signed(x: float, unit: str = "", prefix: str = "") -> str:
    """A difference with its sign, rounded as a player reads it: "+47 points", "−$56", "+0.5 points".

    >>> signed(47.2, "points"), signed(-56, prefix="$"), signed(0.5, "points"), signed(1, "points")
    ('+47 points', '−$56', '+0.5 points', '+1 point')
    """
    sign = "−" if x < 0 else "+"
    size = abs(x)
    number = f"{size:.0f}" if size >= 9.5 or abs(size - round(size)) < 0.05 else f"{size:.1f}"
    if unit and number == "1" and unit.endswith("s"):
        unit = unit[:-1]
    return f"{sign}{prefix}{number}" + (f" {unit}" if unit else "")


def game_ui(game_id: str) -> GameUi:
    """The ui package of `game_id` (imported on first use)."""
    return cast("GameUi", importlib.import_module("ui.games." + game_id.replace("-", "_")))


def has_board(game_id: str) -> bool:
    """True if `game_id` has a scene in ui/games/ (a game whose rules are registered before its
    board is drawn is not offered to players)."""
    return importlib.util.find_spec("ui.games." + game_id.replace("-", "_")) is not None


def playable_specs() -> list:
    """The GameSpecs of every registered game that has a board, in menu order."""
    from engine.core.registry import all_specs

    return [spec for spec in all_specs() if has_board(spec.id)]


def not_asked(view: dict, legal: list, names: list[str], idle: str = "Dealing…", unit: str = "points",
              reason: str = "") -> str | None:
    """The prompt bar's line while the person at this screen has nothing to choose: the result
    once the game is over (in `unit`, ended for `reason`), `idle` during a chance draw, "Waiting
    for …" on another seat's decision; None when they are asked."""
    outcome = view.get("outcome")
    if outcome:
        return game_over_text(outcome, names, unit, reason)
    mover = view["to_move"]
    if mover is None or mover < 0:
        return idle
    if not legal:
        return f"Waiting for {names[mover]}…"
    return None


def seen_by_viewer(name: str, viewer: bool) -> str:
    """A player's name as a board's title shows it to the player at the screen: "Ann (you)" for
    the viewer's own, but a first player called You (the app's default name) is "You", not
    "You (you)".

    >>> seen_by_viewer("Ann", True), seen_by_viewer("You", True), seen_by_viewer("Bob", False)
    ('Ann (you)', 'You', 'Bob')
    """
    return f"{name} (you)" if viewer and name.strip().lower() != "you" else name


def game_over_text(outcome: dict, names: list[str], unit: str = "points", reason: str = "") -> str:
    """The prompt bar's last line: who won (or shared the victory) with how much, and why it ended."""
    winners = outcome["winners"]
    top = outcome["scores"][winners[0]]
    who = " and ".join(names[w] for w in winners)
    verb = "share the victory" if len(winners) > 1 else "win" if who == "You" else "wins"
    why = f" ({reason})" if reason else ""
    amount = f"{top:g} {unit}" if top != 1 else f"1 {unit[:-1] if unit.endswith('s') else unit}"
    return f"Game over{why}: {who} {verb} with {amount}."



def prompt_head(view: dict, legal: list, names: list[str], unit: str = "points", reason: str = "",
                chance: str = "Drawing…") -> tuple[str | None, str]:
    """The start every game's prompt shares: `(text, "")` when that text is the whole prompt (the
    game is over, chance is drawing, or the person at the screen waits for the mover), else
    `(None, name of the seat to move)`."""
    outcome = view.get("outcome")
    if outcome:
        return game_over_text(outcome, names, unit, reason), ""
    mover = view.get("to_move")
    if mover is None or mover < 0:
        return chance, ""
    if not legal:
        return f"Waiting for {names[mover]}…", ""
    return None, names[mover]

"""Learn to play: a game's guided first game in the game window.

The lesson itself is data (assets/games/<id>/tutorial.toml) followed by the Qt-free runner in
engine/core/tutorial/; here is only what the window adds: the coach and its callout (coach.py,
callout.py), the board's changes a choice made (review.py) and the start of a lesson from the shell."""

from __future__ import annotations


def start_lesson(shell, game_id: str, parent=None):
    """Open `game_id`'s lesson in the game window; returns the window, or None (no lesson, or
    the open game was kept)."""
    from engine.core.errors import TycoonsError
    from engine.core.tutorial import load_lesson
    from ui.tutorial.coach import Coach

    try:
        lesson = load_lesson(game_id)
    except TycoonsError as exc:
        shell.report("Cannot start the lesson", str(exc), parent)
        return None
    if not shell.may_replace_game(parent):
        return None
    window = shell.window
    old = window.coach if window is not None else None
    if old is not None:
        old.dispose()
    session = lesson.session(shell.settings.get("player_name"))

    def coach(controller) -> None:
        shell.window.coach = Coach(shell.window, controller, lesson, autosave=shell.autosave_enabled)

    return shell.open_session(session, before_start=coach)


def lesson_games() -> list:
    """The GameSpecs of the playable games that have a lesson, in menu order."""
    from engine.core.tutorial import has_lesson
    from ui.games import playable_specs

    return [spec for spec in playable_specs() if has_lesson(spec.id)]

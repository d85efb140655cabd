"""What changed on a board between two moments, by piece key: one mechanism for every game.

Every board keeps its pieces in its pool by key (ui/board/pool.py), and every piece says what it
draws through `refresh(*content)`. A piece's *look* is that content plus where it stands inside
its panel (its slide's goal while it slides), so two looks of a key differ exactly when the
player would see that piece drawn otherwise or elsewhere: a token that moved, a share bought, a
card taken from a row, a price marker that stepped. Positions are read inside the piece's parent
(a panel's frame), so a board laid out anew for another window size changes no look.

    before = looks(scene)
    ... the scene shows the next view ...
    changed_keys(before, looks(scene))      # the keys whose pieces now look different

Nothing here knows a game; the "since your turn" marks and the highlight of an AI's move are
built on it (ui/game/follow.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from ui.board.items import BoardItem

Looks = dict[tuple, tuple]
"""A board's pieces by key -> what each looks like (content, place)."""


def look_of(piece) -> tuple:
    """What `piece` shows and where: its content and its place in its parent (rounded to a
    board unit, so a slide's last fraction of a pixel is no change)."""
    if not isinstance(piece, BoardItem):  # a hot spot: only its place
        return (None, round(piece.pos().x()), round(piece.pos().y()))
    pos = piece._goal if piece._goal is not None else piece.pos()
    return (piece._content, round(pos.x()), round(pos.y()))


def looks(scene) -> Looks:
    """The look of every piece `scene` shows now (parked pieces are not shown)."""
    return {key: look_of(piece) for key, piece in scene.pool.items.items() if piece.isVisible()}


def changed_keys(before: Mapping[tuple, tuple], after: Mapping[tuple, tuple],
                 unmarked: frozenset | set | tuple = ()) -> set[tuple]:
    """The keys of pieces shown in `after` that were not shown in `before`, show something else,
    or stand somewhere no piece of their kind stood before. A row that closed up after a card
    was taken is no change of the cards that slid along it (each took a place one of them had),
    while a token that moved to a new space is. Key heads in `unmarked` (a board's captions and
    status lines, which say what the pieces show) never count. A piece that went away cannot be
    marked; what happened to it is in the words."""
    places = {(key[0], look[1], look[2]) for key, look in before.items()}
    heads = {u for u in unmarked if not isinstance(u, tuple)}
    prefixes = [u for u in unmarked if isinstance(u, tuple)]
    changed = set()
    for key, look in after.items():
        if key[0] in heads or any(key[:len(p)] == p for p in prefixes):
            continue
        old = before.get(key)
        if old == look:
            continue
        if old is not None and old[0] == look[0] and (key[0], look[1], look[2]) in places:
            continue  # the same piece, slid into a place of its row
        changed.add(key)
    return changed

"""Players' names: what a name may be, wherever it enters (the new-game dialog, `Session.new`,
a loaded save, the command line), and how it is shortened where space is short.

A name is what a person would type: one line of at most NAME_LIMIT characters, not blank. So no
name can make a save too big to read back (six names of 40 four-byte characters are under 1 KB)
or a window wider than a screen; boards and panels still show a shortened form
(`short_name`), since a 40-character name does not fit a seat's plate.

>>> name_problem("Ann") is None, name_problem("x" * 41)
(True, 'is 41 characters long (a name has at most 40)')
>>> short_name("Alexandria Ocasio-Cortez", 12)
'Alexandria…'
>>> clean_name("  Ann \\t Lee ")
'Ann Lee'
"""

from __future__ import annotations

NAME_LIMIT = 40
"""Longest name, in characters (code points). ui/services/settings.py repeats it (a test checks)."""
SHORT_NAME = 16
"""Characters of a name shown where space is short (a seat's plate, a panel's heading)."""


def name_problem(name) -> str | None:
    """Why `name` cannot be a player's name, or None if it can."""
    if type(name) is not str:
        return "is not text"
    if len(name) > NAME_LIMIT:
        return f"is {len(name):,} characters long (a name has at most {NAME_LIMIT})"
    if not name.strip():
        return "is blank"
    if not name.isprintable():
        return "holds a line break or another control character"
    return None


def clean_name(text: str) -> str:
    """What a person typed, as a name: runs of white space as one space, trimmed, control
    characters dropped, cut to NAME_LIMIT (may be "" for a blank entry)."""
    text = " ".join(str(text)[: NAME_LIMIT * 4].split())
    text = "".join(c for c in text if c.isprintable())
    return text[:NAME_LIMIT].rstrip()


def short_name(name: str, limit: int = SHORT_NAME) -> str:
    """`name` cut to at most `limit` characters with an ellipsis, preferably at a word's end."""
    if len(name) <= limit:
        return name
    cut = name[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(" -·,.") + "…"

"""Robber Barons in words: the prompt, the players panel's rows, the cards' and the spaces' texts,
read from the view (plain data), free of Qt."""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import count
from engine.games.robber_barons.data import BUSINESS, LEGACY, SPACES
from ui.games import not_asked, reason_phrase, signed


def player_summary(view: dict, seat: int) -> list[tuple[str, str]]:
    """Label/value rows for the players panel (everything in this game is public)."""
    s = view["seats"][seat]
    legacy = s["legacy"]
    pile = [LEGACY[c].name for c in s["philanthropy"]] + [BUSINESS[c].name for c in s["business_pile"]]
    mono = [*(f"{m} (Great)" for m in s["great_monopolies"]), *s["monopolies"]]
    rows = [
        ("Money", f"${s['money']}M"),
        ("Legacy points", f"{s['points']} (philanthropy {legacy['philanthropy']}, business "
                          f"{legacy['business_legacy']:+d}, bad {legacy['bad_legacy']}, "
                          f"scandals {legacy['scandals']})"),
        ("Revenue", f"${s['revenue']}M a turn" + (f" (frozen {count(s['frozen'], 'turn')})" if s["frozen"] else "")),
        ("Control markers", f"{s['markers']} on the board, {s['supply']} in hand"),
        ("Trusts", ", ".join(f"{SPACES[i].industry} ({i + 1})" for i in s["trusts"]) or "none"),
        ("Monopolies", ", ".join(mono) or "none"),
        ("Legacy pile", ", ".join(pile) or "empty"),
    ]
    if s["out"]:
        rows.insert(0, ("Status", "bankrupt — re-enters on the next turn"))
    outcome = view.get("outcome")
    if outcome:
        rows.append(("Final score", f"{outcome['scores'][seat]:g}"))
    return rows


def prompt(view: dict, legal: list[Action], names: list[str]) -> str:
    """The plain-words instruction for the prompt bar."""
    waiting = not_asked(view, legal, names, "Rolling…", "Legacy points")
    if waiting:
        return waiting
    mover = view["to_move"]
    name = names[mover]
    p = view.get("prompt") or {}
    kind = p.get("kind")
    if kind == "dice":
        text = "choose to roll 1, 2 or 3 dice"
    elif kind == "bonus":
        text = "you reached Start: take $1M or draw a Legacy card"
    elif kind == "offer":
        card = LEGACY[view["offer"]]
        text = f"buy {card.name} for ${card.value}M (+{card.value} Legacy) or put it on the bottom"
    elif kind == "invest":
        space = SPACES[p["space"]]
        if p.get("took"):
            text = f"replace another opponent's marker on {space.industry} for $2M, or stop"
        else:
            text = (f"invest in {space.industry}: $1M for a marker, $2M to replace an opponent's, "
                    "or do nothing")
    elif kind == "target":
        text = "choose the target opponent"
    elif kind == "place":
        what = {"demand": "one of your Trusts (Demand)",
                "production": "one of your investments that is not a Trust (Production)",
                "anti_trust": "an opponent's Trust (Anti-Trust Act)"}[p["purpose"]]
        text = f"place a control marker on {what}"
    elif kind == "monopolize":
        text = "replace an opponent's control marker with yours (Monopolize)"
    elif kind == "goto":
        where = {"any": "any space", "oil": "an Oil space", "steel": "a Steel space",
                 "railroads": "a Railroads space", "ore": "a Mining, Gold or Silver space"}[p["group"]]
        text = f"move to {where}"
    else:
        text = "decide"
    return f"{name}: {text}."


CLASS_WORDS = {"great": "GREAT", "major": "MAJOR", "minor": "MINOR"}
"""The word on an industry's class band."""
KIND_WORDS = {"bad": "Bad Legacy", "scandal": "Scandal", "costly_scandal": "Costly Scandal",
              "business": "Business Legacy", "innovation": "Innovation", "": "Business card",
              "legacy": "Legacy card"}


def card_text(deck: str, card_id: str) -> tuple[str, str, str, str]:
    """(title, kind word, effect text, big value) of a card, for faces and tooltips."""
    if deck == "legacy":
        c = LEGACY[card_id]
        return c.name, "Legacy card", f"Philanthropy: costs ${c.value}M, worth {c.value} Legacy points.", f"{c.value}"
    c = BUSINESS[card_id]
    big = f"{c.points:+d}" if c.legacy else ""
    return c.name, KIND_WORDS[c.legacy], c.notes, big


def space_tooltip(index: int) -> str:
    """What a space of the board is and what landing there does."""
    s = SPACES[index]
    if s.kind == "industry":
        return (f"{s.industry} — {CLASS_WORDS[s.cls].title()} industry (space {index + 1})\n"
                "Land here: $1M for a control marker, or $2M to replace an opponent's (repeatable).")
    return {
        "start": "Start (space 1): landing on or passing it gives $1M or a Legacy card draw.",
        "legacy": f"Legacy (space {index + 1}): draw a Legacy card; buy it for its value or put it on the bottom.",
        "business": f"Business (space {index + 1}): draw and resolve a Business card.",
    }[s.kind]


SHORT_NAMES = {"Railroads": "Rails", "Shipping": "Ships", "Tobacco": "Tobac.", "Machinery": "Mach.",
               "Utilities": "Utility", "Textiles": "Textile", "Meat Packing": "Meat", "Real Estate": "Realty",
               "Merchandising": "Merch.", "Banking": "Banks", "Lumber": "Lumb."}
"""What an industry's space says when the board is shown too small for its whole name (the
tooltip and the status bar name it in full)."""


REASON_NOUNS = {"philanthropy": ("Legacy from philanthropy", False),
                "business_legacy": ("Legacy from business", False),
                "bad_legacy": ("bad legacy", True), "scandals": ("scandal", True),
                "buying_power": ("money and revenue to buy Legacy with", False)}
"""The categories of a player's Legacy (ai/games/robber_barons/knowledge.py's standing), and
whether each counts against its holder."""


def reason(key: str, amount: float, rival: bool) -> str:
    """A hint's reason from one category of a player's Legacy: "more Legacy from philanthropy
    (+4 points)", "less bad legacy (+2 points)"."""
    noun, against = REASON_NOUNS.get(key, (key.replace("_", " "), False))
    return reason_phrase(noun, signed(amount, "points"), rival, against)


def points_text(amount: float) -> str:
    """An amount of the game's points in words, unsigned ("40 points")."""
    return signed(amount, "Legacy points").lstrip("+−")

"""1st CEO in words: the prompt, the players panel's rows and what the end of the game revealed,
read from a seat's view (plain data), free of Qt."""

from __future__ import annotations

from engine.core.contract import Action
from engine.games.first_ceo.data import COMPANIES, CORPORATIONS
from ui.games import not_asked, reason_phrase, signed

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
"""The places of the final asset ranking."""


def _corp_name(corp_id: str | None) -> str:
    return CORPORATIONS[corp_id].name if corp_id else "—"


def player_summary(view: dict, seat: int) -> list[tuple[str, str]]:
    """Label/value rows for the players panel: what `view` shows of `seat` (asset card values
    only when the view includes them, i.e. for the viewer's own seat)."""
    s = view["seats"][seat]
    corp = s["corp"]
    assets = next((c["assets"] for c in view["corporations"] if c["id"] == corp), 0)
    prices = s["share_prices"]
    sold = s["shares_sold"]
    if not prices:
        issue = "—"
    elif sold < len(prices):
        issue = f"{len(prices) - sold} left · next ${prices[sold]}"
    else:
        issue = f"all {len(prices)} issued"
    names = {c["id"]: c["name"] for c in view["corporations"]}
    held = ", ".join(f"{names.get(c, c)} {n}" for c, n in sorted(s["holdings"].items(), key=lambda kv: -kv[1]))
    cards = s["asset_cards"]
    if not cards:
        asset_text = "none"
    elif all(c["value"] is not None for c in cards):
        asset_text = " ".join(f"{c['value']:+d}" for c in cards) + f" (total {sum(c['value'] for c in cards):+d})"
    else:
        up = sum(1 for c in cards if c["kind"] == "increase")
        down = len(cards) - up
        asset_text = f"{len(cards)} face down ({up} ▲, {down} ▼)"
    rows = [
        ("Corporation", _corp_name(corp)),
        ("Money", f"${s['money']}"),
        ("Assets", str(assets)),
        ("Income", f"${s['income']} per share"),
        ("Shares to issue", issue),
        ("Shares held", held or "none"),
        ("Companies", ", ".join(COMPANIES[c].name for c in s["companies"]) or "none"),
        ("Asset cards", asset_text),
    ]
    outcome = view.get("outcome")
    if outcome:
        rows.append(("Final score", f"{outcome['scores'][seat]:g}"))
    return rows


def prompt(view: dict, legal: list[Action], names: list[str]) -> str:
    """The plain-words instruction for the prompt bar."""
    waiting = not_asked(view, legal, names)
    if waiting:
        return waiting
    mover = view["to_move"]
    name = names[mover]
    kinds = {a.kind for a in legal}
    parts = []
    if "acquire" in kinds:
        parts.append("acquire a company")
    if "buy_share" in kinds:
        parts.append("buy a share")
    if "dividends" in kinds:
        income = view["seats"][mover]["income"]
        parts.append(f"pay dividends (${income} a share)")
    if len(parts) > 1:
        choice = ", ".join(parts[:-1]) + " or " + parts[-1]
    else:
        choice = parts[0] if parts else "wait"
    text = f"{name}: {choice}"
    if view.get("final_round"):
        text += " — final round, no share buying"
    elif view.get("countdown") == 2:
        text += " — one more round after this one"
    elif view.get("triggered"):
        text += " — the end is triggered"
    return text + "."


def revealed_rows(view: dict, names: list[str]) -> list[tuple[str, list[str]]]:
    """What the end of the game revealed, for the end-of-game dialog: each player's asset cards
    and their sum. They are no points of their own: they moved the final asset ranks, which set
    the share values counted in Shares, so the row says it is not in the Total (and its sum is
    never called a total beside the Total; the row's header tells why, end_game.py)."""
    row = []
    for seat in view["seats"]:
        values = [c["value"] for c in seat["asset_cards"] if c["value"] is not None]
        row.append(" ".join(f"{v:+d}" for v in values) + f" (sum {sum(values):+d})" if values else "none")
    return [("Asset cards (not in Total)", row)]


def reason(key: str, amount: float, rival: bool) -> str:
    """A hint's reason from one category of 1st CEO's points (ai/games/first_ceo/knowledge.py's
    standing): "more worth in NoVideo shares (+40 points)", "more money (+$30)"."""
    if key.startswith("shares:"):
        noun = f"worth in {_corp_name(key.split(':', 1)[1])} shares"
    else:
        noun = {"companies": "worth in company cards", "money": "money"}.get(key, key.replace("_", " "))
    return reason_phrase(noun, signed(amount, prefix="$") if key == "money" else signed(amount, "points"), rival)


def points_text(amount: float) -> str:
    """An amount of the game's points in words, unsigned ("40 points")."""
    return signed(amount, "points").lstrip("+−")

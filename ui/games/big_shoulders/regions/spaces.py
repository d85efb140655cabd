"""The general action spaces, where Partners act for companies."""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import money
from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import COMPANIES, GENERAL_SPACES
from ui.games.big_shoulders.items import SpaceTile
from ui.games.big_shoulders.regions.geometry import LEFT_W, M
from ui.games.big_shoulders.words import SPACE_SHORT, money_short, short

SPACE_ORDER = ("hire_workers", "hire_manager", "hire_salesperson", "advertising", "capital_investment",
               "fund_40", "fund_60", "fund_80", "extra_dividends")


class SpacesRegion:
    """The general action spaces (a part of `BigShouldersScene`, which gives it the view, the names,
    the seat at the screen and the pool of pieces)."""

    def _show_spaces(self, view: dict, top: float) -> float:
        per_row = 5
        tw = (LEFT_W - 24 - (per_row - 1) * 8) / per_row
        th = 84.0  # the name, the money line, and the Partners beside the count (clear of the line)
        rows = (len(SPACE_ORDER) + per_row - 1) // per_row
        h = 40 + rows * (th + 8)
        acting = self.acting
        note = f"acting for {COMPANIES[acting].short}: click a space" if acting and any(
            a.kind == "place" for a in self._legal) else "Partners act for companies"
        self._panel("spaces", "Action spaces", note, M, top, LEFT_W, h)
        uses = view.get("space_uses") or {}
        decade = int(view["decade"])
        placing = self._placing
        for i, sid in enumerate(SPACE_ORDER):
            g = GENERAL_SPACES[sid]
            tile = self.pooled(("space", sid), lambda: SpaceTile(tw, th))
            tile.resize(tw, th)
            if g.get("company_pays"):
                money_line = f"company pays {money(g['company_pays'])}"
            elif g.get("bank_pays"):
                money_line = f"bank pays {money(g['bank_pays'])}"
            elif g["effect"] == "hire":
                price = market.worker_price(view["job_market"])
                money_line = f"Job Market: {money(price)} now"
            elif g["effect"] == "asset":
                money_line = "the slot's price ($40–$80)"
            else:
                money_line = ""
            used = int(uses.get(sid, 0))
            closed = ""
            if decade < g.get("from_decade", 1):
                closed = f"opens in Decade {g['from_decade']}"
            elif g["uses"] and used >= g["uses"]:
                closed = "taken this Decade"
            who = self._on_space.get(sid, [])
            # Partners drawn on the tile (24 wide, 3 apart), left of its count's badge
            room = int((tw - 12 - SpaceTile.BADGE_W) // 27)
            partners = tuple(self._seat_look(s) for s, _ in who[:room])
            if len(who) > room:
                partners = partners[:room - 1] + (("", f"+{len(who) - room + 1}"),)
            uses_text = "∞" if not g["uses"] else str(g["uses"])
            tip = (f"{g['name']}: {money_line or 'no cost'}. "
                   + ("Any number of Partners a Decade." if not g["uses"] else "One Partner a Decade.")
                   + (" This Decade: " + ", ".join(f"{self._names[ps]} for {short(pc)}" for ps, pc in who) + "."
                      if who else ""))
            tile.set_space(g["name"], money_line, uses_text, partners, closed, tip, short=SPACE_SHORT.get(sid, ""),
                           line_short=money_short(money_line, closed))
            tile.setPos(M + 12 + (i % per_row) * (tw + 8), top + 36 + (i // per_row) * (th + 8))
            act = None
            if placing and acting:
                act = Action("place", self._me, (sid, acting))
            self._target(tile, act, f"Send a Partner here for {short(acting)}" if act else "")
        return top + h

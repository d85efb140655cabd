"""The Capital Asset row."""

from __future__ import annotations

from engine.games.big_shoulders.data import ASSET_PRICES, ASSETS
from ui.games.big_shoulders.items import AssetTile
from ui.games.big_shoulders.regions.geometry import LEFT_W, M
from ui.games.big_shoulders.words import ASSET_NAME_SHORT, asset_short, asset_text, asset_tiny


class AssetsRegion:
    """The Capital Asset row (a part of `BigShouldersScene`, which gives it the view, the names, the
    seat at the screen and the pool of pieces)."""

    def _show_assets(self, view: dict, top: float) -> float:
        """The Capital Asset row, the left column's whole width: five tiles wide enough for a
        name and an effect enlarged to 9 pt on a board fitted into a small window (a sixth of
        the width each, beside the goals, showed the price only)."""
        h = 144.0
        gap = 6.0
        aw = (LEFT_W - 24 - (len(ASSET_PRICES) - 1) * gap) / len(ASSET_PRICES)
        deck = view.get("asset_deck", 0)
        self._panel("assets", "Capital Assets", f"{deck} in deck", M, top, LEFT_W, h)
        for i, price in enumerate(ASSET_PRICES):
            card = self.pooled(("asset", i), lambda: AssetTile(aw, h - 44))
            card.resize(aw, h - 44)
            aid = view["asset_row"][i] if i < len(view["asset_row"]) else None
            if aid is None:
                card.set_asset("", price, "", f"Empty ${price} slot")
            else:
                card.set_asset(ASSETS[aid].name, price, asset_short(aid),
                               f"{ASSETS[aid].name} (${price}): {asset_text(aid)}",
                               name_short=ASSET_NAME_SHORT.get(aid, ()), effect_short=asset_tiny(aid))
            card.setPos(M + 12 + i * (aw + gap), top + 36)
            act = self.take_pending(lambda a, i=i: a.kind == "buy_asset" and a.args == (i,))
            self._target(card, act, self._label(act) if act else "")
        return top + h

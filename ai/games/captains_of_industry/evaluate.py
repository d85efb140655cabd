"""Game knowledge for the generic Hard search (ai/core/search.py) on Captains of Industry: an
evaluation that scores each seat as the End-of-Game Business would if the game ended now (Player
Bank, game-end Advances, Captain cards in hand, the money bonus) plus a little for the goods it
has on the board, turned into shares of the win.

It reads only the state handed to it: a determinization, whose other hands are re-dealt. The other
Player Banks it reads are secret on the table but were filled by public events (sales, bonuses), so
a player with a perfect memory knows them too.
"""

from __future__ import annotations

from ai.core.search import softmax_shares

ON_BOARD = 0.5
"""Market Share a token waiting on the board is worth to its owner (most are bought in the end)."""


def evaluate(state) -> list[float]:
    """Each seat's share of the win from its Market Share if the game ended now."""
    if state.is_terminal():
        from ai.core.search import terminal_shares

        return terminal_shares(state)
    scores = [sum(b.values()) for b in state.final_breakdown()]
    for market in state.tokens.values():
        for s, toks in enumerate(market):
            scores[s] += ON_BOARD * sum(toks)
    spread = max(scores) - min(scores)
    return softmax_shares(scores, max(8.0, spread / 2 + 1.0))

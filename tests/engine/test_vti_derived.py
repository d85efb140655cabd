"""Victory Through Industry: the cached and shortcut answers the search's hot paths use
(connectivity, cut cells, paying cards, move sites, tear-down with a replacement) agree with
their plain definitions, on random complexes and along played games."""

import random

from engine.core import CHANCE, TERMINAL, Rng
from engine.games.victory_through_industry import SPEC
from engine.games.victory_through_industry.data import COST_SETS, FACTORY_IDS, MAX_PER_TYPE, NEIGHBOURS8
from engine.games.victory_through_industry.state import connected, cut_cells, groups


def plain_connected(cells) -> bool:
    cells = set(cells)
    if not cells:
        return True
    seen, todo = set(), [next(iter(cells))]
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        todo += [(c[0] + dx, c[1] + dy) for dx, dy in NEIGHBOURS8 if (c[0] + dx, c[1] + dy) in cells]
    return seen == cells


def random_cells(rnd: random.Random) -> frozenset:
    size = rnd.randint(0, 14)
    return frozenset((rnd.randint(0, 5), rnd.randint(0, 4)) for _ in range(size))


def test_groups_and_cut_cells_match_their_definitions():
    rnd = random.Random(7)
    for _ in range(400):
        cells = random_cells(rnd)
        parts = groups(cells)
        assert frozenset().union(*parts) == cells and sum(len(g) for g in parts) == len(cells)
        assert all(plain_connected(g) for g in parts)
        assert connected(cells) == connected(list(cells)) == plain_connected(cells)
        assert cut_cells(cells) == {c for c in cells if not plain_connected(cells - {c})}


def play_until(seed: int, decisions: int):
    """A game where every seat grows its complex: random choices, but never tearing down or
    discarding unless nothing else is legal (random play otherwise ends with one factory each)."""
    st = SPEC.new_state(3 + seed % 2)
    rng = Rng(seed)
    states = []
    for _ in range(decisions):
        mover = st.to_move()
        if mover == TERMINAL:
            break
        if mover == CHANCE:
            st.apply(rng.choice([a for a, _ in st.chance_outcomes()]))
            continue
        legal = st.legal_actions()
        calm = [a for a in legal if a.kind not in ("tear_down", "discard", "discard_incoming", "forfeit")]
        st.apply(rng.choice(calm or legal))
        states.append(st.copy())
    return states


def test_menu_shortcuts_match_the_rules_along_games():
    checked = 0
    for seed in range(3):
        for st in play_until(seed, 900):
            s = st.to_move()
            if s < 0:
                continue
            counts = st.product_counts(s)
            pay = st.paying_cards(s)
            assert pay == {f: sum(n for p, n in counts.items() if p in COST_SETS[f]) for f in FACTORY_IDS}
            if st.menu_seat() != s:
                continue
            checked += 1
            legal = st.legal_actions()
            # tearing down: allowed if the rest stays connected, or some type (the torn-down one
            # back in its pile and one fewer owned) can be built in its place
            fac, owned = st.fac[s], st.type_counts(s)
            want = set()
            for c, (torn, _) in fac.items():
                if len(fac) < 2:
                    break
                ok = plain_connected(set(fac) - {c}) or any(
                    st.supply[f] + (f == torn) > 0 and owned.get(f, 0) - (f == torn) < MAX_PER_TYPE
                    and pay[f] >= 2 for f in FACTORY_IDS)
                if ok:
                    want.add(c)
            assert {a.args for a in legal if a.kind == "tear_down"} == want
            assert [a.args[0] for a in legal if a.kind == "claim"] == st.claimable(s)
            # the menu offers a factory move between complexes exactly when one exists
            if not st.asked and counts:
                for kind, lend in (("lend", True), ("borrow", False)):
                    offered = {a.args[0] for a in legal if a.kind == kind}
                    assert offered == {t for t in range(st.players) if t != s and st.xmove_cells(s, t, lend)}
            # moving a factory within the complex: back to its cell, or a free cell that joins the rest
            for c in fac:
                rest = dict(fac)
                del rest[c]
                probe = st.copy()
                probe.fac[s] = rest
                free = {(x + dx, y + dy) for x, y in rest for dx, dy in NEIGHBOURS8} - set(rest) - set(st.prod[s])
                expect = {c} | {d for d in free if plain_connected(set(rest) | {d})} if rest else {c}
                assert set(probe.move_sites(s, c)) == expect
    assert checked > 50

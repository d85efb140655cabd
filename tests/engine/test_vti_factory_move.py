"""Victory Through Industry: moving a factory to or from another player's complex with their
permission (lend / borrow -> fpick -> accept or refuse by that player -> pay one -> site -> rotate)."""

from engine.core import Action
from engine.games.victory_through_industry.data import SUPPLY_PER_TYPE
from tests.engine.test_vti_rules import do, kinds, lay_out, setup_state


def two_seats(players=2):
    st = setup_state(players)
    s = st.current
    return st, s, (s + 1) % players


def test_lend_a_factory_accepted_pays_one_and_strands_products():
    st, s, t = two_seats()
    lay_out(st, s, {(0, 0): ("forest", 0), (1, 0): ("coal_mine", 0)}, {(0, 1): "wood", (2, 0): "coal"})
    lay_out(st, t, {(0, 0): ("iron_mine", 0)})
    supply = dict(st.supply)
    do(st, ("nonproduction", ()))
    assert Action("lend", s, (t,)) in st.legal_actions()
    do(st, ("lend", (t,)))
    assert {a.args for a in st.legal_actions()} == {(0, 0), (1, 0)}
    do(st, ("fpick", (1, 0)))
    # the other seat decides, exactly like a trade answer
    assert st.to_move() == t and st.legal_actions(s) == []
    assert kinds(st) == {"accept", "refuse"}
    assert st.label(Action("accept", t, ())) == "Allow the factory move"
    do(st, ("accept", ()))
    assert st.to_move() == s and kinds(st) == {"pay"}
    assert {a.args for a in st.legal_actions()} == {(0, 1), (2, 0)}   # Coal or Wood pays
    assert st.check_invariants() == []
    do(st, ("pay", (0, 1)))
    sites = {a.args for a in st.legal_actions()}
    assert sites == set(st.build_sites(t)) and (1, 0) in sites     # cells of the receiving complex
    do(st, ("site", (1, 0)), ("rotate", (0,)))
    assert st.fac[t] == {(0, 0): ("iron_mine", 0), (1, 0): ("coal_mine", 0)}
    assert st.fac[s] == {(0, 0): ("forest", 0)}
    assert st.count_type(t, "coal_mine") == 1 and st.count_type(s, "coal_mine") == 0
    assert st.supply == supply                       # the factory changed complex, not the piles
    # one card paid; the Coal at (2, 0) is beside no factory now and goes back to its owner
    assert st.prod[s] == {} and st.incoming[s] == ["coal"] and st.to_move() == s
    do(st, ("place_product", (0, 1)))
    assert st.check_invariants() == []
    assert "lend" not in kinds(st) and "borrow" not in kinds(st)   # one request per move


def test_borrow_a_factory_accepted_strands_the_owners_products():
    st, s, t = two_seats(3)
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood", (1, 0): "wood"})
    lay_out(st, t, {(0, 0): ("iron_mine", 0), (1, 0): ("coal_mine", 0)}, {(2, 0): "coal", (0, 1): "iron_ore"})
    do(st, ("nonproduction", ()), ("borrow", (t,)))
    assert {a.args for a in st.legal_actions()} == {(0, 0), (1, 0)}
    do(st, ("fpick", (1, 0)), ("accept", ()))
    do(st, ("pay", (1, 0)))
    assert {a.args for a in st.legal_actions()} == set(st.build_sites(s))
    do(st, ("site", (1, -1)), ("rotate", (2,)))
    assert st.fac[s] == {(0, 0): ("forest", 0), (1, -1): ("coal_mine", 2)}
    assert st.fac[t] == {(0, 0): ("iron_mine", 0)}
    assert st.prod[s] == {(0, 1): "wood"}            # one card paid
    # the owner re-places (or discards) its stranded Coal before play goes on
    assert st.incoming[t] == ["coal"] and st.to_move() == t
    do(st, ("discard_incoming", ()))
    assert st.to_move() == s and st.check_invariants() == []


def test_refused_request_changes_nothing_and_counts_as_the_one_request():
    st, s, t = two_seats()
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood"})
    lay_out(st, t, {(0, 0): ("iron_mine", 0), (1, 0): ("coal_mine", 0)}, {(2, 0): "coal"})
    before = (dict(st.fac[s]), dict(st.fac[t]), dict(st.prod[s]), dict(st.prod[t]), dict(st.supply))
    do(st, ("nonproduction", ()), ("borrow", (t,)), ("fpick", (0, 0)), ("refuse", ()))
    assert (st.fac[s], st.fac[t], st.prod[s], st.prod[t], st.supply) == before
    assert st.to_move() == s and st.check_invariants() == []
    assert "borrow" not in kinds(st) and "lend" not in kinds(st)
    assert "already asked" in st.illegal_reason(Action("borrow", s, (t,)))
    # a trade offer is still possible: the two limits are separate
    assert "offer" in kinds(st)
    # the next non-production move may ask again
    do(st, ("end_move", ()), ("nonproduction", ()))
    assert "borrow" in kinds(st)


def test_the_complex_left_must_stay_connected():
    st, s, t = two_seats()
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood", (1, 0): "coal"})
    row3 = {(0, 0): ("iron_mine", 0), (1, 0): ("coal_mine", 0), (2, 0): ("forest", 0)}
    lay_out(st, t, row3)
    do(st, ("nonproduction", ()))
    # the middle factory would split the other complex: it is never offered (no forced rebuild there)
    assert st.xmove_cells(s, t, lend=False) == [(0, 0), (1, 0), (2, 0)][::2]
    do(st, ("borrow", (t,)))
    assert Action("fpick", s, (1, 0)) not in st.legal_actions()
    assert (0, 0) in {a.args for a in st.legal_actions()}
    # a complex of one factory cannot give it away; nor can the player on turn lend its last one
    st2, s2, t2 = two_seats()
    lay_out(st2, s2, {(0, 0): ("forest", 0)}, {(0, 1): "wood"})
    lay_out(st2, t2, {(0, 0): ("forest", 0)})
    do(st2, ("nonproduction", ()))
    assert "borrow" not in kinds(st2) and "lend" not in kinds(st2)
    # and a lent factory whose removal would split the mover's own complex is not offered either
    lay_out(st2, s2, row3, {(0, 1): "wood", (1, 1): "coal"})
    assert st2.xmove_cells(s2, t2, lend=True) == [(0, 0), (2, 0)]


def test_payment_and_the_receivers_four_of_a_type():
    st, s, t = two_seats()
    # no card that pays for a Coal Mine (Coal or Wood): only the Iron Mine (Iron Ore) can be moved
    lay_out(st, s, {(0, 0): ("iron_mine", 0)}, {(0, 1): "iron_ore"})
    lay_out(st, t, {(0, 0): ("coal_mine", 0), (1, 0): ("iron_mine", 0)})
    assert st.xmove_cells(s, t, lend=False) == [(1, 0)]
    # a receiver with four Iron Mines cannot take a fifth
    mines = {(i, 0): ("iron_mine", 0) for i in range(4)}
    lay_out(st, t, {**mines, (4, 0): ("coal_mine", 0)})
    lay_out(st, s, {(0, 0): ("iron_mine", 0), (1, 0): ("forest", 0)}, {(0, 1): "iron_ore", (1, 1): "wood"})
    assert st.xmove_cells(s, t, lend=True) == [(1, 0)]
    # from that row only its ends can leave (the rest would split it)
    assert st.xmove_cells(s, t, lend=False) == [(0, 0), (4, 0)]
    assert sum(st.supply.values()) + sum(len(f) for f in st.fac) == SUPPLY_PER_TYPE * len(st.supply)


def test_random_play_with_requests_keeps_invariants_and_round_trips():
    from engine.core import Rng
    from engine.games.victory_through_industry import SPEC

    seen = set()
    for seed in range(3):
        st = setup_state(3)
        rng = Rng.derive(seed, "xmove")
        for _ in range(900):
            if st.is_terminal():
                break
            legal = st.legal_actions()
            pref = [a for a in legal if a.kind in ("lend", "borrow", "fpick", "accept")]
            a = pref[rng.randbelow(len(pref))] if pref and rng.randbelow(2) else legal[rng.randbelow(len(legal))]
            seen.add(a.kind)
            assert st.label(a) != str(a)
            st.apply(a)
            assert st.check_invariants() == [], a
            assert all(st.is_legal(b) for b in st.legal_actions())
        back = SPEC.state_from_data(st.to_data()) if hasattr(SPEC, "state_from_data") else type(st).from_data(
            SPEC, st.to_data())
        assert back.state_hash() == st.state_hash()
        assert st.determinize(0, rng).state_hash() == st.state_hash()
    assert {"lend", "borrow", "fpick", "accept"} <= seen


# -- AI answers ------------------------------------------------------------------------------------
def _answer(level, st):
    from ai.core.agent import Budget
    from ai.core.agents import get_agent
    from ai.core.observe import observe
    from engine.core import Rng

    return get_agent("victory-through-industry", level).choose(
        observe(st, st.to_move(), "victory-through-industry"), Rng(0), Budget()).kind


def _request(lend, t_contracts=(), t_products=None):
    st, s, t = two_seats()
    lay_out(st, s, {(0, 0): ("forest", 0), (1, 0): ("coal_mine", 0)}, {(0, 1): "wood", (2, 0): "wood"})
    lay_out(st, t, {(0, 0): ("iron_mine", 0), (1, 0): ("coal_mine", 0)}, t_products or {})
    st.held[t] = list(t_contracts)
    for c in t_contracts:
        st.row.remove(c) if c in st.row else st.deck.remove(c)
    do(st, ("nonproduction", ()), ("lend" if lend else "borrow", (t,)), ("fpick", (1, 0)))
    assert st.to_move() == t
    return st


def test_ai_answers_factory_requests():
    # asked to give away a Coal Mine that can operate: both refuse
    st = _request(lend=False)
    assert _answer("easy", st) == "refuse" and _answer("normal", st) == "refuse"
    # an idle Coal Mine (its output space taken) that makes nothing it wants: both let it go
    st = _request(lend=False, t_products={(1, 1): "iron_ore"})
    assert _answer("easy", st) == "accept" and _answer("normal", st) == "accept"
    # idle, but it feeds a Coal contract Normal holds: Normal keeps it
    st = _request(lend=False, t_contracts=("coal-5",), t_products={(1, 1): "iron_ore"})
    assert _answer("normal", st) == "refuse"
    # offered a Coal Mine: Easy always welcomes it; Normal only when it wants Coal
    st = _request(lend=True)
    assert _answer("easy", st) == "accept"
    st = _request(lend=True, t_contracts=("coal-5",))
    assert _answer("normal", st) == "accept"


def test_ai_never_asks_and_hard_prunes_requests():
    from ai.games.victory_through_industry.knowledge import prune

    st, s, t = two_seats()
    lay_out(st, s, {(0, 0): ("forest", 0), (1, 0): ("coal_mine", 0)}, {(0, 1): "wood", (2, 0): "wood"})
    lay_out(st, t, {(0, 0): ("iron_mine", 0), (1, 0): ("coal_mine", 0)})
    do(st, ("nonproduction", ()))
    legal = st.legal_actions()
    assert {"lend", "borrow"} <= {a.kind for a in legal}
    assert not {"lend", "borrow"} & {a.kind for a in prune(st, legal)}
    for level in ("easy", "normal"):
        for seed in range(8):
            from ai.core.agent import Budget
            from ai.core.agents import get_agent
            from ai.core.observe import observe
            from engine.core import Rng

            a = get_agent("victory-through-industry", level).choose(
                observe(st, s, "victory-through-industry"), Rng(seed), Budget())
            assert a.kind not in ("lend", "borrow")

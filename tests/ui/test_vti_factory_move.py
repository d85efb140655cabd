"""Victory Through Industry scene: moving a factory to or from another player's complex is done by
clicks (request chip, the factory, the owner's answer chips, a card, a cell of the receiving
complex shown large, a turn), and every legal action on the way has an item."""

from __future__ import annotations

from engine.core import Action, Rng
from tests.engine.test_vti_rules import lay_out, setup_state
from ui.games.victory_through_industry import prompt
from ui.games.victory_through_industry.scene import make_scene

NAMES = ["Ada", "Ben", "Cora"]


def click(qtbot, scene, st, action):
    """Show the state to the seat that acts, click the item of `action`, apply what it emits."""
    legal = st.legal_actions()
    assert action in legal
    scene.show(st.view(action.seat), legal, NAMES[:st.players], action.seat)
    missing = [a for a in legal if scene.item_for(a) is None]
    assert not missing, missing
    item = scene.item_for(action)
    with qtbot.waitSignal(scene.intent, timeout=500) as blocker:
        assert item.click()
    assert blocker.args == [action]
    st.apply(action)


def test_click_through_lending_a_factory(qtbot):
    st = setup_state(2)
    s, t = st.current, 1 - st.current
    lay_out(st, s, {(0, 0): ("forest", 0), (1, 0): ("coal_mine", 0)}, {(0, 1): "wood", (2, 0): "coal"})
    lay_out(st, t, {(5, 5): ("iron_mine", 0)})
    st.apply(Action("nonproduction", s, ()))
    scene = make_scene()
    scene.set_animation_speed(0)
    click(qtbot, scene, st, Action("lend", s, (t,)))
    # the factory is picked on the mover's own complex: the tile itself emits it
    click(qtbot, scene, st, Action("fpick", s, (1, 0)))
    assert scene.pool[("fac", (1, 0))].action == Action("fpick", s, (1, 0))
    # the owner answers with chips, and the prompt says what is asked
    view = st.view(t)
    assert "asks to move their Coal Mine" in prompt(view, st.legal_actions(), NAMES[:2])
    scene.show(view, st.legal_actions(), NAMES[:2], t)
    assert scene.item_for(Action("refuse", t, ())) is not None
    click(qtbot, scene, st, Action("accept", t, ()))
    click(qtbot, scene, st, Action("pay", s, (0, 1)))
    # placing: the receiving complex is shown large and its cells glow
    scene.show(st.view(s), st.legal_actions(), NAMES[:2], s)
    assert scene.pool[("complex-panel",)].title.startswith(f"{NAMES[t]}'s complex")
    assert ("fac", (5, 5)) in scene.pool and ("fac", (0, 0)) not in scene.pool
    assert f"{NAMES[t]}'s complex" in prompt(st.view(s), st.legal_actions(), NAMES[:2])
    click(qtbot, scene, st, Action("site", s, (6, 5)))
    click(qtbot, scene, st, Action("rotate", s, (1,)))
    assert st.fac[t] == {(5, 5): ("iron_mine", 0), (6, 5): ("coal_mine", 1)}
    assert st.incoming[s] == ["coal"] and st.check_invariants() == []
    # back on the mover's own complex to place the stranded card
    scene.show(st.view(s), st.legal_actions(), NAMES[:2], s)
    assert scene.pool[("complex-panel",)].title.startswith(f"{NAMES[s]}'s complex")


def test_borrowing_shows_the_owners_complex_to_pick_from(qtbot):
    st = setup_state(3)
    s = st.current
    t = (s + 2) % 3
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood"})
    lay_out(st, t, {(0, 0): ("iron_mine", 0), (1, 0): ("coal_mine", 0)})
    st.apply(Action("nonproduction", s, ()))
    scene = make_scene()
    scene.set_animation_speed(0)
    click(qtbot, scene, st, Action("borrow", s, (t,)))
    scene.show(st.view(s), st.legal_actions(), NAMES, s)
    assert scene.pool[("complex-panel",)].title.startswith(f"{NAMES[t]}'s complex")
    click(qtbot, scene, st, Action("fpick", s, (1, 0)))
    click(qtbot, scene, st, Action("refuse", t, ()))
    assert st.to_move() == s and st.fac[t][(1, 0)] == ("coal_mine", 0)


def test_sweep_with_requests_every_action_has_an_item(qtbot):
    scene = make_scene()
    scene.set_animation_speed(0)
    seen = set()
    for seed in range(2):
        st = setup_state(3)
        rng = Rng.derive(seed, "xmove-sweep")
        for _ in range(250):
            if st.is_terminal():
                break
            mover = st.to_move()
            legal = st.legal_actions()
            scene.show(st.view(mover), legal, NAMES, mover)
            missing = [a for a in legal if scene.item_for(a) is None]
            assert not missing, missing
            pref = [a for a in legal if a.kind in ("lend", "borrow", "fpick", "accept")]
            a = pref[rng.randbelow(len(pref))] if pref and rng.randbelow(2) else legal[rng.randbelow(len(legal))]
            seen.add(a.kind)
            st.apply(a)
    assert {"lend", "borrow", "fpick"} & seen

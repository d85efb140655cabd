"""Screen readers: the prompt, its buttons, the panels, the board and the log carry
accessible names, and what the painted panels show can be read as text."""

from __future__ import annotations

from engine.core.contract import SeatInfo


def test_the_window_parts_have_accessible_names(shell, qtbot, settings):
    window = shell.start_game("robber-barons", [SeatInfo("You"), SeatInfo("Ann", "ai", "easy")], {}, 3)
    qtbot.waitExposed(window)
    qtbot.waitUntil(window.controller.human_to_move, timeout=5000)
    assert window.prompt.accessibleName() == "Prompt"
    assert window.prompt.label.accessibleName() == "What to do now"
    assert window.view.accessibleName() == "Board"
    assert window.players.accessibleName() == "Players"
    assert window.log_dock.text.accessibleName() == "Game log"
    assert window.statusBar().accessibleName() == "Status"
    buttons = window.prompt.buttons
    assert buttons
    for i, button in enumerate(buttons):
        assert button.accessibleName() == button.toolTip() and button.accessibleName()
        assert button.accessibleDescription() == f"Choice {i + 1} of {len(buttons)}"
    # the prompt's choices as text
    assert all(b.accessibleName() in window.prompt.accessibleDescription() for b in buttons)
    # each player's card: who, and what its painted rows say
    for seat, card in enumerate(window.players.cards):
        assert card.accessibleName().startswith(window.controller.session.names[seat])
        assert "Money" in card.rows.accessibleDescription()

"""Online play through the real windows (ARCHITECTURE §12), against the session's homeserver.

A remote player's window shows the board, prompt and log the host sent for their seat, takes
decisions from the prompt bar's buttons, shows the host's refusal of an illegal click in the
status bar, and ends on the same breakdown as a local game. At the host's screen a hot-seat pair
plays beside an online player: the curtain still falls between them, the online seat waits for
the confirmation, and the online player's decision arrives and is applied."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import Qt

pytest.importorskip("nio")

from engine.core.contract import Action, SeatInfo  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from tests.online.play import client_choice, creds, shows_latest  # noqa: E402
from ui.online.credentials import save_credentials  # noqa: E402
from ui.online.gui.game import NetworkThread  # noqa: E402
from ui.online.matrix import MatrixLink  # noqa: E402
from ui.online.service import HostService, PlayerService  # noqa: E402


@pytest.fixture
def net():
    thread = NetworkThread()
    yield thread
    thread.stop()


def test_a_remote_player_plays_a_whole_game_from_the_window(shell, qtbot, homeserver, net):
    host_account, player = homeserver.register(), homeserver.register()
    host = HostService(MatrixLink(creds(homeserver, host_account)))
    seats = [SeatInfo("Ann", "online", user=player["user_id"]), SeatInfo("Robo", "ai", "easy"),
             SeatInfo("Cyd", "ai", "easy")]
    run = net.submit(host.new_game("first-ceo", seats, {}, seed=3)).result(60)
    stop = asyncio.Event()
    hosting = net.submit(host.run(stop, max_s=240, poll_ms=1000))
    try:
        save_credentials(creds(homeserver, player))
        shell.online.install_panel(shell.start)
        panel = shell.online.panel
        manager = shell.online.manager
        assert manager is not None and panel.signed_in
        qtbot.waitUntil(lambda: any(e["kind"] == "invite" for e in manager.entries()), timeout=20000)
        shell.online.refresh()
        assert "Invited by" in panel.list.item(0).text()
        # Join (the dialog's warning is there; the test accepts it as the player would)
        from ui.dialogs import online as online_dialogs

        seen = []

        class Accepting(online_dialogs.JoinDialog):
            def exec(self):
                seen.append(self.warning.text())
                return online_dialogs.JoinDialog.DialogCode.Accepted

        online_dialogs.JoinDialog, original = Accepting, online_dialogs.JoinDialog
        try:
            panel.list.setCurrentRow(0)
            qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
        finally:
            online_dialogs.JoinDialog = original
        assert seen and "not end-to-end encrypted" in seen[0]
        window = shell.window
        assert window is not None and window.isVisible()
        c = window.controller
        assert c.local is None and c.viewer == 0
        # the host's refusal of an illegal click comes back to the status bar
        qtbot.waitUntil(lambda: c.human_to_move(), timeout=30000)
        c.on_intent(Action("acquire", 0, (99,)))
        qtbot.waitUntil(lambda: bool(window.statusBar().currentMessage())
                        and "on its way" not in window.statusBar().currentMessage(), timeout=20000)
        refusal = window.statusBar().currentMessage()
        assert refusal and "99" not in refusal and len(run.session.log) > 0
        taken = 0
        for _ in range(400):
            qtbot.waitUntil(lambda: c.human_to_move() or run.session.is_over() or c.session.is_over(), timeout=30000)
            if run.session.is_over():
                break
            assert window.prompt.buttons, window.prompt.text() if hasattr(window.prompt, "text") else ""
            before = len(run.session.log)
            qtbot.mouseClick(window.prompt.buttons[0], Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda b=before: len(run.session.log) > b, timeout=20000)
            taken += 1
        assert run.session.is_over() and taken > 3
        qtbot.waitUntil(lambda: window.end_dialog is not None, timeout=30000)
        # the end is the local game's: the real session rebuilt from the host's save
        assert c.session.state.state_hash() == run.session.state.state_hash()
        assert window.log_dock.lines() == [line for line in run.session.render_log(0)]
    finally:
        net.loop.call_soon_threadsafe(stop.set)
        hosting.result(30)
        net.submit(host.link.close()).result(10)


def test_a_hot_seat_pair_hosts_an_online_player(shell, qtbot, homeserver, net, settings):
    settings.set("confirm_turn", True)
    host_account, player = homeserver.register(), homeserver.register()
    save_credentials(creds(homeserver, host_account))
    far = PlayerService(MatrixLink(creds(homeserver, player)))
    seats = [SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cyd", "online", user=player["user_id"])]
    window = shell.online.host_game("first-ceo", seats, {}, seed=21, parent=shell.start)
    assert window is not None
    c = window.controller
    session = c.session
    bridge = shell.online.bridge
    assert bridge is not None

    async def far_joins():
        for _ in range(50):
            await far.sync_once(timeout_ms=500)
            if far.invites:
                return await far.join(next(iter(far.invites)))
        raise TimeoutError("no invitation")

    core = net.submit(far_joins()).result(60)

    def catch_up():
        """The online player's app reads until it has the host's latest frame."""
        async def read():
            for _ in range(40):
                if core.reader.seq == bridge.record.seq:
                    return
                await far.sync_once(timeout_ms=500)
            raise TimeoutError("the host's latest frame did not arrive")
        net.submit(read()).result(60)
    try:
        curtains = []
        c.curtain.connect(lambda seat: curtains.append(seat))
        online_turns = 0
        for _ in range(300):
            if session.is_over() or (online_turns >= 3 and curtains):
                break
            mover = session.to_move()
            if mover == 2:  # the online player's turn: the host waits for the confirmation first
                if c.confirm_pending():
                    catch_up()
                    assert not core.my_turn() and core.wait and "confirm" in core.wait
                    window.confirm_turn()
                before = len(session.log)
                rng = Rng(online_turns)

                async def far_plays(before=before, rng=rng):
                    """Decide when the app says so; a decision refused because the host sent a
                    newer frame meanwhile is made again on the new one, as a player would."""
                    for _ in range(80):
                        if core.decisions > before:
                            return
                        if core.my_turn():
                            await far.decide(core.info.game, client_choice(core, rng))
                        await far.sync_once(timeout_ms=500)
                    raise TimeoutError("the online player's decision was not taken")

                fut = net.submit(far_plays())
                qtbot.waitUntil(fut.done, timeout=60000)  # the host's window works meanwhile
                fut.result()
                qtbot.waitUntil(lambda b=before: len(session.log) > b, timeout=30000)
                online_turns += 1
                continue
            if c.curtain_up:  # the next player steps up and lifts it, once it counts a click
                qtbot.waitUntil(window.curtain.armed, timeout=5000)
                qtbot.mouseClick(window.curtain, Qt.MouseButton.LeftButton)
            if c.confirm_pending():
                window.confirm_turn()
                continue
            qtbot.waitUntil(lambda: c.human_to_move() or session.to_move() == 2, timeout=10000)
            if c.human_to_move():
                qtbot.mouseClick(window.prompt.buttons[0], Qt.MouseButton.LeftButton)
                qtbot.wait(10)
        assert online_turns >= 3, "the online player never played"
        assert curtains, "the hot-seat pair never passed the screen"
        # the seat room holds the online player's view; the log of every decision is there
        catch_up()
        assert shows_latest(core, session)
        assert core.view == session.state.view(2)
        assert record_saved(bridge)
    finally:
        net.submit(far.link.close()).result(10)


def record_saved(bridge) -> bool:
    from saves.store import read_session

    saved = read_session(bridge.record.save_path)
    return saved.state.state_hash() == bridge.controller.session.state.state_hash()


def test_the_gui_host_closed_and_opened_again_takes_what_came_meanwhile(shell, qtbot, homeserver, net):
    host_account, player = homeserver.register(), homeserver.register()
    save_credentials(creds(homeserver, host_account))
    far = PlayerService(MatrixLink(creds(homeserver, player)))
    seats = [SeatInfo("Cyd", "online", user=player["user_id"]), SeatInfo("Ann"), SeatInfo("Robo", "ai", "easy")]
    window = shell.online.host_game("first-ceo", seats, {}, seed=8, parent=shell.start)
    record = shell.online.bridge.record
    c = window.controller
    session = c.session
    for _ in range(50):  # Ann (at the host's screen) and the AI play until it is Cyd's turn
        qtbot.waitUntil(lambda: session.to_move() == 0 or c.human_to_move(), timeout=20000)
        if session.to_move() == 0:
            break
        c.take(c.legal[0])
    assert session.to_move() == 0

    async def far_joins():
        for _ in range(50):
            await far.sync_once(timeout_ms=500)
            if far.invites:
                return await far.join(next(iter(far.invites)))
        raise TimeoutError("no invitation")

    core = net.submit(far_joins()).result(60)
    try:
        async def until_my_turn():
            for _ in range(60):  # on the host's latest frame (the host is idle meanwhile)
                if core.my_turn() and core.reader.seq == record.seq:
                    return
                await far.sync_once(timeout_ms=500)
            raise TimeoutError("the online player's turn did not come")

        fut = net.submit(until_my_turn())
        qtbot.waitUntil(fut.done, timeout=60000)
        fut.result()
        window.close()  # the host's window closes (its game is saved), then the player decides
        assert shell.online.bridge is None
        action = client_choice(core, Rng(5))
        net.submit(far.decide(core.info.game, action)).result(30)
        qtbot.wait(500)
        assert len(session.log) == len(read_saved(record).log), "the closed host took a decision"
        reopened = shell.online.open_hosted(record.game)  # from Online games
        assert reopened is not None
        again = reopened.controller.session
        qtbot.waitUntil(lambda: any(e.action == action for e in again.log), timeout=30000)
        assert sum(1 for e in again.log if e.action.seat == 0) == 1  # taken once
    finally:
        net.submit(far.link.close()).result(10)


def read_saved(record):
    from saves.store import read_session

    return read_session(record.save_path)


def test_the_gui_host_sends_before_it_saves_and_killed_between_takes_the_decision_once(shell, qtbot, homeserver,
                                                                                        net):
    """A decision from a room is shown to the players first and saved while its frames are on
    their way, as `tycoons host` does (the room holds it already); a host that dies in between
    opens again from the save without it, reads it again from the room and takes it once, and
    the player's app agrees with it to the end."""
    host_account, player = homeserver.register(), homeserver.register()
    save_credentials(creds(homeserver, host_account))
    far = PlayerService(MatrixLink(creds(homeserver, player)))
    seats = [SeatInfo("Cyd", "online", user=player["user_id"]), SeatInfo("Ann"), SeatInfo("Robo", "ai", "easy")]
    window = shell.online.host_game("first-ceo", seats, {}, seed=8, parent=shell.start)
    bridge = shell.online.bridge
    record = bridge.record
    c = window.controller
    session = c.session
    for _ in range(50):  # Ann (at the host's screen) and the AI play until it is Cyd's turn
        qtbot.waitUntil(lambda: session.to_move() == 0 or c.human_to_move(), timeout=20000)
        if session.to_move() == 0:
            break
        c.take(c.legal[0])

    async def far_joins():
        for _ in range(50):
            await far.sync_once(timeout_ms=500)
            if far.invites:
                return await far.join(next(iter(far.invites)))
        raise TimeoutError("no invitation")

    core = net.submit(far_joins()).result(60)

    def far_reads(until, what: str) -> None:
        async def read():
            for _ in range(80):
                if until():
                    return
                await far.sync_once(timeout_ms=500)
            raise TimeoutError(what)
        fut = net.submit(read())
        qtbot.waitUntil(fut.done, timeout=90000)  # the host's window works meanwhile
        fut.result()

    try:
        far_reads(lambda: core.my_turn() and core.reader.seq == record.seq, "Cyd's turn did not come")
        done = []  # what the host does with the decision, in order
        send = shell.online.manager.send

        def sending(outs, later=None):
            done.append("send")
            return send(outs, later)

        def dies():
            done.append("save")  # the host dies here: its save is never written, nothing more runs
            bridge.close()
            c.close()

        refused = []
        far.on_event = lambda game, what: what == "refusal" and refused.append(core.refusal)
        shell.online.manager.send = sending
        bridge.save = dies
        before = len(session.log)
        sent = 1 + sum(1 for e in session.log if e.action.seat == 0)
        action = client_choice(core, Rng(5))
        net.submit(far.decide(core.info.game, action)).result(30)
        qtbot.waitUntil(lambda: "save" in done, timeout=30000)
        assert done == ["send", "save"], done  # its frames went first
        assert session.log[before].action == action
        assert len(read_saved(record).log) == before  # the save does not have it
        far_reads(lambda: not core.awaiting and shows_latest(core, session), "the frames did not reach the player")
        shell.online.manager.send = send
        window.close()
        reopened = shell.online.open_hosted(record.game)  # the app started again, from Online games
        assert reopened is not None
        c = reopened.controller
        again = c.session
        qtbot.waitUntil(lambda: len(again.log) >= len(session.log), timeout=30000)
        # read again from the room and taken: the same game as the one its players were shown
        assert [e.action for e in again.log[:len(session.log)]] == [e.action for e in session.log]
        for _ in range(600):  # and on to the end: Ann at the host's screen, Cyd far away, Robo
            if again.is_over():
                break
            qtbot.waitUntil(lambda: again.is_over() or again.to_move() == 0 or c.human_to_move(), timeout=30000)
            if c.human_to_move():
                c.take(c.legal[0])
            elif again.to_move() == 0:
                far_reads(lambda: core.my_turn() and shows_latest(core, again), "Cyd's turn did not come")
                n = len(again.log)
                net.submit(far.decide(core.info.game, client_choice(core, Rng(n)))).result(30)
                sent += 1
                qtbot.waitUntil(lambda n=n: len(again.log) > n, timeout=30000)
        assert again.is_over()
        assert sum(1 for e in again.log if e.action.seat == 0) == sent - len(refused), refused  # none twice or lost
        far_reads(lambda: core.final_session() is not None, "the final save did not reach the player")
        assert core.final_session().state.state_hash() == again.state.state_hash()
    finally:
        net.submit(far.link.close()).result(10)

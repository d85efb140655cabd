"""On a full or read-only disk every failure to keep something is said, and nothing crashes: a
finished game that cannot be kept in Past games says so in its end-of-game window (as a failed
autosave, save or analysis already did); `tycoons host signin` ends in one line and a non-zero exit,
never a traceback; signing out when the sign-in file is a folder does not raise; a game hosted from
the app whose save or record cannot be written opens and says so.

A full disk is the system's ENOSPC from the write path (here from fsync, where a full disk with
delayed allocation first shows); a read-only one is EROFS from every create in the data folder
(chmod would not stop the root user tests may run as; a real chmod case runs when not root)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.core.contract import SeatInfo

GAME = "first-ceo"
AIS = [SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cyd", "ai", "easy")]
WORDS = {"full": "No space left on device", "read-only": "Read-only file system", "chmod": "Permission denied"}


def break_disk(monkeypatch, folder: Path, how: str) -> None:
    """Make writes under `folder` fail as a full or a read-only disk does."""
    inside = str(folder.resolve())

    def under(path) -> bool:
        return os.path.abspath(os.fspath(path)).startswith(inside)

    if how == "full":
        def fsync(fd):
            raise OSError(errno.ENOSPC, WORDS["full"])

        monkeypatch.setattr(os, "fsync", fsync)
    elif how == "read-only":
        real_open, real_mkdir = os.open, os.mkdir

        def open_(path, flags, *args, **kwargs):
            if flags & os.O_CREAT and under(path):
                raise OSError(errno.EROFS, WORDS["read-only"], os.fspath(path))
            return real_open(path, flags, *args, **kwargs)

        def mkdir(path, *args, **kwargs):
            if under(path):
                raise OSError(errno.EROFS, WORDS["read-only"], os.fspath(path))
            return real_mkdir(path, *args, **kwargs)

        monkeypatch.setattr(os, "open", open_)
        monkeypatch.setattr(os, "mkdir", mkdir)
    else:
        if os.geteuid() == 0:
            pytest.skip("the root user writes whatever the mode says")
        (folder / "games").mkdir(exist_ok=True)
        for f in (folder, folder / "games"):
            f.chmod(0o500)


@pytest.mark.parametrize("how", ["full", "read-only", "chmod"])
def test_a_finished_game_that_cannot_be_kept_says_so(shell, qtbot, data_dir, monkeypatch, how):
    break_disk(monkeypatch, data_dir, how)
    try:
        window = shell.start_game(GAME, AIS, {}, 11)
        qtbot.waitUntil(lambda: window.end_dialog is not None, timeout=60_000)
        dialog = window.end_dialog
        qtbot.waitUntil(dialog.record_note.isVisible, timeout=10_000)
        note = dialog.record_note.text()
        assert "could not be kept in Past games" in note and WORDS[how] in note and "Save As" in note
        assert not list((data_dir / "games").glob("*.tycoons")) if (data_dir / "games").is_dir() else True
    finally:
        for f in (data_dir, data_dir / "games"):
            if f.is_dir():
                f.chmod(0o755)


def test_a_finished_game_kept_says_nothing(shell, qtbot, data_dir):
    window = shell.start_game(GAME, AIS, {}, 11)
    qtbot.waitUntil(lambda: window.end_dialog is not None, timeout=60_000)
    qtbot.waitUntil(lambda: any((data_dir / "games").glob("*.tycoons")), timeout=10_000)
    qtbot.wait(300)  # the GUI thread's look at the finished write
    assert not window.end_dialog.record_note.isVisible()


# -- the sign-in ---------------------------------------------------------------------------------
@pytest.fixture
def signed(monkeypatch, tmp_path):
    """`tycoons host signin` against a homeserver that accepts the token (the sign-in's network
    part is not what is tested here: keeping its result is)."""
    pytest.importorskip("nio")
    from ui.online import matrix
    from ui.online.credentials import Credentials

    async def sign_in(homeserver, user, password=None, token=None):
        return Credentials(homeserver, user, token or "tok", "DEV")

    monkeypatch.setattr(matrix, "sign_in", sign_in)
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("TYCOONS_DATA_DIR", str(folder))
    return folder


SIGNIN = ["host", "signin", "--homeserver", "https://matrix.example.org", "--user", "@bot:example.org",
          "--token", "secret"]


def _one_line_error(capsys) -> str:
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("how", ["full", "read-only", "folder is a file", "file is a folder"])
def test_host_signin_on_a_disk_that_cannot_keep_it_says_so_in_one_line(signed, monkeypatch, capsys, how):
    from ui.cli import main
    from ui.online.credentials import FILE_NAME, load_credentials

    if how == "folder is a file":
        signed.rmdir()
        signed.write_text("not a folder")
    elif how == "file is a folder":
        (signed / FILE_NAME).mkdir()
    else:
        break_disk(monkeypatch, signed, how)
    assert main(SIGNIN) != 0
    line = _one_line_error(capsys)
    assert line.startswith("tycoons host: signed in, but the sign-in could not be kept")
    words = {"full": WORDS["full"], "read-only": WORDS["read-only"], "folder is a file": "is a file",
             "file is a folder": "is a folder"}[how]
    assert words in line
    monkeypatch.undo()
    assert load_credentials(signed / FILE_NAME) is None


def test_host_signin_keeps_the_token_private(signed, capsys):
    from ui.cli import main
    from ui.online.credentials import FILE_NAME, load_credentials

    old = os.umask(0)
    try:
        assert main(SIGNIN) == 0
    finally:
        os.umask(old)
    path = signed / FILE_NAME
    assert path.stat().st_mode & 0o777 == 0o600
    assert load_credentials(path).access_token == "secret"


def test_signing_out_when_the_sign_in_file_is_a_folder_does_not_raise(signed, capsys):
    from ui.cli import main
    from ui.online.credentials import FILE_NAME, forget_credentials

    (signed / FILE_NAME).mkdir()
    forget_credentials()
    assert main(["host", "signout"]) == 0
    assert "Traceback" not in "".join(capsys.readouterr())
    assert (signed / FILE_NAME).is_dir()  # not ours to remove: no sign-in was kept in it


def test_a_sign_in_that_cannot_be_removed_is_said(signed, monkeypatch, capsys):
    from ui.cli import main
    from ui.online.credentials import FILE_NAME

    assert main(SIGNIN) == 0
    capsys.readouterr()

    def unlink(self, missing_ok=False):
        raise OSError(errno.EROFS, WORDS["read-only"], str(self))

    monkeypatch.setattr(Path, "unlink", unlink)
    assert main(["host", "signout"]) == 1
    line = _one_line_error(capsys)
    assert WORDS["read-only"] in line and "by hand" in line
    assert (signed / FILE_NAME).is_file()


@pytest.mark.parametrize("how", ["full", "read-only"])
def test_preferences_that_cannot_be_saved_are_said_once(shell, qtbot, data_dir, monkeypatch, how):
    """A preference changed on a disk that cannot keep it holds for the session, and the player is
    told once (not at every later change, nor at every resize that keeps the window's size)."""
    window = shell.start_game(GAME, [SeatInfo("Ann", "human"), *AIS[1:]], {}, 11)
    (data_dir / "settings.json").unlink(missing_ok=True)
    break_disk(monkeypatch, data_dir, how)
    ask = window.act_ask_confirm
    before = ask.isChecked()
    ask.trigger()  # as a click on Game → Ask to confirm each turn
    qtbot.waitUntil(lambda: bool(shell.reports), timeout=5_000)
    assert shell.settings.get("confirm_turn") is (not before)  # it holds for the session
    assert len(shell.reports) == 1 and WORDS[how] in shell.reports[0] and "preferences" in shell.reports[0]
    ask.trigger()
    window.act_allow_hints.trigger()
    qtbot.wait(100)
    assert len(shell.reports) == 1, shell.reports
    monkeypatch.undo()  # the disk has room again: the next change is written, and a new failure said
    window.act_allow_hints.trigger()
    assert shell.settings.write_problem == "" and (data_dir / "settings.json").is_file()


# -- a game hosted from the app ------------------------------------------------------------------
@pytest.mark.parametrize("how", ["full", "read-only", "record"])
def test_a_hosted_game_that_cannot_be_saved_says_so(shell, qtbot, data_dir, homeserver, how):
    """A game hosted from the app on a disk that cannot keep its save, or its record alone ("record"),
    still opens (its rooms exist, its players are invited): the player is told when it is set up, and
    the window's status bar says so at each write that fails; once the disk has room again the next
    move is saved and the game is in Online games."""
    pytest.importorskip("nio")
    from saves.store import read_session
    from tests.online.play import creds
    from ui.online import records
    from ui.online.credentials import save_credentials

    host, player = homeserver.register(), homeserver.register()
    save_credentials(creds(homeserver, host))
    seats = [SeatInfo("Cyd", "online", user=player["user_id"]), SeatInfo("Ann"), SeatInfo("Robo", "ai", "easy")]
    what = "record could not be written" if how == "record" else "could not be saved"
    words = WORDS["full" if how == "record" else how]
    with pytest.MonkeyPatch.context() as disk:
        if how == "record":
            def no_room(path, data, mode=None):
                raise OSError(errno.ENOSPC, words)

            disk.setattr(records, "write_json_atomic", no_room)
        else:
            break_disk(disk, data_dir, how)
        window = shell.online.host_game(GAME, seats, {}, seed=1, parent=shell.start)  # Ann is first
        assert window is not None and shell.online.bridge is not None
        assert len(shell.reports) == 1, shell.reports
        assert "could not be saved on this computer" in shell.reports[0] and words in shell.reports[0]
        shown: list[str] = []
        window.statusBar().messageChanged.connect(shown.append)

        def said() -> bool:
            return any(what in m and words in m for m in [*shown, window.statusBar().currentMessage()])

        qtbot.waitUntil(said, timeout=30_000)  # the first publication's write, after the rooms are read back
        record = shell.online.bridge.record
        assert not record.path.exists()
    c = window.controller
    assert c.human_to_move()
    before = len(c.session.log)
    qtbot.mouseClick(window.prompt.buttons[0], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: records.load_hosted(record.game) is not None, timeout=20_000)
    saved = read_session(record.save_path).log
    assert len(saved) > before and saved == c.session.log[:len(saved)]
    assert [r.game for r in records.hosted_games()] == [record.game]

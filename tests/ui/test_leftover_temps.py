"""The app removes temporary files that a killed save left behind, once it has started:
the next save only ever removed its own file's."""

import os
import time


def test_leftovers_in_the_data_and_saves_folders_go_at_start(shell, data_dir):
    saves = data_dir / "saves"
    saves.mkdir()
    old = time.time() - 600
    left = [data_dir / ".autosave.tycoons.dead01.tmp", saves / ".mine.tycoons.bak.dead02.tmp"]
    for p in left:
        p.write_bytes(b"x" * 1000)
        os.utime(p, (old, old))
    keep = data_dir / "settings.json"
    keep.write_text("{}")
    shell._after_first_paint()
    assert not any(p.exists() for p in left)
    assert keep.exists()

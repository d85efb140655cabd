"""``tycoons check-save FILE`` (ARCHITECTURE §8): verify a save with every check a load makes
(replay included) and print one line. Exit 0 with a summary for a good save, 2 with the reason
for a bad one. Headless: no Qt, and no traceback ever reaches the user."""

from __future__ import annotations

import sys

EXIT_OK = 0
EXIT_BAD = 2


def check_save_command(path: str) -> int:
    """Print ``OK <file>: <summary>`` (exit 0) or ``BAD <reason>`` to stderr (exit 2)."""
    from saves.errors import SaveError, one_line
    from saves.store import describe_save

    try:
        summary = describe_save(path)
    except SaveError as exc:
        print(f"BAD {exc.reason}", file=sys.stderr)
        return EXIT_BAD
    except Exception as exc:  # noqa: BLE001 - the promise is one line, never a traceback
        print(f"BAD {one_line(path, 200)}: could not be checked ({one_line(f'{type(exc).__name__}: {exc}')})",
              file=sys.stderr)
        return EXIT_BAD
    print(f"OK {one_line(path, 200)}: {summary}")
    return EXIT_OK

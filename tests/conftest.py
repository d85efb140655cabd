import os
import sys
from pathlib import Path

# Qt tests run without a display; set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Saves and settings from tests never touch the real user folders.
os.environ.setdefault("TYCOONS_DATA_DIR", str(Path(__file__).parent / ".data-tmp"))

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

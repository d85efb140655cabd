"""The PySide6 application. Importing this package does not import Qt: `ui.cli` dispatches
headless commands without it."""

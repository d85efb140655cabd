"""Tycoons rules engines. Qt-free: headless commands, tests and AI workers import only this."""

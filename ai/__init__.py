"""Tycoons AI agents. Qt-free, cheap to import: the UI's spawn worker processes load only this."""

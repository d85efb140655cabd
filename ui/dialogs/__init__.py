"""Dialogs and windows of the shell: start screen, new game, end of game, help."""

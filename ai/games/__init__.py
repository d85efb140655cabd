"""Per-game agents: `ai/games/<pkg>/agents.py` exposes `AGENTS = {"easy": cls, "normal": cls}`."""

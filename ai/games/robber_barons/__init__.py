"""Robber Barons agents: Easy (weighted random) and Normal (heuristic over the public position)."""

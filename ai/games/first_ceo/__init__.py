"""1st CEO agents: Easy (weighted random) and Normal (one-ply forecast heuristic)."""

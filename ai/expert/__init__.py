"""The Expert level: search guided by a value learned from self-play (model, agent, training)."""

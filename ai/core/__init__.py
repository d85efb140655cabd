"""The agent protocol, the agent registry, observations and the worker entry points."""

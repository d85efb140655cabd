"""Scene items and helpers shared by every game's board."""

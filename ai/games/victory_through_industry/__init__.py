"""Victory Through Industry agents."""

"""City of the Big Shoulders agents."""

"""City of the Big Shoulders (issue 16). Not registered yet: the engine plays set-up, the
choice of starting companies, the Stock Phase and the Building Phase; the Action, Operating and
Cleanup Phases and scoring are still to come (see state.py)."""

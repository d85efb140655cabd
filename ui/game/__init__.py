"""One open game: its window (`window`: board, prompt bar, panels, menus), the controller that
drives it (`controller`: the session, a click turned into a decision, AI turns), the undo mirror
(`undo`), the hot-seat curtain (`curtain`), keyboard play (`keyboard`), following the other
players (`follow`), passing until the next phase (`autopass`) and Suggest a move (`hint`)."""

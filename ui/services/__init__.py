"""Services shared by every window: the player's preferences (`settings`), light or dark window
colours (`theme`), the text size (`text_size`), the AI's worker processes (`ai_runner`) and
the widgets that show data as plain text, never as markup (`plain_text`)."""

"""Captains of Industry agents."""

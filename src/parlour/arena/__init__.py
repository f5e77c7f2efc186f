"""Tournaments between bots: fair seating, worker processes or Ray, statistics and reports."""

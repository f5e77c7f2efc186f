"""The game-independent core: cards, contracts, errors, rules, registry, records.

Nothing here does I/O or knows a game by name.
"""

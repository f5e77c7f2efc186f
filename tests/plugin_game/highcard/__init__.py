"""High Card: a tiny parlour game installed through an entry point by the tests (see ``game``)."""

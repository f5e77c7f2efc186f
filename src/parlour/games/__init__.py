"""The games parlour ships, one plug-in package each, found through the ``parlour.games`` entry points."""

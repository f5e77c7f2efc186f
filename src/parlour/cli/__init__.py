"""The ``parlour`` command: play in the terminal, print rules, replay records."""

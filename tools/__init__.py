"""Developer tools run by hand or by make (not part of the installed package)."""

"""parlour: play and study Tonk, Tock and Plonk."""

from parlour.core.registry import load_game

__version__ = "0.1.0"
__all__ = ["__version__", "load_game"]

"""The games parlour plays; importing this package registers each of them."""

from parlour.games import plonk as plonk
from parlour.games import tock as tock
from parlour.games import tonk

__all__ = ["tonk"]

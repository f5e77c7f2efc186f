"""Each game's view shape written as the JSON Schema its browser client reads (``view_shape.js``).

A game that declares its view shape (``SHAPE`` in the ``view_shape`` module
beside its ``Game`` class, see ``parlour.core.shapes``) and ships a browser
client gets ``view_shape.js`` beside the client: an ES module whose default
export is the shape as a JSON Schema. The client checks each view it is sent
against it, and ``tests/games/test_view_shapes.py`` fails when a client reads
a key the schema does not declare, or when a file here is stale. Run it after
changing a shape, and commit the files it writes:

    .venv/bin/python tools/view_schema.py          # rewrite the files
    .venv/bin/python tools/view_schema.py --check  # list the stale ones, exit 1 if any
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    """Write (or with ``--check``, compare) the ``view_shape.js`` of every game that has a shape and a client."""
    if str(ROOT / "src") not in sys.path:
        sys.path.insert(0, str(ROOT / "src"))  # run as a script from a checkout
    from parlour.core.registry import game_classes
    from parlour.core.shapes import expected_client_shapes

    check = "--check" in argv
    stale = 0
    for path, text in expected_client_shapes(game_classes().values()).items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale += 1
        if check:
            print(f"stale: {path}")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

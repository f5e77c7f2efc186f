"""High Card's plain words (its ``words`` part): each move as an instruction, in English or French."""

from __future__ import annotations

from parlour.core.game import View
from parlour.core.words import Words

SAID = {
    "en": {"stand": "Keep your card", "swap": "Swap your card for the top of the stock"},
    "fr": {"stand": "Garder votre carte", "swap": "Échanger votre carte contre celle du talon"},
}


class HighCardWords(Words):
    """Moves in words; the story and the outcomes are the default's (the view's log, the numbers)."""

    def action(self, text: str, view: View, lang: str) -> str:
        return SAID.get(lang, SAID["en"]).get(text, text)

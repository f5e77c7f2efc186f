"""Every REST body and WebSocket message, as pydantic models.

Inputs (``...In``) forbid unknown fields and bound every string, so a
malformed or oversized request is refused with ``request/invalid`` before any
table sees it. Outputs are what the OpenAPI docs at ``/docs`` show; the only
game data they carry is a view (``State.view``) and the seat's legal actions.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, field_validator

PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f]*$"
"""No control characters (NUL, line breaks, escapes …): names are shown to others and stored on every backend."""
REFUSED_IN_NAMES = {"Cc": "a control character", "Cf": "a format character (bidi override or zero-width)",
                    "Zl": "a line separator", "Zp": "a paragraph separator"}
"""Unicode categories no name may hold: they break lines, reverse or hide text where others read the name."""
MAX_INT = 2**31 - 1
"""The largest integer a request may carry: every backend stores it (PostgreSQL's ``integer``)."""


MAX_MARKS = 4
"""Combining marks one character may carry (Vietnamese uses two, pointed Hebrew three or four): more pile up
over the lines around them ("Zalgo" text), in a name or a chat message."""


def piled_marks(text: str) -> tuple[int, int] | None:
    """Where ``text`` piles more than ``MAX_MARKS`` combining marks on one character: (that character's index,
    how many), or None."""
    base = run = 0
    for i, ch in enumerate(text):
        if unicodedata.category(ch) in ("Mn", "Me"):
            run += 1
            continue
        if run > MAX_MARKS:
            return base, run
        base, run = i, 0
    return (base, run) if run > MAX_MARKS else None


def check_name(value: str) -> str:
    """A player's or chat name as kept: NFC-normalised, trimmed; refused when it holds a character of
    ``REFUSED_IN_NAMES`` or more than ``MAX_MARKS`` combining marks on one character (the message quotes the
    name and says what is wrong)."""
    text = unicodedata.normalize("NFC", value).strip()
    for ch in text:
        what = REFUSED_IN_NAMES.get(unicodedata.category(ch))
        if what is not None:
            raise ValueError(f"name {value!r} holds {what}, U+{ord(ch):04X} "
                             f"{unicodedata.name(ch, '(unnamed)')}: names are letters, digits, spaces and marks")
    piled = piled_marks(text)
    if piled is not None:
        raise ValueError(f"name {value[:40]!r} piles {piled[1]} combining marks on one character; at most "
                         f"{MAX_MARKS} are allowed")
    if not text:
        raise ValueError(f"name {value!r} is empty: give at least one visible character")
    return text


NAME_LENGTH = 40
"""The longest name a person may give (seat, table, chat)."""
Name = Annotated[str, StringConstraints(max_length=NAME_LENGTH), AfterValidator(check_name)]
"""Every name a person gives (seat, table, chat): one rule, ``check_name``."""
SeatSpec = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80, pattern=PRINTABLE)]
ActionText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
FlagValue = str | int | bool | None

ErrorCode = Literal[
    "action/illegal", "action/invalid", "action/game_over", "action/not_your_turn", "action/stale",
    "auth/bad_token", "request/invalid",
    "table/full", "table/not_found", "table/not_finished", "table/finished", "table/too_many", "game/not_found",
    "request/too_large", "request/too_many", "request/not_found", "request/method_not_allowed", "storage_unavailable",
    "record/not_found", "chat/too_fast", "table/expired", "service/not_ready", "table/reserved", "table/lesson",
    "bot/invalid", "bot/over_budget", "bot/not_offered", "chat/closed",
    "auth/login_failed", "auth/no_session", "auth/csrf", "auth/wrong_password", "account/name_taken",
    "table/rated", "player/not_found", "quick/stopped",
]


class StrictIn(BaseModel):
    """Base of every input: unknown fields are an error, not silently dropped."""

    model_config = ConfigDict(extra="forbid")


# ----------------------------------------------------------------- REST inputs


MOVE_CLOCK = (3600.0, 3 * 86400.0)
"""The shortest and longest move clock of a turn-based table (seconds)."""


class TableIn(StrictIn):
    """``POST /api/tables``: a game, its preset and flags, and who sits where."""

    game: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20)]
    preset: Annotated[str, StringConstraints(strip_whitespace=True, max_length=20)] | None = None
    rules: dict[Annotated[str, StringConstraints(max_length=40)], FlagValue] = Field(
        default_factory=dict, max_length=40, description="flag → value, on top of the preset",
    )
    seats: list[SeatSpec] = Field(
        min_length=1, max_length=8, description='one per seat: "human" or a bot spec such as "random"',
    )
    turn_seconds: float | None = Field(
        None, gt=0, le=3600, description="a stand-in bot plays for a person who takes longer than this",
    )
    name: Name | None = Field(None, description="a name for the table in the lobby")
    move_clock: float | None = Field(default=None, ge=MOVE_CLOCK[0], le=MOVE_CLOCK[1],
                                     description="a turn-based table: seconds each person has for a move (1 hour "
                                     "to 3 days); when it runs out the person's stand-in bot plays that turn. None: "
                                     "real-time")
    rated: bool = Field(default=False, description="a rated table: signed-in accounts only (bots only as levels, "
                        "level:…), a preset's rules without other flags; its end changes each player's rating")
    spectator_chat: bool = Field(default=False, description="whether spectators may post in the table's chat; its "
                                 "seated players always may, until it ends")

    @field_validator("rules")
    @classmethod
    def bounded(cls, rules: dict[str, FlagValue]) -> dict[str, FlagValue]:
        """Every integer flag within what storage and the engines take (``MAX_INT``)."""
        for key, value in rules.items():
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
                raise ValueError(f"flag {key!r} = {value} is out of range: integers are -{MAX_INT} to {MAX_INT}")
        return rules


class JoinIn(StrictIn):
    """``POST /api/tables/{id}/join``: take a free human seat (a given one, or the first)."""

    name: Name = "Guest"
    seat: int | None = Field(None, ge=0, le=7)


class ActionIn(StrictIn):
    """``POST /api/tables/{id}/actions``: play for the seat the token holds."""

    token: Annotated[str, StringConstraints(min_length=1, max_length=100)]
    version: int = Field(ge=0, le=10_000_000, description="the state version the action was chosen on")
    action: ActionText


class HintIn(StrictIn):
    """``POST /api/tables/{id}/hint``: what the strong bot would play for the seat the token holds."""

    token: Annotated[str, StringConstraints(min_length=1, max_length=100)]
    version: int = Field(ge=0, le=10_000_000, description="the state version the hint is asked on")


class LessonIn(StrictIn):
    """``POST /api/lessons``: start a game's lesson, seated at it as ``name``."""

    game: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20)]
    name: Name = "Guest"


# ------------------------------------------------------------ WebSocket inputs


class WsAction(StrictIn):
    """Play ``action`` (text notation), chosen on state ``version``."""

    type: Literal["action"]
    version: int = Field(ge=0, le=10_000_000)
    action: ActionText


class WsPing(StrictIn):
    """Ask for a ``pong`` (and keep the connection alive)."""

    type: Literal["ping"]


class WsSync(StrictIn):
    """Ask for the current state again."""

    type: Literal["sync"]


ClientMessage = Annotated[WsAction | WsPing | WsSync, Field(discriminator="type")]


# ---------------------------------------------------------------------- outputs


class ErrorBody(BaseModel):
    """What was refused: a stable code and a message that quotes the input and says what is allowed."""

    code: ErrorCode
    message: str


class ErrorOut(BaseModel):
    """Every REST refusal: ``{"error": {"code": …, "message": …}}`` (WebSocket errors are ``type: error``)."""

    error: ErrorBody


class FlagOut(BaseModel):
    name: str = Field(description="the flag as a table's rules name it (what is sent)")
    title: str = Field(description="its name in words, in English (the browser's catalog translates it)")
    default: Any
    help: str = Field(description="what it does, in English (translated like the title)")
    kind: str
    choices: list[Any]
    choice_words: list[str] = Field(description="each of choices in words, in the same order, in English "
                                    "(translated like the title); the values sent are the choices")
    minimum: int | None
    maximum: int | None
    allowed: str


class LevelOut(BaseModel):
    """A level a person can choose for a bot seat, and how strong it plays."""

    spec: str = Field(description="the bot spec of the level's seat: level:beginner, level:casual, level:expert, "
                      "level:master")
    level: str
    rating: float | None = Field(description="its rating in this game (Elo scale, mean 1500) from the levels' "
                                 "round-robin (benchmarks/levels.py), fitted to the stakes each level won from the "
                                 "others; null where none was played")


class GameOut(BaseModel):
    """A registered game with its presets (flag values) and every flag."""

    name: str
    title: str
    description: str
    min_players: int
    max_players: int
    information: str
    default_preset: str
    presets: dict[str, dict[str, Any]]
    preset_words: dict[str, list[str]] = Field(default_factory=dict, description="each preset's name in words and "
                                               "a one-line description, in English (the browser's catalog "
                                               "translates them)")
    flags: list[FlagOut]
    bots: list[str]
    levels: list[LevelOut] = Field(default_factory=list, description="the levels among ``bots``, weakest first, "
                                   "each with its rating")
    client: str = Field(description="URL of the game's browser client module (the generic client if it has none)")
    layout: str | None = Field(None, description="URL of the game's layout (add ?players=N), if it has one")


class SeatOut(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    name: str | None
    bot: str | None
    taken: bool
    reserved: bool = Field(False, description="kept for a player of the previous match (a rematch) until they "
                           "come or rematch_hold_seconds pass: not free to others")
    connected: bool
    stand_in: bool = Field(description="a bot is playing for this absent person")


class TableOut(BaseModel):
    """A table as the lobby sees it: public facts only."""

    id: str
    name: str
    game: str
    spec: str
    spec_words: str = Field("", description="the rules played as people say them, in the language asked: the "
                            "game, its players, its preset in words with its description, each flag off the "
                            "preset with its value in words")
    status: Literal["waiting", "playing", "finished"]
    version: int
    seed_commitment: str = Field(description="SHA-256 (hex) of the deal's seed in decimal: the seed is in the "
                                 "record once the table is finished, so anyone can check the deal was fixed")
    to_play: int | None
    seats: list[SeatOut]
    turn_seconds: float | None
    spectators: int
    created: float
    lesson: bool = Field(False, description="a game's lesson: one person against bots on the lesson's fixed "
                         "(public) deal; nobody else may sit, and it has no rematch")
    rated: bool = Field(False, description="a rated table: accounts only; its end changes their ratings")
    move_clock: float | None = Field(None, description="a turn-based table's seconds a move (None: real-time)")
    deadline: float | None = Field(None, description="at a turn-based table, when the turn waiting for "
                                   "``to_play`` runs out (Unix time, seconds)")
    now: float | None = Field(None, description="the server's time as it described the table (Unix time, "
                              "seconds): a client whose clock is off counts the time left from it")
    forfeit: int | None = Field(None, description="the seat whose move clock ran out, ending the table (with the "
                                "server's clock_timeout = forfeit); its side lost")
    spectator_chat: bool = Field(False, description="whether spectators may post in the chat (seated players "
                                 "always may, until the table ends)")


PASSWORD_LENGTH = (8, 200)
"""The shortest and longest password an account may have (characters)."""
Password = Annotated[str, StringConstraints(min_length=PASSWORD_LENGTH[0], max_length=PASSWORD_LENGTH[1])]
Email = Annotated[str, StringConstraints(strip_whitespace=True, max_length=254,
                                         pattern=r"^[^@\s\x00-\x1f\x7f]+@[^@\s\x00-\x1f\x7f]+\.[^@\s\x00-\x1f\x7f]+$")]


class AccountIn(StrictIn):
    """``POST /api/accounts``: open an account (and sign in)."""

    name: Name
    password: Password
    email: Email | None = None
    notify: bool = Field(False, description="send an e-mail (to ``email``) when a turn waits for this account")


class PreferencesIn(StrictIn):
    """``PATCH /api/account``: change what is given (the others stay)."""

    email: Email | None = Field(None, description="the address turn e-mails go to (null: none)")
    notify: bool | None = Field(None, description="send an e-mail when a turn waits for this account")


class LoginIn(StrictIn):
    """``POST /api/session``: sign in."""

    name: Annotated[str, StringConstraints(min_length=1, max_length=NAME_LENGTH)]
    password: Annotated[str, StringConstraints(min_length=1, max_length=PASSWORD_LENGTH[1])]


class PasswordIn(StrictIn):
    """``POST /api/account/password``: change the password (the current one proves it is you)."""

    current: Annotated[str, StringConstraints(min_length=1, max_length=PASSWORD_LENGTH[1])]
    new: Password


class DeleteAccountIn(StrictIn):
    """``POST /api/account/delete``: delete the account (its games stay, under "deleted player")."""

    password: Annotated[str, StringConstraints(min_length=1, max_length=PASSWORD_LENGTH[1])]


class AccountOut(BaseModel):
    """The signed-in account, and the token its page sends in ``X-CSRF-Token`` with every change it asks."""

    name: str
    email: str | None
    created: float
    notify: bool = Field(description="an e-mail is sent when a turn waits for this account")
    lang: str = Field(description="the language of its e-mails (the one it registered or last chose with)")
    csrf: str = Field(description="send it in the X-CSRF-Token header of every POST, PUT, PATCH or DELETE made "
                      "with the session cookie")


class MyTableOut(BaseModel):
    """A table the signed-in account holds a seat at, and the token that plays it from this browser."""

    table: TableOut
    seat: int
    token: str
    my_turn: bool


class JoinOut(BaseModel):
    """The seat taken and its token: keep it to play and to come back after a disconnect."""

    table: str
    seat: int
    token: str


class AcceptedOut(BaseModel):
    """An action was played; the table is now at ``version``."""

    type: Literal["accepted"] = "accepted"
    version: int
    action: str


class CheckOut(BaseModel):
    """``POST /api/tables/{id}/check``: whether an action would be played, and if not why; nothing is played."""

    action: str = Field(description="the action: as the game writes it when legal, else as sent")
    legal: bool
    code: str | None = Field(default=None, description="``action/illegal`` (the rules forbid it here) or "
                             "``action/invalid`` (no action of the game)")
    reason: str | None = Field(default=None, description="why it would be refused, in the asked language: the rule "
                               "in words for an action the rules refuse, quoting text that is no action first")
    refusal: str | None = Field(default=None, description="the game's code of the rule that refuses it (its name, "
                                "a slash, the rule's), when the game gives one")
    params: dict[str, Any] | None = Field(default=None, description="the public values the refusal names (the "
                                          "action, pawns as the board shows them, cards), with ``refusal``")
    words: str | None = Field(default=None, description="the legal action in plain words, in the asked language")


class LessonOut(BaseModel):
    """A lesson the lobby offers (``GET /api/lessons``)."""

    game: str
    title: str = Field(description="the lesson's button, in the asked language: Learn and the game's name")
    players: int = Field(description="seats at its table: the learner and bots")


class AdviceOut(BaseModel):
    """A move the hint's search weighed: its value with the value's standard error, and its share of games ahead
    with that share's 95 % interval, from the same playouts."""

    action: str = Field(description="the move, in notation (what is sent to play it)")
    label: str = Field("", description="the move's notation as the board names its pieces (a pawn by the label "
                       "the board shows, not the seat's own shorthand): what to show beside the words")
    words: str = Field(description="the move in plain words, in the asked language")
    facts: list[str] = Field(default_factory=list, description="what the move keeps, gains or gives up, read from "
                             "the seat's view alone, in the asked language (\"lowers your hand's total from 21 to "
                             "17\")")
    value: float = Field(description="the search's estimate of the seat's return after it (its mean return over "
                         "its playouts); 0 when it was not searched")
    value_error: float | None = Field(default=None, description="the standard error of ``value``; null from fewer "
                                      "than two playouts")
    visits: int = Field(description="how many playouts the search gave it (detail: the value and its error say "
                        "what they measured)")
    ahead: float | None = Field(default=None, description="the share of its playouts played to the end of the game "
                                "in which the seat came out ahead (a return above an even share: a win, or money "
                                "won); null when too few reached the end to say (a search that stops its playouts "
                                "early ends them in estimates, not results)")
    ahead_low: float | None = Field(default=None, description="the low end of the 95 % (Wilson) interval of "
                                    "``ahead``; present exactly when ``ahead`` is")
    ahead_high: float | None = Field(default=None, description="the high end of the 95 % (Wilson) interval of "
                                     "``ahead``; present exactly when ``ahead`` is")


class HintOut(AdviceOut):
    """``POST /api/tables/{id}/hint``: the strong bot's suggestion from the seat's own view, the move its
    search's estimate rates best, and the other moves it weighed on the same footing (best valued first, none
    valued above the suggestion); nothing is played."""

    alternatives: list[AdviceOut] = Field(description="up to 5 other moves, the best valued first")
    iterations: int = Field(description="iterations the search ran (0: the move was forced)")
    reason: str = Field(description="why, in a few sentences in the asked language: what the move keeps or gains, "
                        "how often it came out ahead in the games played to the end (when enough were), how much "
                        "better it is than the next best in the game's unit (\"by about 1.5 stakes a game\"), and "
                        "what the next best does instead")
    details: str = Field("", description="the numbers behind the reason: the move's and the next best's values "
                         "with their standard errors and playouts, in the asked language")


class StateOut(BaseModel):
    """What one client is sent after every change: its view and, on its turn, its legal actions."""

    type: Literal["state"] = "state"
    table: TableOut
    seat: int | None
    view: dict[str, Any]
    legal: list[str]
    words: list[str] = Field(default_factory=list, description="each legal action in plain words, in the "
                             "client's language (``lang``), in the order of ``legal``")
    story: list[tuple[int | None, str, int | None]] = Field(
        default_factory=list, description="what happened, in plain words in the client's language: the latest "
        "lines as [seat or null, sentence, index of the action told or null for an event]")
    outcomes: list[str | None] = Field(default_factory=list, description="how each of the view's ``results`` "
                                       "ended, in words in the client's language (null: the game says nothing)")
    deadline: float | None = Field(None, description="seconds left before a stand-in plays this turn")
    stand_in_moves: list[int] = Field(default_factory=list, description="indices of the latest actions that a "
                                      "stand-in bot played for an absent person")
    lesson: list[str] = Field(default_factory=list, description="at a lesson, to its learner: what they may do "
                              "now and why, in sentences in the client's language")


class PresenceOut(BaseModel):
    """Sent to a table's clients when a client connects or leaves, instead of the whole state."""

    type: Literal["presence"] = "presence"
    table: str
    seats: list[int] = Field(description="the seats shown connected (as ``SeatOut.connected``), in order")
    spectators: int = Field(description="clients watching, on every process")


class ReplayStepOut(BaseModel):
    """A finished game after ``step`` actions: the public view and, the game being over, every hand."""

    step: int
    steps: int
    action: str | None
    seat: int | None
    view: dict[str, Any]
    hands: list[list[str]]
    outcomes: list[str | None] = Field(default_factory=list, description="how each of the view's ``results`` "
                                       "ended, in words in the asked language (null: the game says nothing)")



class RatingOut(BaseModel):
    """A player's rating in one game, on the scale of the bots' levels (``ratings``)."""

    rating: int
    uncertainty: int = Field(description="±2σ on the same scale")
    games: int = Field(description="rated games played")
    provisional: bool = Field(description="too few rated games yet for the rating to be settled")
    history: list[tuple[float, int]] = Field(description="(time, rating after) of each rated table, oldest first")


class PlayedOut(BaseModel):
    """A player's finished games of one game and variant."""

    game: str
    spec: str
    spec_words: str = Field("", description="the variant's rules as people say them, in the language asked")
    played: int
    won: int
    lost: int
    drawn: int


class RecentOut(BaseModel):
    """One of a player's latest tables; a finished one has its replay at ``/api/tables/{table}/replay``."""

    table: str
    name: str
    game: str
    spec: str
    spec_words: str = Field("", description="the table's rules as people say them, in the language asked")
    finished: bool
    outcome: Literal["won", "lost", "drawn"] | None
    rated: bool
    move_clock: float | None = Field(None, description="a turn-based table's seconds a move (None: real-time)")
    created: float


class PlayerOut(BaseModel):
    """A player's page: ratings, games played, latest tables."""

    name: str
    created: float
    ratings: dict[str, RatingOut]
    played: list[PlayedOut]
    recent: list[RecentOut]


class QuickIn(StrictIn):
    """``POST /api/quick``: "Play now": a seat at a game of this game and variant, with others or with bots."""

    game: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20)]
    preset: Annotated[str, StringConstraints(strip_whitespace=True, max_length=20)] | None = None
    players: int | None = Field(default=None, ge=2, le=8, description="how many play (the preset's number when "
                                "none)")
    rated: bool = Field(default=False, description="a rated game (signed-in accounts only)")
    name: Name = Field(default="Guest", description="the name to play under without an account (an account plays under "
                       "its own)")
    ticket: Annotated[str, StringConstraints(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")] | None = \
        Field(default=None, description="a random id the client makes up for this request, so that it may stop "
              "waiting (DELETE /api/quick/{ticket}); keep it secret")


class QuickOut(BaseModel):
    """The seat taken: the table, the seat and the token that plays it."""

    table: str
    seat: int
    token: str
    with_bots: bool = Field(description="nobody else came in time: the other seats are bots of your level")

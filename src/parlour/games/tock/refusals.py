"""Why Tock refuses an action: the refusal codes of the rules of play, each with its sentence in English.

The move functions (pawns.py, plays.py, seven.py, play.py) give a ``Refusal`` (core/refusals.py) of one of
these codes; its parameters name pawns as the board shows them (``c1``, the mover's own too), cards by their
rank (``K``, ``Jk``) and squares by number, so the same refusal reads the same on the board and in the log.
"""

from __future__ import annotations

from parlour.core.refusals import N_, declare

REFUSALS = declare({
    # entering
    "tock/all_out": N_("A card that enters takes a pawn from your reserve: all your pawns are out"),
    "tock/start_held": N_("Your pawn {pawn} holds your start with the position advantage: nothing enters "
                          "there"),
    "tock/enter_kinds": N_("Only an A, a K or a Jk enters a pawn (and the 2♠, at a table that allows it): the {card} "
                           "does not"),
    "tock/two_enters_flag": N_("Of the 2s, only the 2♠ enters a pawn, and only at a table that allows it: this "
                               "one does not"),
    "tock/no_two_of_spades": N_("Of the 2s, only the 2♠ enters a pawn, and you hold none"),
    # moving
    "tock/in_reserve": N_("Only a pawn on the board moves: {pawn} is in the reserve"),
    "tock/no_shortcuts": N_("A {sections}-section board has no shortcuts"),
    "tock/not_intersection": N_("A shortcut starts from an intersection ({squares}): square {square} is none"),
    "tock/too_many_shortcuts": N_("The {sections}-section board allows at most {most} shortcuts in a row, "
                                  "not {jumps}"),
    "tock/unsettled": N_("Only a pawn that stood on intersection {square} when its owner's turn began takes "
                         "the shortcut: {pawn} did not"),
    "tock/cannot_enter_home": N_("A pawn stays out of its home only when it could enter: {pawn} cannot with "
                                 "this count, it goes round anyway"),
    "tock/must_enter_home": N_("At this table a pawn enters its home whenever the count allows: {pawn} must"),
    "tock/short_of_home": N_("A pawn stays out of its home only when it reaches it: {pawn} does not"),
    "tock/home_no_marks": N_("A pawn in its home takes no shortcut and has nothing to stay out of: {pawn} "
                             "is in its home"),
    "tock/past_home": N_("Pawns move up the home with exact counts: {pawn} on home {at} would go past home "
                         "{last}"),
    "tock/home_land": N_("Pawns in the home never land on each other: {pawn} would land on the pawn on "
                         "home {at}"),
    "tock/home_pass": N_("Pawns in the home never pass each other: {pawn} would pass the pawn on home {at}"),
    "tock/home_no_back": N_("Pawns in their home never move back: {pawn} is in its home"),
    "tock/back_one_shortcut": N_("A backward move takes at most one shortcut, as its first step"),
    "tock/blocked": N_("Only the K passes pawns: {pawn} would pass {other} on square {square}"),
    "tock/blocked_advantage": N_("Even the K never passes a pawn with the position advantage: {pawn} would "
                                 "pass {other} on square {square}"),
    "tock/advantage": N_("A pawn on its own start has the position advantage and cannot be captured: {pawn} "
                         "on square {square}"),
    # the cards that are not simple moves
    "tock/four_own_pawn": N_("The 4 moves one of your own pawns backwards: {pawn} is not yours"),
    "tock/own_pawn_only": N_("The {card} moves one of your own pawns: {pawn} is not yours"),
    "tock/four_no_home": N_("The 4 moves back and never enters a home, so it has nothing to stay out of"),
    "tock/five_pushes": N_("The 5 pushes another player's pawn forward: choose one of their pawns"),
    "tock/five_own_pawn": N_("The 5 pushes another player's pawn, never your own"),
    "tock/jack_swaps": N_("The J swaps one of your pawns with another player's pawn: choose both"),
    "tock/jack_own_pawns": N_("The J swaps your pawn with another player's, not two of yours"),
    "tock/seven_splits": N_("The 7 moves 7 squares, split among your pawns as you like: choose the parts"),
    "tock/fixed_reserve": N_("Only a pawn on the track is pushed or swapped: {pawn} is in the reserve"),
    "tock/fixed_home": N_("Only a pawn on the track is pushed or swapped: {pawn} is in its home"),
    "tock/fixed_advantage": N_("A pawn with the position advantage on its start is never pushed or swapped: "
                               "{pawn}"),
    "tock/seven_total": N_("The parts of a 7 add up to 7 squares, not {total}"),
    "tock/seven_one_part": N_("Each pawn takes at most one part of a 7"),
    "tock/seven_part": N_("Part {part} of the 7: {reason}"),
    "tock/same_seven": N_("This 7 makes the same moves as {same}, which is how it is written"),
    "tock/no_seat": N_("There is no seat {seat} at a {n}-player table: seats are a to {last}"),
    # the hand and the turn
    "tock/not_held": N_("You play a card from your hand: you hold no {card}"),
    "tock/discard_playable": N_("You discard only when no card can be played, and one of yours can be"),
    "tock/no_bonus": N_("There is no joker bonus to decide now: {todo}"),
    "tock/no_discard_now": N_("No discard now: {todo}"),
    "tock/not_now": N_("Not now: {todo}"),
    "tock/todo_bonus": N_("you have a joker bonus: play it or keep it"),
    "tock/todo_spend": N_("spend a stored bonus or end your turn"),
    "tock/todo_extra": N_("play one more card for your bonus"),
    "tock/todo_play": N_("play a card"),
    "tock/todo_discard": N_("no card can be played: discard one"),
    "tock/not_an_action": N_("{action} is no Tock action"),
    # text that is no action (actions.py): how the notation writes it
    "tock/empty": N_("Nothing was written: actions are written {forms}"),
    "tock/unknown": N_("This is no Tock action: actions are written {forms}"),
    "tock/discard_one": N_("A discard names one card, as in {example}"),
    "tock/bonus_words": N_("A joker bonus is played now or kept: write {play} or {keep}"),
    "tock/rank_only": N_("A card is named by its rank only ({rank}, not {written}): which suit you play does not "
                         "matter, except that the 2♠ enters"),
    "tock/wrong_count": N_("The {card} moves {value} squares, not {count}"),
    "tock/which_pawn": N_("Say which pawn the {card} moves, as in {example}"),
    "tock/five_one_pawn": N_("The 5 pushes one pawn, as in {example}"),
    "tock/one_pawn": N_("A {card} moves one pawn, as in {example}"),
    "tock/split_seven_only": N_("Only a 7 is split between pawns: write {example}"),
    "tock/no_pawn": N_("{written} names no pawn: your own are written {own}, another seat's by its letter, as "
                       "in {theirs}"),
    "tock/part_steps": N_("Each part of a 7 moves 1 to 7 squares: {written}"),
    "tock/other_seat_pawn": N_("Another seat's pawn is named by its seat letter ({letters}) and number, as in "
                               "{example}: {written}"),
    "tock/pawn_number": N_("Pawns are numbered 1 to {most}: {written}"),
    "tock/two_shortcuts": N_("A move takes at most two shortcuts in a row: {written}"),
    "tock/swap_two": N_("The J swaps two pawns, as in {example}"),
    "tock/jack_moves_nothing": N_("The J moves no pawn forward, it swaps two: write {example}"),
    "tock/seven_counts": N_("When a 7 is split, each part gives its count, as in {example}"),
    "tock/no_such_seat": N_("There is no seat {seat}: seats are {letters}"),
    "tock/for_card_action": N_("After {written} comes the card played for that teammate, as in {example}"),
    # teams
    "tock/no_teams": N_("This game is played without teams: play your own pawns"),
    "tock/not_home_yet": N_("You play for a teammate only once your 4 pawns are home"),
    "tock/not_served": N_("You play for a teammate once home, and seat {seat} is not one you play for: you "
                          "play for {seats}"),
    "tock/play_for_teammate": N_("Your 4 pawns are home, so your cards move a teammate's pawns (seat {seat})"),
})
"""Every refusal Tock gives: code → sentence."""

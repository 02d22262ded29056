"""License to Kill: Preparing to Play and the turn's steps, each action's check (raises,
changes nothing) and its effect on the table, as the rulebook orders them; `RULES` is this
module's part of the rules table (`attachments`, `duels` and `overcome` hold the rest)."""

from __future__ import annotations

from dataclasses import replace

from companion.core.errors import InputError, shown

# States are annotated `GameState`: they are the engine's `LtkState`, and the engine
# imports this module.
from companion.core.game import (
    Event,
    GameState,
)
from companion.core.rules_table import Rule
from companion.license_to_kill import decks, rules
from companion.license_to_kill.actions import (
    AddToAgency,
    InPlaceOfAssignment,
    NextStep,
    PlacePlot,
    Setup,
)
from companion.license_to_kill.cards import Card
from companion.license_to_kill.table import (
    IN_TURN,
    PREPARING,
    Checked,
    MainPlot,
    Table,
    Turn,
    check_effect,
    in_turn,
)
from companion.license_to_kill.table import refuse as _refuse

# Preparing to Play.

def _check_setup(state: GameState, a: Setup) -> None:
    if not isinstance(a.player, int) or not 0 <= a.player < len(state.players):
        raise InputError(f"there is no player {shown(a.player)}")
    if state.players[a.player].ready:
        raise _refuse(f"{state.players[a.player].name} has already set up", "preparing")
    lib = state.library
    others = [m[0].title for p in state.players for m in p.zone[:1]]
    problems = (decks.check_starting_main_plot(lib.card(a.mission), lib.card(a.villain), others)
                + decks.check_starting_bond(lib.card(a.bond)))
    if problems:
        raise _refuse("; ".join(problems), "preparing")


def _do_setup(state: GameState, table: Table, a: Setup) -> Event:
    seat = table.players[a.player]
    faces = dict(zip((a.mission, a.villain), (up for _, up in rules.STARTING_MAIN_PLOT),
                     strict=True))
    main_plot = [table.new_piece(title, a.player, up) for title, up in faces.items()]
    seat.zone.append(main_plot)
    seat.agency.append(table.new_piece(a.bond, a.player))
    seat.ready = True
    for piece in main_plot:
        if piece.face_up:
            table.score(a.player, table.zone_points(piece),
                        f"{piece.title} face up in the Plot Zone")
    if all(s.ready for s in table.players):
        table.turn = Turn()
    name = state.players[a.player].name
    return Event(f"{name} starts with {a.mission} face up, a Villain face down on it, and "
                 f"{a.bond} in the Agency")


# The turn's steps.

def _check_next_step(state: GameState, a: NextStep) -> None:
    turn = state.turn
    if (turn.step_name == "Develop Plot Zone" and not turn.plots_placed
            and not a.no_plot_card):
        raise _refuse("you must add the Plot card you drew to your Plot Zone first",
                      "develop")


def _do_next_step(state: GameState, table: Table, a: NextStep) -> Event:
    turn = state.turn
    if turn.step + 1 < len(rules.TURN_STEPS):
        table.turn = replace(turn, step=turn.step + 1)
        return Event(f"{state.players[turn.player].name}: {table.turn.step_name}")
    following = (turn.player + 1) % len(state.players)
    table.turn = Turn(player=following, number=turn.number + 1)
    return Event(f"Turn {turn.number + 1}: {state.players[following].name} "
                 f"({table.turn.step_name})")


# Step Two: Develop Plot Zone.

def _check_place(state: GameState, a: PlacePlot) -> None:
    turn = state.turn
    card = state.library.card(a.card)
    if not (card.is_plot or (card.is_personality and not card.ally)):
        raise _refuse(f"{card.title} is a {card.type}: only Plot cards and non-allied "
                      "Personalities go in a Plot Zone", "develop")
    _check_extra_plot(turn, card, a)
    state.check_deck_copies(card, turn.player, a.face_up)
    stack = _target_stack(state, a)
    if len(stack) >= rules.MAIN_PLOT_MAX_CARDS:
        raise _refuse(f"a Main Plot can contain a maximum of {rules.MAIN_PLOT_MAX_CARDS} "
                      "cards", "main")
    if a.face_up:
        state._check_unique(card)
    if a.face_up or state.config.house["check_face_down_placements"]:
        _check_main_rules(state, card, stack, len(stack) if a.position is None else a.position,
                          a.by_intrigue)


def _check_extra_plot(turn: Turn, card: Card, a: PlacePlot) -> None:
    if a.by_intrigue:
        if card.type not in rules.INTRIGUE_EXTRA_PLOT_TYPES or not a.face_up:
            raise _refuse("an Intrigue card adds only a Henchman or Location, face up", "main")
    elif card.is_plot and turn.plots_placed >= rules.PLOT_CARDS_DRAWN_PER_TURN:
        raise _refuse(f"you draw {rules.PLOT_CARDS_DRAWN_PER_TURN} Plot card a turn and have "
                      "added it already", "develop")


def _target_stack(state: GameState, a: PlacePlot) -> MainPlot:
    zone = state.players[state.turn.player].zone
    if a.main_plot is None:
        stack: MainPlot = ()
    elif isinstance(a.main_plot, int) and 0 <= a.main_plot < len(zone):
        stack = zone[a.main_plot]
    else:
        raise InputError(f"you have no Main Plot {shown(a.main_plot)} (you have {len(zone)})")
    if a.position is not None and not (isinstance(a.position, int)
                                       and 0 <= a.position <= len(stack)):
        raise InputError(f"position {shown(a.position)} is outside the Main Plot "
                         f"(0 to {len(stack)})")
    return stack


def _check_main_rules(state: GameState, card: Card, stack: MainPlot, position: int,
                      extra: bool = False) -> None:
    """Main Rules: types per Main Plot (an Intrigue card's extra card is 'in addition to the
    Plot card types you are allowed to play normally'), descending order, where a
    Personality may sit (HOUSE RULE `personality_place`)."""
    cards = [state.card(p) for p in stack]
    if card.is_personality:
        _check_personality_place(state, stack, position)
        return
    limit = state.config.type_limit(card.type)
    normal = sum(state.card(p).type == card.type for p in stack if not p.extra)
    if not extra and limit is not None and normal >= limit:
        raise _refuse(f"a Main Plot can have only {limit} {card.type}", "main")
    if state.config.out_of_order(card, cards[:position], cards[position:]):
        raise _refuse("Plot cards go in descending order: higher ranks below, lower above "
                      "(Mission, Villain, Henchman, Location)", "main")


def _check_personality_place(state: GameState, stack: MainPlot, position: int) -> None:
    if not stack:
        raise _refuse("a non-allied Personality is connected to an existing Main Plot, never "
                      "alone", "develop")
    if state.config.personality_fits(position, len(stack)):
        return
    if state.config.house["personality_place"] == "example":
        raise _refuse("a Personality goes above the bottom card of a Main Plot: 'between the "
                      "Villain and Henchman, between the Henchman and Location, or after the "
                      "Location' (the Main Rules example; house rule)", "main")
    raise _refuse("a Personality can never be the top-most card of a Main Plot (house rule: "
                  "the top of the stack)", "main")


def _do_place(state: GameState, table: Table, a: PlacePlot) -> Event:
    me = state.turn.player
    seat = table.players[me]
    piece = replace(table.new_piece(a.card, me, a.face_up), extra=a.by_intrigue)
    if a.main_plot is None:
        seat.zone.append([piece])
        where = f"a new Main Plot {len(seat.zone)}"
    else:
        stack = seat.zone[a.main_plot]
        stack.insert(len(stack) if a.position is None else a.position, piece)
        where = f"Main Plot {a.main_plot + 1}"
    if state.card(piece).is_plot and not a.by_intrigue:
        table.turn = replace(state.turn, plots_placed=state.turn.plots_placed + 1)
    name = state.players[me].name
    if not a.face_up:
        return Event(f"{name} adds a card face down to {where}")
    points = table.zone_points(piece)
    table.score(me, points, f"{a.card} face up in the Plot Zone")
    return Event(f"{name} adds {a.card} face up to {where} (+{points} Plot Points)")


def states_in_place_of_assignment(card: Card) -> bool:
    """Whether the card's notes carry Step Six's "In place of your On Assignment step"."""
    return rules.IN_PLACE_OF_ASSIGNMENT.lower() in card.notes.lower()


def _check_in_place(state: GameState, a: InPlaceOfAssignment) -> None:
    turn = state.turn
    if turn.assignments >= rules.ASSIGNMENTS_PER_TURN:
        raise _refuse("you have used your On Assignment step this turn", "assignment")
    card = state.library.card(a.card)
    if not states_in_place_of_assignment(card):
        raise _refuse(f"{card.title} does not state \"{rules.IN_PLACE_OF_ASSIGNMENT}, ...\" "
                      "(its notes in the card library)", "assignment")
    agency = state.players[turn.player].agency
    from_agency = state.config.house["in_place_card_from_agency"]
    if from_agency and card.type in rules.AGENCY_TYPES and \
            not any(p.title == card.title for p in agency):
        raise _refuse(f"{card.title} is a {card.type} card: it acts from your Agency, where "
                      "it is not", "assignment")


def _do_in_place(state: GameState, table: Table, a: InPlaceOfAssignment) -> Event:
    table.turn = replace(state.turn, assignments=state.turn.assignments + 1)
    name = state.players[state.turn.player].name
    return Event(f"{name} uses {a.card} in place of the On Assignment step: no assignment "
                 "this turn; do what the card says at the table")


# Step Five: Assignment Briefing.

def _check_agency(state: GameState, a: AddToAgency) -> None:
    turn = state.turn
    card = state.library.card(a.card)
    agency = state.players[turn.player].agency
    if _check_win_over_help(state, a) and (card.type == "Bond" or card.ally):
        raise _refuse(f"{card.title} joins with no problems: no Intrigue card is needed to "
                      "win it over", "briefing")
    if card.type in rules.AGENCY_TYPES:
        state.check_deck_copies(card, turn.player)
    if card.type == "Bond":
        if any(p.title == card.title for p in agency):
            raise _refuse(f"{card.title} is already in your Agency; no multiples of the "
                          "same Bond card", "briefing")
        return
    if not card.is_personality:
        raise _refuse(f"{card.title} is a {card.type}; the Agency takes Bond, Personality "
                      "and Agent cards", "briefing")
    if card.ally:
        return
    state._check_unique(card, "briefing")
    report = state.win_over_report(turn.player, card.title, a)
    missing = [factor for factor, bonds in report.items() if not bonds]
    if missing:
        raise _refuse(f"{card.title} is not won over: no Bond card in your Agency meets "
                      f"{', '.join(missing)}", "briefing")


def _check_win_over_help(state: GameState, a: AddToAgency) -> bool:
    """An Intrigue card's help, if any, is on a Bond card in your Agency; True if there is."""
    check_effect(a.pv, a.cv, a.icons, a.intrigue)
    if a.helped is None:
        if a.pv or a.cv or a.icons:
            raise InputError("say which Bond card the Intrigue card is played on")
        return False
    state._own(a.helped, "agency", ("Bond",), "briefing")
    return True


def _do_agency(state: GameState, table: Table, a: AddToAgency) -> Event:
    me = state.turn.player
    table.players[me].agency.append(table.new_piece(a.card, me))
    card = state.library[a.card]
    how = "" if card.type == "Bond" or card.ally else ", won over"
    if a.helped is not None:
        how += f" with {a.intrigue or 'an Intrigue card'} on {state.piece(a.helped).title}"
    return Event(f"{state.players[me].name} puts {a.card} in the Agency{how}")


# This module's part of the rules table: each action, when it is allowed, its refusal then.
RULES = {
    Setup: Rule(Checked(_check_setup, _do_setup), (PREPARING,),
                lambda state, action: _refuse("the game has started; Setup is done before the "
                                              "first turn", "preparing")),
    NextStep: Rule(Checked(_check_next_step, _do_next_step), IN_TURN,
                   in_turn(None, "playing")),
    PlacePlot: Rule(Checked(_check_place, _do_place), ("Develop Plot Zone",),
                    in_turn("Develop Plot Zone", "develop")),
    AddToAgency: Rule(Checked(_check_agency, _do_agency), ("Assignment Briefing",),
                      in_turn("Assignment Briefing", "briefing")),
    InPlaceOfAssignment: Rule(Checked(_check_in_place, _do_in_place), ("On Assignment",),
                              in_turn("On Assignment", "assignment")),
}

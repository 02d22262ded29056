"""License to Kill: each action's check (raises, changes nothing) and its effect on the
table, step by step as the rulebook orders them. `HANDLERS` maps an action type to both."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.core.dice import Roll
from companion.core.errors import InputError
from companion.core.game import Event
from companion.license_to_kill import assignment as team_check
from companion.license_to_kill import decks, odds, rules
from companion.license_to_kill.actions import (
    AddToAgency,
    AssignmentIntrigue,
    AttachQ,
    AttackCharm,
    HenchmanAttack,
    InPlaceOfAssignment,
    MoveQ,
    NextStep,
    PlacePlot,
    Proceed,
    Setup,
    StartAssignment,
)
from companion.license_to_kill.cards import Card
from companion.license_to_kill.table import Assignment, Config, MainPlot, Piece, Table, Turn
from companion.license_to_kill.table import refuse as _refuse

if TYPE_CHECKING:
    from companion.license_to_kill.engine import LtkState

MAX_BONUS = 20
MAX_CARD_NAME = 80


def check_bonus(bonus: object) -> None:
    if isinstance(bonus, bool) or not isinstance(bonus, int) or abs(bonus) > MAX_BONUS:
        raise InputError(f"an Intrigue modifier is a whole number from -{MAX_BONUS} to "
                         f"{MAX_BONUS}, got {bonus!r:.20}")


# Preparing to Play.

def _check_setup(state: LtkState, a: Setup) -> None:
    if state.turn is not None:
        raise _refuse("the game has started; Setup is done before the first turn", "preparing")
    if not isinstance(a.player, int) or not 0 <= a.player < len(state.players):
        raise InputError(f"there is no player {a.player!r}")
    if state.players[a.player].ready:
        raise _refuse(f"{state.players[a.player].name} has already set up", "preparing")
    lib = state.library
    others = [m[0].title for p in state.players for m in p.zone[:1]]
    problems = (decks.check_starting_main_plot(lib.card(a.mission), lib.card(a.villain), others)
                + decks.check_starting_bond(lib.card(a.bond)))
    if problems:
        raise _refuse("; ".join(problems), "preparing")


def _do_setup(state: LtkState, table: Table, a: Setup) -> Event:
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

def _check_next_step(state: LtkState, a: NextStep) -> None:
    turn = state._in_turn(None, "playing")
    if (turn.step_name == "Develop Plot Zone" and not turn.plots_placed
            and not a.no_plot_card):
        raise _refuse("you must add the Plot card you drew to your Plot Zone first",
                      "develop")


def _do_next_step(state: LtkState, table: Table, a: NextStep) -> Event:
    turn = state.turn
    if turn.step + 1 < len(rules.TURN_STEPS):
        table.turn = replace(turn, step=turn.step + 1)
        return Event(f"{state.players[turn.player].name}: {table.turn.step_name}")
    following = (turn.player + 1) % len(state.players)
    table.turn = Turn(player=following, number=turn.number + 1)
    return Event(f"Turn {turn.number + 1}: {state.players[following].name} "
                 f"({table.turn.step_name})")


# Step Two: Develop Plot Zone.

def _check_place(state: LtkState, a: PlacePlot) -> None:
    turn = state._in_turn("Develop Plot Zone", "develop")
    card = state.library.card(a.card)
    if not (card.is_plot or (card.is_personality and not card.ally)):
        raise _refuse(f"{card.title} is a {card.type}: only Plot cards and non-allied "
                      "Personalities go in a Plot Zone", "develop")
    _check_extra_plot(turn, card, a)
    stack = _target_stack(state, a)
    if len(stack) >= rules.MAIN_PLOT_MAX_CARDS:
        raise _refuse(f"a Main Plot can contain a maximum of {rules.MAIN_PLOT_MAX_CARDS} "
                      "cards", "main")
    if a.face_up:
        state._check_unique(card)
    if a.face_up or state.config.house["check_face_down_placements"]:
        _check_main_rules(state, card, stack, len(stack) if a.position is None else a.position)


def _check_extra_plot(turn: Turn, card: Card, a: PlacePlot) -> None:
    if a.by_intrigue:
        if card.type not in rules.INTRIGUE_EXTRA_PLOT_TYPES or not a.face_up:
            raise _refuse("an Intrigue card adds only a Henchman or Location, face up", "main")
    elif card.is_plot and turn.plots_placed >= rules.PLOT_CARDS_DRAWN_PER_TURN:
        raise _refuse(f"you draw {rules.PLOT_CARDS_DRAWN_PER_TURN} Plot card a turn and have "
                      "added it already", "develop")


def _target_stack(state: LtkState, a: PlacePlot) -> MainPlot:
    zone = state.players[state.turn.player].zone
    if a.main_plot is None:
        stack: MainPlot = ()
    elif isinstance(a.main_plot, int) and 0 <= a.main_plot < len(zone):
        stack = zone[a.main_plot]
    else:
        raise InputError(f"you have no Main Plot {a.main_plot!r} (you have {len(zone)})")
    if a.position is not None and not (isinstance(a.position, int)
                                       and 0 <= a.position <= len(stack)):
        raise InputError(f"position {a.position!r} is outside the Main Plot (0 to {len(stack)})")
    return stack


def _check_main_rules(state: LtkState, card: Card, stack: MainPlot, position: int) -> None:
    """Main Rules: types per Main Plot, descending order, no Personality on top."""
    cards = [state.card(p) for p in stack]
    if card.is_personality:
        if position == len(stack):
            raise _refuse("a Personality can never be the top-most card of a Main Plot", "main")
        return
    limit = state.config.type_limit(card.type)
    if limit is not None and sum(c.type == card.type for c in cards) >= limit:
        raise _refuse(f"a Main Plot can have only {limit} {card.type}", "main")
    if _out_of_order(state.config, card, cards[:position], cards[position:]):
        raise _refuse("Plot cards go in descending order: higher ranks below, lower above "
                      "(Mission, Villain, Henchman, Location)", "main")


def _out_of_order(config: Config, card: Card, below: list[Card], above: list[Card]) -> bool:
    rank = config.rank(card)
    below_ranks = [r for c in below if (r := config.rank(c)) is not None]
    above_ranks = [r for c in above if (r := config.rank(c)) is not None]
    return any(r < rank for r in below_ranks) or any(r > rank for r in above_ranks)


def _do_place(state: LtkState, table: Table, a: PlacePlot) -> Event:
    me = state.turn.player
    seat = table.players[me]
    piece = table.new_piece(a.card, me, a.face_up)
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


# Q cards.

def _check_attach(state: LtkState, a: AttachQ) -> None:
    turn = state._in_turn(None, "briefing")
    card = state.library.card(a.card)
    if card.type != "Q":
        raise _refuse(f"{card.title} is a {card.type}, not a Q card", "briefing")
    if turn.step_name == "Develop Plot Zone":
        holder = state._own(a.holder, "zone", rules.PLOT_Q_HOLDERS, "develop")
    elif turn.step_name == "Assignment Briefing":
        holder = state._own(a.holder, "agency", rules.AGENCY_Q_HOLDERS, "briefing")
        if holder.id in turn.q_given:
            raise _refuse(f"{holder.title} has had a Q card this Assignment Briefing; one "
                          "Q card to each Bond card", "briefing")
    else:
        raise _refuse("Q cards are given during Develop Plot Zone or Assignment Briefing",
                      "briefing")
    _check_q_fits(state, card, holder)
    state._check_unique(card)


def _check_q_fits(state: LtkState, card: Card, holder: Piece) -> None:
    held = [state.card(p) for p in holder.attached]
    if any(c.title == card.title for c in held):
        raise _refuse(f"{holder.title} already has {card.title}; no multiples of the same "
                      "Q card on one card", "briefing")
    if card.vehicle and sum(c.vehicle for c in held) >= rules.VEHICLES_PER_CHARACTER:
        raise _refuse(f"{holder.title} already has a Vehicle; only one at a time", "briefing")


def _do_attach(state: LtkState, table: Table, a: AttachQ) -> Event:
    holder = table.get(a.holder)
    q = table.new_piece(a.card, state.turn.player)
    table.put(replace(holder, attached=(*holder.attached, q)))
    if state.turn.step_name == "Assignment Briefing":
        table.turn = replace(state.turn, q_given=(*state.turn.q_given, holder.id))
    return Event(f"{state.players[state.turn.player].name} gives {a.card} to {holder.title}")


def _check_move_q(state: LtkState, a: MoveQ) -> None:
    turn = state._in_turn("On Assignment", "assignment")
    if turn.assignments >= rules.ASSIGNMENTS_PER_TURN:
        raise _refuse("you have used your On Assignment step this turn", "assignment")
    mine = state.players[turn.player].agency
    source = next((p for p in mine for q in p.attached if q.id == a.card), None)
    if source is None:
        raise _refuse(f"no Q card #{a.card} is attached to a card in your Agency",
                      "assignment")
    target = state._own(a.holder, "agency", rules.AGENCY_Q_HOLDERS, "assignment")
    if target.id == source.id:
        raise _refuse("the Q card is already on that card", "assignment")
    q = next(q for q in source.attached if q.id == a.card)
    back = None
    if a.exchange_for is not None:
        back = next((x for x in target.attached if x.id == a.exchange_for), None)
        if back is None:
            raise _refuse(f"{target.title} holds no Q card #{a.exchange_for} to exchange",
                          "assignment")
        _check_q_fits(state, state.card(back), _without(source, q.id))
    _check_q_fits(state, state.card(q), _without(target, a.exchange_for))


def _without(holder: Piece, attached_id: int | None) -> Piece:
    return replace(holder, attached=tuple(x for x in holder.attached if x.id != attached_id))


def _do_move_q(state: LtkState, table: Table, a: MoveQ) -> Event:
    source = next(p for p in table.players[state.turn.player].agency
                  for q in p.attached if q.id == a.card)
    target = table.get(a.holder)
    q = next(q for q in source.attached if q.id == a.card)
    back = [x for x in target.attached if x.id == a.exchange_for]
    table.put(replace(_without(source, q.id), attached=(*_without(source, q.id).attached,
                                                        *back)))
    table.put(replace(target, attached=(*_without(target, a.exchange_for).attached, q)))
    table.turn = replace(state.turn, assignments=state.turn.assignments + 1)
    swap = f" in exchange for {back[0].title}" if back else ""
    return Event(f"{q.title} moves from {source.title} to {target.title}{swap}")


def states_in_place_of_assignment(card: Card) -> bool:
    """Whether the card's notes carry Step Six's "In place of your On Assignment step"."""
    return rules.IN_PLACE_OF_ASSIGNMENT.lower() in card.notes.lower()


def _check_in_place(state: LtkState, a: InPlaceOfAssignment) -> None:
    turn = state._in_turn("On Assignment", "assignment")
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


def _do_in_place(state: LtkState, table: Table, a: InPlaceOfAssignment) -> Event:
    table.turn = replace(state.turn, assignments=state.turn.assignments + 1)
    name = state.players[state.turn.player].name
    return Event(f"{name} uses {a.card} in place of the On Assignment step: no assignment "
                 "this turn; do what the card says at the table")


# Step Five: Assignment Briefing.

def _check_agency(state: LtkState, a: AddToAgency) -> None:
    turn = state._in_turn("Assignment Briefing", "briefing")
    card = state.library.card(a.card)
    agency = state.players[turn.player].agency
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
    report = state.win_over_report(turn.player, card.title)
    missing = [factor for factor, bonds in report.items() if not bonds]
    if missing:
        raise _refuse(f"{card.title} is not won over: no Bond card in your Agency meets "
                      f"{', '.join(missing)}", "briefing")


def _do_agency(state: LtkState, table: Table, a: AddToAgency) -> Event:
    me = state.turn.player
    table.players[me].agency.append(table.new_piece(a.card, me))
    card = state.library[a.card]
    how = "" if card.type == "Bond" or card.ally else ", won over"
    return Event(f"{state.players[me].name} puts {a.card} in the Agency{how}")


# Step Four: Henchman Attack, and Attacking and Charming.

def _check_henchman(state: LtkState, a: HenchmanAttack) -> None:
    turn = state._in_turn("Henchman Attack", "henchman")
    if turn.attacks >= rules.HENCHMAN_ATTACKS_PER_TURN:
        raise _refuse("only one Henchman Attack can be made per turn", "henchman")
    if a.value not in rules.ATTACK_CHARM_VALUE.values():
        raise InputError(f"a Henchman attacks with PV or CV, got {a.value!r:.20}")
    state._own(a.attacker, "zone", rules.ATTACKERS, "henchman")
    target = state.piece(a.target)
    place, owner, _ = state.place_of(target.id)
    if place != "agency" or owner == turn.player:
        raise _refuse(f"{target.title} is not in another player's Agency", "henchman")
    state._of_type(target, rules.ATTACK_TARGETS, "henchman")
    _check_dice(state, a)


def _check_dice(state: LtkState, a: HenchmanAttack | AttackCharm) -> None:
    state._duel(a)
    needed = state.dice_needed(a)
    if needed and a.dice is None:
        raise InputError("the dice are missing: roll them or let the app roll")
    if not needed and a.dice is not None:
        raise InputError("no dice are rolled: Intrigue cards made the attack fail")
    if needed:
        Roll.of(a.dice, needed)


def _do_henchman(state: LtkState, table: Table, a: HenchmanAttack) -> Event:
    table.turn = replace(state.turn, attacks=state.turn.attacks + 1)
    attacker, target = state.piece(a.attacker), state.piece(a.target)
    head = f"{attacker.title} attacks {target.title} ({a.value})"
    (mine, theirs), fails = state._duel(a)
    if fails:
        return Event(f"{head}: Intrigue cards raise the target's {a.value} above the "
                     "attacker's, the attack fails and the Henchman returns unharmed", "failure")
    outcome, text = _roll_text(state, a, mine, theirs)
    if outcome == "tie":
        return Event(f"{head}: {text}: a tie, nothing happens")
    if outcome == "attacker":
        return Event(f"{head}: {text}: the target loses, {table.demote(target.id)}", "success")
    lost = "returns to the Plot Zone unharmed"
    if state.card(attacker).is_personality:
        lost = table.discard(attacker.id, "lost a Henchman Attack")
    return Event(f"{head}: {text}: the attacker loses, {lost}", "failure")


def _roll_text(state: LtkState, a: HenchmanAttack | AttackCharm, mine: int,
               theirs: int) -> tuple[str, str]:
    """The winner, and 'H1 rolled 2 +5 = 7 against B2's 4 = 4' (+X: the value difference)."""
    die_a, die_t = Roll.of(a.dice, 2).faces
    plus_a, plus_t = odds.attack_modifiers(mine, theirs)
    outcome = odds.attack_outcome(die_a, die_t, mine, theirs)
    sides = []
    for piece_id, die, plus in ((a.attacker, die_a, plus_a), (a.target, die_t, plus_t)):
        sides.append(f"{state.piece(piece_id).title} rolled {die}"
                     + (f" {plus:+d} = {die + plus}" if plus else ""))
    return outcome, f"{mine} against {theirs}; {sides[0]}, {sides[1]}"


def _check_attack_charm(state: LtkState, a: AttackCharm) -> None:
    state._in_turn(None, "attack")
    if a.kind not in rules.ATTACK_CHARM_VALUE:
        raise InputError(f"an Intrigue duel is an Attack or a Charm, got {a.kind!r:.20}")
    if a.attacker == a.target:
        raise _refuse("a card cannot attack or charm itself", "attack")
    for piece_id in (a.attacker, a.target):
        state._of_type(state.piece(piece_id), rules.CHARACTER_TYPES, "attack")
    _check_dice(state, a)


def _do_attack_charm(state: LtkState, table: Table, a: AttackCharm) -> Event:
    attacker, target = state.piece(a.attacker), state.piece(a.target)
    value = rules.ATTACK_CHARM_VALUE[a.kind]
    head = f"{attacker.title} {a.kind.lower()}s {target.title} ({value})"
    (mine, theirs), fails = state._duel(a)
    if fails:
        return Event(f"{head}: Intrigue cards raise the target's {value} above the "
                     "attacker's, nothing happens", "failure")
    outcome, text = _roll_text(state, a, mine, theirs)
    if outcome == "tie":
        return Event(f"{head}: {text}: a tie, neither card is discarded")
    loser = target if outcome == "attacker" else attacker
    lost = table.discard(loser.id, f"lost an {a.kind}")
    return Event(f"{head}: {text}: {loser.title} loses, {lost} with its attachments",
                 "success" if outcome == "attacker" else "failure")


# Step Six: On Assignment.

def _check_start(state: LtkState, a: StartAssignment) -> None:
    turn = state._in_turn("On Assignment", "assignment")
    if turn.assignments >= rules.ASSIGNMENTS_PER_TURN:
        raise _refuse("only one Bond card goes On Assignment per turn", "assignment")
    bond = state._own(a.bond, "agency", rules.ON_ASSIGNMENT_TYPES, "assignment")
    if a.personality is not None:
        if state.card(bond).type == "Agent":
            raise _refuse("an Agent On Assignment like a Bond card must go alone", "assignment")
        state._own(a.personality, "agency", rules.PERSONALITY_TYPES, "assignment")
        if a.personality == a.bond:
            raise _refuse("the Personality must be another card than the Bond", "assignment")
    if not isinstance(a.plot_owner, int) or not 0 <= a.plot_owner < len(state.players):
        raise InputError(f"there is no player {a.plot_owner!r}")
    if a.plot_owner == turn.player:
        raise _refuse("Bond goes On Assignment against an opponent's Main Plot", "overcome")
    zone = state.players[a.plot_owner].zone
    if not isinstance(a.main_plot, int) or not 0 <= a.main_plot < len(zone):
        raise InputError(f"{state.players[a.plot_owner].name} has no Main Plot "
                         f"{a.main_plot!r}")


def _do_start(state: LtkState, table: Table, a: StartAssignment) -> Event:
    table.turn = replace(state.turn, assignments=state.turn.assignments + 1)
    table.assignment = Assignment(state.turn.player, a.bond, a.personality, a.plot_owner,
                                  a.main_plot)
    check = state.preview_assignment(a.bond, a.plot_owner, a.main_plot, a.personality)
    partner = "" if a.personality is None else f" with {state.piece(a.personality).title}"
    return Event(f"{state.piece(a.bond).title}{partner} goes On Assignment against "
                 f"{state.players[a.plot_owner].name}'s Main Plot {a.main_plot + 1}: "
                 f"{check.describe()}")


def _check_intrigue(state: LtkState, a: AssignmentIntrigue) -> None:
    if state.assignment is None:
        raise _refuse("no assignment is in progress", "assignment")
    if a.side not in ("team", "plot"):
        raise InputError(f"an Intrigue effect is on the 'team' or the 'plot', got {a.side!r}")
    if not all(isinstance(pair, tuple) and len(pair) == 2 for pair in a.icons):
        raise InputError(f"icons are (icon, count) pairs, got {a.icons!r:.60}")
    for bonus in (a.pv, a.cv, *(count for _, count in a.icons)):
        check_bonus(bonus)
    for icon, _ in a.icons:
        if icon not in rules.ICONS:
            raise InputError(f"unknown icon {icon!r} (icons: {', '.join(rules.ICONS)})")
    if not isinstance(a.card, str) or len(a.card) > MAX_CARD_NAME:
        raise InputError(f"an Intrigue card's name is at most {MAX_CARD_NAME} characters")


def _do_intrigue(state: LtkState, table: Table, a: AssignmentIntrigue) -> Event:
    table.assignment = replace(state.assignment, effects=(*state.assignment.effects, a))
    check = replace(state, assignment=table.assignment).assignment_check()
    changes = [f"{k} {v:+d}" for k, v in (("PV", a.pv), ("CV", a.cv)) if v]
    changes += [f"{icon} {count:+d}" for icon, count in a.icons]
    name = a.card or "An Intrigue card"
    return Event(f"{name} on the {a.side}: {', '.join(changes) or 'no change'}; now "
                 f"{check.describe()}")


def _check_proceed(state: LtkState, a: Proceed) -> None:
    if state.assignment is None:
        raise _refuse("no assignment is in progress", "assignment")


def _do_proceed(state: LtkState, table: Table, a: Proceed) -> Event:
    check = state.assignment_check()
    stack = state.players[state.assignment.plot_owner].zone[state.assignment.main_plot]
    if not check.met:
        return _not_overcome(state, table, check)
    hidden = next((p for p in stack if not p.face_up), None)
    if hidden is None:
        return _overcome(state, table, f"met every requirement ({check.describe()})")
    return _reveal(state, table, hidden)


def _not_overcome(state: LtkState, table: Table, check: team_check.Check) -> Event:
    a = state.assignment
    table.assignment = None
    demoted = [table.demote(piece) for piece in (a.bond, a.personality) if piece is not None]
    missing = ", ".join(str(line) for line in check.missing)
    return Event(f"The Main Plot is not Overcome (missing {missing}): "
                 f"{'; '.join(demoted)}", "failure")


def _reveal(state: LtkState, table: Table, hidden: Piece) -> Event:
    a = state.assignment
    stack = state.players[a.plot_owner].zone[a.main_plot]
    card = state.card(hidden)
    for check in state.config.house["reveal_checks"]:
        problem = _REVEAL_CHECKS[check](state, card, hidden, stack)
        if problem and check == "too many":
            _turn_face_up(state, table, hidden)
            return _overcome(state, table, f"revealed {card.title}: {problem}; the Main "
                             "Plot is immediately Overcome")
        if problem:
            text = f"Revealed {card.title}: {problem}, {table.discard(hidden.id, problem)}"
            if len(stack) == 1:
                table.assignment = None
                return Event(f"{text}; nothing is left of the Main Plot")
            return Event(text)
    points = _turn_face_up(state, table, hidden)
    revealed = replace(state, players=tuple(s.freeze() for s in table.players))
    now = revealed.assignment_check().describe()
    return Event(f"Revealed {card.title} (+{points} Plot Points to "
                 f"{state.players[a.plot_owner].name}): now {now}")


def _turn_face_up(state: LtkState, table: Table, hidden: Piece) -> int:
    """Reveal a card in its Main Plot; its owner scores it from now on."""
    table.put(replace(hidden, face_up=True))
    points = table.zone_points(hidden)
    table.score(hidden.owner, points, f"{hidden.title} revealed in the Plot Zone")
    return points


def _revealed_duplicate(state: LtkState, card: Card, hidden: Piece, stack: MainPlot) -> str:
    if card.is_unique and state.in_play(card.title):
        return "a Unique card already in play"
    return ""


def _revealed_too_many(state: LtkState, card: Card, hidden: Piece, stack: MainPlot) -> str:
    limit = state.config.type_limit(card.type)
    same = sum(state.card(p).type == card.type for p in stack if p.face_up)
    if limit is not None and same >= limit:
        return f"more than {limit} {card.type} in one Main Plot"
    return ""


def _revealed_out_of_order(state: LtkState, card: Card, hidden: Piece, stack: MainPlot) -> str:
    at = stack.index(hidden)
    if card.is_personality:
        return "a Personality on top of the Main Plot" if at == len(stack) - 1 else ""
    below = [state.card(p) for p in stack[:at] if p.face_up]
    above = [state.card(p) for p in stack[at + 1:] if p.face_up]
    return "out of order" if _out_of_order(state.config, card, below, above) else ""


_REVEAL_CHECKS = {"unique": _revealed_duplicate, "too many": _revealed_too_many,
                  "out of order": _revealed_out_of_order}


def _overcome(state: LtkState, table: Table, why: str) -> Event:
    """The Main Plot is Overcome: the winner takes the Plot cards and their points."""
    a = state.assignment
    table.assignment = None
    owner_seat, winner_seat = table.players[a.plot_owner], table.players[a.player]
    stack = owner_seat.zone.pop(a.main_plot)
    gained = 0
    for piece in stack:
        card = state.card(piece)
        for attached in piece.attached:
            table.to_discard(attached)
        if not card.is_plot:
            table.to_discard(piece)
            continue
        if piece.face_up:
            table.score(a.plot_owner, -table.zone_points(piece),
                        f"{card.title} Overcome by {state.players[a.player].name}")
        if piece.face_up or state.config.house["score_face_down_when_overcome"]:
            gained += card.plot_bullets * rules.POINTS_PER_BULLET_OVERCOME
            table.score(a.player, card.plot_bullets * rules.POINTS_PER_BULLET_OVERCOME,
                        f"Overcame {card.title}")
        winner_seat.won.append(replace(piece, attached=(), face_up=True, demotions=0))
    total = sum(e.change for e in table.ledger if e.player == a.player)
    text = (f"{state.players[a.player].name} {why}: the Main Plot is Overcome, "
            f"+{gained} Plot Points ({total} in all)")
    if total >= rules.WINNING_POINTS:
        table.winner = a.player
        text += f"; {rules.WINNING_POINTS} or more by Overcoming: "\
                f"{state.players[a.player].name} wins"
    return Event(text, "success")


HANDLERS = {
    Setup: (_check_setup, _do_setup),
    NextStep: (_check_next_step, _do_next_step),
    PlacePlot: (_check_place, _do_place),
    AttachQ: (_check_attach, _do_attach),
    AddToAgency: (_check_agency, _do_agency),
    HenchmanAttack: (_check_henchman, _do_henchman),
    AttackCharm: (_check_attack_charm, _do_attack_charm),
    StartAssignment: (_check_start, _do_start),
    AssignmentIntrigue: (_check_intrigue, _do_intrigue),
    Proceed: (_check_proceed, _do_proceed),
    MoveQ: (_check_move_q, _do_move_q),
    InPlaceOfAssignment: (_check_in_place, _do_in_place),
}

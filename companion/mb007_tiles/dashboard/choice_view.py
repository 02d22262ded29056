"""The step of the turn: its prompt and its buttons, each from the engine (`legal_actions`,
`available`), for who looks at the page (`Onlooker`).

The secret choice: at the table each player's letter is tapped in after the reveal; in
tablet mode each player taps his letter on a covered screen ("pass the tablet to Black 1"),
or on his own phone, which shows his own pick (`engine.private_view`) and no one else's.
Nothing here shows another seat's pick, chosen or not, before the reveal.

A button is `button(choice, label, primary=False, enabled=True)`: its HTML, tapping it
hands `choice` to the dashboard (("act", action), ("look", seat), ("cover",), ...).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.mb007_tiles import rules
from companion.mb007_tiles.actions import ChooseFirst, Draw, NextGame, Pick, Reveal
from companion.mb007_tiles.board import seat_names
from companion.mb007_tiles.dashboard.advice_view import MIX_NOTE, letter_words
from companion.mb007_tiles.dashboard.parts import NOBODY, Onlooker
from companion.mb007_tiles.dashboard.words import row
from companion.mb007_tiles.engine import TilesState, private_view

Button = Callable[..., str]


def current_step(state: TilesState, onlooker: Onlooker, button: Button
                 ) -> tuple[str, list[str]]:
    """The prompt and the buttons of the current step."""
    names = seat_names(state.players)
    if state.phase == "first":
        buttons = [button(("act", ChooseFirst()), "The app draws for us",
                          primary=state.options.mode == "tablet")]
        if state.options.mode == "tablet":  # the bag is the app's: it draws
            buttons += [button(("act", ChooseFirst(seat)), f"{name} goes first")
                        for seat, name in enumerate(names)]
            return ("Who goes first? The app draws a tile for each in turn until a 007 "
                    "(or the table agrees who goes first).", buttons)
        buttons += [button(("act", ChooseFirst(seat)), f"{name} drew it")
                    for seat, name in enumerate(names)]
        return "Who drew the first 007? (Or let the app draw for each in turn.)", buttons
    if state.phase == "draw":
        return _draw_step(state, names[state.to_move], button)
    if state.phase == "place":
        who = names[state.to_move]
        return (f"{who} drew {rules.tile_name(state.drawn)}: tap an empty window on the "
                "board." if not is_bot(state, state.to_move) else f"The app places for {who}."
                ), []
    if state.phase == "choose":
        return _choose_step(state, names, onlooker, button)
    if state.phase == "reveal":
        return ("Everyone has chosen. Turn the letters over together:",
                [button(("act", Reveal()), "Reveal the letters", primary=True)])
    return ("The game is over. Play the next game of the match, or start a new match "
            "below.", [button(("act", NextGame()), "Next game of the match", primary=True)])


def is_bot(state: TilesState, seat: int | None) -> bool:
    """Whether the app plays `seat`."""
    return seat is not None and seat in state.options.bots


def _draw_step(state: TilesState, who: str, button: Button) -> tuple[str, list[str]]:
    if is_bot(state, state.to_move):
        return f"The app draws for {who}.", []
    if state.options.mode == "tablet":
        return (f"{who}: draw a tile from the bag.",
                [button(("act", Draw()), f"Draw a tile for {who}", primary=True)])
    left = state.in_bag()
    buttons = [button(("act", Draw(tile)), f"{rules.tile_name(tile)} ({left[tile]})")
               for tile in rules.ALL_TILES if tile in left]
    return f"{who}: draw a tile from the bag and tap which one came out.", buttons


def _choose_step(state: TilesState, names: tuple[str, ...], onlooker: Onlooker,
                 button: Button) -> tuple[str, list[str]]:
    """The secret choice: at the table, each player's letters to tap in after the reveal;
    on the tablet, covered until the player whose turn it is uncovers it; on a phone, its
    own seat's letters."""
    waiting = [s for s in range(state.players) if not state.chosen(s)
               and not is_bot(state, s)]
    done = ", ".join(names[s] for s in range(state.players) if state.chosen(s))
    chosen = f" Chosen so far: {done}." if done else ""
    if onlooker.seat is not None and state.options.mode == "tablet":
        return _own_choice(state, names, waiting, onlooker, button)
    if state.options.mode == "table":
        prompt = ("Each player lays a lettered tile face down; when all are down, turn "
                  "them over together, then tap each player's letter here.")
        return prompt, [row(names[s], [button(("act", Pick(s, letter)), letter)
                                       for letter in state.available(s)])
                        for s in waiting]
    at_the_tablet = [s for s in waiting if onlooker.may_see(s)]
    looking = onlooker.looking
    if looking == NOBODY or looking not in at_the_tablet:
        phones = [names[s] for s in waiting if onlooker.on_own_phone(s)]
        elsewhere = f" Choosing on their own phones: {', '.join(phones)}." if phones else ""
        if not at_the_tablet:
            who = ", ".join(names[s] for s in waiting)
            return f"Waiting for the letters of: {who}.{elsewhere}{chosen}", []
        seat = at_the_tablet[0]
        people = [s for s in range(state.players) if not is_bot(state, s)]
        away = " Everyone else looks away." if len(people) > 1 else ""
        return (f"Pass the tablet to {names[seat]} (or choose on your own phone).{away}"
                f"{elsewhere}{chosen}",
                [button(("look", seat), f"I am {names[seat]}: show my letters",
                        primary=True)])
    buttons = [*_letter_buttons(state, looking, onlooker.advice, button),
               button(("cover",), "Cover the screen")]
    return (f"{names[looking]}, tap your letter in secret."
            f"{_face_down_note(state, looking)}{_mix_note(onlooker.advice)}", buttons)


def _own_choice(state: TilesState, names: tuple[str, ...], waiting: list[int],
                onlooker: Onlooker, button: Button) -> tuple[str, list[str]]:
    """On a player's own phone: his letter buttons, then his secret letter."""
    seat = onlooker.seat
    mine = private_view(state, seat)
    others = ", ".join(names[s] for s in waiting if s != seat) or "nobody"
    if mine["pick"] is not None:
        return (f"Your letter this round: {mine['pick']}, secret until the reveal. "
                f"Waiting for: {others}.", [])
    return (f"{mine['name']}, tap your letter. Only this phone sees it."
            f"{_face_down_note(state, seat)}{_mix_note(onlooker.advice)}",
            _letter_buttons(state, seat, onlooker.advice, button))


def _mix_note(advice: bool) -> str:
    return MIX_NOTE if advice else ""


def _letter_buttons(state: TilesState, seat: int, advice: bool, button: Button) -> list[str]:
    return [button(("act", Pick(seat, letter)), words, primary=True, enabled=enabled)
            for letter, words, enabled in letter_words(state, seat, advice)]


def _face_down_note(state: TilesState, seat: int) -> str:
    face_down = state.face_down[seat]
    return f" ({face_down} lies face down from last round.)" if face_down else ""

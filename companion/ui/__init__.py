"""Game-agnostic Panel pieces every dashboard reuses."""

from companion.ui.counter import Counter, CounterRow
from companion.ui.dice_pad import DicePad
from companion.ui.game_dashboard import BOT_LIMIT, BOT_STOPPED, BotMove, GameDashboard
from companion.ui.log_view import LogView
from companion.ui.odds_bar import OddsBar, odds_html
from companion.ui.session_picker import SessionPicker
from companion.ui.shown import PanelDeck, is_shown, set_shown
from companion.ui.tap_pad import (
    PANE_MARGIN,
    ChoicePad,
    HtmlBox,
    PadButton,
    QuickJSComponent,
    TapPad,
    tap_button,
)
from companion.ui.template import Fold, PageRow, closed_section, extension, page, section
from companion.ui.theme import (
    TOUCH,
    button,
    choice,
    download_button,
    file_input,
    folded_html,
    heading,
    heading_markdown,
)

__all__ = [
    "BOT_LIMIT",
    "BOT_STOPPED",
    "PANE_MARGIN",
    "TOUCH",
    "BotMove",
    "ChoicePad",
    "Counter",
    "CounterRow",
    "DicePad",
    "Fold",
    "GameDashboard",
    "HtmlBox",
    "LogView",
    "OddsBar",
    "PadButton",
    "PageRow",
    "PanelDeck",
    "QuickJSComponent",
    "SessionPicker",
    "TapPad",
    "button",
    "choice",
    "closed_section",
    "download_button",
    "extension",
    "file_input",
    "folded_html",
    "heading",
    "heading_markdown",
    "is_shown",
    "odds_html",
    "page",
    "section",
    "set_shown",
    "tap_button",
]

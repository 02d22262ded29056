"""A real phone (mobile emulation, 390x844): every page lays out at the device's own width
instead of a 980 px desktop page drawn at 40%."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.ui.test_fits_tablet import ACTIONS

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}


# The shown labels of the page's fields (each in its widget's shadow root) that run past
# their widget's right edge, or push the field out of the widget's bottom.
CUT_LABELS = """() => {
  const cut = [];
  const walk = (root) => {
    const box = root.host && root.host.getBoundingClientRect();
    for (const label of root.querySelectorAll('label')) {
      if (!box || !label.checkVisibility() || !label.textContent.trim()) continue;
      const field = root.querySelector('input, select, textarea');
      if (label.getBoundingClientRect().right > box.right + 1 ||
          (field && field.getBoundingClientRect().bottom > box.bottom + 1)) {
        cut.push(label.textContent.trim());
      }
    }
    root.querySelectorAll('*').forEach((e) => { if (e.shadowRoot) walk(e.shadowRoot); });
  };
  walk(document);
  return cut;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("app", sorted(a for a in ACTIONS if a))
def test_every_page_lays_out_at_the_phones_width(browser, served, app):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{served.url}/{app}")
        expect(page.locator('meta[name="viewport"]')).to_have_attribute(
            "content", "width=device-width, initial-scale=1", timeout=20_000)
        page.locator("h1, .header, button").first.wait_for(timeout=20_000)
        assert page.evaluate("() => window.innerWidth") == 390  # not 980 drawn at 40%
        # The game's title is read whole: a long one takes two lines, not "James Bond 00..."
        title = page.locator("h1.title").first
        title.wait_for(timeout=20_000)
        assert title.evaluate("(h) => h.scrollHeight <= h.clientHeight + 1 && "
                              "h.scrollWidth <= h.clientWidth + 1"), title.inner_text()
        # So is every field's label shown ("Villain on it (face down: only its owner
        # looks)" was cut at the field's edge), and none runs into its field.
        assert page.evaluate(CUT_LABELS) == []
    finally:
        context.close()


def test_a_players_own_phone_shows_his_secret_and_his_choices_above_the_fold(browser, served):
    """The tile game's letters and the card game's down card and choices are on the first
    screen of a 390x844 phone, without scrolling (the tile game's board came first, its
    letters at the bottom edge)."""
    import re

    from companion.core.session import Session
    from companion.core.store import Store
    from companion.mb007_cards import GAME as CARDS
    from companion.mb007_cards.actions import Deal
    from companion.ui.share_view import join_links
    from tests.mb007_cards.helpers import deal_cards
    from tests.ui.test_shared_table import game_at_the_secret_choice

    store = Store(served.db)
    tiles = game_at_the_secret_choice(store)
    red = dict(join_links(tiles, f"{served.url}/mb007_tiles", ["Red", "Black"]))["Red's own phone"]
    cards = Session(CARDS, {"players": 2, "bots": []}, seed=4, store=store)
    cards.act(Deal(deal_cards({0: (1, 6, 6), 1: (3, 4, 5)})))
    seat_2 = dict(join_links(cards, f"{served.url}/mb007_cards", ["Seat 1", "Seat 2"]))[
        "Seat 2's own phone"]
    store.close()
    letters = [re.compile(rf"^{letter}( ·|$)") for letter in "BOND"]
    for url, wanted in ((red, letters),
                        (seat_2, ["Announce a winning combination", "Draw a card and look at it"])):
        context = browser.new_context(**PHONE)
        try:
            page = context.new_page()
            page.goto(url)
            for name in wanted:
                control = page.get_by_role("button", name=name).first
                expect(control).to_be_visible(timeout=20_000)
                box = control.bounding_box()
                assert box["y"] + box["height"] <= 844, (url, name, box)
        finally:
            context.close()


def test_a_file_field_is_as_big_as_a_thumb(browser, served):
    """The saved games' import field (and every file field: `theme.file_input`): the field
    and the browser's own "Choose File" button are 44 px or more on a phone (they were 38
    and 24 px, a newcomer's play-test)."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{served.url}/mb007_tiles")
        page.get_by_role("button", name="▸ Saved games").click()
        field = page.get_by_label("Import a saved game (a .json file)")
        expect(field).to_be_visible(timeout=20_000)
        assert field.bounding_box()["height"] >= 44
        assert field.evaluate("(f) => parseFloat(getComputedStyle(f, '::file-selector-button')"
                              ".height)") >= 44
    finally:
        context.close()

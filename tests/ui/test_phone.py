"""A real phone (mobile emulation, 390x844): every page lays out at the device's own width
instead of a 980 px desktop page drawn at 40%."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.ui.test_fits_tablet import ACTIONS

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}


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
    finally:
        context.close()

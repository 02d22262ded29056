"""Which browser a page runs in: a random id kept in a cookie of that browser.

The id is what makes a seat belong to one phone and the tablet to one device
(`companion.core.seats`). A browser that has none gets one the first time it opens a
game: the server makes it and the page stores it (SameSite=Strict, for ten years). The
store keeps only an HMAC of it. Outside a served page (a notebook, a test building a
dashboard) there is no device: the dashboard is the tablet.
"""

from __future__ import annotations

import secrets
import weakref

import panel as pn
from bokeh.document import Document
from bokeh.models import CustomJS

from companion.core.seats import DEVICE_ID

COOKIE = "companion_device"
TEN_YEARS = 10 * 365 * 24 * 3600
SET_COOKIE_JS = ("document.cookie = NAME + '=' + ID + '; path=/; max-age=' + AGE + "
                 "'; SameSite=Strict';")

_devices: weakref.WeakKeyDictionary[Document, str] = weakref.WeakKeyDictionary()


def this_device() -> str | None:
    """The id of the browser showing the current page; None outside a served page."""
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None:
        return None
    known = _devices.get(doc)
    if known is not None:
        return known
    cookie = pn.state.cookies.get(COOKIE, "")
    if isinstance(cookie, str) and DEVICE_ID.fullmatch(cookie):
        device = cookie
    else:
        device = secrets.token_hex(16)
        doc.js_on_event("document_ready", CustomJS(code=SET_COOKIE_JS, args={
            "NAME": COOKIE, "ID": device, "AGE": TEN_YEARS}))
    _devices[doc] = device
    return device

"""The bare app whose tap sleeps 50 ms on the server: the in-page clock's own check
(`tests/ui/test_tap_clock.py`) reads it against the bare app's tap."""

import time

import panel as pn

SLEEP_S = 0.05

pn.extension()
text = pn.pane.Markdown("clicks: 0")
button = pn.widgets.Button(label="Click")


def count_after_a_sleep(event) -> None:
    time.sleep(SLEEP_S)
    text.object = f"clicks: {event.obj.clicks}"


button.on_click(count_after_a_sleep)
pn.Column(button, text).servable()

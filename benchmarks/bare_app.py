"""The baseline for round trips: one button, one text, nothing else."""

import panel as pn

pn.extension()
text = pn.pane.Markdown("clicks: 0")
button = pn.widgets.Button(label="Click")
button.on_click(lambda event: setattr(text, "object", f"clicks: {event.obj.clicks}"))
pn.Column(button, text).servable()

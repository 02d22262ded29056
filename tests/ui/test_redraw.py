"""The pads' redraw (`redraw` in `companion/ui/pads.bundle.js`) in a real browser: whatever
the page showed before, a redraw leaves exactly the new HTML, and keeps the nodes it can."""

import random
from pathlib import Path

import pytest
from playwright.sync_api import Page

import companion

BUNDLE = (Path(companion.__file__).parent / "ui" / "pads.bundle.js").read_text()

pytestmark = pytest.mark.browser

# Few tags, classes and texts, so that old and new drawings share parts as a game's do.
TAGS = ("div", "p", "span", "button", "details", "b")
CLASSES = (None, "log-line", "bar", "note", "act act-default")
KEYS = (None, None, "2", "3")  # data-key: an element drawn anew when it changes
TEXTS = ("1. Bond moves", "2. rolls 5+3", "Undo", "", "x6y4")

# Each drawing as HTML with every element's attributes in order of name (a redraw keeps an
# element's attributes where they were and adds the new ones after them).
REDRAW_PAGE = """(parts) => {
  const box = document.createElement('div');
  const model = document.createElement('template');
  const inOrder = (node) => {
    const copy = node.cloneNode(true);
    for (const element of copy.querySelectorAll('*')) {
      const attributes = [...element.attributes].map(({ name, value }) => [name, value]);
      for (const [name] of attributes) { element.removeAttribute(name); }
      for (const [name, value] of attributes.sort()) { element.setAttribute(name, value); }
    }
    return copy.innerHTML;
  };
  const shown = [];
  for (const html of parts) {
    redraw(box, html);
    model.innerHTML = html;
    const wanted = document.createElement('div');
    wanted.appendChild(model.content.cloneNode(true));
    shown.push([inOrder(box), inOrder(wanted)]);
  }
  return shown;
}"""


def drawing(rng: random.Random, depth: int = 0) -> str:
    """Random HTML: a few elements, some nested, some with text."""
    parts = []
    for _ in range(rng.randint(0, 4)):
        if depth < 2 and rng.random() < 0.7:
            tag, cls = rng.choice(TAGS), rng.choice(CLASSES)
            attrs = f' class="{cls}"' if cls else ""
            key = rng.choice(KEYS)
            attrs += f' data-key="{key}"' if key else ""
            if tag == "details" and rng.random() < 0.5:
                attrs += " open"
            parts.append(f"<{tag}{attrs}>{drawing(rng, depth + 1)}</{tag}>")
        else:
            parts.append(rng.choice(TEXTS))
    return "".join(parts)


def edited(rng: random.Random, html: str) -> str:
    """The drawing after a tap: usually a small change of the one before."""
    if rng.random() < 0.3:
        return drawing(rng)
    cut = rng.randint(0, len(html))
    while cut < len(html) and html[cut - 1:cut] not in ("", ">"):
        cut += 1
    return html[:cut] + drawing(rng, 1) + html[cut:] if rng.random() < 0.5 else \
        drawing(rng) + html


def load_redraw(page: Page) -> None:
    """A blank page with the pads' module loaded and its `redraw` as a global."""
    page.set_content("<body></body>")
    page.add_script_tag(type="module", content=BUNDLE + "\nwindow.redraw = redraw;\n")
    page.wait_for_function("() => typeof window.redraw === 'function'")


def test_a_redraw_always_leaves_exactly_the_new_html(page: Page):
    load_redraw(page)
    rng = random.Random(19)
    for _ in range(40):
        parts = [drawing(rng)]
        for _ in range(8):
            parts.append(edited(rng, parts[-1]))
        for shown, wanted in page.evaluate(REDRAW_PAGE, parts):
            # (whether a <details> is open is the player's once it is shown)
            assert shown.replace(' open=""', "") == wanted.replace(' open=""', "")


def test_a_details_the_player_opened_stays_open_and_a_new_one_takes_the_servers_word(
        page: Page):
    load_redraw(page)
    kept = page.evaluate("""() => {
      const box = document.createElement('div');
      redraw(box, '<div class="a">1</div><details><summary>Rules</summary>r</details>');
      box.querySelector('details').open = true;  // the player opens it
      redraw(box, '<div class="a">2</div><div class="new">!</div>'
                  + '<details><summary>Rules</summary>r2</details><details open>n</details>');
      return [...box.querySelectorAll('details')].map((d) => d.open);
    }""")
    assert kept == [True, True]


def test_an_element_whose_key_changed_is_drawn_anew_and_one_whose_key_stayed_is_changed(
        page: Page):
    load_redraw(page)
    kept = page.evaluate("""() => {
      const box = document.createElement('div');
      const chart = (key, bars) => `<svg data-key="${key}">` +
        bars.map((h) => `<rect height="${h}"></rect>`).join('') + '</svg>';
      redraw(box, chart(2, [1, 2, 1]));
      const first = box.firstChild;
      redraw(box, chart(2, [1, 3, 1]));  // recoloured: the same chart
      const second = box.firstChild;
      redraw(box, chart(3, [1, 2, 3, 2, 1]));  // another shape
      return [first === second, second === box.firstChild, box.innerHTML];
    }""")
    assert kept == [True, False, '<svg data-key="3">' + "".join(
        f'<rect height="{h}"></rect>' for h in (1, 2, 3, 2, 1)) + "</svg>"]

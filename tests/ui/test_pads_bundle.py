"""The pads' browser side is one file, `companion/ui/pads.bundle.js`, whose default export
names each pad class's render (Panel looks a bundle's component up by its class name): a
pad class missing from it would draw nothing in the browser."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import companion
from companion.ui.tap_pad import QuickJSComponent

BUNDLE = Path(companion.__file__).parent / "ui" / "pads.bundle.js"


def every_subclass(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub, *every_subclass(sub)}
    return found


# `panel serve --setup` runs it in the server's process: imported here, it would freeze
# this test process's garbage, turn its full collections off and start the collector.
SERVE_SETUP_SCRIPT = "companion.ui.serve_setup"


def test_every_pad_class_has_its_render_in_the_bundle():
    for module in pkgutil.walk_packages(companion.__path__, "companion."):
        if module.name != SERVE_SETUP_SCRIPT:
            importlib.import_module(module.name)
    exported = re.search(r"export default \{(.*?)\};", BUNDLE.read_text(), re.S).group(1)
    names = set(re.findall(r"^\s*(\w+):", exported, re.M))
    pads = {cls for cls in every_subclass(QuickJSComponent) if cls._bundle == "pads.bundle.js"}
    assert {cls.__name__ for cls in pads} <= names
    assert {"TapPad", "HtmlBox", "ChoicePad", "FieldView"} <= {cls.__name__ for cls in pads}

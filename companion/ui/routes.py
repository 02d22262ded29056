"""What the server answers outside the game pages, made safe before any login.

Panel's `/components/<module>/<class>/<attribute>/<file>` route imports the module named
in the address (`importlib.import_module`) before it asks for any login: anyone who can
reach the server could make it import any installed module. `only_imported_components`
lets the route serve only modules the server has already imported itself (Panel's, ours);
any other name is a 404 and nothing is imported. It changes Panel's handler class in place
(`serve_setup` calls it once per server process), since the route is added by Panel's
server itself.
"""

from __future__ import annotations

import sys

from tornado.web import HTTPError


def only_imported_components(handler: type) -> None:
    """Make `handler` (Panel's ComponentResourceHandler) refuse modules not yet imported."""
    resolve = handler.parse_url_path
    if getattr(resolve, "only_imported", False):
        return

    def parse_url_path(self, path: str) -> str:
        if path.split("/")[0] not in sys.modules:
            raise HTTPError(404, "Module not found")
        return resolve(self, path)

    parse_url_path.only_imported = True  # type: ignore[attr-defined]
    handler.parse_url_path = parse_url_path

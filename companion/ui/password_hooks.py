"""The file `panel serve --auth-module` loads by its path when the table has a password.

Bokeh runs it as a fresh module outside `sys.modules`, so it only names the hooks of
`companion.ui.table_password`, which is imported the usual way (one guess count per
server process).
"""

from companion.ui.table_password import LoginHandler, get_user, login_url

__all__ = ["LoginHandler", "get_user", "login_url"]

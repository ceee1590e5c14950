"""``cardrules serve``: play either game in a browser against the built-in agents, and step
through saved records (the optional extra ``web``: ``pip install 'cardrules[web]'``).

:func:`~cardrules.web.app.create_app` builds the ASGI application (Starlette); the page (plain
HTML, CSS and JavaScript in ``static/``, no build step) uses only the JSON API under ``/api/``,
whose views are ``observation.to_dict()`` and whose events are :func:`cardrules.events.events`
of the human's seat, so that no hidden card ever reaches the page.  The "Build a UI" page of the
documentation describes the API.
"""

from __future__ import annotations

__all__: list[str] = []

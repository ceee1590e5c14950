"""Adapters that put the games into other frameworks, as optional extras.

* :mod:`cardrules.adapters.openspiel` (``pip install 'cardrules[openspiel]'``): OpenSpiel games;
* :mod:`cardrules.adapters.pettingzoo` (``pip install 'cardrules[pettingzoo]'``): PettingZoo
  AEC environments.

Importing this package imports neither framework; the core never imports this package.
"""

__all__: list[str] = []

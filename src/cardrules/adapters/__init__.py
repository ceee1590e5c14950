"""Adapters that put the games into other frameworks, as optional extras.

* :mod:`cardrules.adapters.openspiel` (``pip install 'cardrules[openspiel]'``): OpenSpiel games;
* :mod:`cardrules.adapters.pettingzoo` (``pip install 'cardrules[pettingzoo]'``): PettingZoo
  AEC environments;
* :mod:`cardrules.adapters.gymnasium` (``pip install 'cardrules[gymnasium]'``): single-seat
  Gymnasium environments, ``cardrules/AllFours-v0`` and ``cardrules/FourHundred-v0``.

Importing this package imports neither framework; the core never imports this package.
"""

__all__: list[str] = []

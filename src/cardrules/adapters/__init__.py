"""Adapters that put the games into other frameworks, as optional extras.

* :mod:`cardrules.adapters.openspiel` (``pip install 'cardrules[openspiel]'``): OpenSpiel games;
* :mod:`cardrules.adapters.pettingzoo` (``pip install 'cardrules[pettingzoo]'``): PettingZoo
  AEC environments;
* :mod:`cardrules.adapters.gymnasium` (``pip install 'cardrules[gymnasium]'``): single-seat
  Gymnasium environments, ``cardrules/AllFours-v0`` and ``cardrules/FourHundred-v0``;
* :mod:`cardrules.adapters.gymnasium_vector` (``pip install 'cardrules[gymnasium,batch]'``):
  the same ids as Gymnasium vector environments over :mod:`cardrules.batch` (self-play, every
  seat played by the policy), through ``gymnasium.make_vec(...,
  vectorization_mode="vector_entry_point")``.

Importing this package imports neither framework; the core never imports this package.
"""

__all__: list[str] = []

"""Le Chat vert's engine: the cards (``cards``), the state and its core moves as numbers (``state``, ``core``,
compiled by mypyc), the secret rules (``rules``, ``checked``), the views (``views``) and the engine the registry
knows (``engine``)."""

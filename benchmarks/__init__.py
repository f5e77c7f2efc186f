"""parlour's maintained benchmarks, run by hand through one entry point: ``python -m benchmarks NAME [options]``.

Each module measures one thing the project keeps a figure for (engine speed beside OpenSpiel's, the server under
load, accounts at scale, the bots' strength and levels, the research interfaces' throughput) and can also be run
alone as ``python -m benchmarks.MODULE``. Finished experiments are not here: they live, with their figures, under
``docs/notes/``.
"""

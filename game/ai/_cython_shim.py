"""What :mod:`game.ai.kernel` needs of the ``cython`` module when Cython is not installed.

The kernel runs as plain Python on a machine without Cython (and without a C
compiler); there it only asks whether it is compiled.
"""

compiled = False

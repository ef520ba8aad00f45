"""Helpers to run the generated flows headless (``lfx run`` and ``lfx.load``), shared by the flow tests."""

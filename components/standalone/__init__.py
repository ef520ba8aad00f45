"""The standalone components: the palette's components with the core inlined (generated, never edit).

Each file imports nothing of this package, so a flow whose nodes carry this code (``flows/standalone/``)
runs on a Langflow server where the bundle cannot be installed. This folder is not a bundle folder
(``extension.json`` names ``components/citations``), so the extension loader never registers these.
"""

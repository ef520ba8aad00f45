"""End-to-end tests that drive a real ``langflow run`` server (see ``langflow_server.py``)."""

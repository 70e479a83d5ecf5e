# Sphinx configuration of the fixture workspace (never built; here for the hover languages).
project = "fixture"
# See https://docs.readthedocs.io/en/stable/config-file/v2.html for the .readthedocs.yaml options.
extensions = []

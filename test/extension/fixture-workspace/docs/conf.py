# Sphinx configuration of the fixture workspace. The sandbox's build logs of `widgets` point at these files.
project = "fixture"
# See https://docs.readthedocs.io/en/stable/config-file/v2.html for the .readthedocs.yaml options.
extensions = []

# The version shown in the docs comes from the package, so Read the Docs must install it first
# (`python.install` in .readthedocs.yaml); without that this import is the build's conf.py traceback.
import widgets  # noqa: E402

release = widgets.__version__
html_theme = "alabaster"

// What readthedocs.org builds with, as of readthedocs/readthedocs.org 7937196 (August 2026):
// `RTD_DOCKER_BUILD_SETTINGS` in readthedocs/builds/constants_docker.py. Update with it.

/** `build.os` values the server accepts. */
export const SUPPORTED_BUILD_OS: readonly string[] = ['ubuntu-22.04', 'ubuntu-24.04', 'ubuntu-26.04', 'ubuntu-lts-latest'];

/** `build.os` values the server once accepted and now refuses (Ubuntu 20.04 went in June 2026, #13115). */
export const RETIRED_BUILD_OS: readonly string[] = ['ubuntu-18.04', 'ubuntu-20.04'];

/** The image a new configuration names: the newest LTS by number (an alias would move under it). */
export const CURRENT_BUILD_OS = 'ubuntu-26.04';

/** `build.tools.python` CPython versions the server accepts, oldest first (`"3"` and `"latest"` are aliases of the newest). */
export const SUPPORTED_PYTHON_VERSIONS: readonly string[] = ['2.7', '3.6', '3.7', '3.8', '3.9', '3.10', '3.11', '3.12', '3.13', '3.14'];

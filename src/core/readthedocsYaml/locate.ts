import { pathInside } from '../util/paths';

/**
 * The names Read the Docs accepts at the top of a repository when the project names no path
 * (`CONFIG_FILENAME_REGEX`, `^\.?readthedocs.ya?ml$`, in `readthedocs/config/config.py`), the
 * documented one first.
 */
export const DEFAULT_CONFIG_NAMES: readonly string[] = ['.readthedocs.yaml', '.readthedocs.yml', 'readthedocs.yaml', 'readthedocs.yml'];

/** Where a new configuration file goes when the project names no path. */
export const DEFAULT_CONFIG_PATH = '.readthedocs.yaml';

/** Where Read the Docs reads a folder's configuration from. */
export interface ConfigPlace {
  /** Paths relative to the folder, `/`-separated, tried in order: the first that is a file is the configuration. */
  readonly candidates: readonly string[];
  /** Where a configuration file is created when none of them is there (undefined: the project's path leads out of the folder). */
  readonly createAt: string | undefined;
  /** The project names its own path (`readthedocs_yaml_path`): the build fails with `config:path:not-found` without it. */
  readonly custom: boolean;
}

/**
 * Where the configuration of a folder is, as the server looks for it (`load` in
 * `readthedocs/config/config.py`): the project's `readthedocs_yaml_path` only, when it sets one,
 * else the accepted names at the top. The server's path is normalised as text (no file system, so
 * no symlink is followed) and kept inside the folder: one that leads out (`../../etc/hostname`, an
 * absolute path) names no file, so nothing outside the folder is read or marked. Pure.
 */
export function configPlaceOf(readthedocsYamlPath: string | undefined): ConfigPlace {
  const written = readthedocsYamlPath?.trim();
  if (!written) return { candidates: DEFAULT_CONFIG_NAMES, createAt: DEFAULT_CONFIG_PATH, custom: false };
  const inside = pathInside('', written);
  if (!inside) return { candidates: [], createAt: undefined, custom: true };
  return { candidates: [inside], createAt: inside, custom: true };
}

/** True when `relativePath` (in a folder, `/`-separated) is where that folder's configuration is read from. */
export function isConfigPath(relativePath: string, readthedocsYamlPath: string | undefined): boolean {
  return configPlaceOf(readthedocsYamlPath).candidates.includes(relativePath);
}

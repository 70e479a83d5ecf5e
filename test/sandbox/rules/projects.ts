// Project import rules: slugs and repository URLs.

import type { Edition } from '../constants';

/** RTD `slugify(..., dns_safe=True)`: ASCII, lowercase, words joined by single hyphens. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0080-\uffff]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `RepositoryURLValidator`: the error message, or undefined when the URL is acceptable. */
export function repositoryUrlError(url: string, edition: Edition): string | undefined {
  if (url.includes('&&') || url.includes('|')) return 'Invalid character in the URL';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'https' || scheme === 'http' || scheme === 'git') return undefined;
  if (url.startsWith('lp:')) return undefined;
  if (/^\w+@.+/.test(url) || scheme === 'ssh' || scheme === 'ssh+git') {
    return edition === 'business' ? undefined : 'Manual cloning via SSH is not supported';
  }
  return 'Invalid scheme for URL';
}

/** `validate_build_config_file` for `readthedocs_yaml_path`. */
export function configPathError(path: string): string | undefined {
  const invalidCharacters = "[]{}()`'\"\\%&<>|,";
  if (path.startsWith('/')) {
    return "Use a relative path. It should not begin with '/'. The path is relative to the root of your repository.";
  }
  if (path.endsWith('/')) return "The path cannot end with '/', as it cannot be a directory.";
  if (path.includes('..')) return "Found invalid sequence in path: '..'";
  if ([...invalidCharacters].some((c) => path.includes(c))) {
    return `Found invalid character. Avoid these characters: <code>${invalidCharacters.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')}</code>`;
  }
  if (path !== '.readthedocs.yaml' && !path.endsWith('/.readthedocs.yaml')) {
    return 'The only allowed filename is <code>.readthedocs.yaml</code>.';
  }
  return undefined;
}

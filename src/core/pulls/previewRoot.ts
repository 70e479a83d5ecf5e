import { type Edition } from '../api/client';
import { type Build } from '../models/build';
import { type Project } from '../models/project';
import { versionPathPrefix, versioningSchemeOf } from '../models/versioningScheme';
import { webUrlOf } from '../validation/urls';

/** Where a pull request's preview lives, and who said so. */
export interface PreviewRoot {
  readonly url: string;
  /** `addons`: the docs host's addons API; `build`: the build's `docs_url`; `pattern`: the documented URL pattern (FACTS §22). */
  readonly from: 'addons' | 'build' | 'pattern';
}

const PREVIEW_DOMAIN: Record<Edition, string> = { community: 'org.readthedocs.build', business: 'com.readthedocs.build' };

/**
 * The preview root of a pull request's build: the addons API's `versions.current.urls.documentation`,
 * else the build's `docs_url` when the server sends one, else the documented pattern
 * `https://<slug with _ as ->--<n>.<org|com>.readthedocs.build/<lang>/<n>/` following the
 * project's versioning scheme (self-hosted servers use their own domain: only the first two hold
 * there). Pure.
 */
export function previewRootOf(
  edition: Edition,
  project: Pick<Project, 'slug' | 'language' | 'versioningScheme' | 'singleVersion'>,
  pullRequest: string,
  build: Pick<Build, 'docsUrl'> | undefined,
  addonsDocumentationUrl: string | undefined,
): PreviewRoot {
  const addons = addonsDocumentationUrl ? webUrlOf(addonsDocumentationUrl)?.href : undefined;
  if (addons) return { url: addons, from: 'addons' };
  const built = build?.docsUrl ? webUrlOf(build.docsUrl)?.href : undefined;
  if (built) return { url: built, from: 'build' };
  const host = `${project.slug.replace(/_/g, '-')}--${pullRequest}.${PREVIEW_DOMAIN[edition]}`;
  const language = project.language.code || 'en';
  return { url: `https://${host}${versionPathPrefix(versioningSchemeOf(project), language, pullRequest)}`, from: 'pattern' };
}

/** The visual diff of a preview page: the addon highlights the changed blocks (FACTS §23). */
export function visualDiffUrl(previewPageUrl: string): string | undefined {
  const url = webUrlOf(previewPageUrl);
  if (!url) return undefined;
  url.searchParams.set('readthedocs-diff', 'true');
  return url.toString();
}

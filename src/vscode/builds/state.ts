import { type Edition } from '../../core/api/client';
import { webUrlOf } from '../../core/validation/urls';
import { type Version } from '../../core/models/version';

/** What the build adapters share: the docs URLs of versions seen on the way (for "Open docs"). */
export class BuildsState {
  private readonly docsUrls = new Map<string, string>();

  rememberVersion(edition: Edition, projectSlug: string, version: Pick<Version, 'slug' | 'urls'> | undefined): void {
    const url = version?.urls.documentation ? webUrlOf(version.urls.documentation)?.href : undefined;
    if (version && url) this.docsUrls.set(key(edition, projectSlug, version.slug), url);
  }

  docsUrl(edition: Edition, projectSlug: string, versionSlug: string): string | undefined {
    return this.docsUrls.get(key(edition, projectSlug, versionSlug));
  }

  dispose(): void {
    this.docsUrls.clear();
  }
}

function key(edition: Edition, projectSlug: string, versionSlug: string): string {
  return `${edition}/${projectSlug}/${versionSlug}`;
}

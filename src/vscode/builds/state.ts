import { type Edition } from '../../core/api/client';
import { isWebUrl } from '../../core/validation/urls';
import { Emitter } from '../../core/util/events';
import { type Version } from '../../core/models/version';

/** What the build adapters share: docs URLs seen on the way, and a nudge when the running set changed. */
export class BuildsState {
  private readonly docsUrls = new Map<string, string>();
  private readonly changed = new Emitter<void>();
  /** Fired after this extension started watching a build (the watcher itself has no event for it). */
  readonly onDidChangeRunning = this.changed.event;

  rememberVersion(edition: Edition, projectSlug: string, version: Pick<Version, 'slug' | 'urls'> | undefined): void {
    const url = version?.urls.documentation;
    if (version && url && isWebUrl(url)) this.docsUrls.set(key(edition, projectSlug, version.slug), url);
  }

  docsUrl(edition: Edition, projectSlug: string, versionSlug: string): string | undefined {
    return this.docsUrls.get(key(edition, projectSlug, versionSlug));
  }

  fireRunningChanged(): void {
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
    this.docsUrls.clear();
  }
}

function key(edition: Edition, projectSlug: string, versionSlug: string): string {
  return `${edition}/${projectSlug}/${versionSlug}`;
}

/**
 * Which versions are published by uploads. The v3 API does not say (FACTS section 24): it shows
 * in the 400 a build request gets, in the v2 build's `is_uploaded`, and after an upload of ours.
 * Remembered per server, project and version slug.
 */
import { BoundedStore, type KeyedMemento, type StoreLimits } from '../util/boundedStore';
import { Emitter } from '../util/events';

export interface VersionPlace {
  /** The API host (`app.readthedocs.org`). */
  readonly server: string;
  readonly project: string;
  readonly version: string;
}

/** Each remembered version persists under this prefix and its place. */
export const UPLOADED_VERSIONS_PREFIX = 'readthedocs.uploadedVersions/';
/** Where versions before the bounded store kept the list: read once into the store, then deleted. */
const LEGACY_KEY = 'readthedocs.uploadedVersions';
/** Oldest forgotten first past these (an entry is about 100 bytes). */
export const UPLOADED_VERSIONS_LIMITS: StoreLimits = { maxEntries: 500, maxTotalBytes: 64 * 1024, maxEntryBytes: 1024 };

export class UploadedVersions {
  private readonly changed = new Emitter<VersionPlace>();
  readonly onDidChange = this.changed.event;
  private readonly store: BoundedStore<true>;

  constructor(memento: KeyedMemento) {
    const legacy = memento.get(LEGACY_KEY);
    this.store = new BoundedStore(memento, { ...UPLOADED_VERSIONS_LIMITS, prefix: UPLOADED_VERSIONS_PREFIX, accepts: (value): value is true => value === true, legacyKeys: [LEGACY_KEY] });
    if (Array.isArray(legacy)) for (const key of legacy.slice(-UPLOADED_VERSIONS_LIMITS.maxEntries)) if (typeof key === 'string') void this.store.set(key, true).written;
  }

  isUploaded(place: VersionPlace): boolean {
    return this.store.has(keyOf(place));
  }

  async remember(place: VersionPlace): Promise<void> {
    const key = keyOf(place);
    if (this.store.has(key)) return;
    await this.store.set(key, true).written;
    this.changed.fire(place);
  }
}

function keyOf(place: VersionPlace): string {
  return JSON.stringify([place.server, place.project, place.version]);
}

/**
 * Which versions are published by uploads. The v3 API does not say (FACTS section 24): it shows
 * in the 400 a build request gets, in the v2 build's `is_uploaded`, and after an upload of ours.
 * Remembered per server, project and version slug.
 */
import { Emitter } from '../util/events';

/** Where it is kept (VS Code's `Memento`). */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export interface VersionPlace {
  /** The API host (`app.readthedocs.org`). */
  readonly server: string;
  readonly project: string;
  readonly version: string;
}

const KEY = 'readthedocs.uploadedVersions';
/** Oldest forgotten first past this many. */
const MAX_REMEMBERED = 500;

export class UploadedVersions {
  private readonly changed = new Emitter<VersionPlace>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly store: KeyValueStore) {}

  isUploaded(place: VersionPlace): boolean {
    return this.keys().includes(keyOf(place));
  }

  async remember(place: VersionPlace): Promise<void> {
    const key = keyOf(place);
    const keys = this.keys();
    if (keys.includes(key)) return;
    await this.store.update(KEY, [...keys, key].slice(-MAX_REMEMBERED));
    this.changed.fire(place);
  }

  private keys(): string[] {
    const value = this.store.get<unknown>(KEY);
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
  }
}

function keyOf(place: VersionPlace): string {
  return JSON.stringify([place.server, place.project, place.version]);
}

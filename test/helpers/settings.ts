import { type Settings, type SettingsSource } from '../../src/core/config';
import { Emitter } from '../../src/core/util/events';

/** The defaults of package.json, with `over` on top. */
export function settingsOf(over: Partial<Settings> = {}): Settings {
  return {
    communityUrl: 'https://app.readthedocs.org', businessUrl: '', pageSize: 100, requestsPerMinute: 60,
    buildPollSeconds: 5, hoverEnabled: true, hoverLanguages: [], hoverCacheMinutes: 5, markdownLanguages: ['python-markdown'], workspaceProjects: [], buildNotify: 'mine', problemsOnlyNew: false, buildTimesCount: 20, ...over,
  };
}

/** A settings source a test changes by hand, as a person changes VS Code's settings. */
export class TestSettings implements SettingsSource {
  private readonly changed = new Emitter<Settings>();
  readonly onDidChange = this.changed.event;

  constructor(public current: Settings = settingsOf()) {}

  set(over: Partial<Settings>): void {
    this.current = settingsOf(over);
    this.changed.fire(this.current);
  }
}

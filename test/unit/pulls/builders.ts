import { type BuildsApi } from '../../../src/core/api/endpoints/builds';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { type Page } from '../../../src/core/models/page';

/** Builds of pull requests and a builds API over them, for the pull-request tests. */
export const HEAD = 'a'.repeat(40);
export const prBuild = (id: number, version: string, state = 'finished', success: boolean | null = true): Build =>
  parseBuild({ id, project: 'widgets', version, commit: HEAD, state: { code: state, name: state }, success });

/** A builds API that answers from a list and records each call. */
export function fakeBuilds(all: readonly Build[]): Pick<BuildsApi, 'list' | 'listOfVersion'> & { calls: string[] } {
  const page = (items: Build[]): Page<Build> => ({ items, count: items.length, next: undefined }) as unknown as Page<Build>;
  const calls: string[] = [];
  return {
    calls,
    list: async (_project, filters = {}) => { calls.push(`builds/?commit=${filters.commit}`); return page(all.filter((b) => b.commit === filters.commit)); },
    listOfVersion: async (_project, version) => { calls.push(`versions/${version}/builds/`); return page(all.filter((b) => b.version === version)); },
  };
}


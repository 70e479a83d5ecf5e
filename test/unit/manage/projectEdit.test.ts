import * as assert from 'node:assert/strict';
import {
  type ProjectSettings, PROJECT_FIELDS, changedFields, describeSetting, projectSettingsOf, projectUpdateOf,
} from '../../../src/core/manage/projectEdit';
import { parseProject, projectUpdateBody } from '../../../src/core/models/project';
import { apiFixture } from '../../helpers/fixtures';

describe('manage/projectEdit', () => {
  const project = parseProject(apiFixture('projects-detail'));
  const original = projectSettingsOf(project);

  it('reads the settings the project object has, and leaves the write-only ones unknown', () => {
    assert.equal(original.name, project.name);
    assert.equal(original.repository, project.repository.url);
    assert.equal(original.language, project.language.code);
    assert.equal(original.programming_language, project.programmingLanguage.code);
    assert.deepEqual(original.tags, project.tags);
    assert.equal(original.analytics_code, undefined);
    assert.equal(original.analytics_disabled, undefined);
    assert.equal(original.external_builds_enabled, undefined);
  });

  it('lists the twelve settable fields', () => {
    assert.deepEqual([...PROJECT_FIELDS].sort(), [
      'analytics_code', 'analytics_disabled', 'default_branch', 'default_version', 'external_builds_enabled', 'homepage',
      'language', 'name', 'programming_language', 'repository', 'single_version', 'tags',
    ]);
  });

  it('sends nothing when nothing changed', () => {
    assert.deepEqual(changedFields(original, { ...original }), []);
    assert.deepEqual(projectUpdateOf(original, { ...original }), {});
  });

  it('sends only the changed fields, in the API shape', () => {
    const edited: Partial<ProjectSettings> = { ...original, name: '  New name ', programming_language: 'py', repository: 'https://github.com/o/r.git' };
    assert.deepEqual(changedFields(original, edited), ['name', 'repository', 'programming_language']);
    assert.deepEqual(projectUpdateBody(projectUpdateOf(original, edited)), {
      name: 'New name', repository: { url: 'https://github.com/o/r.git' }, programming_language: 'py',
    });
  });

  it('treats tags as a set: reordering is no change; a change sends the whole new list', () => {
    const base = { ...original, tags: ['a', 'b'] };
    assert.deepEqual(changedFields(base, { ...base, tags: ['b', 'a'] }), []);
    assert.deepEqual(projectUpdateOf(base, { ...base, tags: ['a'] }), { tags: ['a'] });
    assert.deepEqual(projectUpdateOf(base, { ...base, tags: [] }), { tags: [] });
  });

  it('sends a value chosen for a field the API does not return (unknown original)', () => {
    assert.deepEqual(projectUpdateOf(original, { ...original, analytics_disabled: false, external_builds_enabled: true }),
      { analyticsDisabled: false, externalBuildsEnabled: true });
  });

  it('clears the homepage with an empty string, and an unset homepage left empty is no change', () => {
    assert.deepEqual(projectUpdateOf({ homepage: 'https://x.org' }, { homepage: '' }), { homepage: '' });
    assert.deepEqual(projectUpdateOf({ homepage: '' }, { homepage: '' }), {});
  });

  it('describes values for the pick', () => {
    assert.equal(describeSetting('single_version', true), 'Yes');
    assert.equal(describeSetting('tags', []), '(none)');
    assert.equal(describeSetting('tags', ['a', 'b']), 'a, b');
    assert.equal(describeSetting('homepage', ''), '(none)');
    assert.match(describeSetting('analytics_code', undefined), /not readable/);
  });
});

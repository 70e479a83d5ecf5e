import * as assert from 'node:assert/strict';
import {
  projectSlugFromName, subprojectAliasWarning, validateProjectSlug, validateSubprojectAlias, validateVersionSlug,
} from '../../../src/core/validation/slugs';
import { validatorCases } from './caseTable';

describe('validation/slugs', () => {
  describe('projectSlugFromName', () => {
    const rows: [string, string][] = [
      ['My Project', 'my-project'],
      ['  Spaced   out  ', 'spaced-out'],
      ['snake_case_name', 'snake-case-name'],
      ['dots.and.more!', 'dotsandmore'],
      ['Café Société', 'cafe-societe'],
      ['--Leading and trailing--', 'leading-and-trailing'],
      ['a - _ b', 'a-b'],
      ['C++ & C#', 'c-c'],
      ['v2.0 docs', 'v20-docs'],
      ['日本語', ''],
      ['!!!', ''],
      ['___', ''],
    ];
    for (const [name, slug] of rows) {
      it(`turns ${JSON.stringify(name)} into ${JSON.stringify(slug)}`, () => assert.equal(projectSlugFromName(name), slug));
    }
  });

  describe('validateProjectSlug', () => {
    validatorCases(validateProjectSlug, [
      ['a dashed slug', ['my-project'], undefined],
      ['digits', ['project2'], undefined],
      ['an older slug with an underscore', ['old_project'], undefined],
      ['63 characters', ['p'.repeat(63)], undefined],
      ['an empty slug', [''], /Enter a project slug/],
      ['a slash', ['owner/project'], /without \/ or \./],
      ['a dot', ['my.project'], /without \/ or \./],
      ['a URL', ['https://readthedocs.org/projects/x/'], /without \/ or \./],
      ['upper case', ['MyProject'], /lowercase letters, digits and hyphens/],
      ['a space', ['my project'], /lowercase/],
      ['64 characters', ['p'.repeat(64)], /at most 63 characters.*64/],
    ]);
  });

  describe('validateVersionSlug', () => {
    validatorCases(validateVersionSlug, [
      ['latest', ['latest'], undefined],
      ['dots', ['v1.0'], undefined],
      ['a digit first', ['1.2.3'], undefined],
      ['underscores and dashes', ['release-1_0'], undefined],
      ['255 characters', ['v'.repeat(255)], undefined],
      ['an empty slug', [''], /Enter a version slug/],
      ['a slash', ['release/1.0'], /can't contain \/.*release-1\.0/],
      ['a leading dot', ['.hidden'], /must start with a letter or a number/],
      ['a leading dash', ['-x'], /start with a letter or a number/],
      ['upper case', ['V1.0'], /lowercase letters/],
      ['a space', ['v 1'], /lowercase letters/],
      ['256 characters', ['v'.repeat(256)], /at most 255 characters.*256/],
    ]);
  });

  describe('validateSubprojectAlias', () => {
    validatorCases(validateSubprojectAlias, [
      ['an empty alias (the child slug is used)', [''], undefined],
      ['a simple alias', ['api'], undefined],
      ['hyphens and underscores', ['my-sub_project'], undefined],
      ['letters of other scripts (Python \\w)', ['документация'], undefined],
      ['slash-separated segments', ['guides/api'], undefined],
      ['255 characters', ['a'.repeat(255)], undefined],
      ['a dot', ['v1.0'], /letters, numbers, underscores, and hyphens/],
      ['a space', ['my alias'], /letters, numbers/],
      ['a leading slash', ['/api'], /letters, numbers/],
      ['a trailing slash', ['api/'], /letters, numbers/],
      ['a double slash', ['a//b'], /letters, numbers/],
      ['256 characters', ['a'.repeat(256)], /at most 255 characters.*256/],
    ]);
  });

  describe('subprojectAliasWarning', () => {
    it('warns about slashes, which need a per-project feature flag', () => {
      assert.match(subprojectAliasWarning('guides/api') ?? '', /Aliases can't contain slashes/);
    });

    it('has nothing to say about an alias without slashes', () => {
      assert.equal(subprojectAliasWarning('api'), undefined);
      assert.equal(subprojectAliasWarning(''), undefined);
    });
  });
});

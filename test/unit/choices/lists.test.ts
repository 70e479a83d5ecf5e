import * as assert from 'node:assert/strict';
import type { Choice } from '../../../src/core/choices/choice';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../src/core/choices/languages';
import { PRIVACY_LEVELS } from '../../../src/core/choices/privacyLevels';
import { DEFAULT_PROGRAMMING_LANGUAGE, PROGRAMMING_LANGUAGES } from '../../../src/core/choices/programmingLanguages';
import { REDIRECT_TYPE_CHOICES } from '../../../src/core/choices/redirectTypes';
import { VERSION_TYPES } from '../../../src/core/choices/versionTypes';
import { VERSIONING_SCHEMES } from '../../../src/core/choices/versioningSchemes';

const nameOf = (list: readonly Choice[], code: string): string | undefined => list.find((c) => c.code === code)?.name;

describe('choices lists', () => {
  const lists: [string, readonly Choice[]][] = [
    ['LANGUAGES', LANGUAGES],
    ['PROGRAMMING_LANGUAGES', PROGRAMMING_LANGUAGES],
    ['VERSION_TYPES', VERSION_TYPES],
    ['PRIVACY_LEVELS', PRIVACY_LEVELS],
    ['VERSIONING_SCHEMES', VERSIONING_SCHEMES],
    ['REDIRECT_TYPE_CHOICES', REDIRECT_TYPE_CHOICES],
  ];
  for (const [title, list] of lists) {
    it(`${title} has unique, non-empty codes and names`, () => {
      assert.equal(new Set(list.map((c) => c.code)).size, list.length);
      for (const choice of list) assert.ok(choice.code.trim() !== '' && choice.name.trim() !== '', JSON.stringify(choice));
    });
  }

  describe('LANGUAGES', () => {
    it('holds the whole Read the Docs list', () => assert.equal(LANGUAGES.length, 167));

    const known: [string, string][] = [
      ['aa', 'Afar'], ['en', 'English'], ['es', 'Spanish'], ['fr', 'French'], ['fa', 'Iranian'], ['quc', "K'iche'"],
      ['cab', 'Garífuna'], ['zu', 'Zulu'], ['nb-no', 'Norwegian Bokmal'], ['pt-br', 'Brazilian Portuguese'],
      ['es-mx', 'Mexican Spanish'], ['uk-ua', 'Ukrainian'], ['zh-cn', 'Simplified Chinese'], ['zh-tw', 'Traditional Chinese'],
    ];
    for (const [code, name] of known) it(`names ${code} ${name}`, () => assert.equal(nameOf(LANGUAGES, code), name));

    it('uses lowercase dashed codes and no longer offers zh', () => {
      for (const { code } of LANGUAGES) assert.match(code, /^[a-z]{2,3}(-[a-z]{2})?$/);
      assert.equal(nameOf(LANGUAGES, 'zh'), undefined);
      assert.equal(nameOf(LANGUAGES, 'pt_BR'), undefined);
    });

    it('defaults to English', () => assert.equal(nameOf(LANGUAGES, DEFAULT_LANGUAGE), 'English'));
  });

  describe('PROGRAMMING_LANGUAGES', () => {
    it('has the codes of the API, in order', () => {
      assert.deepEqual(PROGRAMMING_LANGUAGES.map((c) => c.code), [
        'words', 'py', 'js', 'php', 'ruby', 'perl', 'java', 'go', 'julia', 'c', 'csharp', 'cpp', 'objc', 'css', 'ts',
        'swift', 'vb', 'r', 'scala', 'groovy', 'coffee', 'lua', 'haskell', 'other',
      ]);
    });

    const shown: [string, string][] = [['words', 'Only Words'], ['py', 'Python'], ['js', 'JavaScript'], ['csharp', 'C#'], ['cpp', 'C++'], ['objc', 'Objective-C']];
    for (const [code, name] of shown) it(`shows ${code} as ${name}`, () => assert.equal(nameOf(PROGRAMMING_LANGUAGES, code), name));

    it('defaults to Only Words', () => assert.equal(nameOf(PROGRAMMING_LANGUAGES, DEFAULT_PROGRAMMING_LANGUAGE), 'Only Words'));
  });

  it('VERSION_TYPES are branch, tag, external and unknown', () => {
    assert.deepEqual(VERSION_TYPES.map((c) => c.code), ['branch', 'tag', 'external', 'unknown']);
  });

  it('PRIVACY_LEVELS are public and private', () => {
    assert.deepEqual(PRIVACY_LEVELS.map((c) => c.code), ['public', 'private']);
  });

  it('VERSIONING_SCHEMES are the three schemes with their URL shapes', () => {
    assert.deepEqual(VERSIONING_SCHEMES.map((c) => [c.code, c.detail]), [
      ['multiple_versions_with_translations', '/<language>/<version>/<filename>'],
      ['multiple_versions_without_translations', '/<version>/<filename>'],
      ['single_version_without_translations', '/<filename>'],
    ]);
  });
});

import assert from 'node:assert/strict';
import {
  describeProjectFilter, formatProjectFilter, isProjectFilterEmpty, parseProjectFilter, validateProjectFilter,
} from '../../../src/core/filters/projectFilter';

const parsed = (text: string) => {
  const result = parseProjectFilter(text);
  assert.ok(result.ok, `"${text}" should parse: ${result.ok ? '' : result.reason}`);
  return result.filter;
};
const reason = (text: string) => {
  const result = parseProjectFilter(text);
  assert.ok(!result.ok, `"${text}" should be refused`);
  return result.reason;
};

describe('core/filters/projectFilter', () => {
  describe('parseProjectFilter', () => {
    it('reads the empty text as the empty filter', () => {
      assert.deepEqual(parsed(''), {});
      assert.deepEqual(parsed('   '), {});
    });

    it('reads plain words as the name', () => {
      assert.deepEqual(parsed('  widget   docs '), { name: 'widget docs' });
    });

    it('reads key:value pairs, with aliases and quoted values', () => {
      assert.deepEqual(parsed('slug:api lang:fr pl:py'), { slug: 'api', language: 'fr', programmingLanguage: 'py' });
      assert.deepEqual(parsed('name:"My Docs" programming_language:js'), { name: 'My Docs', programmingLanguage: 'js' });
      assert.deepEqual(parsed('Widgets language:en'), { name: 'Widgets', language: 'en' });
      assert.deepEqual(parsed('"two words" SLUG:x'), { name: 'two words', slug: 'x' });
    });

    it('turns language and programming language names into the codes the API matches exactly', () => {
      assert.deepEqual(parsed('language:French programming-language:python'), { language: 'fr', programmingLanguage: 'py' });
      assert.deepEqual(parsed('language:PT-BR'), { language: 'pt-br' });
      assert.deepEqual(parsed('pl:"Only Words"'), { programmingLanguage: 'words' });
    });

    it('refuses what the server would answer with a silently empty or unfiltered list', () => {
      assert.match(reason('language:klingon'), /Unknown language "klingon"/);
      assert.match(reason('pl:cobol'), /Unknown programming language "cobol"/);
      assert.match(reason('owner:me'), /Unknown filter "owner:"/);
      assert.match(reason('slug:'), /"slug:" needs a value/);
      assert.match(reason('slug:a slug:b'), /given twice/);
      assert.match(reason('name:"open'), /quote is not closed/);
      assert.match(reason('docs name:x'), /either as plain words or as name:/);
    });

    it('works as an input-box validator', () => {
      assert.equal(validateProjectFilter('lang:en'), undefined);
      assert.match(validateProjectFilter('lang:zz') ?? '', /Unknown language/);
    });
  });

  describe('describeProjectFilter and formatProjectFilter', () => {
    it('describe the filter for a view, in a fixed order, and nothing without one', () => {
      assert.equal(describeProjectFilter({ language: 'en', name: 'foo' }), 'name: foo, language: en');
      assert.equal(describeProjectFilter({ programmingLanguage: 'py', slug: 'api' }), 'slug: api, programming language: py');
      assert.equal(describeProjectFilter({}), undefined);
      assert.equal(describeProjectFilter({ name: '' }), undefined);
    });

    it('format text that parses back to the same filter', () => {
      for (const filter of [{}, { name: 'My Docs', language: 'pt-br' }, { slug: 'api', programmingLanguage: 'words' }, { name: 'x' }]) {
        assert.deepEqual(parsed(formatProjectFilter(filter)), filter);
      }
      assert.equal(formatProjectFilter({ name: 'My Docs', language: 'en' }), 'name:"My Docs" language:en');
    });

    it('knows the empty filter', () => {
      assert.equal(isProjectFilterEmpty({}), true);
      assert.equal(isProjectFilterEmpty({ name: '', slug: undefined }), true);
      assert.equal(isProjectFilterEmpty({ language: 'en' }), false);
    });
  });
});

import * as assert from 'node:assert/strict';
import {
  type Edition, parseTags, validateAnalyticsCode, validateDefaultBranch, validateHomepage, validateProjectName,
  validateReadthedocsYamlPath, validateRepositoryUrl, validateTags,
} from '../../../src/core/validation/projects';
import { type Case, validatorCases } from './caseTable';

describe('validation/projects', () => {
  describe('validateProjectName', () => {
    validatorCases(validateProjectName, [
      ['a plain name', ['My Project'], undefined],
      ['accents (folded into the slug)', ['Documentation été'], undefined],
      ['a name with one digit', ['2'], undefined],
      ['63 characters', ['n'.repeat(63)], undefined],
      ['63 characters plus surrounding spaces (trimmed)', [`  ${'n'.repeat(63)}  `], undefined],
      ['an empty name', [''], /Enter a project name/],
      ['only spaces', ['   '], /Enter a project name/],
      ['64 characters', ['n'.repeat(64)], /at most 63 characters.*64/],
      ['only symbols, with the server wording', ['!!!'], /Invalid project name "!!!": no slug generated/],
      ['only non-Latin letters', ['文档'], /no slug generated/],
    ]);
  });

  describe('validateRepositoryUrl', () => {
    const bothEditions = (title: string, url: string, expected: RegExp | undefined): Case<[string, Edition]>[] => [
      [`${title} (community)`, [url, 'community'], expected],
      [`${title} (business)`, [url, 'business'], expected],
    ];
    validatorCases(validateRepositoryUrl, [
      ...bothEditions('an https URL', 'https://github.com/owner/repo.git', undefined),
      ...bothEditions('an http URL', 'http://git.example.com/repo', undefined),
      ...bothEditions('a git:// URL', 'git://example.com/repo.git', undefined),
      ...bothEditions('an upper-case scheme (read case-insensitively)', 'HTTPS://github.com/owner/repo', undefined),
      ...bothEditions('a Launchpad URL', 'lp:project', undefined),
      ...bothEditions('an https URL with a user name', 'https://token@github.com/owner/repo.git', undefined),
      ...bothEditions('255 characters', `https://example.com/${'r'.repeat(235)}`, undefined),
      ['ssh:// on business', ['ssh://git@github.com/owner/repo.git', 'business'], undefined],
      ['ssh+git:// on business', ['ssh+git://git@github.com/owner/repo.git', 'business'], undefined],
      ['git@host:path on business', ['git@github.com:owner/repo.git', 'business'], undefined],
      ['ssh:// on community', ['ssh://git@github.com/owner/repo.git', 'community'], /Manual cloning via SSH is not supported/],
      ['ssh+git:// on community', ['ssh+git://github.com/owner/repo.git', 'community'], /Manual cloning via SSH/],
      ['git@host:path on community', ['git@github.com:owner/repo.git', 'community'], /Manual cloning via SSH.*https:\/\//],
      ['user@host on community', ['deploy@example.com:repo', 'community'], /Manual cloning via SSH/],
      ...bothEditions('an empty URL', '', /Enter the repository URL/),
      ...bothEditions('&&', 'https://github.com/a/b&&rm -rf', /Invalid character in the URL/),
      ...bothEditions('|', 'https://github.com/a/b|cat', /Invalid character in the URL/),
      ...bothEditions('&& in an SSH URL', 'git@github.com:a/b&&x', /Invalid character/),
      ...bothEditions('no scheme', 'github.com/owner/repo', /Invalid scheme for URL/),
      ...bothEditions('an ftp URL', 'ftp://example.com/repo', /Invalid scheme for URL/),
      ...bothEditions('a file URL', 'file:///srv/repo', /Invalid scheme/),
      ...bothEditions('a local path', './repo', /Invalid scheme/),
      ...bothEditions('256 characters', `https://example.com/${'r'.repeat(236)}`, /at most 255 characters.*256/),
    ]);
  });

  describe('validateHomepage', () => {
    validatorCases(validateHomepage, [
      ['an empty homepage', [''], undefined],
      ['only spaces', ['  '], undefined],
      ['an https URL', ['https://example.com/'], undefined],
      ['200 characters', [`https://example.com/${'p'.repeat(180)}`], undefined],
      ['a bare host', ['example.com'], /not a complete URL/],
      ['an ftp URL', ['ftp://example.com/'], /Only http/],
      ['credentials', ['https://a:b@example.com/'], /user name and password/],
      ['201 characters', [`https://example.com/${'p'.repeat(181)}`], /at most 200 characters.*201/],
    ]);
  });

  describe('parseTags', () => {
    const rows: [string, string[]][] = [
      ['', []],
      ['sphinx', ['sphinx']],
      [' sphinx , docs,python ', ['sphinx', 'docs', 'python']],
      ['a,,b, ,c,', ['a', 'b', 'c']],
      ['two words, x', ['two words', 'x']],
      ['dup, dup, other', ['dup', 'other']],
    ];
    for (const [input, expected] of rows) {
      it(`reads ${JSON.stringify(input)}`, () => assert.deepEqual(parseTags(input), expected));
    }
  });

  describe('validateTags', () => {
    validatorCases(validateTags, [
      ['no tags', [''], undefined],
      ['several tags', ['a, b, c'], undefined],
      ['a tag of 100 characters', [`${'t'.repeat(100)}, ok`], undefined],
      ['a tag of 101 characters, naming its start', [`ok, ${'t'.repeat(101)}`], /at most 100 characters for the tag "t{20}…" \(it has 101\)/],
    ]);
  });

  describe('validateAnalyticsCode', () => {
    validatorCases(validateAnalyticsCode, [
      ['empty', [''], undefined],
      ['a tracking id', ['UA-22345342-1'], undefined],
      ['50 characters', ['a'.repeat(50)], undefined],
      ['51 characters', ['a'.repeat(51)], /at most 50 characters.*51/],
    ]);
  });

  describe('validateDefaultBranch', () => {
    validatorCases(validateDefaultBranch, [
      ['main', ['main'], undefined],
      ['a branch with slashes and dots', ['release/1.x'], undefined],
      ['surrounding spaces (trimmed)', [' main '], undefined],
      ['255 characters', ['b'.repeat(255)], undefined],
      ['an empty branch', [''], /Enter a branch name/],
      ['only spaces', ['  '], /Enter a branch name/],
      ['a space inside', ['my branch'], /can't contain spaces/],
      ['256 characters', ['b'.repeat(256)], /at most 255 characters.*256/],
    ]);
  });

  describe('validateReadthedocsYamlPath', () => {
    validatorCases(validateReadthedocsYamlPath, [
      ['empty (the default)', [''], undefined],
      ['the default file name', ['.readthedocs.yaml'], undefined],
      ['a subfolder', ['docs/.readthedocs.yaml'], undefined],
      ['surrounding whitespace (trimmed)', ['  sub/dir/.readthedocs.yaml '], undefined],
      ['1024 characters', [`${'d'.repeat(1006)}/.readthedocs.yaml`], undefined],
      ['an absolute path', ['/docs/.readthedocs.yaml'], /Use a relative path. It should not begin with '\/'/],
      ['a directory', ['docs/'], /cannot end with '\/'/],
      ['..', ['../other/.readthedocs.yaml'], /invalid sequence in path: '\.\.'/],
      ['a comma', ['a,b/.readthedocs.yaml'], /Found invalid character/],
      ['a backslash', ['docs\\.readthedocs.yaml'], /Found invalid character/],
      ['a quote', ["it's/.readthedocs.yaml"], /Found invalid character/],
      ['another file name', ['docs/readthedocs.yml'], /only allowed filename is \.readthedocs\.yaml/],
      ['a look-alike name', ['docs/my.readthedocs.yaml'], /only allowed filename/],
      ['1025 characters', [`${'d'.repeat(1007)}/.readthedocs.yaml`], /at most 1024 characters.*1025/],
    ]);
  });
});

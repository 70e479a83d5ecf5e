import assert from 'node:assert/strict';
import { parseBuild } from '../../../src/core/models/build';
import { parseNotification } from '../../../src/core/models/notification';
import { configErrorKey, configErrorsOf } from '../../../src/core/notices/configErrors';
import { configKeySpan } from '../../../src/core/readthedocsYaml/configKeyRange';

/** The text a span covers. */
const at = (text: string, key: string) => {
  const span = configKeySpan(text, key);
  return span && text.slice(span.start, span.end);
};
/** The 0-based line a key's span starts on. */
const lineOf = (text: string, key: string) => {
  const span = configKeySpan(text, key);
  return span && text.slice(0, span.start).split('\n').length - 1;
};

const CONFIG = `# Read the Docs configuration
version: 2

build:
  os: ubuntu-24.04  # the image
  tools:
    # which Python
    python: "3.99"
    nodejs: "20"

python:
  install:
    - requirements: docs/requirements.txt
    - method: pip
      path: .
sphinx: { configuration: docs/conf.py, fail_on_warning: true }
formats: [pdf, epub]
`;

describe('configuration errors on .readthedocs.yaml (core/notices)', () => {
  it('finds a nested key through comments, on the line of the key', () => {
    assert.equal(at(CONFIG, 'build.tools.python'), 'python');
    assert.equal(lineOf(CONFIG, 'build.tools.python'), 7);
    assert.equal(lineOf(CONFIG, 'build.os'), 4);
    assert.equal(at(CONFIG, 'version'), 'version');
  });

  it('walks lists by index (python.install.0.requirements, python.install.1)', () => {
    assert.equal(at(CONFIG, 'python.install.0.requirements'), 'requirements');
    assert.equal(lineOf(CONFIG, 'python.install.0.requirements'), 12);
    assert.equal(lineOf(CONFIG, 'python.install.1.path'), 14);
    assert.equal(lineOf(CONFIG, 'formats.1'), 16);
    assert.equal(at(CONFIG, 'formats.1'), 'epub');
  });

  it('finds keys written in flow style', () => {
    assert.equal(at(CONFIG, 'sphinx.fail_on_warning'), 'fail_on_warning');
    assert.equal(lineOf(CONFIG, 'sphinx.configuration'), 15);
  });

  it('gives nothing for a key the file does not hold, an index past the end, or a file that does not parse', () => {
    assert.equal(configKeySpan(CONFIG, 'build.tools.ruby'), undefined);
    assert.equal(configKeySpan(CONFIG, 'python.install.5.requirements'), undefined);
    assert.equal(configKeySpan(CONFIG, 'build.os.nested'), undefined);
    assert.equal(configKeySpan(CONFIG, 'formats.pdf'), undefined);
    assert.equal(configKeySpan('', 'build'), undefined);
    assert.equal(configKeySpan('build: [unclosed', 'build.tools'), undefined);
    assert.equal(configKeySpan(CONFIG, ''), undefined);
  });

  it('reads the dotted key from the first <code> element of the message body', () => {
    assert.equal(configErrorKey('Config validation error in <code>build.tools.python</code>. Expected one of (3.12), got <code>3.99</code>'), 'build.tools.python');
    assert.equal(configErrorKey('Config validation error in <code>python.install.0.requirements</code>.'), 'python.install.0.requirements');
    assert.equal(configErrorKey('The configuration file is not valid YAML.'), undefined);
    assert.equal(configErrorKey('<code><script>x</script></code>'), undefined);
  });

  const build = (success: boolean | null, state = 'finished', url = 'https://app.readthedocs.org/projects/widgets/builds/42/') =>
    parseBuild({ id: 42, project: 'widgets', version: 'release-2.x', state: { code: state }, success, urls: { build: url } });
  const notification = (messageId: string, body: string, type = 'error') => parseNotification({ id: 1, message: { id: messageId, header: 'Invalid configuration option', body, type } });
  const CONFIG_ERROR = notification('config:validation:invalid-choice', 'Config validation error in <code>build.tools.python</code>. Expected one of (3.12), got type str (3.99).');

  it('shows the config:* errors of a failed build with their key, plain-text message and the build\'s page', () => {
    assert.deepEqual(configErrorsOf(build(false), [CONFIG_ERROR, notification('build:user:generic', 'Something else')]), [{
      key: 'build.tools.python',
      message: 'Invalid configuration option: Config validation error in build.tools.python. Expected one of (3.12), got type str (3.99).',
      buildId: 42,
      buildUrl: 'https://app.readthedocs.org/projects/widgets/builds/42/',
    }]);
  });

  it('clears them when the latest build passed or failed for another reason; keeps what is shown while it runs', () => {
    assert.deepEqual(configErrorsOf(build(true), [CONFIG_ERROR]), []);
    assert.deepEqual(configErrorsOf(build(false), [notification('build:user:time-out', 'Took too long')]), []);
    assert.equal(configErrorsOf(build(null, 'building'), []), undefined);
  });

  it('links only to an http(s) build page', () => {
    assert.equal(configErrorsOf(build(false, 'finished', 'javascript:alert(1)'), [CONFIG_ERROR])![0]!.buildUrl, undefined);
  });
});

// The source productionLibraries.test.ts bundles with the production plugins, so that it runs on
// the library files the .vsix ships (dist/undici.js, dist/parse5.js, dist/yaml.js).
export { ReadTheDocsClient } from '../../../src/core/api/client';
export { describeError } from '../../../src/core/api/describeError';
export { CertificateError } from '../../../src/core/api/errors';
export { htmlToMarkdown, sanitizeHtml } from '../../../src/core/html';
export { parseRedirectsFile, writeRedirectsFile } from '../../../src/core/redirects/fileFormat';

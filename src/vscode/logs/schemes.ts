/**
 * The schemes of the read-only build documents (src/vscode/builds/buildDocument.ts) and log
 * documents (logUri.ts), for the shim (src/vscode/lazy/logs.ts) to register their providers at
 * start-up without the code that makes and reads their URIs.
 */
export const BUILD_SCHEME = 'readthedocs-build';
export const LOG_SCHEME = 'readthedocs-log';

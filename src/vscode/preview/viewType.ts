/** The preview panel's webview type; package.json's editor/title menu matches it (`activeWebviewPanelId`). */
export const PREVIEW_VIEW_TYPE = 'readthedocs.preview';

/**
 * Opens `{ left, right }` side by side in the preview panel and a second panel: an internal command
 * (no palette entry) that the preview feature registers when it is built.
 */
export const PREVIEW_SIDE_BY_SIDE = 'readthedocs.previewSideBySide';

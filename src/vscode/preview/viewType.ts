/** The preview panel's webview type; package.json's editor/title menu matches it (`activeWebviewPanelId`). */
export const PREVIEW_VIEW_TYPE = 'readthedocs.preview';

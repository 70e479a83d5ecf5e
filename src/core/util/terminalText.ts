/* eslint-disable no-control-regex */
// What a terminal would act on rather than print: strings (OSC: titles, hyperlinks, clipboard writes;
// DCS, SOS, PM, APC) up to their terminator or the end of the line, CSI sequences (colours, cursor
// moves, screen clears) in their 7-bit and 8-bit forms, other escape sequences, then any C0 control
// but tab and line ends, DEL and C1. Every part is a character class followed by a fixed
// terminator class, so the scan is linear in the text.
const TERMINAL_CONTROLS = /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c\n]*(?:\u0007|\u001b\\|\u009c)?|(?:\u001b\[|\u009b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\u001b[\x20-\x2f]*[\x30-\x7e]|[\u0000-\u0008\v\f\u000e-\u001f\u007f-\u008f\u0091-\u0097\u0099-\u009c]/g;
// Bidirectional formatting (embeddings, overrides, isolates, marks): they make a line read in an
// order other than the one its characters have; and the format controls that hide text or glue it
// invisibly (zero width space, word joiner and invisible operators, the deprecated shaping controls,
// the byte order mark, interlinear annotations). The joiners (U+200C, U+200D) shape scripts and emoji: kept.
const FORMAT_CONTROLS = /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;
const ANY_CONTROL = /[\u0000-\u0008\v\f\u000e-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/;

/**
 * Remote text as plain text (build output for a document; notices and configuration errors through
 * `htmlToText`): terminal control sequences (ANSI CSI, OSC and the other strings, C1), bidirectional
 * and hiding format controls removed; tabs and line ends kept. MkDocs 1.4 colours its levels even
 * with NO_COLOR; a hostile build or server can write anything.
 */
export function plainTerminalText(text: string): string {
  return ANY_CONTROL.test(text) ? text.replace(TERMINAL_CONTROLS, '').replace(FORMAT_CONTROLS, '') : text;
}

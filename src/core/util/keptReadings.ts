/**
 * `read` with its last `perKind` readings of each kind kept: the same text of the same kind read
 * again gets the same reading (the layout, the inventories, the rules and the upload read the same
 * few files), so a reading must never be changed by its caller.
 */
export function keptReadings<Kind, Reading>(read: (kind: Kind, text: string) => Reading, perKind: number): (kind: Kind, text: string) => Reading {
  const kept = new Map<Kind, Map<string, Reading>>();
  return (kind, text) => {
    let ofKind = kept.get(kind);
    if (!ofKind) kept.set(kind, (ofKind = new Map()));
    const known = ofKind.get(text);
    if (known !== undefined) {
      ofKind.delete(text);
      ofKind.set(text, known);
      return known;
    }
    const reading = read(kind, text);
    ofKind.set(text, reading);
    if (ofKind.size > perKind) ofKind.delete(ofKind.keys().next().value!);
    return reading;
  };
}

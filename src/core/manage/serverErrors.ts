/**
 * Where a server's validation messages belong in a multi-step input. The API names fields in its
 * own terms (`from_url`, nested `repository.url`); each step says which fields it sets, so a
 * refusal brings the person back to the step that can fix it, with everything they typed kept.
 */

/** The normalised content of a 400 (see `ValidationError`): field messages and the rest. */
export interface ServerErrors {
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;
  readonly generalErrors: readonly string[];
}

export interface PlacedErrors {
  /** Step index → the message to show on it (several messages joined). */
  readonly byStep: ReadonlyMap<number, string>;
  /** Messages no step can fix (a limit, a rule about the whole object, an unknown field). */
  readonly unplaced: readonly string[];
}

/** True when the server's field name (`repository.url`) is the step's field or inside it, or the other way round. */
export function fieldMatches(serverField: string, stepField: string): boolean {
  return serverField === stepField || serverField.startsWith(`${stepField}.`) || stepField.startsWith(`${serverField}.`);
}

/**
 * `stepFields[i]`: the API fields step `i` sets (an empty list for steps that set none, or for
 * steps not shown this time). `fieldOfMessage` places messages that name no field (bare arrays,
 * `non_field_errors`) by their content, when a command knows them.
 */
export function placeServerErrors(
  stepFields: readonly (readonly string[])[],
  errors: ServerErrors,
  fieldOfMessage: (message: string) => string | undefined = () => undefined,
): PlacedErrors {
  const byStep = new Map<number, string[]>();
  const unplaced: string[] = [];
  const place = (field: string | undefined, message: string, labelIfUnplaced: boolean) => {
    const step = field === undefined ? -1 : stepFields.findIndex((fields) => fields.some((f) => fieldMatches(field, f)));
    if (step < 0) {
      unplaced.push(labelIfUnplaced && field !== undefined ? `${field}: ${message}` : message);
      return;
    }
    byStep.set(step, [...(byStep.get(step) ?? []), message]);
  };
  for (const [field, messages] of Object.entries(errors.fieldErrors)) {
    for (const message of messages) place(field, message, true);
  }
  for (const message of errors.generalErrors) place(fieldOfMessage(message), message, false);
  return { byStep: new Map([...byStep].map(([step, messages]) => [step, messages.join(' ')])), unplaced };
}

import type { EnvVarRecord } from '../db';
import { isoDate } from '../time';
import { apiUrl } from '../urls';
import type { RenderContext } from './renderContext';

/** `EnvironmentVariableSerializer`: `value` is write-only and never rendered. */
export function renderEnvVar(ctx: RenderContext, variable: EnvVarRecord): Record<string, unknown> {
  return {
    pk: variable.pk,
    created: isoDate(variable.created),
    modified: isoDate(variable.modified),
    name: variable.name,
    public: variable.public,
    project: variable.project,
    _links: {
      _self: apiUrl(ctx.origin, `projects/${variable.project}/environmentvariables/${variable.pk}/`),
      project: apiUrl(ctx.origin, `projects/${variable.project}/`),
    },
  };
}

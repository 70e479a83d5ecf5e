// /projects/<slug>/environmentvariables/: list, detail, create, delete (no update: PUT/PATCH are 405).

import { ENV_VAR_VALUE_MAX } from '../constants';
import type { RequestContext } from '../context';
import { invalid, json, noContent, notFound, notFoundPlain, type ApiResponse } from '../http';
import { paginate } from '../pagination';
import { createEnvVar, envVarsOf, totalSizeError } from '../rules/envVars';
import { renderEnvVar } from '../serializers/envVar';
import { integerId, isResponse, readObject, Validator } from '../validation';

export const listEnvVars = (ctx: RequestContext): ApiResponse =>
  paginate(ctx, envVarsOf(ctx.db, ctx.params.project), (v) => renderEnvVar(ctx, v));

function findEnvVar(ctx: RequestContext) {
  const pk = integerId(ctx.params.envvar);
  if (pk === undefined) return notFoundPlain();
  return envVarsOf(ctx.db, ctx.params.project).find((v) => v.pk === pk) ?? notFound('EnvironmentVariable');
}

export function getEnvVar(ctx: RequestContext): ApiResponse {
  const variable = findEnvVar(ctx);
  return isResponse(variable) ? variable : json(200, renderEnvVar(ctx, variable));
}

/** The API does not apply the dashboard's name rules: any non-blank name ≤128 is accepted, duplicates too. */
export function createEnvVarHandler(ctx: RequestContext): ApiResponse {
  const data = readObject(ctx);
  if (isResponse(data)) return data;
  const v = new Validator(data);
  const name = v.string('name', { required: true, max: 128 });
  const value = v.string('value', { required: true, max: ENV_VAR_VALUE_MAX });
  const isPublic = v.bool('public') ?? false;
  if (!v.ok || !name || !value) return invalid(v.errors);
  const error = totalSizeError(ctx.db, ctx.params.project, value);
  if (error) return invalid([error]);
  return json(201, renderEnvVar(ctx, createEnvVar(ctx.db, ctx.params.project, { name, value, public: isPublic })));
}

export function deleteEnvVar(ctx: RequestContext): ApiResponse {
  const variable = findEnvVar(ctx);
  if (isResponse(variable)) return variable;
  ctx.db.envVars.splice(ctx.db.envVars.indexOf(variable), 1);
  return noContent();
}

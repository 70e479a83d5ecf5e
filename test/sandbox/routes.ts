// The API v3 route table: path patterns (DRF lookup regexes), who may call each method, and the handlers.

import type { RequestContext } from './context';
import type { ApiResponse } from './http';
import { getBuild, getBuildNotification, listBuildNotifications, listBuilds, triggerBuild } from './handlers/builds';
import { getBuildLog, getBuildLogText } from './handlers/buildLogs';
import { embed } from './handlers/embed';
import { createEnvVarHandler, deleteEnvVar, getEnvVar, listEnvVars } from './handlers/envVars';
import { getOrganization, listOrganizationProjects, listOrganizations, listTeams } from './handlers/organizations';
import {
  getProject, getSuperproject, importProject, listProjects, listTranslations, syncVersions, updateProject,
} from './handlers/projects';
import {
  createRedirectHandler, deleteRedirectHandler, getRedirect, listRedirects, redirectPostMetadata, updateRedirect,
} from './handlers/redirects';
import { listRemoteOrganizations, listRemoteRepositories } from './handlers/remote';
import { createSubproject, deleteSubproject, getSubproject, listSubprojects } from './handlers/subprojects';
import { getVersion, listVersions, updateVersion } from './handlers/versions';
import { search } from './handlers/search';
import { completeUpload, initiateUpload } from './upload/handlers';
import { createSharingMethod, deleteSharingMethod, getSharingMethod, listSharingMethods, updateSharingMethod } from './handlers/sharing';
import { getProjectNotification, listProjectNotifications, updateProjectNotification } from './handlers/projectNotifications';

/**
 * `public`: anyone; `user`: a valid token (401 otherwise); `admin`: a maintainer of `:project` (401/404/403);
 * `readonly`: nobody may write (401 anonymous, 403 otherwise); `none`: no authentication at all (Embed API).
 */
export type Access = 'public' | 'user' | 'admin' | 'readonly' | 'none';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Endpoint { access: Access; handle: (ctx: RequestContext) => ApiResponse }

export interface Route {
  /** DRF view name (OPTIONS `name`). */
  name: string;
  path: string;
  methods: Partial<Record<Method, Endpoint>>;
  /** Only on Business (community answers with the HTML 404 page). */
  business?: boolean;
  /** Permission checked before answering 405 to a write method the route lacks (default: admin under a project, else user). */
  unlisted?: Access;
  /** SimpleMetadata `actions.POST` for callers allowed to POST. */
  postMetadata?: Record<string, unknown> | ((ctx: RequestContext) => Record<string, unknown>);
}

const anyone = (handle: Endpoint['handle']): Endpoint => ({ access: 'public', handle });
const signedIn = (handle: Endpoint['handle']): Endpoint => ({ access: 'user', handle });
const admin = (handle: Endpoint['handle']): Endpoint => ({ access: 'admin', handle });

const P = '/api/v3/projects/:project/';

export const ROUTES: readonly Route[] = [
  { name: 'Projects List', path: '/api/v3/projects/', unlisted: 'readonly',
    methods: { GET: signedIn(listProjects), POST: signedIn(importProject) } },
  { name: 'Projects Instance', path: P, unlisted: 'readonly', methods: {
    GET: anyone(getProject), PUT: admin((c) => updateProject(c, false)), PATCH: admin((c) => updateProject(c, true)) } },
  { name: 'Superproject', path: `${P}superproject/`, unlisted: 'readonly', methods: { GET: anyone(getSuperproject) } },
  { name: 'Sync versions', path: `${P}sync-versions/`, unlisted: 'readonly', methods: { POST: admin(syncVersions) } },
  { name: 'Translation Relationship List', path: `${P}translations/`, methods: { GET: anyone(listTranslations) } },
  { name: 'Versions List', path: `${P}versions/`, methods: { GET: anyone(listVersions) } },
  { name: 'Versions Instance', path: `${P}versions/:version/`, methods: {
    GET: anyone(getVersion), PUT: admin(updateVersion), PATCH: admin(updateVersion) } },
  { name: 'Builds Create List', path: `${P}versions/:version/builds/`, methods: { GET: anyone(listBuilds), POST: admin(triggerBuild) } },
  { name: 'Builds List', path: `${P}builds/`, methods: { GET: anyone(listBuilds) } },
  { name: 'Builds Instance', path: `${P}builds/:build/`, methods: { GET: anyone(getBuild) } },
  { name: 'Notifications Build List', path: `${P}builds/:build/notifications/`, methods: { GET: anyone(listBuildNotifications) } },
  { name: 'Notifications Build Instance', path: `${P}builds/:build/notifications/:notification/`,
    methods: { GET: anyone(getBuildNotification) } },
  { name: 'Subproject Relationship List', path: `${P}subprojects/`,
    methods: { GET: anyone(listSubprojects), POST: admin(createSubproject) } },
  { name: 'Subproject Relationship Instance', path: `${P}subprojects/:alias/`,
    methods: { GET: anyone(getSubproject), DELETE: admin(deleteSubproject) } },
  { name: 'Redirects List', path: `${P}redirects/`, postMetadata: redirectPostMetadata,
    methods: { GET: admin(listRedirects), POST: admin(createRedirectHandler) } },
  { name: 'Redirects Instance', path: `${P}redirects/:redirect/`, methods: {
    GET: admin(getRedirect), PUT: admin((c) => updateRedirect(c, false)), PATCH: admin((c) => updateRedirect(c, true)),
    DELETE: admin(deleteRedirectHandler) } },
  { name: 'Environment Variables List', path: `${P}environmentvariables/`,
    methods: { GET: admin(listEnvVars), POST: admin(createEnvVarHandler) } },
  { name: 'Environment Variables Instance', path: `${P}environmentvariables/:envvar/`,
    methods: { GET: admin(getEnvVar), DELETE: admin(deleteEnvVar) } },
  { name: 'Sharing Methods List', path: `${P}sharing/`, business: true,
    methods: { GET: admin(listSharingMethods), POST: admin(createSharingMethod) } },
  { name: 'Sharing Methods Instance', path: `${P}sharing/:sharing/`, business: true, methods: {
    GET: admin(getSharingMethod), PATCH: admin(updateSharingMethod), DELETE: admin(deleteSharingMethod) } },
  { name: 'Remote Organization List', path: '/api/v3/remote/organizations/', methods: { GET: signedIn(listRemoteOrganizations) } },
  { name: 'Remote Repository List', path: '/api/v3/remote/repositories/', methods: { GET: signedIn(listRemoteRepositories) } },
  { name: 'Organizations List', path: '/api/v3/organizations/', business: true, methods: { GET: signedIn(listOrganizations) } },
  { name: 'Organizations Instance', path: '/api/v3/organizations/:organization/', business: true,
    methods: { GET: signedIn(getOrganization) } },
  { name: 'Organizations Projects List', path: '/api/v3/organizations/:organization/projects/', business: true,
    methods: { GET: signedIn(listOrganizationProjects) } },
  { name: 'Organizations Teams List', path: '/api/v3/organizations/:organization/teams/', methods: { GET: signedIn(listTeams) } },
  { name: 'Embed API', path: '/api/v3/embed/', unlisted: 'none', methods: { GET: { access: 'none', handle: (c) => embed(c, false) } } },
  { name: 'Embed API', path: '/_/api/v3/embed/', unlisted: 'none', methods: { GET: { access: 'none', handle: (c) => embed(c, true) } } },
  // API v2 build logs: tokens are not credentials there (every caller is anonymous, no throttle).
  { name: 'Build Detail', path: '/api/v2/build/:build/', unlisted: 'none', methods: { GET: { access: 'none', handle: getBuildLog } } },
  { name: 'Build Detail', path: '/api/v2/build/:build.txt', unlisted: 'none', methods: { GET: { access: 'none', handle: getBuildLogText } } },
  // Direct artifacts upload (beta): project-scoped checks happen in the handlers, in upstream's order.
  { name: 'Upload Initiate', path: '/api/v3/upload/initiate/', unlisted: 'user', methods: { POST: signedIn((c) => initiateUpload(c, c.storageOrigin)) } },
  { name: 'Upload Complete', path: '/api/v3/upload/complete/', unlisted: 'user', methods: { POST: signedIn(completeUpload) } },
  { name: 'Search API', path: '/api/v3/search/', unlisted: 'readonly', methods: { GET: anyone(search) } },
  { name: 'Notifications Project List', path: `${P}notifications/`, methods: { GET: admin(listProjectNotifications) } },
  { name: 'Notifications Project Instance', path: `${P}notifications/:notification/`,
    methods: { GET: admin(getProjectNotification), PATCH: admin(updateProjectNotification) } },
];

import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type PullRequests } from '../../core/pulls/pullRequests';
import { Disposable } from '../lifecycle';
import { type BoundProjects } from '../../core/workspace/boundProject';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { LocalBuildUpload } from './uploadCommand';
import { createUploadWorkflow } from './workflowCommand';

/** Upload Local Build… and Create Upload Workflow…, on a bound project's row, a version row and the palette. */
export class UploadFeatures extends Disposable {
  constructor(services: Services, bound: BoundProjects, pullRequests: PullRequests) {
    super();
    const upload = new LocalBuildUpload(services, bound, pullRequests);
    this.register(registerCommand(CommandIds.uploadLocalBuild, accepts.either(accepts.workspaceProjectRef, accepts.nodeOf('version', 'project')), (arg) => upload.run(arg), services.reporter));
    this.register(registerCommand(CommandIds.createUploadWorkflow, accepts.workspaceProjectRef, (arg) => createUploadWorkflow(services, bound, arg), services.reporter));
  }
}

// What every tab of a project screen is given (views/project.tsx renders the tabs).
import type { LatchkeyClient, Project } from './client.ts';

export interface TabProps {
  /** The typed client with a project.admin token for this project. */
  api: LatchkeyClient;
  projectId: string;
  project: Project | undefined;
  sandbox: boolean;
  /** The project has loaded, or failed to: until then `sandbox` is false whatever the project is. */
  projectSettled: boolean;
}

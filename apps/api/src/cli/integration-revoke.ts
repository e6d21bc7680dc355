import { runAsProcess } from './integration-cli.ts';
import { integrationRevoke } from './integration-commands.ts';

runAsProcess(integrationRevoke);

import { runAsProcess } from './integration-cli.ts';
import { integrationCreate } from './integration-commands.ts';

runAsProcess(integrationCreate);

import { runAsProcess } from './integration-cli.ts';
import { integrationList } from './integration-commands.ts';

runAsProcess(integrationList);

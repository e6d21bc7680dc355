import type { Database } from '../db/client.ts';
import { manifest as auth } from './core/auth/auth.manifest.ts';
import { manifest as breeds } from './core/breeds/breeds.manifest.ts';
import { manifest as companies } from './core/companies/companies.manifest.ts';
import { manifest as families } from './core/families/families.manifest.ts';
import { manifest as pets } from './core/pets/pets.manifest.ts';
import { manifest as subscriptions } from './core/subscriptions/subscriptions.manifest.ts';
import { manifest as users } from './core/users/users.manifest.ts';
import { manifest as vets } from './core/vets/vets.manifest.ts';
import type { ModuleManifest, ViewSources } from './manifest.ts';
import { manifest as events } from './platform/events/events.manifest.ts';
import { manifest as files } from './platform/files/files.manifest.ts';
import { manifest as health } from './platform/health/health.manifest.ts';
import { manifest as integrations } from './platform/integrations/integrations.manifest.ts';
import { manifest as jobs } from './platform/jobs/jobs.manifest.ts';
import { manifest as b2b } from './records/b2b/b2b.manifest.ts';
import { manifest as betas } from './records/betas/betas.manifest.ts';
import { manifest as checkups } from './records/checkups/checkups.manifest.ts';
import { manifest as clinicalDocuments } from './records/clinical-documents/clinical-documents.manifest.ts';
import { manifest as diets } from './records/diets/diets.manifest.ts';
import { manifest as journal } from './records/journal/journal.manifest.ts';
import { manifest as medicalRecords } from './records/medical-records/medical-records.manifest.ts';
import { manifest as pendingCards } from './records/pending-cards/pending-cards.manifest.ts';
import { manifest as petAlerts } from './records/pet-alerts/pet-alerts.manifest.ts';
import { manifest as prescriptions } from './records/prescriptions/prescriptions.manifest.ts';
import { manifest as preventiveCare } from './records/preventive-care/preventive-care.manifest.ts';
import { manifest as questions } from './records/questions/questions.manifest.ts';
import { manifest as reminders } from './records/reminders/reminders.manifest.ts';
import { manifest as trackers } from './records/trackers/trackers.manifest.ts';
import { manifest as home } from './views/home/home.manifest.ts';
import { manifest as petAttention } from './views/pet-attention/pet-attention.manifest.ts';
import { manifest as search } from './views/search/search.manifest.ts';
import { manifest as timeline } from './views/timeline/timeline.manifest.ts';
import { manifest as weeklyReports } from './views/weekly-reports/weekly-reports.manifest.ts';

/**
 * Every module that plugs into the app, tier by tier (platform, core, records, views): app.ts mounts
 * their routes and tags, defines their jobs and hands the views their sources from this list, and the
 * migration brings their reference data up to date. A new module adds its manifest here, one line.
 */
export const MANIFESTS: readonly ModuleManifest[] = [
  // platform
  health,
  jobs,
  integrations,
  files,
  events,
  // core
  auth,
  users,
  families,
  subscriptions,
  companies,
  breeds,
  pets,
  vets,
  // records
  b2b,
  betas,
  trackers,
  diets,
  checkups,
  journal,
  pendingCards,
  medicalRecords,
  reminders,
  questions,
  clinicalDocuments,
  prescriptions,
  preventiveCare,
  petAlerts,
  // views
  search,
  home,
  weeklyReports,
  timeline,
  petAttention,
];

/** What the views read of the records: each manifest's sources, gathered here so no view imports a record. */
function onlyOne<T>(given: T[]): T {
  const [first] = given;
  if (given.length !== 1 || first === undefined)
    throw new Error(`One module gives the pets' alert badges, not ${given.length}`);
  return first;
}

export function viewSourcesOf(manifests: readonly ModuleManifest[]): ViewSources {
  return {
    timeline: manifests.flatMap((manifest) => manifest.timeline ?? []),
    home: manifests.flatMap((manifest) => (manifest.home ? [manifest.home] : [])),
    attention: manifests.flatMap((manifest) => (manifest.attention ? [manifest.attention] : [])),
    itemStates: manifests.flatMap((manifest) => (manifest.itemState ? [manifest.itemState] : [])),
    petAlertBadges: onlyOne(manifests.flatMap((manifest) => manifest.petAlertBadges ?? [])),
  };
}

/** The schema's migrations, then every manifest's reference data, in tier order, on either engine. */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.migrateSchema();
  for (const manifest of MANIFESTS) await manifest.referenceData?.(database.db);
}

/**
 * The closed value lists the contract's schemas are built from, as plain arrays: the dashboard's route
 * search validators need the values on its first download, and importing them from here keeps zod's
 * full API (and every schema module) out of it. The schemas beside each list derive from these.
 */

/** Every list: the page size when the request names none. */
export const DEFAULT_PAGE_SIZE = 25;

export const sortOrders = ['asc', 'desc'] as const;

export const species = ['dog', 'cat'] as const;

/** The preventive-care inbox across pets: what it lists and how it sorts. */
export const preventiveInboxStatuses = ['overdue', 'due', 'almost_due'] as const;
export const preventiveInboxSortFields = ['dueOn', 'pet', 'item'] as const;

export const vetKinds = ['regular', 'head', 'b2b', 'partner', 'undefined'] as const;
export const vetSortFields = ['name', 'email', 'kind', 'createdAt'] as const;

/** SPEC §2 side menu: 1 = the product's own customers, 2 = B2B users. */
export const userTypes = [1, 2] as const;
export const userSortFields = ['name', 'email', 'createdAt', 'petsCount'] as const;

export const betaFeatures = [
  'collar_v2',
  'ai_triage',
  'diet_planner',
  'heart_rate',
  'weekly_reports',
] as const;
export const betaSortFields = ['enrolledAt', 'name', 'feature'] as const;

export const checkupStatuses = ['sent', 'answered', 'reviewed'] as const;
export const checkupSortFields = ['inbox', 'sentAt', 'answeredAt'] as const;
export const formSortFields = ['updatedAt', 'title'] as const;

export const weightTimeScopes = ['week', 'month', 'year'] as const;
export const respiratoryTimeScopes = ['day', 'week', 'month'] as const;
export const trackerTimeScopes = ['day', 'week', 'month'] as const;
/** The pet profile's vitals panel: rolling ranges ending now. */
export const vitalsRanges = ['24h', '7d', '30d', '90d'] as const;

/** What an owner reports in the symptoms journal (the app's categories). */
export const journalCategories = [
  'vomiting',
  'diarrhoea',
  'coughing',
  'itching',
  'lethargy',
  'appetite',
  'breathing',
  'other',
] as const;
export const journalStatuses = ['new', 'seen', 'resolved'] as const;
/** `inbox`: new first, severe first, then the longest waiting. */
export const journalSortFields = ['inbox', 'occurredAt', 'severity'] as const;
/** What a pending card is about: one open card per pet and concern. */
export const pendingCardConcerns = ['respiratory', 'weight', 'checkup', 'journal', 'collar_data'] as const;
/** Worst last: the queue shows high-red first. */
export const pendingCardSeverities = ['high', 'high-orange', 'high-red'] as const;
export const pendingCardStatuses = ['open', 'resolved'] as const;
/** `open`: in the queue (not snoozed); `snoozed`: open but hidden until its time; `all`: every card. */
export const pendingCardViews = ['open', 'snoozed', 'resolved', 'all'] as const;
export const pendingCardAssignments = ['mine', 'unclaimed'] as const;
export const pendingCardSortFields = ['queue', 'openedAt', 'lastTriggerAt'] as const;
export const pendingCardTriggerKinds = [
  'respiratory_high',
  'respiratory_high_orange',
  'respiratory_high_red',
  'respiratory_low',
  'weight_change',
  'weight_target',
  'weight_off_plan',
  'checkup_problematic',
  'journal_severe',
  'collar_data_gap',
] as const;
export const reminderStatuses = ['open', 'done'] as const;
/** Where an open reminder's due time falls against now (today is the UTC day). */
export const reminderDueStates = ['overdue', 'today', 'later'] as const;
/** `mine`: assigned to the vet asking; `unassigned`: assigned to nobody. */
export const reminderAssignments = ['mine', 'unassigned'] as const;
/** `inbox`: open first, then by due time (overdue, then due today, then later). */
export const reminderSortFields = ['inbox', 'dueAt', 'createdAt'] as const;
/** The longest daily status or urgent report text. */
export const MAX_DAILY_STATUS_LENGTH = 2000;
/** A company's pets on a day: those with a status written, those still missing one. */
export const dailyStatusFilters = ['written', 'missing'] as const;
export const companyEmailKinds = ['daily_status', 'urgent_report'] as const;
export const emailDeliveryStatuses = ['queued', 'sent', 'failed', 'logged'] as const;

export const medicalRecordStatuses = ['pending', 'reviewed'] as const;
/** `inbox`: records awaiting review first, then the longest waiting. */
export const medicalRecordSortFields = ['inbox', 'uploadedAt', 'documentDate'] as const;
export const medicalRecordUploaders = ['vet', 'owner'] as const;
export const labelSortFields = ['name', 'recordCount'] as const;
/** The colours a label may take: Mantine's palette names, so a badge reads them as they are. */
export const labelColors = [
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'gray',
] as const;

/** A thread is `open` until the vet's answer is sent to the owner, then `answered`. */
export const petQuestionStatuses = ['open', 'answered'] as const;
/** What a trigger's item still waits for while the trigger is open (a checkup, a journal entry, a question). */
export const pendingCardItemStates = ['awaiting_review', 'awaiting_reply', 'awaiting_answer'] as const;

/** Who an event came from: the collar platform, the owner (through the app) or a vet. */
export const timelineSources = ['collar', 'owner_app', 'vet'] as const;

/** Every kind of event a pet's timeline shows, `<what>.<happened>`. */
export const timelineKinds = [
  'diet.published',
  'checkup.sent',
  'checkup.answered',
  'checkup.reviewed',
  'journal.received',
  'journal.replied',
  'journal.resolved',
  'pending_card.raised',
  'pending_card.resolved',
  'weight.recorded',
  'assessment.signed',
  'report.signed',
  'medical_record.uploaded',
  'reminder.done',
  'prescription.started',
  'prescription.changed',
  'prescription.stopped',
  'daily_status.written',
  'question.asked',
  'question.answered',
  'pet_alert.set',
  'pet_alert.removed',
  'preventive.dose_recorded',
  'preventive.not_applicable_set',
  'preventive.not_applicable_removed',
  'preventive.owner_reminded',
] as const;

export const weeklyReportStatuses = ['draft', 'reviewed', 'sent'] as const;

export const weeklyReportSortFields = ['inbox', 'week', 'pet'] as const;

/** A prescription's life: active until stopped by a vet (with a reason) or past its end date (completed). */
export const prescriptionStatuses = ['active', 'changed', 'stopped', 'completed'] as const;
export const drugClasses = [
  'nsaid',
  'corticosteroid',
  'ace_inhibitor',
  'diuretic',
  'inodilator',
  'calcium_channel_blocker',
  'antiplatelet',
  'penicillin',
  'cephalosporin',
  'tetracycline',
  'nitroimidazole',
  'gabapentinoid',
  'serotonin_modulator',
  'antiemetic',
  'thyroid_hormone',
  'antithyroid',
  'benzimidazole',
  'macrocyclic_lactone',
  'pyrethroid',
] as const;
export const drugUnits = ['tablet', 'capsule', 'ml', 'pipette'] as const;
export const doseFrequencies = [
  'once',
  'once_daily',
  'twice_daily',
  'three_times_daily',
  'every_other_day',
  'once_weekly',
  'once_monthly',
] as const;
export const doseRoutes = ['oral', 'topical', 'subcutaneous', 'intramuscular', 'intravenous'] as const;
/** What a prescription is checked for before it is saved; each can be confirmed with a recorded reason. */
export const prescriptionWarningCodes = [
  'dose_out_of_range',
  'weight_stale',
  'allergy',
  'nsaid_combination',
  'species_not_listed',
] as const;

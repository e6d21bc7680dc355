export { defineWeeklyReportJobs } from './weekly-reports.jobs.ts';
export { generateWeeklyReports, weekJustEnded } from './weekly-reports.service.ts';

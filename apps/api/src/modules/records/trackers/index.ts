export { type DailyVitalKind, type DailyVitalRow, dailyVitalsOfPet } from './trackers.daily.service.ts';
export { getLatestTrackers } from './trackers.read.service.ts';
export { monitoredPetIds, weekBounds, weeklyTrackersOfPets } from './trackers.weekly.service.ts';
export { latestWeightOfPet } from './trackers.weight.repository.ts';
export { dietProgressOfPet, listWeightTimelineEvents } from './trackers.weight.service.ts';
export { rebuildRollups } from './trackers.writes.ts';

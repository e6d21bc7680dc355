export {
  alertBadgesOfPets,
  listPetAlertTimelineEvents,
  type WithoutPetAlerts,
  withAlertsOfPet,
  withPetAlerts,
} from './pet-alerts.read.service.ts';

export { getLatestSubscriptionOfUser } from './subscriptions.service.ts';

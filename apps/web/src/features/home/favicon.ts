const NORMAL = '/favicon.svg';
const ALERT = '/favicon-alert.svg';

/** The tab's icon gains a red dot while high-red cards are open; the title stays 'dashboard' (SPEC §1). */
export function showAlertFavicon(alert: boolean): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  const href = alert ? ALERT : NORMAL;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  link.dataset.alert = alert ? 'high-red' : '';
}

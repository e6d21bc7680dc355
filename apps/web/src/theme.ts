import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * A calm clinical teal: readable on white, not alarming next to the red used for errors. The primary
 * shade (7) is dark enough for white button text and teal links on white or grey-0 (≥ 4.5:1, WCAG AA).
 */
const clinic: MantineColorsTuple = [
  '#e6f7f5',
  '#d3ede9',
  '#a8d9d2',
  '#79c4b9',
  '#53b2a5',
  '#3aa699',
  '#2a9f92',
  '#177a70',
  '#0f6f65',
  '#006a60',
];

/**
 * Mantine's grey 6 (#868e96) is its dimmed text colour, at 3.3:1 on white; one step darker reads the
 * same but reaches 4.5:1 on white and on grey-0 panels.
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#697077',
  '#495057',
  '#343a40',
  '#212529',
];

const fontStack =
  'Montserrat, "Montserrat fallback", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'clinic',
  primaryShade: 7,
  colors: { clinic, gray },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '600' },
  defaultRadius: 'md',
  // SPEC §9 breakpoints: the side menu collapses below 992 px (md), the mobile layout starts below 768 px (sm).
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  cursorType: 'pointer',
  // A vet who asks the system for less motion gets dialogs, menus and drawers that appear at once. The
  // browser tests ask for it too, so they never click a dialog's button while it still slides into place.
  respectReducedMotion: true,
  components: {
    Paper: { defaultProps: { radius: 'md' } },
    Button: { defaultProps: { radius: 'md' } },
    // Notifications are shown from many places; their close button always gets a name.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // So are dialogs' (axe: button-name): the confirmations of copy and delete had none.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine keeps every select's closed list in the page (hidden), and floating-ui places it as the page
    // mounts: a forced style recalculation of the whole page in the first render's commit (63 ms of a
    // list page's cold load on a phone, ×4 in Lighthouse's blocking time), for lists no one opened yet.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A calm clinical teal: readable on white, not alarming next to the red used for errors. */
const clinic: MantineColorsTuple = [
  '#e6f7f5',
  '#d3ede9',
  '#a8d9d2',
  '#79c4b9',
  '#53b2a5',
  '#3aa699',
  '#2a9f92',
  '#1b8a7e',
  '#0f7b70',
  '#006a60',
];

const fontStack =
  'Montserrat, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'clinic',
  primaryShade: 7,
  colors: { clinic },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '600' },
  defaultRadius: 'md',
  // SPEC §9 breakpoints: the side menu collapses below 992 px (md), the mobile layout starts below 768 px (sm).
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  cursorType: 'pointer',
  components: {
    Paper: { defaultProps: { radius: 'md' } },
    Button: { defaultProps: { radius: 'md' } },
  },
});

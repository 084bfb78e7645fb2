import { createTheme, type Theme } from '@mui/material/styles';

let theme: Theme | undefined;

/**
 * The app's MUI theme, built on first use rather than when the module loads: building it takes
 * ~20 ms on a phone, which the browser's start runs as a step of its own (src/client/main.tsx).
 */
export function appTheme(): Theme {
  theme ??= createAppTheme();
  return theme;
}

// Brand colour #cf975c is light: text on it is dark, and text in the brand hue uses the darker shade
// so it keeps a 4.5:1 contrast on white.
// A keyboard focus ring that reads on white, on the brand colour and on the dark footer alike: a
// dark ring with a white gap before it.
const focusRing = { outline: '3px solid #8a5a24', outlineOffset: 2, boxShadow: '0 0 0 2px #ffffff' };

const createAppTheme = () =>
  createTheme({
    palette: {
      primary: { main: '#cf975c', light: '#e3bf98', dark: '#8a5a24', contrastText: '#1d1207' },
      secondary: { main: '#3b2a1a', contrastText: '#ffffff' },
      background: { default: '#faf7f3', paper: '#ffffff' },
      text: { primary: '#231a12', secondary: '#5a4a3c' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2.4rem', fontWeight: 800, lineHeight: 1.15 },
      h2: { fontSize: '1.9rem', fontWeight: 750, lineHeight: 1.2 },
      h3: { fontSize: '1.45rem', fontWeight: 700 },
      h4: { fontSize: '1.2rem', fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 650 },
    },
    components: {
      // Plain links (router links, the logo) and anything else focusable get the same ring.
      MuiCssBaseline: {
        styleOverrides: { 'a:focus-visible, [tabindex]:focus-visible': { ...focusRing, borderRadius: 2 } },
      },
      // Every button, tab, menu item, checkbox and icon button: a clear ring, not only the faint ripple.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      MuiLink: {
        defaultProps: { color: 'primary.dark' },
        styleOverrides: { root: { '&:focus-visible': { ...focusRing, borderRadius: 2 } } },
      },
      // A spinner that only turns: a rotation runs off the main thread, while the default's growing
      // and shrinking arc is repainted by it every frame, which on a phone is long tasks for as long
      // as the page loads (the home grid's spinner is in the first paint).
      MuiCircularProgress: { defaultProps: { disableShrink: true } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        // Text and outlined buttons draw their label in the brand hue: use the dark shade for contrast.
        variants: [
          { props: { variant: 'text', color: 'primary' }, style: { color: '#8a5a24' } },
          { props: { variant: 'outlined', color: 'primary' }, style: { color: '#8a5a24' } },
        ],
      },
      // A focused field's label in the light brand colour would fail the 4.5:1 text contrast.
      MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: '#8a5a24' } } } },
      // The Finnish texts of the MUI components we use. (Not MUI's whole fiFI locale: importing it
      // builds an Intl.NumberFormat, ~25 ms on a phone while the page starts.)
      MuiAlert: { defaultProps: { closeText: 'Sulje' } },
    },
  });

export const headerHeight = 63;

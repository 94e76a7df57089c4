import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { layout } from '@knotwork/shared/constants/layout';
import type { Settings } from './settings.ts';

declare module '@mui/material/styles' {
  interface Palette {
    /** The muted gold used sparingly: overlines, rules, focus and selection. */
    accent: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
  }
  interface TypeBackground {
    /** Stone: the warm neutral behind alternating sections and image frames. */
    subtle: string;
  }
}

/**
 * Corner radii. SPEC.md 9 sets the base border radius to 52, so `theme.shape.borderRadius` is 52 and every
 * pill-shaped control (buttons, chips, FABs, the avatar button) uses it. Applied to surfaces it would turn
 * cards and dialogs into lozenges, so those components are given the smaller radii below explicitly.
 */
export const radius = {
  pill: layout.borderRadius,
  dialog: 20,
  card: 14,
  field: 10,
  small: 6,
} as const;

export const fontFamily = ['"proxima-nova"', '"Montserrat"', '"Helvetica Neue"', 'Helvetica', 'Arial', 'sans-serif'].join(', ');

const gold = { main: '#A88B55', light: '#C8A96A', dark: '#7D6538', contrastText: '#FFFFFF' };

function paletteFor(settings: Settings) {
  if (settings.mode === 'dark') {
    return {
      mode: 'dark' as const,
      // Black on a near-black page would vanish, so dark mode inverts the primary to ivory.
      primary: { main: '#F3EEE6', contrastText: '#12110F' },
      secondary: { main: '#F3EEE6', contrastText: '#12110F' },
      accent: gold,
      background: { default: '#12110F', paper: '#1B1A17', subtle: '#24221E' },
      text: { primary: '#F3EEE6', secondary: '#B3A998' },
      divider: 'rgba(243, 238, 230, 0.12)',
    };
  }
  return {
    mode: 'light' as const,
    primary: { main: settings.themeColor, contrastText: '#FFFFFF' },
    secondary: { main: '#000000', contrastText: '#FFFFFF' },
    accent: gold,
    background: { default: '#F8F5F0', paper: '#FFFFFF', subtle: '#EFE8DD' },
    text: { primary: '#1B1916', secondary: '#6A6158' },
    divider: 'rgba(27, 25, 22, 0.10)',
  };
}

/** The MUI theme from the stored settings (SPEC.md 9). */
export function createAppTheme(settings: Settings): Theme {
  const bordered = settings.skin === 'bordered';
  const base = createTheme({
    direction: settings.direction,
    palette: paletteFor(settings),
    breakpoints: { values: { ...layout.breakpoints } },
    spacing: (factor: number) => `${factor * layout.spacingRem}rem`,
    shape: { borderRadius: layout.borderRadius },
    typography: {
      fontFamily,
      htmlFontSize: 16,
      h1: { textWrap: 'balance', fontWeight: 300, fontSize: 'clamp(2.5rem, 5vw, 4.25rem)', lineHeight: 1.06, letterSpacing: '-0.02em' },
      h2: { textWrap: 'balance', fontWeight: 300, fontSize: 'clamp(2rem, 3.6vw, 3rem)', lineHeight: 1.12, letterSpacing: '-0.015em' },
      h3: { textWrap: 'balance', fontWeight: 400, fontSize: 'clamp(1.6rem, 2.6vw, 2.1rem)', lineHeight: 1.2, letterSpacing: '-0.01em' },
      h4: { fontWeight: 500, fontSize: '1.5rem', lineHeight: 1.3 },
      h5: { fontWeight: 500, fontSize: '1.2rem', lineHeight: 1.35 },
      h6: { fontWeight: 600, fontSize: '1rem', lineHeight: 1.4 },
      subtitle1: { fontWeight: 500, lineHeight: 1.5 },
      body1: { fontSize: '1rem', lineHeight: 1.7 },
      body2: { fontSize: '0.9rem', lineHeight: 1.65 },
      overline: { fontWeight: 600, fontSize: '0.72rem', letterSpacing: '0.22em', lineHeight: 1.6 },
      button: { fontWeight: 600, textTransform: 'none', letterSpacing: '0.02em' },
    },
  });
  const { palette } = base;
  const hairline = `1px solid ${palette.divider}`;

  return createTheme(base, {
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          html: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
          body: { backgroundColor: palette.background.default },
          '::selection': { backgroundColor: alpha(gold.light, 0.35) },
          'a:focus-visible, button:focus-visible': { outline: `2px solid ${gold.main}`, outlineOffset: 2 },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: radius.pill, paddingInline: 22, minHeight: 42 },
          sizeLarge: { paddingInline: 32, minHeight: 52, fontSize: '0.95rem' },
          sizeSmall: { paddingInline: 14, minHeight: 34 },
          outlined: { borderColor: alpha(palette.text.primary, 0.28) },
        },
      },
      MuiIconButton: { styleOverrides: { root: { borderRadius: radius.pill } } },
      MuiChip: { styleOverrides: { root: { borderRadius: radius.pill, fontWeight: 500 } } },
      MuiFab: { styleOverrides: { root: { borderRadius: radius.pill, boxShadow: 'none' } } },
      MuiPaper: {
        defaultProps: { elevation: bordered ? 0 : 1 },
        styleOverrides: {
          rounded: { borderRadius: radius.card },
          elevation1: { boxShadow: '0 1px 2px rgba(27,25,22,0.04), 0 8px 24px rgba(27,25,22,0.06)' },
          outlined: { border: hairline },
        },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { borderRadius: radius.card, border: bordered ? hairline : 'none' } },
      },
      MuiDialog: { styleOverrides: { paper: { borderRadius: radius.dialog } } },
      MuiPopover: { styleOverrides: { paper: { borderRadius: radius.card, border: hairline, boxShadow: '0 12px 32px rgba(27,25,22,0.12)' } } },
      MuiMenu: { styleOverrides: { paper: { borderRadius: radius.card } } },
      MuiOutlinedInput: { styleOverrides: { root: { borderRadius: radius.field } } },
      MuiAlert: { styleOverrides: { root: { borderRadius: radius.card } } },
      MuiTooltip: { styleOverrides: { tooltip: { borderRadius: radius.small, fontSize: '0.75rem' } } },
      MuiSkeleton: { styleOverrides: { rounded: { borderRadius: radius.card } } },
      MuiAccordion: {
        defaultProps: { disableGutters: true, elevation: 0 },
        styleOverrides: {
          root: {
            backgroundColor: 'transparent',
            borderBottom: hairline,
            '&:before': { display: 'none' },
            '&:first-of-type, &:last-of-type': { borderRadius: 0 },
          },
        },
      },
      MuiLink: { defaultProps: { underline: 'hover', color: 'inherit' } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiDrawer: { styleOverrides: { paper: { borderRadius: 0 } } },
      MuiBadge: { styleOverrides: { badge: { fontWeight: 600 } } },
    },
  });
}

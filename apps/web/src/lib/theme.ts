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

export const fontFamily = [
  '"proxima-nova"',
  '"Montserrat Variable"',
  '"Montserrat"',
  '"Helvetica Neue"',
  'Helvetica',
  'Arial',
  'sans-serif',
].join(', ');

/**
 * The house gold. `dark` is the shade for gold text (overlines, figures): on the light page the deeper tone
 * reaches 4.5:1, and its contrast text is near-black because white on gold stays near 3:1.
 */
const gold = { main: '#A88B55', light: '#C8A96A', dark: '#7D6538', contrastText: '#1B1916' };

/**
 * Gold by lamplight: on the near-black page the same roles need lighter tones, so `dark` (gold text) is a pale
 * brass at 7:1 or more on every dark surface, and `main` (rules, fills, focus rings) a brighter gold.
 */
const goldOnDark = { main: '#C8A96A', light: '#DCC596', dark: '#D4BA86', contrastText: '#12110F' };

/**
 * Dark mode: a saleroom after hours. Warm near-black rather than blue-black (the rugs' reds and indigos read
 * true on it), three surface steps for page, cards and alternating sections, ivory text, and status colours
 * softened so that they keep 4.5:1 on every surface without glowing.
 */
export const darkSurfaces = { default: '#12110F', paper: '#1B1A17', subtle: '#24221E' } as const;
const ivory = '#F3EEE6';

function paletteFor(settings: Settings) {
  if (settings.mode === 'dark') {
    return {
      mode: 'dark' as const,
      // Black on a near-black page would vanish, so dark mode inverts the primary to ivory.
      primary: { main: ivory, light: '#FFFFFF', dark: '#D9D2C6', contrastText: darkSurfaces.default },
      secondary: { main: ivory, contrastText: darkSurfaces.default },
      accent: goldOnDark,
      error: { main: '#EE8577', light: '#F4AAA0', dark: '#D9675A', contrastText: darkSurfaces.default },
      warning: { main: '#E4AE62', light: '#EEC78F', dark: '#E4AE62', contrastText: darkSurfaces.default },
      success: { main: '#8CC49A', light: '#B0D8B9', dark: '#6FAE7F', contrastText: darkSurfaces.default },
      info: { main: '#8FB4DB', light: '#B6CFEA', dark: '#6E98C6', contrastText: darkSurfaces.default },
      background: { ...darkSurfaces },
      text: { primary: ivory, secondary: '#B8AE9E', disabled: 'rgba(243, 238, 230, 0.42)' },
      divider: 'rgba(243, 238, 230, 0.12)',
      action: { hover: 'rgba(243, 238, 230, 0.06)', selected: 'rgba(243, 238, 230, 0.10)' },
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

/**
 * A soft drop shadow: warm ink on the light page; on the dark one only real black, and more of it, still reads
 * as depth.
 */
export function softShadow(mode: 'light' | 'dark', y: number, blur: number, opacity: number): string {
  return mode === 'dark'
    ? `0 ${y}px ${blur}px rgba(0,0,0,${Math.min(0.6, opacity * 4)})`
    : `0 ${y}px ${blur}px rgba(27,25,22,${opacity})`;
}

/**
 * For icons that point along the line (back, forward, chevrons): mirrored in a right-to-left page, where
 * "forward" points left. The RTL style plugin flips positions and margins, never a drawing.
 */
export const flipInRtl = (theme: Theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' });

/**
 * The palette as custom properties, for everything drawn with plain CSS rather than MUI (styles/*.css: the base
 * styles, the header and footer, the rug card, the listing's controls). They appear on every page's first paint,
 * where MUI's code costs a phone most (issue 9, decisions 066, 067 and 070). styles/baseline.css holds them for
 * light and dark mode; lib/theme.test.ts checks it against this.
 */
export function paletteVariables(theme: Theme): Record<string, string> {
  const { palette } = theme;
  return {
    '--kw-text': palette.text.primary,
    '--kw-text-secondary': palette.text.secondary,
    '--kw-text-disabled': palette.text.disabled,
    '--kw-accent': palette.accent.main,
    '--kw-accent-dark': palette.accent.dark,
    '--kw-paper': palette.background.paper,
    '--kw-subtle': palette.background.subtle,
    '--kw-divider': palette.divider,
    '--kw-error': palette.error.main,
    '--kw-warning-dark': palette.warning.dark,
    '--kw-primary': palette.primary.main,
    '--kw-primary-dark': palette.primary.dark,
    '--kw-primary-contrast': palette.primary.contrastText,
    '--kw-accent-contrast': palette.accent.contrastText,
    '--kw-page': palette.background.default,
    // The outlined button's border (MuiButton's override below) and the header's shadow once scrolled.
    '--kw-outline': alpha(palette.text.primary, 0.28),
    '--kw-header-shadow': softShadow(palette.mode, 6, 24, 0.06),
    '--kw-toast-shadow': softShadow(palette.mode, 12, 32, 0.14),
    '--kw-hover': palette.action.hover,
    // MUI's outlined field border (its default: the text colour at 23%).
    '--kw-field-border': alpha(palette.text.primary, 0.23),
    '--kw-selection': alpha(palette.accent.light, 0.35),
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
      h1: {
        textWrap: 'balance',
        fontWeight: 300,
        fontSize: 'clamp(2.5rem, 5vw, 4.25rem)',
        lineHeight: 1.06,
        letterSpacing: '-0.02em',
      },
      h2: {
        textWrap: 'balance',
        fontWeight: 300,
        fontSize: 'clamp(2rem, 3.6vw, 3rem)',
        lineHeight: 1.12,
        letterSpacing: '-0.015em',
      },
      h3: {
        textWrap: 'balance',
        fontWeight: 400,
        fontSize: 'clamp(1.6rem, 2.6vw, 2.1rem)',
        lineHeight: 1.2,
        letterSpacing: '-0.01em',
      },
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
  const shadow = (y: number, blur: number, opacity: number) => softShadow(palette.mode, y, blur, opacity);

  return createTheme(base, {
    components: {
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
          // MUI lightens raised dark surfaces with a white overlay; the dark palette sets its surfaces itself.
          root: { backgroundImage: 'none' },
          rounded: { borderRadius: radius.card },
          elevation1: { boxShadow: `${shadow(1, 2, 0.04)}, ${shadow(8, 24, 0.06)}` },
          outlined: { border: hairline },
        },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { borderRadius: radius.card, border: bordered ? hairline : 'none' } },
      },
      MuiDialog: { styleOverrides: { paper: { borderRadius: radius.dialog } } },
      MuiPopover: {
        styleOverrides: {
          paper: { borderRadius: radius.card, border: hairline, boxShadow: shadow(12, 32, 0.12) },
        },
      },
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

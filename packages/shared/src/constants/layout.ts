/** Layout and theme constants from SPEC.md section 9. */
export const layout = {
  verticalNavWidth: 260,
  verticalNavCollapsedWidth: 68,
  contentMaxWidth: 1440,
  headerHeight: 90,
  menuAnimationInMs: 400,
  menuAnimationOutMs: 300,
  progressBarHeight: 3,
  toastTopOffset: 75,
  toastTopOffsetHorizontalNav: 139,
  dataGridRowHeight: 50,
  dataGridHeaderHeight: 54,
  borderRadius: 52,
  breakpoints: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
  spacingRem: 0.25,
} as const;

export const STORAGE_KEYS = {
  token: 'knotworkAccessToken',
  user: 'knotworkUserData',
  settings: 'knotworkSettings',
} as const;

import { useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { softShadow } from '@/lib/theme.ts';

/** Tall enough for a 48 px button with air, plus the phone's home-indicator inset below it. */
const BAR_HEIGHT = 72;

export interface StickyBidBarProps {
  /** The bid form's box: the bar shows while it is off screen and brings it back. */
  target: RefObject<HTMLElement | null>;
  /** Names the bar for screen readers (the lot and its sale). */
  label: string;
  priceLabel: string;
  price: string;
  action: string;
}

/** Whether the element is at least partly on screen; true until measured, so nothing flashes on load. */
function useOnScreen(target: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const el = target.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(el);
    return () => observer.disconnect();
  }, [target, enabled]);
  return onScreen;
}

/**
 * Bidding with one thumb on a phone (issue 9): while the lot panel's bid form is scrolled away on a long rug page,
 * a bar along the bottom of the screen shows the price and a button that brings the form back and puts the
 * cursor in the maximum-bid field. Desktops keep the panel itself in view (sticky column), so no bar there.
 */
export function StickyBidBar({ target, label, priceLabel, price, action }: StickyBidBarProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const formOnScreen = useOnScreen(target, phone);
  // A portal into <body>: never in the server's HTML nor in the render that hydrates it. The server cannot render a
  // portal, and trying made the whole phone page of an open lot fall back to the browser's render, its picture
  // painted only after the scripts ran (issue 24 section 10).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!phone || !mounted) return null;

  const bringBack = () => {
    const form = target.current;
    if (!form) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    form.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
    form.querySelector<HTMLInputElement>('input[inputmode="numeric"]')?.focus({ preventScroll: true });
  };

  return createPortal(
    <>
      {/* Room at the end of the page, so the bar never covers its last lines. */}
      <Box aria-hidden sx={{ height: BAR_HEIGHT }} />
      {!formOnScreen && (
        <Box
          role="region"
          aria-label={label}
          data-testid="sticky-bid-bar"
          sx={{
            position: 'fixed',
            insetInline: 0,
            bottom: 0,
            // Under the chat button (which keeps its corner) and every dialog, above the page.
            zIndex: theme.zIndex.speedDial - 1,
            minHeight: BAR_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            gap: 3,
            px: 4,
            paddingInlineEnd: '88px',
            pb: 'env(safe-area-inset-bottom)',
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
            boxShadow: softShadow(theme.palette.mode, -8, 24, 0.08),
          }}
        >
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {priceLabel}
            </Typography>
            <Typography component="p" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {price}
            </Typography>
          </Box>
          <Button
            variant="contained"
            size="large"
            onClick={bringBack}
            data-testid="sticky-bid-button"
            sx={{ minHeight: 48 }}
          >
            {action}
          </Button>
        </Box>
      )}
    </>,
    document.body,
  );
}

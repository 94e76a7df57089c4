import { useState, type PointerEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/** How many times larger the magnified view shows the picture. */
const ZOOM = 2.6;

/**
 * Zoom on hover for a mouse: while the pointer is over the picture, a magnified copy fills the frame and follows
 * the cursor, so the weave and the knots can be read. Touch and pen are left alone (the full-screen view allows
 * native pinch instead); the frame stays clickable.
 */
export function HoverMagnifier({
  src,
  children,
  label,
}: {
  src: string;
  children: ReactNode;
  label: string;
}) {
  const [focus, setFocus] = useState<{ x: number; y: number } | null>(null);

  const track = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType !== 'mouse') return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100));
    const y = Math.min(100, Math.max(0, ((event.clientY - box.top) / box.height) * 100));
    setFocus({ x, y });
  };

  return (
    <Box
      onPointerEnter={track}
      onPointerMove={track}
      onPointerLeave={() => setFocus(null)}
      sx={{
        position: 'relative',
        cursor: focus ? 'zoom-in' : 'pointer',
        '@media (hover: none)': { cursor: 'pointer' },
      }}
    >
      {children}
      {focus && (
        <Box
          data-testid="gallery-magnifier"
          aria-hidden
          title={label}
          // Inline, not in sx: the right-to-left style plugin would mirror a percentage position (30% -> 70%) and
          // magnify the wrong side of the rug; an inline style also spares a new class for every mouse move.
          style={{ backgroundPosition: `${focus.x}% ${focus.y}%` }}
          sx={{
            position: 'absolute',
            inset: 0,
            pointerEvents: 'none',
            backgroundColor: 'background.subtle',
            backgroundImage: `url("${src.replace(/"/g, '%22')}")`,
            backgroundRepeat: 'no-repeat',
            backgroundSize: `${ZOOM * 100}%`,
            '@media (hover: none)': { display: 'none' },
          }}
        />
      )}
    </Box>
  );
}

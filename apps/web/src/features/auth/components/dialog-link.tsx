import type { ReactNode } from 'react';
import Link from '@mui/material/Link';

/** A text link that switches between the account dialogs (a button for assistive technology). */
export function DialogLink({
  onClick,
  children,
  testId,
}: {
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Link
      component="button"
      type="button"
      onClick={onClick}
      data-testid={testId}
      underline="hover"
      sx={{ fontWeight: 600, color: 'text.primary', verticalAlign: 'baseline', fontSize: 'inherit' }}
    >
      {children}
    </Link>
  );
}

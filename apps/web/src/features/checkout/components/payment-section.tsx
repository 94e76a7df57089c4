import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { radius } from '@/lib/theme.ts';

/** One way to pay, in its own quiet card. */
export function PaymentSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      component="section"
      data-testid={testId}
      sx={{
        p: { xs: 4, sm: 5 },
        border: 1,
        borderColor: 'divider',
        borderRadius: `${radius.card}px`,
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LogoMark } from '@/components/ui/logo.tsx';
import { radius } from '@/lib/theme.ts';

/** The account dialogs' look as a page card (used by /verify-otp). */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 4, py: { xs: 10, md: 20 } }}>
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 460,
          borderRadius: `${radius.dialog}px`,
          px: { xs: 6, sm: 10 },
          py: { xs: 8, sm: 10 },
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <LogoMark size={40} style={{ color: 'var(--kw-text)' }} />
        </Box>
        <Typography
          component="h1"
          sx={{ textAlign: 'center', mt: 3, fontSize: '1.6rem', fontWeight: 700, letterSpacing: '-0.01em' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 1.5 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 6 }}>{children}</Box>
      </Paper>
    </Box>
  );
}

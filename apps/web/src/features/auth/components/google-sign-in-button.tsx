import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useAuthConfig } from '../api/auth-config.ts';
import { useGoogleLoginMutation } from '../api/google-login.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { initGoogleIdentity, loadGoogleIdentity } from '../lib/google-identity.ts';

interface GoogleSignInButtonProps {
  text: 'signin_with' | 'signup_with';
}

/**
 * Google's own button, shown only when the server has a Google client id (GET /auth/config); the script
 * is loaded at that moment and not before. The credential goes to /auth/google; a failure is only logged
 * (SPEC.md 8 "Google sign-in failure: only logged").
 */
export function GoogleSignInButton({ text }: GoogleSignInButtonProps) {
  const { t, i18n } = useTranslation('auth');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const clientId = useAuthConfig().data?.googleClientId ?? null;
  const container = useRef<HTMLDivElement>(null);
  const { mutateAsync } = useGoogleLoginMutation();
  const completeSignIn = useCompleteSignIn();

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((id) => {
        if (cancelled || !container.current) return;
        initGoogleIdentity(id, clientId, ({ credential }) => {
          mutateAsync(credential)
            .then((response) => completeSignIn(response))
            .catch((error: unknown) => console.error('Google sign-in failed', error));
        });
        const width = Math.min(400, Math.max(200, container.current.offsetWidth || 320));
        // A language change renders the button again: the old one goes first.
        container.current.replaceChildren();
        id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text,
          shape: 'pill',
          logo_alignment: 'center',
          width,
          locale,
        });
      })
      .catch((error: unknown) => console.error('Google sign-in unavailable', error));
    return () => {
      cancelled = true;
    };
  }, [clientId, text, locale, mutateAsync, completeSignIn]);

  if (!clientId) return null;
  return (
    <Box data-testid="google-sign-in">
      <Box ref={container} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />
      <Divider sx={{ my: 5 }}>
        <Typography variant="caption" color="text.secondary">
          {t('or')}
        </Typography>
      </Divider>
    </Box>
  );
}

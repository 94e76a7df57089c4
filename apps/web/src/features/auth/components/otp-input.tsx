import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { OTP_LENGTH } from '@knotwork/shared/constants/limits';
import { radius } from '@/lib/theme.ts';

interface OtpInputProps {
  /** The code so far; a space marks an empty box between filled ones. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  length?: number;
}

/**
 * One box per digit (SPEC.md 2 "4-box OTP input"): typing advances, Backspace on an empty box goes back,
 * pasting fills every box, and the phone keyboard shows digits. The value keeps a space for an empty box
 * so a gap stays where it is; the shared OTP schema trims and then requires exactly 4 digits.
 */
export function OtpInput({
  value,
  onChange,
  onBlur,
  error,
  autoFocus,
  disabled,
  length = OTP_LENGTH,
}: OtpInputProps) {
  const { t } = useTranslation('auth');
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => (value[i] && value[i] !== ' ' ? value[i] : ''));

  const emit = (next: string[]) =>
    onChange(
      next
        .map((d) => d || ' ')
        .join('')
        .trimEnd(),
    );
  const focus = (index: number) => {
    const el = refs.current[Math.max(0, Math.min(length - 1, index))];
    el?.focus();
    el?.select();
  };

  const fillFrom = (start: number, text: string) => {
    const incoming = text.replace(/\D/g, '').slice(0, length - start);
    if (!incoming) return;
    const next = [...digits];
    for (let i = 0; i < incoming.length; i++) next[start + i] = incoming[i]!;
    emit(next);
    focus(start + incoming.length);
  };

  const handleChange = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, '');
    if (!typed) {
      const next = [...digits];
      next[index] = '';
      emit(next);
      return;
    }
    // Typing over a filled box gives two characters: keep the new one. Autofill gives all of them.
    if (typed.length === 2 && digits[index])
      fillFrom(index, typed.replace(digits[index], '') || typed.slice(-1));
    else fillFrom(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      emit(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillFrom(0, event.clipboardData.getData('text'));
  };

  return (
    <Box role="group" aria-label={t('otp.group')} sx={{ display: 'flex', gap: 3, justifyContent: 'center' }}>
      {digits.map((digit, index) => (
        <Box
          key={index}
          component="input"
          ref={(el: HTMLInputElement | null) => {
            refs.current[index] = el;
          }}
          value={digit}
          onChange={(e) => handleChange(index, e.target.value)}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onPaste={handlePaste}
          onFocus={(e) => e.target.select()}
          onBlur={onBlur}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          maxLength={length}
          aria-label={t('otp.digit', { n: index + 1 })}
          aria-invalid={error || undefined}
          data-testid={`otp-digit-${index + 1}`}
          sx={{
            width: 56,
            height: 64,
            textAlign: 'center',
            fontSize: '1.6rem',
            fontWeight: 600,
            fontFamily: 'inherit',
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: '1.5px solid',
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: `${radius.field}px`,
            outline: 'none',
            transition: 'border-color 120ms, box-shadow 120ms',
            '&:focus': {
              borderColor: error ? 'error.main' : 'text.primary',
              boxShadow: (th) => `0 0 0 3px ${th.palette.action.focus}`,
            },
            '&:disabled': { opacity: 0.6 },
          }}
        />
      ))}
    </Box>
  );
}

import { Logo } from './logo.tsx';

/**
 * The start-up screen while the session is checked (SPEC.md 2). Its label is plain text because it can show
 * before the translations have loaded. Plain (styles/shell.css): it can show before anything else has loaded.
 */
export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={label}
      data-testid="startup-loader"
      className="kw-startup"
    >
      <div className="kw-startup__mark">
        <Logo height={40} />
      </div>
    </div>
  );
}

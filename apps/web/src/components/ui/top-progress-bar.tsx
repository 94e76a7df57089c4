/**
 * The 3px bar across the top of the page while a route loads or a request is under way (SPEC.md 9). A plain
 * element (styles/shell.css) with the role and name MUI's LinearProgress gives an indeterminate bar: that component
 * and its animations were in every page's first download for this one bar (issue 9).
 */
export function TopProgressBar({ active, label }: { active: boolean; label: string }) {
  if (!active) return null;
  return (
    <div role="progressbar" aria-label={label} data-testid="top-progress-bar" className="kw-top-progress">
      <div className="kw-top-progress__sweep" />
    </div>
  );
}

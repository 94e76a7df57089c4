import type { ReactNode } from 'react';

/**
 * What a list shows when it has nothing in it: a quiet icon, one sentence of why, and where to go next. Plain
 * elements (styles/empty-state.css): the route error fallback uses it, and that is part of every page's entry.
 */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingComponent = 'h2',
}: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** h1 when the empty state is the whole page (an unknown id), h2 inside a titled page. */
  headingComponent?: 'h1' | 'h2' | 'h3';
}) {
  const Heading = headingComponent;
  return (
    <div role="status" className="kw-empty">
      {icon && (
        <div aria-hidden className="kw-empty__icon">
          {icon}
        </div>
      )}
      <Heading className="kw-empty__title">{title}</Heading>
      {description && <p className="kw-empty__description">{description}</p>}
      {action && <div className="kw-empty__actions">{action}</div>}
    </div>
  );
}

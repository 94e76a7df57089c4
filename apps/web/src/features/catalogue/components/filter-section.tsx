import { useId, useState, type ReactNode } from 'react';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';

/**
 * One collapsible group of the filter panel: an h3 holding the button that opens it, as WAI-ARIA's accordion
 * pattern (and MUI's Accordion before it) has it. Plain elements (styles/filter-panel.css): the desktop panel is
 * part of the listing's first paint and must answer a click at once (docs/decisions/068-native-listing-controls.md).
 * A closed group renders nothing, so a long list of origins costs nothing until it is opened.
 */
export function FilterSection({
  title,
  activeCount = 0,
  defaultOpen = false,
  children,
}: {
  title: string;
  activeCount?: number;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen || activeCount > 0);
  const id = useId();
  return (
    <div className="kw-filter-section">
      <h3 className="kw-filter-section__heading">
        <button
          type="button"
          id={`${id}-button`}
          className="kw-filter-section__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="kw-filter-section__title">{title}</span>
          {activeCount > 0 && <span className="kw-filter-section__count">{activeCount}</span>}
          <PlainIcon name="expandMore" className="kw-filter-section__icon" />
        </button>
      </h3>
      {open && (
        <div
          id={`${id}-body`}
          role="region"
          aria-labelledby={`${id}-button`}
          className="kw-filter-section__body"
        >
          {children}
        </div>
      )}
    </div>
  );
}

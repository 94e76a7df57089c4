import type { ReactNode } from 'react';

/**
 * The frame of MUI's outlined field (a rounded outline with its label sitting in a gap of the top edge) around a
 * plain `<input>` or `<select>`, for controls that the listing's first paint shows (styles/outlined-field.css,
 * docs/decisions/068-native-listing-controls.md). The gap is a hidden `<legend>` of the label's text, as MUI
 * draws it, so it fits the label in every language.
 */
export function OutlinedField({
  label,
  htmlFor,
  className,
  start,
  end,
  children,
}: {
  label: string;
  /** The id of the control inside, so a click on the label focuses it and it is the control's name. */
  htmlFor: string;
  className?: string;
  /** Text before and after the value (a currency sign, a unit). */
  start?: ReactNode;
  end?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={className ? `kw-field ${className}` : 'kw-field'}>
      <label className="kw-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {start !== undefined && <span className="kw-field__adornment kw-field__adornment--start">{start}</span>}
      {children}
      {end !== undefined && <span className="kw-field__adornment kw-field__adornment--end">{end}</span>}
      <fieldset aria-hidden className="kw-field__outline">
        <legend>
          <span>{label}</span>
        </legend>
      </fieldset>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import {
  AGE_CLASS_LABELS,
  AGE_CLASSES,
  AVAILABILITIES,
  AVAILABILITY_LABELS,
  RUG_COLOUR_HEX,
  RUG_COLOUR_LABELS,
  RUG_COLOURS,
  RUG_MATERIAL_LABELS,
  RUG_MATERIALS,
  RUG_SHAPE_LABELS,
  RUG_SHAPES,
  RUG_STYLE_LABELS,
  RUG_STYLES,
  type RugColour,
} from '@knotwork/shared/constants/catalogue';
import type { FacetValue, RugFacets } from '@knotwork/shared/schemas/catalogue';
import { cmToInputValue, inputValueToCm, SIZE_UNIT_SHORT, useSizeUnit } from '@/lib/units.ts';
import { sameValue, withChange } from '../lib/active-filters.ts';
import { vocabularyLabel } from '@/lib/vocabulary-label.ts';
import type { ListingFilter } from '../lib/filter-url.ts';
import type { FilterUpdate } from '../hooks/use-listing-filter.ts';
import { FacetChecklist, type FacetOption } from './facet-checklist.tsx';
import { FilterSection } from './filter-section.tsx';
import { RangeFields } from './range-fields.tsx';

type ListKey =
  'collections' | 'origins' | 'styles' | 'ageClasses' | 'shapes' | 'materials' | 'colours' | 'availability';

/** The fixed vocabularies, so their groups show (without counts) before the first facet answer. */
const VOCABULARIES: Partial<Record<ListKey, { values: readonly string[]; labels: Record<string, string> }>> =
  {
    availability: { values: AVAILABILITIES, labels: AVAILABILITY_LABELS },
    styles: { values: RUG_STYLES, labels: RUG_STYLE_LABELS },
    ageClasses: { values: AGE_CLASSES, labels: AGE_CLASS_LABELS },
    shapes: { values: RUG_SHAPES, labels: RUG_SHAPE_LABELS },
    materials: { values: RUG_MATERIALS, labels: RUG_MATERIAL_LABELS },
    colours: { values: RUG_COLOURS, labels: RUG_COLOUR_LABELS },
  };

function Swatch({ colour }: { colour: string }) {
  const hex = RUG_COLOUR_HEX[colour as RugColour] ?? '#ccc';
  return <span aria-hidden className="kw-swatch" style={{ backgroundColor: hex }} />;
}

function ChecklistSkeleton() {
  return (
    <div aria-hidden className="kw-checklist">
      {[70, 55, 62, 48].map((w) => (
        <span key={w} className="kw-skeleton" style={{ width: `${w}%` }} />
      ))}
    </div>
  );
}

/**
 * Every filter of the listing with its counts. Plain elements and native controls (styles/filter-panel.css): on a
 * desktop the panel is part of the first paint and a click on it must not wait for more code
 * (docs/decisions/068-native-listing-controls.md). Each change navigates (a new history entry) through `onChange`;
 * the panel holds no filter state of its own beyond half-typed range values.
 */
export function FilterPanel({
  filter,
  facets,
  onChange,
}: {
  filter: ListingFilter;
  facets: RugFacets | undefined;
  onChange: (update: FilterUpdate) => void;
}) {
  const { t } = useTranslation('catalogue');
  const { unit } = useSizeUnit();

  const selected = (key: ListKey) => filter[key] ?? [];

  /** Fixed vocabularies show in the visitor's language; collections and origins are names and stay as sent. */
  const labelFor = (key: ListKey, value: string, english: string) =>
    key === 'collections' || key === 'origins' ? english : vocabularyLabel(t, key, value, english);

  const options = (key: ListKey, withIcon = false): FacetOption[] | undefined => {
    const chosen = selected(key);
    const isChecked = (f: Pick<FacetValue, 'value' | 'label'>) =>
      chosen.some((c) => sameValue(c, f.value) || sameValue(c, f.label));
    const fromFacets: (FacetValue & { country?: string })[] | undefined = facets?.[key];
    if (fromFacets) {
      return fromFacets.map((f) => ({
        value: key === 'collections' ? f.label : f.value,
        label: labelFor(key, f.value, f.label),
        count: f.count,
        hint: f.country,
        checked: f.selected || isChecked(f),
        icon: withIcon ? <Swatch colour={f.value} /> : undefined,
      }));
    }
    const vocabulary = VOCABULARIES[key];
    if (!vocabulary) return undefined;
    return vocabulary.values.map((v) => ({
      value: v,
      label: labelFor(key, v, vocabulary.labels[v] ?? v),
      checked: isChecked({ value: v, label: vocabulary.labels[v] ?? v }),
      icon: withIcon ? <Swatch colour={v} /> : undefined,
    }));
  };

  const toggle = (key: ListKey) => (value: string, checked: boolean) =>
    onChange((latest) => {
      const rest = (latest[key] ?? []).filter(
        (v) => !sameValue(v, value) && !matchesFacetAlias(key, v, value),
      );
      return withChange(latest, { [key]: checked ? [...rest, value] : rest });
    });

  /** A collection may sit in the URL as its slug while the panel speaks titles. */
  const matchesFacetAlias = (key: ListKey, inUrl: string, value: string) =>
    key === 'collections' &&
    Boolean(facets?.collections.some((c) => sameValue(c.label, value) && sameValue(c.value, inUrl)));

  const group = (key: ListKey, title: string, defaultOpen: boolean, initialVisible = 8) => {
    const opts = options(key, key === 'colours');
    return (
      <FilterSection key={key} title={title} activeCount={selected(key).length} defaultOpen={defaultOpen}>
        {opts ? (
          <FacetChecklist
            legend={title}
            options={opts}
            onToggle={toggle(key)}
            initialVisible={initialVisible}
          />
        ) : (
          <ChecklistSkeleton />
        )}
      </FilterSection>
    );
  };

  const sizeUnit = t(`units.short.${unit}`, { defaultValue: SIZE_UNIT_SHORT[unit] });
  const toInput = (cm: number | undefined | null) =>
    cm === undefined || cm === null ? undefined : cmToInputValue(cm, unit);
  const toCm = (n: number | undefined) => (n === undefined ? undefined : inputValueToCm(n, unit));
  const dollars = (cents: number | undefined | null) =>
    cents === undefined || cents === null ? undefined : Math.round(cents / 100);
  const cents = (d: number | undefined) => (d === undefined ? undefined : Math.round(d * 100));
  const ranges = facets?.ranges;
  const sizeCount =
    (filter.widthMin !== undefined || filter.widthMax !== undefined ? 1 : 0) +
    (filter.lengthMin !== undefined || filter.lengthMax !== undefined ? 1 : 0);

  return (
    <div className="kw-filter-panel">
      {group('availability', t('filters.availability'), true)}
      {group('collections', t('filters.collections'), true)}
      {group('origins', t('filters.origins'), false, 6)}
      {group('styles', t('filters.styles'), false)}
      {group('ageClasses', t('filters.ageClasses'), false)}
      <FilterSection title={t('filters.size')} activeCount={sizeCount}>
        <div className="kw-filter-panel__ranges">
          <RangeFields
            labels={{
              min: t('filters.widthMin', { unit: sizeUnit }),
              max: t('filters.widthMax', { unit: sizeUnit }),
            }}
            unit={sizeUnit}
            step={unit === 'cm' ? 1 : 0.5}
            value={[toInput(filter.widthMin), toInput(filter.widthMax)]}
            placeholder={[toInput(ranges?.widthCm.min), toInput(ranges?.widthCm.max)]}
            onCommit={([lo, hi]) =>
              onChange((f) => withChange(f, { widthMin: toCm(lo), widthMax: toCm(hi) }))
            }
          />
          <RangeFields
            labels={{
              min: t('filters.lengthMin', { unit: sizeUnit }),
              max: t('filters.lengthMax', { unit: sizeUnit }),
            }}
            unit={sizeUnit}
            step={unit === 'cm' ? 1 : 0.5}
            value={[toInput(filter.lengthMin), toInput(filter.lengthMax)]}
            placeholder={[toInput(ranges?.lengthCm.min), toInput(ranges?.lengthCm.max)]}
            onCommit={([lo, hi]) =>
              onChange((f) => withChange(f, { lengthMin: toCm(lo), lengthMax: toCm(hi) }))
            }
          />
        </div>
      </FilterSection>
      {group('shapes', t('filters.shapes'), false)}
      {group('materials', t('filters.materials'), false)}
      {group('colours', t('filters.colours'), false, 15)}
      <FilterSection
        title={t('filters.price')}
        activeCount={filter.priceMin !== undefined || filter.priceMax !== undefined ? 1 : 0}
      >
        <RangeFields
          labels={{ min: t('filters.priceMin'), max: t('filters.priceMax') }}
          prefix="$"
          value={[dollars(filter.priceMin), dollars(filter.priceMax)]}
          placeholder={[dollars(ranges?.price.min), dollars(ranges?.price.max)]}
          onCommit={([lo, hi]) =>
            onChange((f) => withChange(f, { priceMin: cents(lo), priceMax: cents(hi) }))
          }
        />
      </FilterSection>
    </div>
  );
}

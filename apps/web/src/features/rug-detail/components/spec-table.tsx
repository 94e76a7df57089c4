import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  AGE_CLASS_LABELS,
  CONDITION_GRADE_LABELS,
  KNOT_TYPE_LABELS,
  RUG_COLOUR_HEX,
  RUG_COLOUR_LABELS,
  RUG_MATERIAL_LABELS,
  RUG_SHAPE_LABELS,
  RUG_STYLE_LABELS,
  type RugMaterial,
} from '@knotwork/shared/constants/catalogue';
import type { RugDetail } from '@knotwork/shared/schemas/catalogue';
import { vocabularyLabel } from '@/lib/vocabulary-label.ts';
import { RugSizes } from './rug-sizes.tsx';

/** The specification a buyer compares rugs by, as a two-column table of row headers and values. */
export function SpecTable({ rug }: { rug: RugDetail }) {
  const { t } = useTranslation('rug');
  const dash = '—';
  const materials = (list: RugMaterial[]) =>
    list.map((m) => vocabularyLabel(t, 'materials', m, RUG_MATERIAL_LABELS[m])).join(t('spec.listSeparator'));
  const rows: Array<[string, ReactNode]> = [
    [t('spec.style'), vocabularyLabel(t, 'styles', rug.style, RUG_STYLE_LABELS[rug.style])],
    [
      t('spec.origin'),
      rug.originRegion === rug.originCountry
        ? rug.originCountry
        : `${rug.originRegion}, ${rug.originCountry}`,
    ],
    [t('spec.ageClass'), vocabularyLabel(t, 'ageClasses', rug.ageClass, AGE_CLASS_LABELS[rug.ageClass])],
    [t('spec.circa'), rug.circaYear ? t('spec.circaYear', { year: rug.circaYear }) : dash],
    [t('spec.size'), <RugSizes key="size" widthCm={rug.widthCm} lengthCm={rug.lengthCm} />],
    [t('spec.shape'), vocabularyLabel(t, 'shapes', rug.shape, RUG_SHAPE_LABELS[rug.shape])],
    [t('spec.pile'), rug.pileMaterials.length ? materials(rug.pileMaterials) : dash],
    [t('spec.foundation'), rug.foundationMaterials.length ? materials(rug.foundationMaterials) : dash],
    [
      t('spec.knotType'),
      rug.knotType ? vocabularyLabel(t, 'knotTypes', rug.knotType, KNOT_TYPE_LABELS[rug.knotType]) : dash,
    ],
    [t('spec.knotDensity'), rug.knotDensity ? t('spec.knotsPerSqIn', { count: rug.knotDensity }) : dash],
    [
      t('spec.colours'),
      <Box key="colours" component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 3 }}>
        {rug.colours.map((c) => (
          <Box component="span" key={c} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: RUG_COLOUR_HEX[c],
                boxShadow: 'inset 0 0 0 1px color-mix(in srgb, currentColor 22%, transparent)',
              }}
            />
            {vocabularyLabel(t, 'colours', c, RUG_COLOUR_LABELS[c])}
          </Box>
        ))}
      </Box>,
    ],
    [
      t('spec.condition'),
      vocabularyLabel(t, 'conditionGrades', rug.conditionGrade, CONDITION_GRADE_LABELS[rug.conditionGrade]),
    ],
  ];

  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse' }} data-testid="spec-table">
      <Typography
        component="caption"
        variant="overline"
        sx={{ textAlign: 'start', color: 'accent.dark', pb: 3, captionSide: 'top' }}
      >
        {t('spec.title')}
      </Typography>
      <tbody>
        {rows.map(([label, value]) => (
          <Box component="tr" key={label} sx={{ borderTop: 1, borderColor: 'divider' }}>
            <Box
              component="th"
              scope="row"
              sx={{
                textAlign: 'start',
                fontWeight: 500,
                color: 'text.secondary',
                fontSize: '0.9rem',
                py: 3,
                pr: 4,
                width: '38%',
                verticalAlign: 'top',
              }}
            >
              {label}
            </Box>
            <Box component="td" sx={{ fontSize: '0.95rem', py: 3, verticalAlign: 'top' }}>
              {value}
            </Box>
          </Box>
        ))}
      </tbody>
    </Box>
  );
}
